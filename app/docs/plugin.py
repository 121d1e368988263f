"""Engine plugin: the document index in every turn, fresh while the app runs.

* `services(turn)`: the index (opened on first use: an L0 turn never touches the keyring for it);
* `hidden_tools()`: search_documents stays off the tool surface while no folder is indexed;
* `turn_started` / `turn_ended`: the background indexer pauses while a turn runs (`pause`);
* `start_background()`: called by the desktop app only (not by `metnos ask`): the watcher and its
  low-priority worker, which also brings every folder up to date once (changes made while the app was
  off); a change of `docs.folders` in runtime.toml (the CLI's `docs add`, the settings page) is followed
  live through the config manager;
* `progress`: listeners for what the worker is doing (the tray tooltip and the settings page).
"""
from __future__ import annotations

import logging
import threading
from typing import Any, Callable

from app.store.db import StoreError
from app.tools.plugin import Plugin
from app.turn.events import Turn
from app.turn.services import TurnServices

from .folders import usable_folders
from .indexer import Progress
from .service import DocIndex
from .tool import NAME
from .watcher import Freshness

log = logging.getLogger(__name__)


class DocsPlugin(Plugin):
    name = "docs"

    def __init__(self, engine: Any):
        self.engine = engine
        self.pause = threading.Event()  # set while a turn runs
        self._lock = threading.Lock()
        self._running: set[str] = set()  # turns begun and not yet ended (a turn ends off its thread, after the next
        # one may have begun: the pause lifts when none is left)
        self._index: DocIndex | StoreError | None = None
        self._fresh: Freshness | None = None
        self._unsubscribe: Callable[[], Any] | None = None
        self.listeners: list[Callable[[Progress], None]] = []

    # -- the index ------------------------------------------------------------------------------
    def _configured(self) -> bool:
        return bool(getattr(self.engine.config.docs, "folders", None))

    def index(self) -> DocIndex | StoreError | None:
        """The index, or why it cannot open (no keyring, a broken disk); None while no folder is chosen."""
        with self._lock:
            if isinstance(self._index, DocIndex):
                return self._index
            if not self._configured():
                return None
            try:
                self._index = DocIndex.open(lambda: self.engine.config, self._embedder(), pause=self.pause)
            except StoreError as e:  # KeyUnavailable is one: the reason says what to do
                log.info("document index unavailable: %s", e)
                self._index = e
            return self._index

    def _embedder(self) -> Any:
        models = getattr(self.engine, "models", None)
        return getattr(models, "embedder", None)

    def services(self, turn: Turn, s: TurnServices) -> None:
        s.documents = self.index

    def hidden_tools(self) -> set[str]:
        if not self._configured():
            return {NAME}
        index = self._index
        if isinstance(index, DocIndex):
            return set() if index.has_passages() else {NAME}
        return set()  # folders chosen, index not opened yet (no turn asked): offered, opened on first use

    # -- pausing ------------------------------------------------------------------------------------
    def turn_started(self, ctx: Any) -> None:
        with self._lock:
            self._running.add(ctx.turn_id)
            self.pause.set()

    def turn_ended(self, ctx: Any) -> None:
        with self._lock:
            self._running.discard(ctx.turn_id)
            if not self._running:
                self.pause.clear()

    # -- freshness ----------------------------------------------------------------------------------
    def _progress(self, p: Progress) -> None:
        for fn in list(self.listeners):
            try:
                fn(p)
            except Exception:
                log.exception("document progress listener failed")

    @property
    def watching(self) -> bool:
        """The watcher's worker runs: it alone changes which folders are indexed (the settings page leaves a
        removed folder to it, in order, instead of racing a pass over that same folder)."""
        return self._fresh is not None

    def start_background(self) -> None:
        manager = getattr(self.engine, "manager", None)
        if manager is not None and self._unsubscribe is None:
            self._unsubscribe = manager.subscribe(self._on_config)
        self._follow()

    def _on_config(self, change: Any) -> None:
        if change.ok and any(k in change.changed for k in ("docs.folders", "tools.allowed_roots")):
            self._follow()

    def _follow(self) -> None:
        """Start the worker once folders are chosen; tell a running one the folders changed."""
        index = self.index()
        if not isinstance(index, DocIndex):
            return
        with self._lock:
            if self._fresh is None:
                self._fresh = Freshness(index, lambda: usable_folders(self.engine.config),
                                        progress=self._progress).start()
                return
        self._fresh.resync()

    def close(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        with self._lock:
            fresh, self._fresh = self._fresh, None
            index, self._index = self._index, None
        if fresh is not None:
            fresh.stop()
        if isinstance(index, DocIndex):
            try:
                index.close()
            except Exception:
                pass
