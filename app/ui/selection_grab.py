"""Taking the text the person selected, and giving an answer back where it was.

X11 keeps the selected text in the PRIMARY selection: read it (QClipboard.Selection), a round trip to the
program that owns it, no key sent. Where there is none (Wayland, Windows, macOS, or nothing in PRIMARY), send the
person's copy keys once (`hotkey.copy_keys`, Ctrl+C by default) and read the clipboard — which is first saved
whole (every format) and put back right after, so the copy leaves the clipboard as it was. `paste_back` puts an
answer on the clipboard and, where keys can be sent, gives the focus back to the window the text came from and
sends the paste keys (`hotkey.paste_keys`): the answer replaces the selection.

Keys go through pynput's Controller (XTest on X11), imported lazily like the hotkey. The hotkey's own modifiers
(Ctrl+Alt) may still be held when the copy is sent: they are released first, or the program would see
Ctrl+Alt+C.
"""
from __future__ import annotations

import logging
import os
import sys
import time
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEventLoop, QMimeData, QTimer
from PySide6.QtGui import QClipboard, QGuiApplication

from .hotkey import unavailable_reason

log = logging.getLogger(__name__)

COPY_WAIT_MS = 400  # the copied text must reach the clipboard within this
_PSEUDO = ("TARGETS", "MULTIPLE", "TIMESTAMP", "SAVE_TARGETS")


@dataclass
class Grabbed:
    """What the hotkey found: the text, where from ("primary", "copy", "none"), how long it took, the window that
    had the focus (X11, for the paste back) and whether the clipboard was put back after a copy."""

    text: str
    source: str
    ms: float = 0.0
    window: int | None = None
    restored: bool | None = None


class KeySender:
    """Sends key combinations ("<ctrl>+c") with pynput's Controller; `problem` says why it cannot."""

    def __init__(self) -> None:
        self._ctl: Any = None
        self._keyboard: Any = None
        self.problem: str | None = None

    def ready(self) -> bool:
        if self._ctl is not None:
            return True
        if self.problem is not None:
            return False
        reason = unavailable_reason()
        if reason:
            self.problem = reason
            return False
        try:
            from pynput import keyboard  # lazy: raises ImportError without a display

            self._keyboard, self._ctl = keyboard, keyboard.Controller()
        except Exception as e:  # ImportError, Xlib errors
            self.problem = f"keys cannot be sent here ({type(e).__name__}: {e})"
            return False
        return True

    def send(self, combo: str) -> bool:
        """Press `combo` (pynput syntax) once, the held modifiers released first. False when it could not."""
        if not combo or not self.ready():
            return False
        kb, ctl = self._keyboard, self._ctl
        try:
            keys = kb.HotKey.parse(combo)
        except ValueError as e:
            self.problem = f"{combo!r} is not a key combination ({e})"
            return False
        try:
            for name in ("alt", "alt_l", "alt_r", "alt_gr", "shift", "shift_r", "cmd", "ctrl_r"):
                held = getattr(kb.Key, name, None)
                try:
                    if held is not None:
                        ctl.release(held)
                except Exception:  # a modifier this keyboard does not have
                    pass
            for k in keys:
                ctl.press(k)
            for k in reversed(keys):
                ctl.release(k)
        except Exception as e:
            self.problem = f"the keys could not be sent ({type(e).__name__}: {e})"
            return False
        return True


def snapshot(cb: QClipboard) -> QMimeData | None:
    """A copy of everything on the clipboard now (None when it is empty)."""
    data = cb.mimeData(QClipboard.Mode.Clipboard)
    if data is None or not data.formats():
        return None
    copy = QMimeData()
    for fmt in data.formats():
        if fmt in _PSEUDO:
            continue
        copy.setData(fmt, data.data(fmt))
    return copy


def restore(cb: QClipboard, saved: QMimeData | None) -> None:
    if saved is None:
        cb.clear(QClipboard.Mode.Clipboard)
    else:
        cb.setMimeData(saved, QClipboard.Mode.Clipboard)


