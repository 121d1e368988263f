"""describe_entries on the real model, and the tool catalog."""
from __future__ import annotations

from typing import Any

import pytest

from app.engine.catalog import build_registry as catalog_registry
from app.tools import catalog
from app.tools.describe import as_text, describe_entries, fit
from app.tools.registry import Tool, ToolContext, ToolError
from app.turn.cancel import CancelToken
from app.turn.services import TurnServices


def _ctx(llm: Any) -> ToolContext:
    return ToolContext(owner="t", turn_id="x", config=None, services=TurnServices(llm=lambda: llm),
                       cancel=CancelToken())


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
    ctx = ToolContext(owner="t", turn_id="x", config=None, services=TurnServices())
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
    reg = catalog_registry()
    assert names <= set(reg.names())


def _noop(args: dict[str, Any], ctx: Any) -> dict[str, Any]:
    return {}


def test_the_registry_is_the_explicit_list_and_extras_never_shadow_an_app_tool() -> None:
    from app.engine.catalog import all_tools

    names = [t.name for t in all_tools()]
    assert len(names) == len(set(names))
    assert {"remember", "recall", "update_plan", "save_note", "scratchpad_read", "search_tools"} <= set(names)
    extra = Tool("get_now", "a second get_now", {"type": "object", "properties": {}}, _noop)
    mine = Tool("mine", "mine", {"type": "object", "properties": {}}, _noop)
    reg = catalog_registry(extra=[extra, mine])
    assert reg.get("get_now") is not extra and reg.get("mine") is mine
