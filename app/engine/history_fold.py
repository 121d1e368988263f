"""Folding a long chat's history: its older exchanges become one summary, so an early fact survives.

It runs right after the answer on the turn's thread, because the summary is written by the model and that thread
is the model's one owner; the work after the answer waits for it before `TurnEnded`. It gives way at once to a
request that arrives: the fold's token is cancelled (`Engine.run_turn`), the model stops, and the older exchanges
are folded by rules instead (what the person said, word for word). The folding itself is app/memory/compaction.py.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Callable

from app.models.base import LLMError
from app.models.bundle import ModelError
from app.tools.runner import TurnContext
from app.turn import events as ev
from app.turn.cancel import CancelToken, TurnCancelled

if TYPE_CHECKING:
    from .after_answer import Answered
    from .engine import Engine

log = logging.getLogger(__name__)


def fold_history(engine: Engine, done: Answered) -> None:
    """After the answer, on the turn's thread (the model's owner): a chat past its length folds its older
    exchanges into a summary. Never raises."""
    if not done.session or done.session not in engine.history:
        return
    token = CancelToken()
    with engine._idle_lock:
        if engine._waiting:
            token.cancel()  # a request already waits: no model call now
        engine._idle = token
    try:
        hist = engine.history[done.session]
        engine.history[done.session] = compacted(engine, hist, done.ctx, token)
    except Exception:
        log.exception("chat history not folded")
    finally:
        with engine._idle_lock:
            engine._idle = None


def compacted(engine: Engine, hist: list[tuple[str, str]], ctx: TurnContext,
              cancel: CancelToken | None = None) -> list[tuple[str, str]]:
    """Older exchanges of a chat folded into one summary written by the instruct model (the lite model's
    chats keep the person's own words), so an early fact survives a long conversation. The model writes
    only when it is loaded and nothing waits (`cancel`, set by a request that arrives): otherwise, and
    when it is interrupted, the fold is by rules (what the person said, word for word)."""
    from app.memory.compaction import HISTORY_FOLD_AT, compact_history, conversation_summarizer, is_history_summary

    if len(hist) - (1 if hist and is_history_summary(hist[0]) else 0) <= HISTORY_FOLD_AT:
        return hist
    cancel = cancel or CancelToken()
    by_rules: Callable[[str], str] = lambda _t: ""  # noqa: E731
    summarize = by_rules
    if not cancel.cancelled and getattr(engine.models, "llm_loaded", True):  # never a model load after the answer
        try:
            from app.planner.choose import model_weight
            from app.planner.compose import writes
            from app.turn.services import provide

            llm = provide(engine.models.llm)
            if writes(llm, model_weight(llm, float(getattr(engine.config.llm, "choice_weight", -1.0)))):
                summarize = conversation_summarizer(llm, cancel=cancel)
        except (LLMError, ModelError) as e:
            log.warning("chat summary by rules only: %s", e)
    try:
        folded = compact_history(hist, summarize)
    except TurnCancelled:
        folded = compact_history(hist, by_rules)
    ctx.emit(ev.Progress(ctx.turn_id, ctx.next_step, what=f"conversation compacted ({len(hist)} → "
                                                          f"{len(folded)} exchanges)"))
    return folded