def wait_for_change(cb: QClipboard, timeout_ms: int) -> bool:
    """Run the event loop until the clipboard changes (True) or the time is up (False)."""
    loop = QEventLoop()
    changed: list[bool] = []

    def seen() -> None:
        changed.append(True)
        loop.quit()

    cb.dataChanged.connect(seen)
    QTimer.singleShot(timeout_ms, loop.quit)
    try:
        loop.exec()
    finally:
        cb.dataChanged.disconnect(seen)
    return bool(changed)


class FocusWindow:
    """The X11 window that has the keyboard focus, and giving it back (python-xlib, installed with pynput)."""

    def __init__(self) -> None:
        self._display: Any = None

    def _x(self) -> Any:
        if self._display is None and sys.platform.startswith("linux") and os.environ.get("DISPLAY"):
            try:
                from Xlib import display as xdisplay

                self._display = xdisplay.Display()
            except Exception as e:
                log.info("no X connection for the focus: %s", e)
        return self._display

    def current(self) -> int | None:
        d = self._x()
        if d is None:
            return None
        try:
            focus = d.get_input_focus().focus
            wid = int(getattr(focus, "id", focus))
            return wid if wid > 1 else None  # 0 None, 1 PointerRoot
        except Exception:
            return None

    def give_back(self, wid: int) -> bool:
        d = self._x()
        if d is None:
            return False
        try:
            from Xlib import X

            win = d.create_resource_object("window", wid)
            win.set_input_focus(X.RevertToParent, X.CurrentTime)
            d.sync()
            return True
        except Exception as e:
            log.info("focus not given back: %s", e)
            return False


class SelectionGrabber:
    """Reads the selection for the hotkey; `copy_keys` / `paste_keys` come from the settings at each use."""

    def __init__(self, config: Any, keys: KeySender | None = None, focus: FocusWindow | None = None):
        self._config = config  # a callable returning the config in force
        self.keys = keys or KeySender()
        self.focus = focus or FocusWindow()

    @property
    def cfg(self) -> Any:
        return self._config().hotkey

    def grab(self, use_primary: bool = True) -> Grabbed:
        t0 = time.perf_counter()
        cb = QGuiApplication.clipboard()
        window = self.focus.current()
        if use_primary and cb.supportsSelection():
            text = cb.text(QClipboard.Mode.Selection)
            if text.strip():
                return Grabbed(text, "primary", (time.perf_counter() - t0) * 1000, window)
        combo = str(getattr(self.cfg, "copy_keys", "") or "")
        if combo and self.keys.ready():
            saved = snapshot(cb)
            if self.keys.send(combo) and wait_for_change(cb, COPY_WAIT_MS):
                text = cb.text(QClipboard.Mode.Clipboard)
                restore(cb, saved)
                return Grabbed(text, "copy" if text.strip() else "none", (time.perf_counter() - t0) * 1000, window,
                               restored=True)
        return Grabbed("", "none", (time.perf_counter() - t0) * 1000, window)

    @staticmethod
    def clipboard_text() -> str:
        return QGuiApplication.clipboard().text(QClipboard.Mode.Clipboard)

    def can_paste(self, window: int | None) -> bool:
        """Whether `paste_back` can send the paste keys (X11 with the source window known; Windows, macOS)."""
        if not str(getattr(self.cfg, "paste_keys", "") or "") or not self.keys.ready():
            return False
        return window is not None if sys.platform.startswith("linux") else True

    def paste_back(self, text: str, window: int | None, settle_ms: int = 60) -> bool:
        """The answer on the clipboard (always); then, where possible, the focus back to `window` and the paste
        keys. True when the keys were sent. Call after the popup is hidden."""
        QGuiApplication.clipboard().setText(text, QClipboard.Mode.Clipboard)
        if not self.can_paste(window):
            return False
        if window is not None and not self.focus.give_back(window):
            return False
        loop = QEventLoop()
        QTimer.singleShot(settle_ms, loop.quit)  # let the focus change land before the keys
        loop.exec()
        return self.keys.send(str(self.cfg.paste_keys))


__all__ = ["FocusWindow", "Grabbed", "KeySender", "SelectionGrabber", "restore", "snapshot", "wait_for_change"]
