"""Is there a screen for the tray app? Asked before Qt is imported, so it imports no Qt itself."""
from __future__ import annotations

import importlib.util
import os
import sys


def can_start_gui() -> bool:
    """Is there a display to show a tray app on (and is Qt installed)?"""
    if importlib.util.find_spec("PySide6") is None:
        return False
    if sys.platform.startswith("linux") or sys.platform.startswith("freebsd"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True
