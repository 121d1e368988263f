"""What the tray menu's entries open and set: the memory window (and its Reminders tab), Settings, runtime.toml in
an editor (or, with no editor, the file's path to copy), start at login, pause learning, About.

Kept apart from `DeskApp` (app.py), which routes turns between the popup and the chat: these windows are built on
first use (their imports are not paid at start-up) and each one is kept, so opening it again raises the same
window instead of stacking copies.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from PySide6.QtCore import QObject, Slot

from . import autostart
from .file_open import FileFallback, FileOpener

if TYPE_CHECKING:
    from .app import DeskApp


class MenuActions(QObject):
    """The windows and toggles of the tray menu (also the chat's menu bar when there is no tray)."""

    def __init__(self, desk: DeskApp):
        super().__init__(desk)
        self.desk = desk
        self.memory_window: Any = None
        self.settings_dialog: Any = None
        self.about_dialog: Any = None
        self.file_fallback: FileFallback | None = None
        self.opener = FileOpener(self)
        self.opener.failed.connect(self._no_editor)

    @Slot()
    def show_memory(self) -> None:
        from .memory_view import MemoryWindow

        desk = self.desk
        if self.memory_window is None:
            models = getattr(desk.host.engine, "models", None)
            self.memory_window = MemoryWindow(lambda: desk.config, getattr(models, "embedder", None),
                                              reminders=desk.reminders)
            self.memory_window.setWindowIcon(desk.icon)
        self.memory_window.show()
        self.memory_window.raise_()
        self.memory_window.load()

    @Slot()
    def show_reminders(self) -> None:
        self.show_memory()
        self.memory_window.show_reminders()

    @Slot()
    def show_settings(self) -> None:
        from .settings_dialog import SettingsDialog

        desk = self.desk
        if self.settings_dialog is None or not self.settings_dialog.isVisible():
            engine = desk.host.engine
            forget: Callable[[], Any] | None = None
            if engine is not None and hasattr(engine, "forget_session"):
                forget = desk.conversations.forget_all
            self.settings_dialog = SettingsDialog(desk.manager, forget_history=forget, docs=desk.docs)
            self.settings_dialog.setWindowIcon(desk.icon)
        self.settings_dialog.show()
        self.settings_dialog.raise_()

    @Slot()
    def edit_settings_file(self) -> None:
        self.opener.open(self.desk.manager.path)

    def _no_editor(self, path: str) -> None:
        """No editor opened: say so, with the path, a copy button and "open the folder"."""
        self.file_fallback = FileFallback(self.desk.manager.path)
        self.file_fallback.setWindowIcon(self.desk.icon)
        self.file_fallback.show()
        self.file_fallback.raise_()

    @Slot(bool)
    def set_autostart(self, on: bool) -> None:
        try:
            autostart.set_enabled(on)
        except autostart.AutostartError as e:
            self.desk.notify(self.tr("Start at login"), str(e), warning=True)
        self.refresh_checks()

    @Slot(bool)
    def set_pause_learning(self, on: bool) -> None:
        from app.config.toml_edit import SettingsWriteError, set_values

        manager = self.desk.manager
        try:
            set_values(manager.path, {"ui.pause_learning": on})
        except SettingsWriteError as e:
            self.desk.notify(self.tr("Pause learning"), str(e), warning=True)
        manager.reload()
        self.refresh_checks()

    def refresh_checks(self) -> None:
        """The menu's two check marks as they are now: start at login (the desktop's file) and pause learning."""
        tray = self.desk.tray
        if tray is not None:
            tray.set_checks(autostart.is_enabled(), bool(self.desk.config.ui.pause_learning))

    @Slot()
    def show_about(self) -> None:
        from .about import AboutDialog

        desk = self.desk
        self.about_dialog = AboutDialog(desk.icon, desk.hotkeys.note())
        self.about_dialog.setWindowIcon(desk.icon)
        self.about_dialog.show()

    def windows(self) -> list[Any]:
        """The windows opened so far (hidden at quit)."""
        return [w for w in (self.memory_window, self.settings_dialog, self.about_dialog, self.file_fallback)
                if w is not None]
