"""The tray icon shown first, before the rest of the desktop app is imported.

Importing `app.ui.app` pulls in the engine-side packages the windows use (the document index, reminders, the
tools' declarations, the keyring; numpy with them): ~1.8 s on the 2-core machine with other work running, while
a bare Qt tray icon docks in ~0.2-0.3 s (`metnos bench ui` measures both in the same run). Only Qt, the settings
and the UI translations are needed to show the icon, so `metnos app` shows it with them, lets the tray host dock
and paint it, and then imports the rest; `DeskApp` adopts this icon (`DeskApp(early=...)`) instead of making one.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication

from app.config import ConfigManager

from .i18n import Translations
from .tray import Tray

DOCK_WAIT_S = 0.5  # at most this long for the tray host to dock the icon before the imports go on


@dataclass
class FirstTray:
    manager: ConfigManager
    translations: Translations  # installed: the menu speaks the UI language from the first moment
    tray: Tray
    visible: bool  # False: no system tray (the chat window will be the app)
    docked_at: float | None  # time.perf_counter() when the tray host had given the icon its place


def show_tray_first(manager: ConfigManager | None = None, dock_wait_s: float = DOCK_WAIT_S) -> FirstTray:
    """Show the tray icon now (the QApplication exists), and run the event loop until the tray host has docked
    it — at most `dock_wait_s` — so it is painted before the GUI thread turns to the long imports."""
    qapp = QApplication.instance()
    assert isinstance(qapp, QApplication), "create the QApplication first"
    manager = manager or ConfigManager()
    translations = Translations()
    translations.install(manager.config.ui.language)
    tray = Tray(manager.config.ui.theme)
    tray.set_status(QCoreApplication.translate("DeskApp", "Starting…"))
    visible = tray.show()
    docked_at: float | None = None
    end = time.perf_counter() + dock_wait_s
    while visible and time.perf_counter() < end:
        qapp.processEvents()
        g = tray.icon.geometry()
        if g.isValid() and not g.isEmpty():
            docked_at = time.perf_counter()
            qapp.processEvents()  # its first paint
            break
        time.sleep(0.002)
    return FirstTray(manager, translations, tray, visible, docked_at)
