"""Engine plugin: the scratchpad's part of every turn.

`services(turn)` gives the tools the store and the offload hook; gc runs at
every turn start (seed 000); `tools(ctx)` is what the planner adds to its
surface: scratchpad_read only while this owner's turn has entries. The store
opens on first use; if it cannot (unwritable data dir), turns go on with
big observations shown shrunk, and the reason is logged once.
"""
from __future__ import annotations

import logging
import threading
from typing import Any

from app.store.db import StoreError
from app.tools.registry import Tool

from .hook import present_hook
from .store import Scratchpad
from .tool import TOOL

log = logging.getLogger(__name__)


class ScratchpadPlugin:
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
                except StoreError as e:
                    log.warning("scratchpad unavailable, big outputs will be shown shrunk: %s", e)
                    self._failed = True
            return self._store

    def services(self, turn: Any) -> dict[str, Any]:
        s = self.store
        return {} if s is None else {"scratchpad": s, "present": present_hook(s)}

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
