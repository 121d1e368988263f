"""The work after the answer: what a turn leaves once the person has it, in order, then `TurnEnded`.

It runs on the engine's second thread, in the order the turns answered, so the next request never waits for it:
the plugins' `turn_ended`, the fast path's feedback (a hit cancelled or undone was wrong) and learning (a turn
that ended well is a pattern to replay), the history's record of the turn, and once per process the notice that
storage runs without its key. Each part is guarded on its own: a failure is logged and `TurnEnded` still comes.
`Engine.run_turn_sync` runs it on the calling thread instead, in the same order.
"""
from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from app.lang.messages import say
from app.store import vault
from app.store.keys import KeyMissing, KeyringLocked, KeyUnavailable, PassphraseLocked, WrongKey
from app.tools.runner import TurnContext
from app.turn import events as ev
from app.turn.events import Turn

from . import messages as _messages  # noqa: F401  (registers notice.store.*)
from .plugins import safe

if TYPE_CHECKING:
    from .engine import Engine

log = logging.getLogger(__name__)

NOTICE_KEYS: tuple[tuple[type, str], ...] = (
    (KeyMissing, "notice.store.key_missing"), (WrongKey, "notice.store.wrong_key"),
    (PassphraseLocked, "notice.store.passphrase"), (KeyringLocked, "notice.store.locked"),
    (KeyUnavailable, "notice.store.no_keyring"))


@dataclass
class Answered:
    """A turn whose person's part is over (TurnAnswered emitted): what the work after the answer needs."""

    ctx: TurnContext
    session: str
    started: float  # time.time() at the start (the history's clock)
    elapsed_ms: float  # to the answer
    t_answer: float  # perf_counter() when TurnAnswered was emitted


def after_answer(engine: Engine, done: Answered, folded: threading.Event | None = None) -> None:
    """The work after the answer, in order: plugins, the fast path's feedback and learning, the history,
    the storage notice; then TurnEnded (once a chat's history is folded, when that is still going on)."""
    ctx, turn = done.ctx, done.ctx.turn
    for p in engine.plugins:
        safe(p, "turn_ended", ctx)
    steps: list[Callable[[], None]] = [
        lambda: feedback(engine, turn), lambda: learn(engine, turn),
        lambda: record(engine, turn, done.started, done.elapsed_ms, done.session),
        lambda: notice_storage(engine, ctx)]
    for step in steps:
        try:
            step()
        except Exception:  # each part is guarded inside; this keeps TurnEnded coming whatever happens
            log.exception("work after the answer failed")
    if folded is not None:
        folded.wait()
    ctx.emit(ev.TurnEnded(turn.id, ctx.next_step, ok=turn.ok, elapsed_ms=done.elapsed_ms,
                          after_ms=(time.perf_counter() - done.t_answer) * 1000))


def feedback(engine: Engine, turn: Turn) -> None:
    """A fast-path hit the user cancelled, or undid right after, was wrong: that entry gets stricter."""
    prev = engine._last_fast.get(turn.owner)
    engine._last_fast[turn.owner] = (turn.level, turn.route)  # not the turn: its results may be big
    r = engine.router
    if r is None:
        return
    wrong = None
    if turn.cancelled and turn.level in ("L1", "L2"):
        wrong = turn.route
    elif (any(s.tool == "undo" for s in turn.steps)  # "annulla" right after a hit: it was not wanted
          and prev is not None and prev[0] in ("L1", "L2")):
        wrong = prev[1]
    if wrong is not None:
        try:
            r.contradict(wrong)
        except Exception:
            log.exception("could not record a contradicted fast-path hit")


def learn(engine: Engine, turn: Turn) -> None:
    """A turn that ended well, for the whole of its request, is one the router may replay next time."""
    if not turn.ok or turn.cancelled or engine.config.ui.pause_learning:
        return
    if turn.route is not None and (turn.route.notice or turn.route.planner_text):
        return  # only part of the request was done: not a pattern to replay
    if any("offer" in s.arg_sources.values() for s in turn.steps):
        return  # "sì" answered an offer: not a request to replay
    r = engine.router
    if r is not None:
        try:
            r.learn(turn)
        except Exception:
            log.exception("learning failed (the turn itself was fine)")


def record(engine: Engine, turn: Turn, started: float, elapsed: float, session: str) -> None:
    """The turn's answer, outcome and steps in the history (its start was written when it began, so a crash
    leaves it shown as interrupted)."""
    j = engine.journal
    if j is None:
        return
    try:
        j.record(turn, started, elapsed, session)
    except Exception as e:
        log.warning("history not recorded: %s", type(e).__name__)


def notice_storage(engine: Engine, ctx: TurnContext) -> None:
    """Tell the person once per process, in their language, that what they say is not being saved."""
    fallbacks = dict(vault.VAULT.fallbacks)
    for err in fallbacks.values():
        key = next((k for cls, k in NOTICE_KEYS if isinstance(err, cls)), None)
        if key is None or key in engine._told:
            continue
        engine._told.add(key)
        lang = ctx.lang
        ctx.emit(ev.Notice(ctx.turn_id, ctx.next_step, message=say(key, lang),
                           hint=say("notice.store.hint", lang), key=key))
        log.info("storage without its key (%s): %s", ", ".join(sorted(fallbacks)), err)
        return  # one notice is enough: the others have the same cause and the same cure
