"""describe_entries on the real model, and the tool catalog."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from app.engine.cancel import CancelToken
from app.tools import catalog
from app.tools.describe import as_text, describe_entries, fit
from app.tools.registry import Tool, ToolContext, ToolError


def _ctx(llm: Any) -> ToolContext:
    return ToolContext(owner="t", turn_id="x", config=None, services={"llm": lambda: llm}, cancel=CancelToken())


@pytest.mark.slow
def test_describe_entries_summarizes(llm: Any) -> None:
    out = describe_entries({"content": "La riunione di ieri ha deciso di spostare il lancio del prodotto a marzo "
                                       "per completare i test di sicurezza.", "instruction": "in una riga"}, _ctx(llm))
    assert out["method"] in ("model", "extractive") and len(out["summary"]) >= 3
    assert out["truncated"] is False


@pytest.mark.slow
def test_big_content_is_cut_to_fit_the_context(llm: Any) -> None:
    text = "\n".join(f"riga {i}: il sistema ha registrato un evento ordinario" for i in range(3000))  # ~150 KB
    cut, truncated = fit(llm, text, 1000)
    assert truncated and llm.count_tokens(cut) <= 1000
    assert cut.startswith("riga 0:") and cut.rstrip().endswith("evento ordinario")


def test_describe_rejects_empty_content() -> None:
    ctx = ToolContext(owner="t", turn_id="x", config=None, services={})
    with pytest.raises(ToolError, match="nothing to describe"):
        describe_entries({"content": ""}, ctx)
    with pytest.raises(ToolError, match="no language model"):
        describe_entries({"content": "x"}, ctx)


def test_entries_become_readable_lines() -> None:
    text = as_text([{"name": "a.txt", "type": "file", "size": 3}, {"path": "/tmp/b", "size": 1}])
    assert text.splitlines() == ["- a.txt (type: file, size: 3)", "- /tmp/b (size: 1)"]


def test_catalog_has_the_core_tools() -> None:
    names = {t.name for t in catalog.core_tools()}
    assert names >= {"get_now", "get_date", "where_am_i", "list_dir", "find_files", "read_files", "write_files",
                     "describe_entries"}
    reg = catalog.build_registry()
    assert names <= set(reg.names())


def _noop(args: dict[str, Any], ctx: Any) -> dict[str, Any]:
    return {}


def test_optional_modules_extra_tools_and_duplicates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "metnos_optional_test"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "good.py").write_text(
        "from app.tools.registry import Tool\n"
        "def _h(a, c):\n    return {}\n"
        "TOOLS = [Tool('opt_one', 'one', {'type': 'object', 'properties': {}}, _h)]\n"
        "def more_tools():\n    return [Tool('opt_two', 'two', {'type': 'object', 'properties': {}}, _h)]\n")
    (pkg / "broken.py").write_text("raise RuntimeError('broken at import')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    got = catalog.optional_tools(["metnos_optional_test.good", "metnos_optional_test.broken",
                                  "metnos_optional_test.absent"])
    assert [t.name for t in got] == ["opt_one", "opt_two"]
    extra = Tool("get_now", "a second get_now", {"type": "object", "properties": {}}, _noop)
    mine = Tool("mine", "mine", {"type": "object", "properties": {}}, _noop)
    reg = catalog.build_registry(extra=[extra, mine])
    assert reg.get("get_now") is not extra and reg.get("mine") is mine
    sys.modules.pop("metnos_optional_test.good", None)
