"""The global hotkey, through pynput — imported lazily, because without a
display `from pynput import keyboard` itself raises ImportError.

pynput listens passively (XRecord on X11) on its own thread; the callback
only emits a Qt signal, so the popup is always shown on the GUI thread.
When registration is impossible (Wayland, no DISPLAY, no permission, pynput
missing) `start()` returns the reason and the app tells the user once,
pointing to `metnos --toggle` for a desktop shortcut.
"""
from __future__ import annotations

import logging
import os
import sys
from typing import Any

from PySide6.QtCore import QObject, Signal

log = logging.getLogger(__name__)
STOP_WAIT_S = 1.0  # how long stop() waits for the listener's thread to end (it ends in a few ms once stopped)


def unavailable_reason() -> str | None:
    """Why a global hotkey cannot work in this session, before trying (None when it may)."""
    if sys.platform.startswith("linux"):
        if os.environ.get("WAYLAND_DISPLAY") or os.environ.get("XDG_SESSION_TYPE") == "wayland":
            return "Wayland does not let applications register global shortcuts"
        if not os.environ.get("DISPLAY"):
            return "there is no X11 display (DISPLAY is not set)"
    return None


class GlobalHotkey(QObject):
    activated = Signal()

    def __init__(self, sequence: str, parent: QObject | None = None):
        super().__init__(parent)
        self.sequence = sequence
        self._listener: Any = None

    @property
    def active(self) -> bool:
        return self._listener is not None

    def start(self) -> str | None:
        """Register; None on success, else the reason it could not be registered."""
        self.stop()
        reason = unavailable_reason()
        if reason:
            return reason
        try:
            from pynput import keyboard  # lazy: raises ImportError without a display
        except ImportError as e:
            return f"the pynput library cannot be used here ({e})"
        except Exception as e:  # Xlib errors on a broken display
            return f"the keyboard cannot be watched ({type(e).__name__}: {e})"
        try:
            keyboard.HotKey.parse(self.sequence)
        except ValueError as e:
            return f"hotkey.sequence {self.sequence!r} is not valid pynput syntax ({e}); e.g. <ctrl>+<alt>+<space>"
        try:
            listener = keyboard.GlobalHotKeys({self.sequence: self.activated.emit})
            listener.daemon = True
            listener.start()
            listener.wait()  # returns once the listener runs (or failed)
        except Exception as e:
            return f"the hotkey could not be registered ({type(e).__name__}: {e})"
        if not listener.is_alive():
            return "the hotkey listener stopped at once (no permission to watch the keyboard?)"
        self._listener = listener
        log.info("global hotkey %s registered", self.sequence)
        return None

    def stop(self) -> None:
        """Stop listening, and wait (briefly) until the listener's thread has left Xlib (`_end_recording`): a
        listener thread still inside its X RECORD call while Qt tore the application down ended the app with
        SIGSEGV (tests/ui/test_ui_xvfb.py, faulthandler: both listeners in `enable_context`)."""
        if self._listener is not None:
            try:
                self._listener.stop()
                _end_recording(self._listener)
                self._listener.join(STOP_WAIT_S)
            except Exception:
                pass
            if self._listener.is_alive():
                log.warning("the hotkey listener %s did not end within %.1f s", self.sequence, STOP_WAIT_S)
            self._listener = None


def _end_recording(listener: Any) -> None:
    """End the listener's X RECORD context from the connection pynput keeps for stopping.

    pynput's own stop() (1.8.2) sends the disable request on the *recording* connection, which its thread is
    blocked reading, and never flushes it: under Xvfb the thread never left `enable_context` (measured: alive
    after 3 s, every time), so each hotkey change leaked a listener and two were still inside Xlib when the app
    quit — the SIGSEGV at quit, 1 UI run in ~15 (tests/ui/test_ui_xvfb.py). Sent on the stop connection and
    flushed, the thread ends in a few ms. No-op on other platforms (no such attributes)."""
    display, context = getattr(listener, "_display_stop", None), getattr(listener, "_context", None)
    if display is None or context is None or not hasattr(display, "record_disable_context"):
        return
    display.record_disable_context(context)
    display.flush()
