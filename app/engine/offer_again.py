"""An accepted offer that remedies a failure, then the request the failure stopped, run again in the same turn.

"elenca /mnt/foto" failed because /mnt/foto is outside the allowed folders; the answer offered "Consenti questa
cartella" (app/tools/allow.py). The person's "sì" (or the button) is the turn that runs the offered call — a write,
so with its approval card — and, only when that call succeeded, the original request again, as if asked now: the
same routing, fast path or planner, approvals included. Its answer starts with what the call changed ("Fatto:
/mnt/foto ora è tra le Cartelle consentite.").

Why in the same turn rather than a new one the front end sends: the CLI and the UI get the whole exchange with no
extra plumbing, the history records one turn for one "sì", and the request is run with the configuration the call
just wrote (the turn's context takes the reloaded one). A declined or failed call says so and runs nothing else.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from app.turn import events as ev
from app.turn.decision import RouteResult
from app.turn.rendering import render

from .dispatch import route_and_answer
from .finish import finish

if TYPE_CHECKING:
    from app.tools.runner import TurnContext

    from .engine import Engine


def run_again(engine: Engine, ctx: TurnContext, offer: ev.Offer, decided: RouteResult, text: str,
              session: str) -> None:
    """Run `offer`'s call; when it succeeded, `offer.then` as the turn's request (its answer after the call's)."""
    turn = ctx.turn
    turn.level, turn.route = "L0", decided
    ctx.emit(ev.RouteDecision(ctx.turn_id, 0, level="L0", why=decided.reason, tool=offer.tool,
                              args=dict(offer.args), steps=[{"tool": offer.tool, "args": dict(offer.args)}]))
    out = ctx.execute(offer.tool, dict(offer.args), dict(decided.arg_sources), level="L0")
    if not out.ok:  # declined, or the change could not be made: said, and the request is not run again
        result = out.step.result if out.step is not None else out.view
        finish(engine, ctx, render(offer.tool, result, offer.lang, text), session, ok=False)
        return
    ctx.config = engine.config  # what the call wrote (a folder allowed) counts for the request run again
    turn.said_first = render(offer.tool, out.result, offer.lang, text)
    asked, turn.text = turn.text, offer.then
    try:
        route_and_answer(engine, ctx, offer.then, session)
    finally:
        turn.text = asked  # the history shows what the person typed ("sì"), with the answer it got
