"""The engine's offload hook: `services.present = present_hook(scratchpad)`.

`TurnContext._present(step, result)` calls it after every successful tool
call; settings are read per call so a runtime.toml edit applies at once.
"""
from __future__ import annotations

import logging
from typing import Any, Callable

from app.store.db import StoreError

from . import view
from .store import Scratchpad

log = logging.getLogger(__name__)

PresentHook = Callable[[Any, Any, Any], tuple[dict[str, Any], "str | None"]]


def present_hook(store: Scratchpad) -> PresentHook:
    def present(tc: Any, step: Any, result: Any) -> tuple[dict[str, Any], str | None]:
        cfg = tc.config.scratchpad
        try:
            return store.present(result, owner=tc.owner, turn_id=tc.turn_id, step_num=step.num, executor=step.tool,
                                 threshold_bytes=int(cfg.threshold_bytes), inline_chars=int(cfg.inline_chars),
                                 ttl=float(cfg.ttl_seconds))
        except StoreError as e:  # a full disk must not lose the turn: show it shrunk instead
            log.warning("scratchpad offload failed: %s", e)
            return view.inline(result, int(cfg.inline_chars)), None
    return present
