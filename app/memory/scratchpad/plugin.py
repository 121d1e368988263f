"""Engine plugin: the scratchpad's part of every turn.

`services(turn, s)` gives the tools the store and the offload hook; gc runs at
every turn start; `tools(ctx)` is what the planner adds to its
surface: scratchpad_read only while this owner's turn has entries. The store
opens on first use; if it cannot (unwritable data dir), turns go on with
big observations shown shrunk, and the reason is logged once.
"""
from __future__ import annotations

import logging
import threading
from typing import Any

from app.store.db import StoreError
from app.store.keys import KeyUnavailable
from app.tools.plugin import Plugin
from app.tools.registry import Tool
from app.turn.events import Turn
from app.turn.services import TurnServices

from .hook import present_hook
from .store import Scratchpad
from .tool import TOOL

log = logging.getLogger(__name__)


class ScratchpadPlugin(Plugin):
    name = "scratchpad"

    def __init__(self, store: Scratchpad | None = None):
        self._store = store
        self._failed = False
        self._lock = threading.Lock()

    @property
    def store(self) -> Scratchpad | None:
        with self._lock:
            if self._store is None and not self._failed:
                try:
                    self._store = Scratchpad()
                except StoreError as e:  # no key (or no disk): this session's big outputs stay in memory
                    log.log(logging.INFO if isinstance(e, KeyUnavailable) else logging.WARNING,
                            "scratchpad kept in memory only: %s", e)
                    try:
                        self._store = Scratchpad.in_memory()
                    except StoreError as e2:
                        log.warning("scratchpad unavailable, big outputs will be shown shrunk: %s", e2)
                        self._failed = True
            return self._store

    def services(self, turn: Turn, s: TurnServices) -> None:
        store = self.store
        if store is not None:
            s.scratchpad, s.present = store, present_hook(store)
            s.scratch_has_entries = lambda: store.has_entries(turn.owner, turn.id)

    def turn_started(self, ctx: Any) -> None:
        s = self.store
        if s is not None:
            n = s.gc()
            if n:
                log.debug("scratchpad gc removed %d expired entries", n)

    def tools(self, ctx: Any) -> list[Tool]:
        """Builtin tools to show the model now: scratchpad_read while the turn has entries."""
        s = self.store
        return [TOOL] if s is not None and s.has_entries(ctx.owner, ctx.turn_id) else []

    def close(self) -> None:
        with self._lock:
            s, self._store = self._store, None
        if s is not None:
            s.close()
