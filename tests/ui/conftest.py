"""Qt fixtures for the desktop-app tests (offscreen unless marked `gui`); helpers live in ui_helpers.py."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from app.config import ConfigManager

sys.path.insert(0, str(Path(__file__).resolve().parent))

from reminder_fixtures import clock, plugin, sch  # noqa: E402,F401  (the reminders' clock, plugin and scheduler)


@pytest.fixture(autouse=True)
def gui_thread_gc(qapp: Any) -> Iterator[Any]:
    """As in the app (app/ui/launch.py): cycles holding Qt objects die on the GUI thread, never on a worker's."""
    from app.ui.gc_guard import GuiGarbageCollector

    collector = GuiGarbageCollector(qapp)
    yield collector
    from PySide6.QtCore import QCoreApplication, QEvent

    qapp.processEvents()
    # the windows a test dropped with deleteLater() go now, inside this test, not during the next test's turns
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    collector.stop()
    collector.deleteLater()


@pytest.fixture
def make_desk(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Any]]:
    """Build a DeskApp (no tray, no hotkey, no preload, English UI) and wait until its engine is ready."""
    from app.ui.app import DeskApp

    monkeypatch.setenv("METNOS_UI_LANGUAGE", "en")

    made: list[Any] = []

    def make(engine_factory: Callable[[], Any] | None = None, manager: ConfigManager | None = None,
             **kw: Any) -> Any:
        opts = dict(use_tray=False, use_hotkey=False, preload=False, watch=False)
        opts.update(kw)
        desk = DeskApp(manager=manager, engine_factory=engine_factory, **opts)
        made.append(desk)
        with qtbot.waitSignal(desk.host.worker.ready, timeout=120_000) as blocker:
            desk.start()
        assert blocker.args[0], f"engine did not start: {blocker.args[1]}"
        return desk

    yield make
    for desk in made:
        desk.shutdown()
        desk.translations.install("en")  # the translators are the application's: a test that failed in Italian
        # must not leave the next test reading Italian
        for w in (desk.popup, desk.chat):
            w.hide()  # not close(): without a tray, closing the chat quits the application
            w.deleteLater()

