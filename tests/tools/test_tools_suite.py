"""The file-actions and capability-honesty suite (resources/eval/tools) through the real router and, where the
router leaves a request to it, the planner's first decision on the bundled model: right tool and arguments
>= 95 % on each half, no substitute action, every unsupported request answered "cannot" in its language."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.bench import tools_suite as suite
from app.config import parse_text
from app.engine.catalog import build_registry
from app.planner import Planner
from app.routing.memo import Memo
from app.routing.router import Router
from app.turn.services import TurnServices

pytestmark = pytest.mark.slow


def test_suite_is_big_bilingual_and_split() -> None:
    cases = suite.load()
    assert len(cases) >= 60
    assert {c["split"] for c in cases} == {"tune", "heldout", "heldout2"}
    langs = [c["lang"] for c in cases]
    assert 0.35 <= langs.count("en") / len(cases) <= 0.65
    assert sum(1 for c in cases if c.get("cannot")) >= 20
    tools = {c.get("tool") for c in cases}
    assert {"delete_files", "move_files", "copy_files", "make_folder", "search_in_files", "open_path", "get_urls",
            "find_files"} <= tools


def test_file_actions_and_honest_cannot(tmp_path: Path, bundled_gguf: Path, bundled_embedder: Any,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    from app.models.llm import LlamaBackend

    root = suite.make_root(tmp_path / "root")
    reg = build_registry()
    cfg = parse_text(f'[tools]\nallowed_roots = ["{root}"]\n', env={})
    router = Router(cfg, lambda: bundled_embedder, Memo(tmp_path / "memo.db"), reg)
    llm = LlamaBackend(bundled_gguf, n_ctx=4096, threads=0, chat_format="auto")
    try:
        res = suite.run(router, Planner(), reg, TurnServices(llm=lambda: llm, embedder=lambda: bundled_embedder),
                        root)
    finally:
        llm.close()
        router.close()
    report = suite.report(res)
    with capsys.disabled():
        print("\n" + report)
    for name in ("tune", "heldout", "heldout2"):
        sp = res.splits[name]
        assert sp.accuracy >= 0.95, report
        assert sp.substitutes == 0, report
        assert sp.cannot_said == sp.cannot_total, report
