"""Display preferences every view follows live: the technical-details switch (`[ui] show_details`)."""
from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class UiPrefs(QObject):
    changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.details = False

    def set_details(self, on: bool) -> None:
        if bool(on) != self.details:
            self.details = bool(on)
            self.changed.emit()


_PREFS: UiPrefs | None = None


def prefs() -> UiPrefs:
    """The one UiPrefs of the process (made on first use, on the GUI thread)."""
    global _PREFS
    if _PREFS is None:
        _PREFS = UiPrefs()
    return _PREFS
