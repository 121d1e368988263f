"""The reference for `metnos bench ui`'s start → tray figure: the least a Qt program does to put an icon in the tray.

Run as `python -m app.ui.tray_reference` on the display the bench prepared; prints one JSON line. A QApplication
and one QSystemTrayIcon with a plain icon, timed from this module's first line (as bench_probe times the desktop
app's start from its own) until the tray host has docked the icon (its geometry valid). Measured in the same run
on the same display, it turns the app's start → tray into a ratio: the milliseconds swing with the machine's load
(530 ms idle, up to 1250 ms with both cores busy), the ratio says what the app adds to Qt's own start.
"""
from __future__ import annotations

import time

T_START = time.perf_counter()  # before any heavy import, as in bench_probe

import json  # noqa: E402
import sys  # noqa: E402
from typing import Any  # noqa: E402


def measure(timeout_s: float = 20.0) -> dict[str, Any]:
    """Start Qt, show a tray icon, wait until it is docked: the milliseconds since this module began."""
    from PySide6.QtGui import QColor, QIcon, QPixmap
    from PySide6.QtWidgets import QApplication, QSystemTrayIcon

    qapp = QApplication([sys.argv[0]])
    pixmap = QPixmap(22, 22)
    pixmap.fill(QColor("#3465a4"))
    icon = QSystemTrayIcon(QIcon(pixmap))
    icon.show()
    end = time.perf_counter() + timeout_s
    while not (icon.geometry().isValid() and not icon.geometry().isEmpty()):
        if time.perf_counter() > end:
            return {"ok": False, "error": f"the tray host did not dock a bare icon in {timeout_s:.0f} s"}
        qapp.processEvents()
        time.sleep(0.0005)
    ms = (time.perf_counter() - T_START) * 1000
    icon.hide()
    return {"ok": True, "start_to_tray_ms": ms}


if __name__ == "__main__":
    print(json.dumps(measure()), flush=True)
    sys.exit(0)
