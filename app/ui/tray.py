"""The tray icon and its menu; light/dark glyph chosen by `ui.theme` or the palette."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtGui import QAction, QGuiApplication, QIcon, QPalette
from PySide6.QtWidgets import QMenu, QSystemTrayIcon

from .i18n import icons_dir

TRAY_SIZES = (16, 22, 24, 32, 48, 64)


def load_icon(name: str, sizes: tuple[int, ...] = TRAY_SIZES) -> QIcon:
    """The SVG (crisp at any size) plus the pre-rendered PNGs some tray hosts prefer."""
    d = icons_dir()
    icon = QIcon()
    for s in sizes:
        p = d / "png" / f"{name}-{s}.png"
        if p.is_file():
            icon.addFile(str(p))
    svg = d / f"{name}.svg"
    if svg.is_file():
        icon.addFile(str(svg))
    return icon


def app_icon() -> QIcon:
    return load_icon("metnos", (16, 24, 32, 48, 64, 128, 256))


def dark_panels(theme: str = "auto") -> bool:
    """True when the tray sits on a dark background (so it needs the light glyph)."""
    if theme in ("light", "dark"):
        return theme == "dark"
    app = QGuiApplication.instance()
    hints = QGuiApplication.styleHints() if app else None
    if hints is not None:
        from PySide6.QtCore import Qt

        scheme = hints.colorScheme()
        if scheme == Qt.ColorScheme.Dark:
            return True
        if scheme == Qt.ColorScheme.Light:
            return False
    pal = QGuiApplication.palette()
    return pal.color(QPalette.ColorRole.Window).lightness() < 128


def tray_icon(theme: str = "auto", busy: bool = False) -> QIcon:
    if busy:
        return load_icon("metnos-tray-busy")
    return load_icon("metnos-tray-dark" if dark_panels(theme) else "metnos-tray-light")


class Tray(QObject):
    """Signals for every menu entry; the App decides what they do."""

    quickQuery = Signal()
    openChat = Signal()
    newConversation = Signal()
    openMemory = Signal()
    editSettingsFile = Signal()
    openSettings = Signal()
    autostartToggled = Signal(bool)
    pauseToggled = Signal(bool)
    about = Signal()
    quit = Signal()

    def __init__(self, theme: str = "auto", parent: QObject | None = None):
        super().__init__(parent)
        self.theme = theme
        self.busy = False
        self.icon = QSystemTrayIcon(tray_icon(theme), self)
        self.menu = QMenu()
        self.a_quick = QAction(self.menu)
        self.a_chat = QAction(self.menu)
        self.a_new = QAction(self.menu)
        self.a_memory = QAction(self.menu)
        self.settings_menu = QMenu(self.menu)
        self.a_settings = QAction(self.settings_menu)
        self.a_settings_file = QAction(self.settings_menu)
        self.a_autostart = QAction(self.menu)
        self.a_autostart.setCheckable(True)
        self.a_pause = QAction(self.menu)
        self.a_pause.setCheckable(True)
        self.a_about = QAction(self.menu)
        self.a_quit = QAction(self.menu)
        self.menu.addAction(self.a_quick)
        self.menu.addAction(self.a_chat)
        self.menu.addAction(self.a_new)
        self.menu.addAction(self.a_memory)
        self.menu.addSeparator()
        self.settings_menu.addAction(self.a_settings)
        self.settings_menu.addAction(self.a_settings_file)
        self.menu.addMenu(self.settings_menu)
        self.menu.addAction(self.a_autostart)
        self.menu.addAction(self.a_pause)
        self.menu.addSeparator()
        self.menu.addAction(self.a_about)
        self.menu.addAction(self.a_quit)
        self.a_quick.triggered.connect(self.quickQuery)
        self.a_chat.triggered.connect(self.openChat)
        self.a_new.triggered.connect(self.newConversation)
        self.a_memory.triggered.connect(self.openMemory)
        self.a_settings.triggered.connect(self.openSettings)
        self.a_settings_file.triggered.connect(self.editSettingsFile)
        self.a_autostart.toggled.connect(self.autostartToggled)
        self.a_pause.toggled.connect(self.pauseToggled)
        self.a_about.triggered.connect(self.about)
        self.a_quit.triggered.connect(self.quit)
        self.icon.setContextMenu(self.menu)
        self.icon.activated.connect(self._activated)
        self._status = ""
        self._activity = ""
        self.retranslate()
        app = QGuiApplication.instance()
        if app is not None:
            app.installEventFilter(self)  # palette changes re-pick the glyph

    def retranslate(self) -> None:
        self.a_quick.setText(self.tr("Quick query"))
        self.a_chat.setText(self.tr("Open chat"))
        self.a_new.setText(self.tr("New conversation"))
        self.a_memory.setText(self.tr("Memory"))
        self.settings_menu.setTitle(self.tr("Settings"))
        self.a_settings.setText(self.tr("Common settings…"))
        self.a_settings_file.setText(self.tr("Edit runtime.toml"))
        self.a_autostart.setText(self.tr("Start at login"))
        self.a_pause.setText(self.tr("Pause learning"))
        self.a_about.setText(self.tr("About Metnos Desk"))
        self.a_quit.setText(self.tr("Quit"))
        self._apply_tooltip()

    def eventFilter(self, obj: QObject, e: QEvent) -> bool:  # noqa: N802
        if e.type() in (QEvent.Type.ApplicationPaletteChange, QEvent.Type.ThemeChange) and obj is \
                QGuiApplication.instance():
            self.refresh_icon()
        elif e.type() == QEvent.Type.LanguageChange and obj is QGuiApplication.instance():
            self.retranslate()
        return False

    def _activated(self, reason: QSystemTrayIcon.ActivationReason) -> None:
        if reason in (QSystemTrayIcon.ActivationReason.Trigger, QSystemTrayIcon.ActivationReason.MiddleClick):
            self.quickQuery.emit()
        elif reason == QSystemTrayIcon.ActivationReason.DoubleClick:
            self.openChat.emit()

    def show(self) -> bool:
        """Show the icon; False when there is no system tray to show it in."""
        if not QSystemTrayIcon.isSystemTrayAvailable():
            return False
        self.icon.show()
        return True

    def hide(self) -> None:
        self.icon.hide()

    def set_theme(self, theme: str) -> None:
        self.theme = theme
        self.refresh_icon()

    def set_busy(self, busy: bool) -> None:
        if busy != self.busy:
            self.busy = busy
            self.refresh_icon()

    def refresh_icon(self) -> None:
        self.icon.setIcon(tray_icon(self.theme, self.busy))

    def set_status(self, text: str) -> None:
        """Second tooltip line: model loading progress, errors."""
        self._status = text
        self._apply_tooltip()

    def set_activity(self, text: str) -> None:
        """Last tooltip line, while something runs in the background (the document index); "" when done."""
        self._activity = text
        self._apply_tooltip()

    def _apply_tooltip(self) -> None:
        lines = ["Metnos Desk", self._status, self._activity]
        self.icon.setToolTip("\n".join(line for line in lines if line))

    def set_checks(self, autostart: bool, paused: bool) -> None:
        for action, value in ((self.a_autostart, autostart), (self.a_pause, paused)):
            action.blockSignals(True)
            action.setChecked(value)
            action.blockSignals(False)

    def notify(self, title: str, text: str, warning: bool = False, ms: int = 8000) -> bool:
        if not self.icon.isVisible() or not QSystemTrayIcon.supportsMessages():
            return False
        kind = QSystemTrayIcon.MessageIcon.Warning if warning else QSystemTrayIcon.MessageIcon.Information
        self.icon.showMessage(title, text, kind, ms)
        return True
