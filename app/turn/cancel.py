"""Cooperative cancellation shared by the engine, the LLM and the tools."""
from __future__ import annotations

import threading


class TurnCancelled(Exception):
    """Raised inside a turn when its CancelToken was set."""


class CancelToken:
    def __init__(self) -> None:
        self._ev = threading.Event()

    def cancel(self) -> None:
        self._ev.set()

    @property
    def cancelled(self) -> bool:
        return self._ev.is_set()

    def check(self) -> None:
        if self._ev.is_set():
            raise TurnCancelled()
