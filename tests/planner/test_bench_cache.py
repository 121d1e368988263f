"""The cheap parts of the prompt-cache bench (app/planner/bench_cache.py), as the bench measures them.

Real parts: the bundled Gemma and embedder (session fixtures), the app's Engine on the 32-tool catalog,
a real fresh Python process for the restart. Counts only; the timings belong to `metnos bench planner`.
"""
from __future__ import annotations

import os
from typing import Any

import pytest

from app.bench import prompt_cache as bc
from app.bench.tool_catalog import registry_of

pytestmark = pytest.mark.usefixtures("own_kv_folder")  # the cache files this test reads


def test_the_bench_catalog_has_its_tools_with_real_handlers() -> None:
    reg = registry_of(bc.N_TOOLS)
    assert len(reg) == bc.N_TOOLS
    assert all(callable(t.handler) for t in reg)
    assert "count_words" in reg  # the 3-step request's third tool is one of the extra tools


def test_the_step_check_fails_a_step_that_evaluates_more_than_it_appended() -> None:
    def turn(*calls: tuple[int, int, int]) -> dict[str, Any]:
        return {"prefix": {"prefix_tokens": 700}, "calls": [
            {"step": s, "phase": "decide", "prompt_tokens": p, "reused_tokens": p - e, "evaluated_tokens": e,
             "ms": 0.0} for s, p, e in calls]}

    good = bc.check_steps(turn((1, 900, 200), (2, 1200, 300), (3, 1500, 300)))
    assert good["pass"] and [r["new_tokens"] for r in good["rows"]] == [200, 300, 300]
    # step 3 re-evaluated 400 tokens more than it appended (a prompt rewritten, not appended to)
    bad = bc.check_steps(turn((1, 900, 200), (2, 1200, 300), (3, 1500, 700)))
    assert not bad["pass"] and not bad["rows"][2]["within"]
    missing = bc.check_steps(turn((1, 900, 200), (2, 1200, 300)))
    assert not missing["pass"] and "3" in missing["why"]


@pytest.mark.slow
def test_deferral_makes_the_prompt_smaller_with_the_bench_catalog(llm: Any, embedder: Any) -> None:
    d = bc.deferral(llm, embedder)
    on, off = d["on"], d["off"]
    assert on["deferred"] > 0 and off["deferred"] == 0
    # the same tools either way (deferral adds search_tools to reach the indexed ones); only how they are shown
    assert on["resident"] + on["deferred"] == off["resident"] + 1
    assert on["prompt_tokens"] < off["prompt_tokens"]
    assert on["prefix_tokens"] < off["prefix_tokens"]
    assert d["ratio"] is not None and d["ratio"] < 1


@pytest.mark.slow
def test_first_turn_in_a_fresh_process_evaluates_none_of_the_saved_prefix(llm: Any, embedder: Any) -> None:
    config = bc.write_config("restart", model=llm)  # the fresh process loads the model measured here
    here = bc.warm_and_save(llm, embedder, config)
    assert here["evaluated"] == here["prefix_tokens"] > 0 and here["saved"] and here["cache_files"] == 1
    first = bc.fresh_process(config, bc.make_root("first"))
    assert first["pid"] != os.getpid()
    check = bc.prefix_check(first)
    assert check["prefix_tokens"] == here["prefix_tokens"]
    assert check["prefix_evaluated"] == 0 and first["prefix"]["loaded_from_disk"]
    assert check["first_call"]["reused_tokens"] >= check["prefix_tokens"]
    assert check["pass"]
    assert first["tools"] and all(first["ok"])
