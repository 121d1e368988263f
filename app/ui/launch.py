"""`metnos app` and the no-subcommand start: the tray app, one per user."""
from __future__ import annotations

import argparse
import logging
import signal
import sys
from typing import Any, Callable, Sequence

from .display import can_start_gui

log = logging.getLogger(__name__)


def queued_quit(desk: Any) -> Callable[..., None]:
    """The SIGINT/SIGTERM handler: it queues `desk.quit` on the event loop instead of calling it.

    Python runs a signal handler at the next bytecode of the GUI thread, which can be inside a Qt callback — an
    event filter called while a window paints. Quitting there deleted a widget under the paint: SIGSEGV at
    SIGTERM, 1 UI run in ~8 under load (gdb: ~QWidget from handle_signals inside drawWidget)."""
    from PySide6.QtCore import QTimer

    def _stop(*_a: Any) -> None:
        QTimer.singleShot(0, desk, desk.quit)

    return _stop


def run_app(argv: Sequence[str] | None = None, *, use_hotkey: bool = True, preload: bool = True) -> int:
    """Start the tray app; if one already runs for this user, bring its chat window up instead."""
    if not can_start_gui():
        print("metnos: no display to show the tray app on (DISPLAY/WAYLAND_DISPLAY unset). Use `metnos chat` "
              "in a terminal, or start the app from your desktop session.", file=sys.stderr)
        return 2
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from .single_instance import SingleInstanceServer, send

    qapp = QApplication.instance() or QApplication(list(argv) if argv is not None else [sys.argv[0]])
    assert isinstance(qapp, QApplication), "the tray app needs a QApplication, not a bare QCoreApplication"
    qapp.setApplicationName("Metnos Desk")
    qapp.setOrganizationName("Metnos")
    qapp.setDesktopFileName("metnos-desk")
    qapp.setQuitOnLastWindowClosed(False)
    from .gc_guard import GuiGarbageCollector

    collector = GuiGarbageCollector(qapp)  # noqa: F841 - Qt objects are collected on this thread only
    server = SingleInstanceServer()
    if not server.listen():
        reply = send("show")
        if reply is not None and reply.get("ok"):
            print("metnos: Metnos Desk is already running; its window was brought up.", file=sys.stderr)
            return 0
        print(f"metnos: cannot claim the single-instance socket {server.name}; another copy may be starting. "
              "Try again in a moment.", file=sys.stderr)
        return 1
    from .first_tray import show_tray_first

    early = show_tray_first()  # the icon first: importing the rest of the app takes a second or two
    from .app import DeskApp

    desk = DeskApp(use_hotkey=use_hotkey, preload=preload, early=early)
    server.command.connect(desk.command)
    from .remote_turns import handler

    server.turns = handler(lambda: desk.host.engine, desk)  # `metnos ask` answered by this warm engine

    _stop = queued_quit(desk)
    signal.signal(signal.SIGINT, _stop)
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, _stop)
    tick = QTimer()
    tick.start(300)  # lets Python run its signal handlers while Qt's loop runs
    tick.timeout.connect(lambda: None)
    desk.start()
    try:
        rc = qapp.exec()
    finally:
        server.close()
    return int(rc)


def cmd_app(args: argparse.Namespace) -> int:
    return run_app(use_hotkey=not args.no_hotkey, preload=not args.no_preload)


def add_commands(sub: Any) -> None:
    p = sub.add_parser("app", help="start the tray app (the default when a display is available)")
    p.add_argument("--no-hotkey", action="store_true", help="do not register the global hotkey")
    p.add_argument("--no-preload", action="store_true", help="load the models on first use, not at start")
    p.set_defaults(func=cmd_app)
