"""The step every way of answering ends with: the turn's answer said, and what the next request may use of it.

The fast path, the planner, an offer's answer, a follow-up's call or question back (followup.py, open_each.py) and
a remedy run again (offer_again.py) all end here, so the answer is composed, judged and emitted in one place: the
words said before it (`Turn.said_first`), whether the turn went well (what the router learns from, after the
answer), the offers a plugin made asked at its end, the `Answer` event, then each `Offer` event, and the exchange
in the chat's history (what the planner sees of the conversation next).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from app.turn import events as ev

if TYPE_CHECKING:
    from app.tools.runner import TurnContext

    from .engine import Engine


def finish(engine: Engine, ctx: TurnContext, answer: str, session: str, ok: bool = True) -> None:
    """Say `answer` as the turn's answer; `ok=False` for an answer that reports a failure (not one to learn)."""
    turn = ctx.turn
    turn.answer = "\n\n".join(x for x in (turn.said_first, answer) if x)
    turn.ok = ok and bool(answer) and not any(
        not s.ok for s in turn.steps[-1:])  # a failed last step is not a success to learn from
    # a plugin's proposal, asked at the end of the answer; after a failure only the remedy the failed step
    # itself offered ("Consenti questa cartella")
    last = turn.steps[-1].num if turn.steps else None
    offers = [o for o in turn.offers if turn.ok or o.step == last]
    if offers:
        turn.answer = " ".join([turn.answer, *(o.text for o in offers)])
    ctx.emit(ev.Answer(turn.id, ctx.next_step, text=turn.answer, level=turn.level))
    for o in offers:
        ctx.emit(o)
    if offers:
        engine._offers[ctx.owner] = offers[-1]  # the next request may answer it ("sì"): offers.py
    if session:
        engine.history.setdefault(session, []).append((turn.text, turn.answer))
