"""Reload runtime.toml live with watchdog.

Watch the parent folder and match src *or* dest path: an atomic save (temp
file + rename) arrives only as a `moved` event whose source is the temp file.
Debounced so one save gives one reload.
"""
from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Callable

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver

log = logging.getLogger(__name__)


class _Handler(FileSystemEventHandler):
    def __init__(self, target: Path, fire: Callable[[], None]):
        self.target = str(target)
        self.fire = fire

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.is_directory or event.event_type in ("opened", "closed_no_write"):
            return
        paths = {str(event.src_path), str(getattr(event, "dest_path", "") or "")}
        if self.target in paths:
            self.fire()


class FileWatcher:
    """Calls `on_change` once per burst of events touching `path`."""

    def __init__(self, path: Path, on_change: Callable[[], object], debounce_s: float = 0.15):
        self.path = path.resolve() if path.exists() else path.parent.resolve() / path.name
        self.on_change = on_change
        self.debounce_s = debounce_s
        self._timer: threading.Timer | None = None
        self._lock = threading.Lock()
        self._observer: BaseObserver | None = None  # Observer is the platform's subclass, chosen at import

    def _fire(self) -> None:
        with self._lock:
            if self._timer:
                self._timer.cancel()
            self._timer = threading.Timer(self.debounce_s, self._run)
            self._timer.daemon = True
            self._timer.start()

    def _run(self) -> None:
        try:
            self.on_change()
        except Exception:  # a subscriber bug must not kill the watcher
            log.exception("config reload failed")

    def start(self) -> "FileWatcher":
        self.path.parent.mkdir(parents=True, exist_ok=True)
        obs = Observer()
        obs.schedule(_Handler(self.path, self._fire), str(self.path.parent), recursive=False)
        obs.daemon = True
        obs.start()
        self._observer = obs
        return self

    def stop(self) -> None:
        with self._lock:
            if self._timer:
                self._timer.cancel()
        if self._observer:
            self._observer.stop()
            self._observer.join(timeout=2)
            self._observer = None
