"""The app's two global hotkeys registered, registered again when their settings change, and a failure said once.

The popup's hotkey (`hotkey.sequence`) and the selected text's (`hotkey.selection_sequence`, owned by
`SelectionFlow`) are registered at start and whenever a `hotkey.*` setting changes. When one cannot be (Wayland,
no display, pynput missing) the person is told once ever — not at every start: what was said is remembered in
the data folder (`ui-state.json`) — with what to do instead (`metnos --toggle` bound to a desktop shortcut).
"""
from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from app.config import paths

from .hotkey import GlobalHotkey
from .settings_fields import to_qt_sequence

if TYPE_CHECKING:
    from .app import DeskApp

log = logging.getLogger(__name__)

STATE_FILE = "ui-state.json"


class HotkeySetup(QObject):
    """Owns the popup's `GlobalHotkey` and why it is not registered (`problem`, None when it is)."""

    def __init__(self, desk: DeskApp):
        super().__init__(desk)
        self.desk = desk
        self.hotkey = GlobalHotkey(desk.config.hotkey.sequence, self)
        self.problem: str | None = None

    def start(self) -> None:
        """At start: both hotkeys, the popup's only when it is enabled."""
        if self.desk.config.hotkey.enabled:
            self.register()
        self.register_selection()

    def apply(self, cfg: Any) -> None:
        """A `hotkey.*` setting changed: register both again with the new keys."""
        self.hotkey.stop()
        self.hotkey.sequence = cfg.hotkey.sequence
        if cfg.hotkey.enabled:
            self.register()
        self.register_selection()

    def register(self) -> None:
        problem = self.hotkey.start()
        self.problem = problem
        if problem:
            log.warning("global hotkey not registered: %s", problem)
            self.notify_once(f"hotkey:{problem}", self.tr("Global hotkey unavailable"),
                             self.tr("%1 could not be registered: %2. Bind the command `metnos --toggle` to a "
                                     "shortcut in your desktop settings instead.")
                             .replace("%1", to_qt_sequence(self.desk.config.hotkey.sequence)).replace("%2", problem))

    def register_selection(self) -> None:
        problem = self.desk.selection.register()
        if problem:
            self.notify_once(f"selection-hotkey:{problem}", self.tr("Selection hotkey unavailable"),
                             self.tr("%1 could not be registered: %2. Copy the text and use the clipboard from the "
                                     "popup instead.").replace("%1", self.desk.config.hotkey.selection_sequence)
                             .replace("%2", problem))

    def note(self) -> str:
        """The line About shows: the keys as they are pressed ("Ctrl+Alt+Space", not the listener's
        "<ctrl>+<alt>+<space>"), or why there is no hotkey and what to use instead."""
        if self.hotkey.active:
            return self.tr("Global hotkey: %1").replace("%1", to_qt_sequence(self.hotkey.sequence))
        return self.tr("Global hotkey unavailable (%1); use `metnos --toggle`.").replace(
            "%1", self.problem or self.tr("disabled"))

    def notify_once(self, key: str, title: str, text: str) -> None:
        """Say it once ever (not at every start): remembered in the data folder."""
        path = paths.data_dir() / STATE_FILE
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            state = {}
        said = set(state.get("said", []))
        if key in said:
            log.info("%s: %s", title, text)
            return
        self.desk.notify(title, text, warning=True)
        said.add(key)
        try:
            paths.ensure(path.parent)
            path.write_text(json.dumps({**state, "said": sorted(said)}), encoding="utf-8")
        except OSError:
            pass
