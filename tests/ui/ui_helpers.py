"""Helpers of the desktop-app tests (imported by tests/ui modules as `ui_helpers`).

The engine is always the real one. Tests that need a deterministic route to a
particular tool (a write, a slow tool) give the real Router a small test
phrase table (`l0_table=`) — the same L0 mechanism as production, with test
phrases — instead of relying on the tiny planner's choice.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QObject, Slot
from support import write_runtime  # noqa: F401  (re-exported for the UI tests)

from app.config import ConfigManager
from app.tools.registry import Registry, Tool, ToolContext
from app.turn import events as ev

WRITE_PHRASE = "scrivi il file di prova"
WRITE_PHRASE_EN = "write the test file"
SLOW_PHRASE = "fai il lavoro lungo"
READ_PHRASE = "leggi il file di prova"


def work_manager(metnos_home: Path, tmp_path: Path, extra: str = "") -> tuple[ConfigManager, Path]:
    """A runtime.toml whose only allowed folder is tmp_path/work, learning paused (a test's turns teach nothing),
    plus `extra` lines under [ui]; the loaded manager and the test file's path (not created)."""
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{work}"]\n[ui]\npause_learning = true\n{extra}')
    manager = ConfigManager()
    assert not manager.errors, manager.errors
    return manager, work / "nota.txt"


def slow_job(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """A real slow executor: sleeps in small steps and honours cancellation."""
    end = time.monotonic() + float(args.get("seconds", 30))
    while time.monotonic() < end:
        ctx.cancel.check()
        time.sleep(0.02)
    return {"message": "done"}


SLOW_TOOL = Tool("slow_job", "A slow job used by the UI tests.",
                 {"type": "object", "properties": {"seconds": {"type": "number"}}}, slow_job, group="Test")


def registry_with_slow_tool() -> Registry:
    from app.engine.catalog import build_registry

    reg = build_registry()
    reg.register(SLOW_TOOL)
    return reg


def l0_data(target: Path, seconds: float = 30.0) -> dict[str, Any]:
    return {"intent": [
        {"id": "test_read", "executor": "read_files", "args": {"paths": [str(target)]},
         "reply_it": "{content}", "reply_en": "{content}", "it": [READ_PHRASE]},
        {"id": "test_write", "executor": "write_files", "args": {"path": str(target), "content": "ciao dal test\n"},
         "reply_it": "Scritto {path}.", "reply_en": "Wrote {path}.", "it": [WRITE_PHRASE], "en": [WRITE_PHRASE_EN]},
        {"id": "test_slow", "executor": "slow_job", "args": {"seconds": seconds},
         "reply_it": "Finito.", "reply_en": "Done.", "it": [SLOW_PHRASE]},
        {"id": "time", "executor": "get_now", "reply_it": "Sono le {time}.", "reply_en": "It's {time}.",
         "it": ["che ore sono"], "en": ["what time is it"]},
    ]}


def routed_engine_factory(manager: ConfigManager, target: Path, seconds: float = 30.0,
                          plugins: list[Any] | None = None) -> Callable[[], Any]:
    """A real Engine whose real Router has the test phrases in its L0 table; `plugins` are added to its own."""

    def make() -> Any:
        from app.engine.engine import Engine
        from app.engine.model_loader import ModelLoader
        from app.routing.l0 import L0Table
        from app.routing.memo import Memo
        from app.routing.router import Router

        reg = registry_with_slow_tool()
        models = ModelLoader(manager)
        table = L0Table(path=target.parent / "test_l0.toml", data=l0_data(target, seconds))
        router = Router(manager, models.embedder, Memo(), reg, l0_table=table)
        engine = Engine(manager, models=models, registry=reg, router=router)
        engine.plugins += plugins or []
        return engine

    return make


def send_popup(qtbot: Any, desk: Any, text: str) -> str:
    """Type `text` into the popup and press Enter, as a user would; returns the turn's tag."""
    from PySide6.QtCore import Qt

    desk.popup.show_centered()
    qtbot.waitExposed(desk.popup)
    desk.popup.input.clear()
    if text.isascii():
        qtbot.keyClicks(desk.popup.input, text)
    else:  # QTest can only type ASCII keys
        desk.popup.input.setText(text)
    qtbot.keyClick(desk.popup.input, Qt.Key.Key_Return)
    assert desk.popup.tag is not None, "Enter did not start a turn"
    return desk.popup.tag


class details:
    """`with details():` turns the technical-details view on for the block (as the settings switch does)."""

    def __init__(self, on: bool = True):
        self.on = on

    def __enter__(self) -> "details":
        from app.ui.prefs import prefs

        self.was = prefs().details
        prefs().set_details(self.on)
        return self

    def __exit__(self, *exc: Any) -> None:
        from app.ui.prefs import prefs

        prefs().set_details(self.was)


def ask_chat(qtbot: Any, desk: Any, text: str, wait: bool = True) -> Any:
    """Send `text` from the chat window's box with Enter; the new turn's view, once its turn ended when `wait`."""
    from PySide6.QtCore import Qt

    desk.show_chat()
    desk.chat.input.setText(text)
    qtbot.keyClick(desk.chat.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: desk.chat.current is not None)
    view = desk.chat.views[desk.chat.current]
    if wait:
        wait_turn_end(qtbot, view)
    return view


def wait_turn_end(qtbot: Any, view: Any, timeout: int = 120_000) -> None:
    qtbot.waitUntil(lambda: not view.running, timeout=timeout)


class _TurnEvents(QObject):
    """The worker's events by tag, as the GUI thread receives them. A QObject's slot, not a lambda: PySide runs a
    lambda on the thread that sends the signal (the engine's), as the event is sent, while the app's own slots get
    it later from the GUI thread's queue; a test waiting on a lambda's list could read the flow before the flow had
    the answer. Connected after the app's slots, this one gets each event after they have."""

    def __init__(self) -> None:
        super().__init__()
        self.by_tag: dict[str, list[ev.Event]] = {}

    @Slot(str, object)
    def take(self, tag: str, e: ev.Event) -> None:
        self.by_tag.setdefault(tag, []).append(e)


def selection_turn(qtbot: Any, desk: Any, start: Callable[[], Any], timeout: int = 60_000) -> list[ev.Event]:
    """Run `start()` (a click, a key) and collect the selection turn it starts, until it ended for the GUI: then
    the popup and the selection flow have every event of it, its Answer included."""
    flow = desk.selection
    before = flow.tag
    seen = _TurnEvents()
    desk.host.worker.turnEvent.connect(seen.take)
    try:
        start()
        tag = flow.tag
        assert tag is not None and tag != before, "no selection turn started"
        qtbot.waitUntil(lambda: any(isinstance(e, ev.TurnEnded) for e in seen.by_tag.get(tag, [])),
                        timeout=timeout)
    finally:
        desk.host.worker.turnEvent.disconnect(seen.take)
    return seen.by_tag[tag]


def scripted(desk, tag: str, text: str, events: list[ev.Event]) -> None:
    """Feed an engine event sequence to the app through the worker's channel, as a chat turn."""
    desk._texts[tag] = text
    desk._in_chat.add(tag)
    desk.chat.begin(tag, text)
    for e in events:
        desk.host.worker.turnEvent.emit(tag, e)


def l1_turn(folder: str, lang: str = "it") -> list[ev.Event]:
    """What the engine emits for a listing served by a learned request (L1)."""
    answer = (f"2 elementi in {folder}:\n- foto/\n- nota.txt" if lang == "it"
              else f"2 entries in {folder}:\n- photos/\n- note.txt")
    return [ev.TurnStarted("l1", 0, text="cosa c'è nella cartella"),
            ev.RouteDecision("l1", 0, level="L1", why="L1: nearest q3 (0.909) has 3 of 3 uses", score=0.909,
                             tool="list_dir", args={"path": folder}),
            ev.ToolCall("l1", 1, tool="list_dir", args={"path": folder}, arg_sources={"path": "rules"}),
            ev.Observation("l1", 1, tool="list_dir", ok=True, size=120,
                           preview='{"path":"%s","count":2,"entries":[{"name":"foto","type":"dir"}' % folder),
            ev.Answer("l1", 2, text=answer, level="L1"),
            ev.TurnEnded("l1", 2, ok=True, elapsed_ms=31.0)]


def planner_turn(path: str, lang: str = "it") -> list[ev.Event]:
    """What the engine emits for a planner turn that read a file and answered with a list."""
    head = "La nota ha **4 righe**:\n" if lang == "it" else "The note has **4 lines**:\n"
    items = "1. uno\n2. due\n3. tre\n4. quattro" if lang == "it" else "1. one\n2. two\n3. three\n4. four"
    return [ev.TurnStarted("l3", 0, text="riassumi la nota"),
            ev.RouteDecision("l3", 0, level="L3", why="L3: no fast path"),
            ev.PlannerStats("l3", 0, phase="decide", prompt_tokens=900, choice="read_files",
                            scores={"read_files": 0.91, "find_files": 0.09}),
            ev.ToolCall("l3", 1, tool="read_files", args={"paths": [path]}, arg_sources={"paths": "model"}),
            ev.Observation("l3", 1, tool="read_files", ok=True, size=80,
                           preview='{"path":"%s","lines":4,"content":"uno' % path),
            ev.StateUpdate("l3", 2, plan=[{"item": "leggere la nota", "status": "done"}]),
            ev.Token("l3", 2, text=head),
            ev.Answer("l3", 3, text=head + items, level="L3"),
            ev.TurnEnded("l3", 3, ok=True, elapsed_ms=2300.0)]


def error_turn() -> list[ev.Event]:
    """The engine's own failure (its message is English, for logs): the person reads a sentence instead."""
    return [ev.TurnStarted("er", 0, text="riassumi il file grande"),
            ev.RouteDecision("er", 0, level="L3", why="L3: no fast path"),
            ev.Error("er", 1, message="LLMError: the planner model could not be loaded: out of memory",
                     hint="run `metnos doctor` for details"),
            ev.TurnEnded("er", 1, ok=False, elapsed_ms=900.0)]
