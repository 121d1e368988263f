"""Release the local model after [llm] keep_alive_minutes without use, like Ollama's keep-alive.

A tray app runs all day; the instruct model holds ~1.85 GB resident. One
daemon thread looks at the backend now and then and asks it to release its
weights when idle; the backend itself decides under its lock (a call in
progress is never interrupted) and reloads on the next use.
"""
from __future__ import annotations

import logging
import threading
import weakref
from typing import Any, Callable

log = logging.getLogger(__name__)

MAX_TICK_S = 30.0


class KeepAlive:
    """Watches one backend at a time (anything with `unload_if_idle(seconds) -> bool`)."""

    def __init__(self, minutes: float, on_unload: Callable[[], None] | None = None):
        self._minutes = float(minutes)
        self._backend: Callable[[], Any] = lambda: None   # a weak reference: dropping the backend frees it
        self._wake = threading.Event()
        self._stop = False
        self._thread: threading.Thread | None = None
        self._guard = threading.Lock()
        self._on_unload = on_unload
        self.unloads = 0

    @property
    def seconds(self) -> float:
        return self._minutes * 60.0

    def set_minutes(self, minutes: float) -> None:
        self._minutes = float(minutes)
        self._wake.set()

    def watch(self, backend: Any) -> None:
        """Start watching `backend` (None stops watching); backends without unload_if_idle are ignored.
        The thread ends when nothing is watched (or the backend was dropped), and starts again here."""
        usable = backend is not None and hasattr(backend, "unload_if_idle")
        with self._guard:
            self._backend = weakref.ref(backend) if usable else (lambda: None)
            if usable and self._thread is None and not self._stop:
                self._thread = threading.Thread(target=self._run, name="metnos-keep-alive", daemon=True)
                self._thread.start()
        self._wake.set()

    def stop(self) -> None:
        self._stop = True
        self._wake.set()
        thread = self._thread
        if thread is not None:
            thread.join(timeout=5)

    def _tick_s(self) -> float:
        s = self.seconds
        return MAX_TICK_S if s <= 0 else min(MAX_TICK_S, max(0.05, s / 4))

    def _run(self) -> None:
        while True:
            self._wake.wait(self._tick_s())
            self._wake.clear()
            with self._guard:
                if self._stop or self._backend() is None:
                    self._thread = None
                    return
            self._check()

    def _check(self) -> None:
        """One look at the backend (its strong reference ends with this call)."""
        backend, seconds = self._backend(), self.seconds
        if backend is None or seconds <= 0:
            return
        try:
            if backend.unload_if_idle(seconds):
                self.unloads += 1
                if self._on_unload is not None:
                    self._on_unload()
        except Exception as e:  # never let the watcher die: the next tick tries again
            log.warning("keep-alive: could not release the model (%s)", e)
