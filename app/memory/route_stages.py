"""The memory's routing stages: remember by rule, recall by one clear match. They decide; the engine runs.

Both answer through the registered tools (`remember`, `recall`), so approvals, the injection guard,
events and the history are the same as for any other call, and `metnos route --json` shows them.
"""
from __future__ import annotations

import logging
from typing import Any, Callable

from app.turn.decision import RouteResult

from .facts import extract_fact
from .longterm import LongTermMemory

log = logging.getLogger(__name__)


class RememberStage:
    """An explicit "ricordati che X" / "remember that X" (rules only: no model, no embedder)."""

    name = "remember"

    def decide(self, text: str, owner: str | None) -> RouteResult | None:
        found = extract_fact(text)
        if found is None:
            return None
        fact, category = found
        return RouteResult("L0", "remember", {"fact": fact, "category": category},
                           arg_sources={"fact": "rules", "category": "rules"},
                           reason="memory: explicit remember request", stage=self.name)


class RecallStage:
    """A question that clearly matches one stored fact is answered by quoting it, date and source included."""

    name = "recall"

    def __init__(self, memory: Callable[[], Any]):
        self._memory = memory

    def decide(self, text: str, owner: str | None) -> RouteResult | None:
        if not text.rstrip().endswith("?"):
            return None
        mem = self._memory()
        if not isinstance(mem, LongTermMemory):
            return None
        hit = mem.answer_from_memory(text)
        if hit is None:
            return None
        answer, fact = hit
        return RouteResult("L1", "recall", {"query": text, "k": 3}, arg_sources={"query": "rules"},
                           score=fact.score, reason="memory: one stored fact answers the question",
                           reply=answer, stage=self.name)
