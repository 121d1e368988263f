"""Engine plugin: structured turn state and long-term memory in every turn.

* `services(turn)`: a fresh TurnState (update_plan / save_note act on it), the
  state block the planner injects after the task, the long-term memory (or the
  reason it is off) and its prompt block;
* two routing stages (app/memory/route_stages.py): "ricordati che X" is stored
  through the `remember` tool before L1 (events, approvals and the injection
  guard as for any call), and a recall question that clearly matches one stored
  fact is answered by quoting it after the fast path missed;
* `after_step(ctx, step)`: a MemoryWritten event for every stored fact and a
  StateUpdate whenever the plan or notes change.
"""
from __future__ import annotations

import logging
import threading
from typing import Any

from app.tools.plugin import Plugin
from app.turn import events as ev
from app.turn.decision import RouteStage
from app.turn.events import Turn
from app.turn.services import TurnServices

from .keys import MemoryUnavailable
from .longterm import LongTermMemory
from .route_stages import RecallStage, RememberStage
from .state import TurnState

log = logging.getLogger(__name__)


class MemoryPlugin(Plugin):
    name = "memory"

    def __init__(self, engine: Any):
        self.engine = engine
        self._lock = threading.Lock()
        self._memory: LongTermMemory | MemoryUnavailable | None = None

    @property
    def memory(self) -> LongTermMemory | MemoryUnavailable:
        with self._lock:
            cfg = self.engine.config
            if not cfg.memory.long_term_enabled:
                return MemoryUnavailable("long-term memory is turned off (memory.long_term_enabled = false)")
            if self._memory is None or isinstance(self._memory, MemoryUnavailable):
                self._memory = LongTermMemory.open_or_reason(cfg, ask=getattr(self.engine, "ask_secret", None),
                                                             embedder=self.engine.models.embedder)
            return self._memory

    def services(self, turn: Turn, s: TurnServices) -> None:
        state = TurnState()
        s.state, s.state_block, s.registry = state, state.render, self.engine.registry
        # opened on first use, not here: an L0 turn must not touch the keyring (or ask for a passphrase)
        s.memory = lambda: self.memory
        s.memory_block = lambda q=None: self._block(q)

    def _block(self, query: str | None) -> str:
        mem = self.memory
        return _safe_block(mem, query) if isinstance(mem, LongTermMemory) else ""

    def route_stages(self) -> tuple[list[RouteStage], list[RouteStage]]:
        """(after L0 before L1, after L2): an explicit "ricordati che X" is a rule; a recall question that clearly
        matches one stored fact is answered by quoting it, tried only after the fast path missed so an L0
        request never opens the memory or loads the embedder."""
        return [RememberStage()], [RecallStage(lambda: self.memory)]

    def after_step(self, ctx: Any, step: Any) -> None:
        if step.tool == "remember" and step.ok and isinstance(step.result, dict) and step.result.get("id"):
            r = step.result
            ctx.emit(ev.MemoryWritten(ctx.turn_id, step.num, fact_id=int(r["id"]), text=str(r.get("fact", "")),
                                      category=str(r.get("category", "")), source=str(r.get("source", ""))))
        if step.tool in ("update_plan", "save_note") and step.ok:
            state = ctx.services.state
            if state is not None:
                ctx.emit(ev.StateUpdate(ctx.turn_id, step.num, **state.snapshot()))

    def close(self) -> None:
        with self._lock:
            m, self._memory = self._memory, None
        if isinstance(m, LongTermMemory):
            try:
                m.close()
            except Exception:
                pass


def _safe_block(mem: LongTermMemory, query: str | None) -> str:
    try:
        return mem.prompt_block(query)
    except Exception:
        log.exception("memory block failed")
        return ""
