"""Tool surface (seed 004): resident set + deferred index + search_tools, on a real ~37-tool catalog.

Real parts only: the app's catalog plus the real extra tools of surface_catalog.py,
the bundled embedder, real TurnContext execution with approvals, real files.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from surface_catalog import EXTRA_TOOLS

from app.config import parse_text, paths
from app.engine.catalog import build_registry
from app.models.bundle import ModelError
from app.tools.registry import Registry, Tool, ToolContext, ToolError
from app.tools.runner import TurnContext
from app.tools.surface import DEFAULT_RESIDENT_SMALL, SEARCH_NAME, ToolSurface
from app.turn import events as ev
from app.turn.events import Turn


@pytest.fixture(scope="module")
def embedder(bundled_embedder: Any) -> Any:
    return bundled_embedder


@pytest.fixture(scope="module")
def registry() -> Registry:
    return build_registry(extra=EXTRA_TOOLS)


def cfg(text: str = "") -> Any:
    return parse_text(text, env={})


def read_only(tool: Tool) -> bool:
    """A real mode filter: a read-only mode forbids every write/send tool."""
    return tool.risk == "read"


class Run:
    """One run wired the way the engine wires it: surface view as registry, shared `loaded` dict."""

    def __init__(self, registry: Registry, surface_kw: dict[str, Any] | None = None, approve: Any = None,
                 config: Any = None):
        self.events: list[ev.Event] = []
        self.config = config or cfg()
        self.ctx = TurnContext(turn=Turn(id="t1", text="x", owner="u"), config=self.config, registry=registry,
                               emit=self.events.append, approve=approve or (lambda *a: False))
        self.surface = ToolSurface(registry, self.config, loaded=self.ctx.deferred_loaded, **(surface_kw or {}))
        self.ctx.registry = self.surface.registry_view()
        self.ctx.services.tool_surface = self.surface

    def call(self, name: str, args: dict[str, Any]):  # noqa: ANN201
        return self.ctx.execute(name, args)

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]


def test_catalog_has_about_thirty_tools_and_search_tools(registry: Registry) -> None:
    assert len(registry) >= 30
    assert SEARCH_NAME in registry


def test_small_default_resident_set_and_grouped_index(registry: Registry) -> None:
    s = ToolSurface(registry, cfg())
    names = [t.name for t in s.resident]
    assert names == [*DEFAULT_RESIDENT_SMALL, SEARCH_NAME]
    idx = s.index_text()
    assert "- Tickets and projects: assign_ticket, close_ticket, create_ticket, list_tickets" in idx
    assert "- Math: calculate, convert_units" in idx
    listed = "\n".join(idx.splitlines()[1:])
    for name in names:  # resident tools are shown with schemas, not repeated in the index
        assert name not in listed
    for builtin in ("scratchpad_read", "update_plan", "save_note"):  # offered by the runtime, not the index
        assert builtin not in listed
    assert ToolSurface(registry, cfg()).index_text() == idx  # stable: part of the cached prefix
    every = {t.name for t in s.resident} | {t.name for t in s.deferred}
    assert every == {t.name for t in registry if not t.builtin} | {SEARCH_NAME}


def test_configured_resident_list_and_unknown_names_ignored(registry: Registry) -> None:
    s = ToolSurface(registry, cfg('[tools]\nresident = ["calculate", "send_email", "no_such_tool"]\n'))
    assert [t.name for t in s.resident] == ["calculate", "send_email", SEARCH_NAME]
    assert "no_such_tool" not in s.index_text()


def test_deferral_off_makes_every_allowed_tool_resident(registry: Registry) -> None:
    s = ToolSurface(registry, cfg("[tools]\ndeferral = false\n"), mode_allowed=read_only)
    names = {t.name for t in s.resident}
    assert names == {t.name for t in registry if not t.builtin and t.risk == "read"}
    assert s.deferred == [] and s.index_text() == "" and SEARCH_NAME not in names
    assert s.resolve("calculate") is not None and s.loaded == {}
    assert s.resolve("delete_files") is None  # the mode still applies


def test_deferred_tool_called_by_name_runs_in_the_same_step(registry: Registry) -> None:
    run = Run(registry)
    before = run.surface.resident_text()
    assert "days_between" not in before and "days_between" in run.surface.index_text()
    out = run.call("days_between", {"start": "2024-01-01", "end": "2024-03-01"})
    assert out.ok and out.result == {"days": 60}
    assert len(run.ctx.turn.steps) == 1  # no error, no round trip
    assert run.ctx.deferred_loaded == {"days_between": "called by name"}
    (call,) = run.of(ev.ToolCall)
    assert call.tool == "days_between" and call.deferred_loaded is True
    # append-only: the resident block is untouched; the loaded schema comes after it
    assert run.surface.resident_text() == before
    assert [t.name for t in run.surface.active_tools()][-1] == "days_between"


def test_resident_tool_call_is_not_recorded_as_loaded(registry: Registry, tmp_path: Path) -> None:
    run = Run(registry, config=cfg(f'[tools]\nallowed_roots = ["{tmp_path}"]\n'))
    out = run.call("list_dir", {"path": str(tmp_path)})
    assert out.ok and run.ctx.deferred_loaded == {}
    assert run.of(ev.ToolCall)[0].deferred_loaded is False


def test_search_tools_finds_a_tool_from_a_paraphrase_and_loads_it(registry: Registry, embedder: Any) -> None:
    run = Run(registry, {"embedder_provider": lambda: embedder}, approve=lambda *a: True)
    tid = run.call("create_ticket", {"title": "login crash"}).result["ticket_id"]
    query = "give a ticket to somebody so they work on it"
    out = run.call(SEARCH_NAME, {"query": query})
    assert out.ok
    names = [m["name"] for m in out.result["matches"]]
    assert names[0] == "assign_ticket"
    match = out.result["matches"][0]
    assert match["parameters"]["required"] == ["ticket_id", "assignee"] and match["risk"] == "write"
    assert run.ctx.deferred_loaded["assign_ticket"] == f"search: {query}"
    # the next step calls it; the approval gate applies as for a resident tool
    done = run.call("assign_ticket", {"ticket_id": tid, "assignee": "Giulia"})
    assert done.ok and done.result["assignee"] == "Giulia"
    assert [e.tool for e in run.of(ev.ApprovalNeeded)] == ["create_ticket", "assign_ticket"]
    tickets = json.loads((paths.data_dir() / "tickets.json").read_text())
    assert tickets["items"][tid]["assignee"] == "Giulia"


# The calibration set of app/tools/search.py: if the catalog grows and these fail, re-calibrate there.
PARAPHRASES = [
    ("give a ticket to somebody so they work on it", "assign_ticket"),
    ("assegna un ticket a qualcuno", "assign_ticket"),
    ("turn miles into kilometres", "convert_units"), ("how far apart are two dates in days", "days_between"),
    ("erase a document from the disk", "delete_files"), ("elimina definitivamente un documento", "delete_files"),
    ("how much room is left on my drive", "disk_usage"), ("mail a message to a colleague", "send_email"),
    ("invent a random secret for my account login", "generate_password"),
    ("put lines in alphabetical order", "sort_lines"), ("do some arithmetic", "calculate"),
    ("duplicate a document into another folder", "copy_files"), ("create a directory", "make_folder"),
    ("fingerprint a file with a hash", "file_checksum"), ("keep in mind a fact about me for later", "remember"),
    ("what did I ask you to remember", "recall"), ("how long since the machine booted", "system_uptime"),
    ("open the content of a text file", "read_files"), ("rinomina un file", "move_files"),
    ("segna il ticket come risolto", "close_ticket"),
]
UNRELATED = [
    "order a pizza margherita", "book a flight to Tokyo", "play some jazz music", "what's the weather tomorrow",
    "translate hello into japanese", "accendi le luci del soggiorno", "prenota un tavolo al ristorante",
    "xyzzy plugh", "buy shares of apple stock", "call my mother on the phone", "take a screenshot",
    "set an alarm for 7", "scarica l'ultimo episodio del podcast", "record a voice memo", "sing a song",
]


@pytest.mark.parametrize("query,tool", PARAPHRASES)
def test_search_ranks_paraphrases_in_italian_and_english(registry: Registry, embedder: Any, query: str,
                                                         tool: str) -> None:
    s = ToolSurface(registry, cfg(), embedder_provider=lambda: embedder)
    assert tool in [m.tool.name for m in s.search(query, 5)]


@pytest.mark.parametrize("query", UNRELATED)
def test_search_says_clearly_when_nothing_matches(registry: Registry, embedder: Any, query: str) -> None:
    run = Run(registry, {"embedder_provider": lambda: embedder})
    out = run.call(SEARCH_NAME, {"query": query})
    assert out.ok and out.result["matches"] == []
    msg = out.result["message"]
    assert "No tool matches" in msg and "other words" in msg and "does not mean the capability is missing" in msg
    assert run.ctx.deferred_loaded == {}


def test_empty_query_is_a_clear_error(registry: Registry) -> None:
    run = Run(registry)
    out = run.call(SEARCH_NAME, {"query": "   "})
    assert not out.ok and "query is empty" in (out.error or "")


def test_mode_forbidden_tool_is_never_revealed(registry: Registry, embedder: Any, tmp_path: Path) -> None:
    victim = tmp_path / "keep.txt"
    victim.write_text("precious")
    run = Run(registry, {"embedder_provider": lambda: embedder, "mode_allowed": read_only})
    s = run.surface
    forbidden = [t.name for t in registry if t.risk != "read"]
    assert "delete_files" in forbidden and "send_email" in forbidden
    text = s.index_text() + s.resident_text()
    for name in forbidden:
        assert name not in text
        assert s.resolve(name) is None and s.activate(name, "test") is None and s.load(name, "test") is None
        assert name not in s.registry_view()
    # same words as for a name that does not exist
    assert s.unknown_message("delete_files").replace("delete_files", "X") == \
        s.unknown_message("no_such_tool").replace("no_such_tool", "X")
    for q in ("erase a document from the disk", "delete_files", "delete a file permanently", "send an email"):
        found = [m["name"] for m in run.call(SEARCH_NAME, {"query": q}).result["matches"]]
        assert not set(found) & set(forbidden), (q, found)
    out = run.call("delete_files", {"path": str(victim)})
    assert not out.ok and "unknown tool" in (out.error or "") and victim.read_text() == "precious"
    assert "delete_files" not in run.ctx.deferred_loaded
    # allowed tools remain searchable in the same mode
    assert [m.tool.name for m in s.search("how much room is left on my drive")][0] == "disk_usage"


def test_approval_applies_to_a_deferred_send_tool(registry: Registry) -> None:
    outbox = paths.data_dir() / "outbox"
    denied = Run(registry, approve=lambda *a: False)
    out = denied.call("send_email", {"to": "luca@example.org", "body": "ciao"})
    assert not out.ok and "not approved" in (out.error or "")
    assert [e.risk for e in denied.of(ev.ApprovalNeeded)] == ["send"]
    assert not outbox.exists() or not list(outbox.iterdir())
    assert denied.ctx.deferred_loaded == {"send_email": "called by name"}  # loaded, then refused
    allowed = Run(registry, approve=lambda *a: True)
    assert allowed.call("send_email", {"to": "luca@example.org", "body": "ciao"}).ok
    assert len(list(outbox.iterdir())) == 1


def test_search_without_embedder_falls_back_to_words_and_says_so(registry: Registry) -> None:
    def missing() -> Any:
        raise ModelError("bundled embedder: model.onnx is missing")

    run = Run(registry, {"embedder_provider": missing})
    out = run.call(SEARCH_NAME, {"query": "sort lines alphabetically"})
    assert out.ok and out.result["matches"][0]["name"] == "sort_lines"
    assert "words only" in out.result["note_ranking"]


def test_search_tools_outside_a_surface_is_a_clear_error(registry: Registry) -> None:
    tool = registry.get(SEARCH_NAME)
    assert tool is not None
    with pytest.raises(ToolError, match="already listed"):
        tool.handler({"query": "x"}, ToolContext(owner="u", turn_id="t", config=cfg()))


def test_runtime_builtin_is_appended_after_the_resident_block(registry: Registry) -> None:
    s = ToolSurface(registry, cfg())
    # callable (the runtime decides when to offer it) but not shown, indexed or searchable until then
    assert s.resolve("scratchpad_read") is not None and s.loaded == {}
    assert "scratchpad_read" not in [t.name for t in s.active_tools()]
    assert s.activate("scratchpad_read", "scratchpad has entries") is not None
    assert [t.name for t in s.loaded_tools()] == ["scratchpad_read"]
    assert s.loaded == {"scratchpad_read": "scratchpad has entries"}
    blocked = ToolSurface(registry, cfg(), mode_allowed=lambda t: t.name != "scratchpad_read")
    assert blocked.activate("scratchpad_read", "x") is None and blocked.resolve("scratchpad_read") is None


def test_registry_view_enumerates_exactly_the_permitted_surface(registry: Registry) -> None:
    view = ToolSurface(registry, cfg(), mode_allowed=read_only).registry_view()
    names = set(view.names())
    assert names == {t.name for t in registry if t.risk == "read"}
    assert {t.name for t in view} == names and len(view) == len(names)
    assert "delete_files" not in view and view.get("delete_files") is None
    assert "calculate" in view and view.peek("calculate") is not None and view.surface.loaded == {}
    assert view.get("calculate") is not None
    assert view.surface.loaded == {"calculate": "called by name"}  # get() is a call by name
    assert view.peek("delete_files") is None


def test_explain_reports_costs_and_deferral_saves_tokens(registry: Registry) -> None:
    def approx(text: str) -> int:  # a rough count is enough to compare the two layouts
        return max(1, len(text) // 4)

    on = ToolSurface(registry, cfg()).explain(approx)
    off = ToolSurface(registry, cfg("[tools]\ndeferral = false\n")).explain(approx)
    assert on["index_tokens"] > 0 and off["index_tokens"] == 0 and off["deferred"] == []
    assert on["resident_tokens"] + on["index_tokens"] < 0.5 * off["resident_tokens"]
    assert {d["name"] for d in on["deferred"]} >= {"assign_ticket", "send_email"}
    assert all(d["tokens_if_loaded"] > 0 for d in on["deferred"])


def test_a_model_that_is_not_small_gets_the_whole_catalog_in_the_cached_prefix() -> None:
    """The app's own catalog fits half the default window: nothing is deferred, so no schema is shown per
    request (each costs ~20 ms per token on every turn) and the plan/notes builtins are resident too."""
    core = build_registry()
    s = ToolSurface(core, cfg(), small_model=False)
    names = {t.name for t in s.resident}
    assert not s.deferral and not s.deferred and s.index_text() == ""
    assert {t.name for t in core if not t.builtin} <= names
    assert {"update_plan", "save_note"} <= names and SEARCH_NAME not in names
    assert s.loaded_tools() == []


def test_the_whole_catalog_stays_deferred_when_it_does_not_fit(registry: Registry) -> None:
    small_window = ToolSurface(build_registry(), cfg("[llm]\nn_ctx = 2048\n"), small_model=False)
    assert small_window.deferral and small_window.deferred
    assert SEARCH_NAME in {t.name for t in small_window.resident}
    lite = ToolSurface(build_registry(), cfg(), small_model=True)  # the lite model: the short list, as before
    assert [t.name for t in lite.resident] == [*DEFAULT_RESIDENT_SMALL, SEARCH_NAME]


def test_the_engine_knows_which_planner_is_small(tmp_path: Path) -> None:
    """Decided from the settings, without loading a model: the lite bundle and a small GGUF file are small."""
    from app.config import ConfigManager
    from app.engine.model_loader import ModelLoader

    def small(text: str) -> bool:
        path = tmp_path / f"runtime-{abs(hash(text))}.toml"
        path.write_text(text, encoding="utf-8")
        mgr = ConfigManager(path)
        try:
            return ModelLoader(mgr).planner_is_small()
        finally:
            mgr.close()

    tiny = tmp_path / "tiny.gguf"
    tiny.write_bytes(b"GGUF" + b"\0" * 1024)
    assert small('[llm]\nmodel = "bundled-lite"\n')
    assert small(f'[llm]\nmodel = "{tiny}"\n')
    assert not small('[llm]\nbackend = "openai"\nbase_url = "http://127.0.0.1:9/v1"\n')
