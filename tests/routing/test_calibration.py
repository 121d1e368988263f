"""The IT/EN test sets: wrong-action or wrong-argument hits must be 0, paraphrase recall ≥ 80 %.

Taught requests are learned through `Router.learn` (3 planner turns each), then
every paraphrase and adversarial probe is routed with the default thresholds
(L2 on). Both figures are printed (`pytest -s` or `-rP` shows them).
"""
from __future__ import annotations

from typing import Any

import pytest
from routing_cfg import Cfg

from app.bench.routing_sets import evaluate, summary_line, teach

pytestmark = pytest.mark.slow


def test_sets_are_big_enough(sets: dict[str, Any]) -> None:
    assert len(sets["paraphrases"]) >= 120 and len(sets["adversarial"]) >= 120
    kinds = {a["kind"] for a in sets["adversarial"]}
    assert {"action", "negation", "argument", "object"} <= kinds
    langs = " ".join(p["probe"] for p in sets["paraphrases"])
    assert " the " in langs and " il " in langs  # both languages


def test_no_wrong_hits_and_paraphrase_recall(make_router: Any, sets: dict[str, Any]) -> None:
    r = make_router(Cfg(**{"multi_tool_fast_path.enabled": True}))
    teach(r, sets["taught"])
    res = evaluate(r, sets)
    print("\n" + summary_line(res))
    for kind, v in sorted(res["adversarial"]["by_kind"].items()):
        print(f"  adversarial/{kind}: {v['false_hits']} false hits of {v['n']}")
    for w in res["wrong_hits"]:
        print("  WRONG:", w)
    assert res["wrong_action_or_argument_hits"] == 0, res["wrong_hits"]
    assert res["paraphrases"]["recall"] >= 0.80, res["paraphrases"]["misses"]
