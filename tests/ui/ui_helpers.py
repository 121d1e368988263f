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

from support import write_runtime  # noqa: F401  (re-exported for the UI tests)

from app.config import ConfigManager
from app.tools.registry import Registry, Tool, ToolContext

WRITE_PHRASE = "scrivi il file di prova"
SLOW_PHRASE = "fai il lavoro lungo"
READ_PHRASE = "leggi il file di prova"


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
         "reply_it": "Scritto {path}.", "reply_en": "Wrote {path}.", "it": [WRITE_PHRASE]},
        {"id": "test_slow", "executor": "slow_job", "args": {"seconds": seconds},
         "reply_it": "Finito.", "reply_en": "Done.", "it": [SLOW_PHRASE]},
        {"id": "time", "executor": "get_now", "reply_it": "Sono le {time}.", "reply_en": "It's {time}.",
         "it": ["che ore sono"]},
    ]}


def routed_engine_factory(manager: ConfigManager, target: Path, seconds: float = 30.0) -> Callable[[], Any]:
    """A real Engine whose real Router has the test phrases in its L0 table."""

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
        return Engine(manager, models=models, registry=reg, router=router)

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


def wait_turn_end(qtbot: Any, view: Any, timeout: int = 120_000) -> None:
    qtbot.waitUntil(lambda: not view.running, timeout=timeout)
