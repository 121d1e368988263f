"""Keeping the index fresh while the app runs: watchdog events in, one low-priority thread re-indexing.

Why paths and not events: an editor's save is a burst (a temporary file created, written, renamed over
the original), and an atomic save reaches us only as a `moved` whose source is the temporary file (the
same trap app/config/watcher.py handles for runtime.toml). So every event contributes its source and
destination paths to a pending set, and a path is handled once it has been quiet for `quiet_s`: the
indexer then looks at the disk, not at the event — a path that exists is (re)indexed (unchanged bytes
cost a stat and a hash), one that does not is removed, a folder is walked or forgotten. A change is in
search well within 10 s.

The thread runs at the lowest CPU priority Linux allows a thread (nice 19; elsewhere the process's
priority would change, so it is left alone), waits while a turn runs (`pause`), and reports progress
through a callback (the tray and the settings page will show it).
"""
from __future__ import annotations

import logging
import os
import sys
import threading
import time
from pathlib import Path
from typing import Callable

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver

from .indexer import Progress, Stopped
from .service import DocIndex

log = logging.getLogger(__name__)

QUIET_S = 0.8  # a path is handled once no event touched it for this long
IGNORED = ("opened", "closed_no_write")


class _Handler(FileSystemEventHandler):
    def __init__(self, note: Callable[[str], None]):
        self.note = note

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.event_type in IGNORED or (event.is_directory and event.event_type == "modified"):
            return  # a folder is "modified" whenever a file in it is: the file's own event says which
        for p in (event.src_path, getattr(event, "dest_path", "")):
            if p:
                self.note(os.fsdecode(p))


class Freshness:
    """The watcher and its worker thread. `folders()` gives the folders to keep (read at each `resync`)."""

    def __init__(self, index: DocIndex, folders: Callable[[], list[str]], *,
                 progress: Callable[[Progress], None] | None = None, quiet_s: float = QUIET_S):
        self.index = index
        self.folders = folders
        self.progress = progress
        self.quiet_s = quiet_s
        self.stop_event = index.indexer.stop
        self._pending: dict[str, float] = {}
        self._resync = True  # the first pass brings every folder up to date (changes made while the app was off)
        self._cond = threading.Condition()
        self._observer: BaseObserver | None = None
        self._watched: list[str] = []
        self._thread: threading.Thread | None = None
        self.busy = False  # the worker is indexing now (tests poll this)

    # -- life ----------------------------------------------------------------------------------
    def start(self) -> Freshness:
        self._thread = threading.Thread(target=self._run, name="metnos-docs", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        self.stop_event.set()
        with self._cond:
            self._cond.notify_all()
        self._unwatch()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def resync(self) -> None:
        """The configured folders changed: reconcile them and watch the new set."""
        with self._cond:
            self._resync = True
            self._cond.notify_all()

    def note(self, path: str) -> None:
        with self._cond:
            self._pending[path] = time.monotonic()
            self._cond.notify_all()

    # -- watching ------------------------------------------------------------------------------
    def _watch(self, folders: list[str]) -> None:
        if folders == self._watched and self._observer is not None:
            return
        self._unwatch()
        if not folders:
            return
        obs = Observer()
        handler = _Handler(self.note)
        for f in folders:
            try:
                obs.schedule(handler, f, recursive=True)
            except OSError as e:  # a folder removed since it was configured: the next resync drops it
                log.warning("cannot watch %s: %s", f, e)
        obs.daemon = True
        obs.start()
        self._observer, self._watched = obs, list(folders)

    def _unwatch(self) -> None:
        obs, self._observer, self._watched = self._observer, None, []
        if obs is not None:
            obs.stop()
            obs.join(timeout=2)

    # -- the worker ----------------------------------------------------------------------------
    def _run(self) -> None:
        _lower_priority()
        while not self.stop_event.is_set():
            resync, due = self._next()
            try:
                if resync:
                    self._reconcile()
                if due:
                    self._handle(due)
            except Stopped:
                break
            except Exception:  # the index must survive a bad file system event or a full disk
                log.exception("keeping the document index fresh failed")
            finally:
                self.busy = False
        self._unwatch()

    def _next(self) -> tuple[bool, list[str]]:
        """Wait for work: a resync, or paths quiet for `quiet_s`."""
        with self._cond:
            while not self.stop_event.is_set():
                now = time.monotonic()
                due = sorted(p for p, t in self._pending.items() if now - t >= self.quiet_s)
                if self._resync or due:
                    for p in due:
                        del self._pending[p]
                    resync, self._resync = self._resync, False
                    self.busy = True
                    return resync, due
                wait = min((self.quiet_s - (now - t) for t in self._pending.values()), default=1.0)
                self._cond.wait(max(0.05, wait))
        return False, []

    def _reconcile(self) -> None:
        folders = self.folders()
        self._watch(folders)
        self.index.sync(folders, self.progress)
        self.index.changed()

    def _handle(self, paths: list[str]) -> None:
        roots = self._watched
        total = len(paths)
        for i, path in enumerate(paths):
            if not any(path == r or path.startswith(r.rstrip("/") + "/") for r in roots):
                continue  # an event from a folder no longer watched
            if self.progress is not None:
                self.progress(Progress("", i, total, path))
            p = Path(path)
            if p.is_dir():
                self.index.indexer.index_folder(path)
            elif self.index.indexer.index_path(p) == "absent":
                self.index.indexer.forget_under(path)  # a folder deleted or moved away
        self.index.changed()
        if self.progress is not None:
            self.progress(Progress("", total, total, finished=True))


def _lower_priority() -> None:
    """nice 19 for this thread only: on Linux a thread is its own scheduling entity."""
    if sys.platform.startswith("linux"):
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
        except (OSError, AttributeError):
            pass
