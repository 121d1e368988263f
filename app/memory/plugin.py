"""Engine plugin: structured turn state and long-term memory in every turn.

* `services(turn)`: a fresh TurnState (update_plan / save_note act on it), the
  state block the planner injects after the task, the long-term memory (or the
  reason it is off) and its prompt block;
* the deterministic help the tiny model needs: `intercept` (before routing)
  stores "ricordati che X" through the `remember` tool (events, approvals and
  the injection guard as for any call); `before_planner` (when the fast path
  missed) answers a recall question that clearly matches one stored fact by
  quoting it with date and source;
* `after_step(ctx, step)`: a MemoryWritten event for every stored fact and a
  StateUpdate whenever the plan or notes change.
"""
from __future__ import annotations

import logging
import threading
from typing import Any

from app.engine import events as ev
from .facts import extract_fact
from .keys import MemoryUnavailable
from .longterm import LongTermMemory
from .state import TurnState

log = logging.getLogger(__name__)


class MemoryPlugin:
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
                                                             embedder=self.engine.services.embedder)
            return self._memory

    def services(self, turn: Any) -> dict[str, Any]:
        state = TurnState()
        # opened on first use, not here: an L0 turn must not touch the keyring (or ask for a passphrase)
        return {"state": state, "state_block": state.render, "registry": self.engine.registry,
                "memory": lambda: self.memory, "memory_block": lambda q=None: self._block(q)}

    def _block(self, query: str | None) -> str:
        mem = self.memory
        return _safe_block(mem, query) if isinstance(mem, LongTermMemory) else ""

    def intercept(self, ctx: Any, text: str) -> str | None:
        """An explicit "ricordati che X" / "remember that X" is stored through the remember tool."""
        found = extract_fact(text)
        if found is not None:
            fact, category = found
            ctx.emit(ev.RouteDecision(ctx.turn_id, 0, level="L0", why="memory: explicit remember request",
                                      tool="remember", args={"fact": fact, "category": category}))
            ctx.turn.level = "L0"
            out = ctx.execute("remember", {"fact": fact, "category": category},
                              {"fact": "rules", "category": "rules"}, level="L0")
            lang = _lang(text)
            if not out.ok:
                return (f"Non l'ho memorizzato: {out.error}" if lang == "it" else f"Not stored: {out.error}")
            verb = {"confirmed": ("Lo sapevo già", "I already knew"),
                    "superseded": ("Aggiornato", "Updated")}.get(out.result.get("action"), ("Memorizzato", "Remembered"))
            return f"{verb[0] if lang == 'it' else verb[1]}: {out.result['fact']}."
        return None

    def before_planner(self, ctx: Any, text: str) -> str | None:
        """A recall question that clearly matches one stored fact is answered by quoting it (after the fast path
        missed, so an L0 request never opens the memory or loads the embedder)."""
        if not text.rstrip().endswith("?"):
            return None
        mem = self.memory
        if isinstance(mem, LongTermMemory):
            try:
                hit = mem.answer_from_memory(text)
            except Exception:
                log.exception("memory lookup failed")
                return None
            if hit is None:
                return None
            answer, fact = hit
            ctx.emit(ev.RouteDecision(ctx.turn_id, 0, level="L1", why="memory: one stored fact answers the question",
                                      score=fact.score, tool="recall", args={"query": text}))
            ctx.turn.level = "L1"
            ctx.execute("recall", {"query": text, "k": 3}, {"query": "rules"}, level="L1")
            return answer
        return None

    def after_step(self, ctx: Any, step: Any) -> None:
        if step.tool == "remember" and step.ok and isinstance(step.result, dict) and step.result.get("id"):
            r = step.result
            ctx.emit(ev.MemoryWritten(ctx.turn_id, step.num, fact_id=int(r["id"]), text=str(r.get("fact", "")),
                                      category=str(r.get("category", "")), source=str(r.get("source", ""))))
        if step.tool in ("update_plan", "save_note") and step.ok:
            state = ctx.services.get("state")
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


def _lang(text: str) -> str:
    from app.engine.answers import detect_lang

    return detect_lang(text)
