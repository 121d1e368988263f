"""The request right after an offer, read as its answer: "sì" runs the offered call, "no" is answered in its words.

A plugin appends an `Offer` to the turn (reminders: "Vuoi un promemoria un'ora prima?"; allow-folder: "Consenti
questa cartella"); finish.py asks it at the end of the answer and keeps the last one for the owner. Only the
owner's very next request may answer it (the engine pops it whatever that request is), and only a bare yes/no
(app/lang/reply.py): anything else is a request of its own and the offer lapses. A yes is a routed decision like
any other (level L0, stage "offer"), so a write still asks for its approval; an offer that remedies a failure
(`Offer.then`) runs its call and then the request it unblocks (offer_again.py).

A bare yes or no with no offer standing and no conversation (a one-off request: `metnos ask "sì"` after another
`metnos ask` made the offer, which lived in that process) is answered here that nothing waits for it: the model,
given "sì" alone, answered "Certo! Come posso aiutarti oggi?" after loading. In a conversation it is the
planner's, whose history may give it a meaning.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from app.lang.messages import register, say
from app.turn import events as ev
from app.turn.decision import RouteResult

from .dispatch import fast_path
from .finish import finish
from .offer_again import run_again

if TYPE_CHECKING:
    from app.tools.runner import TurnContext

    from .engine import Engine

register({
    "offer.none_waiting": {"it": "Non ho nessuna proposta in sospeso a cui rispondere: dimmi cosa vuoi che faccia.",
                           "en": "I have no offer waiting for an answer: tell me what you want me to do."},
})


def nothing_to_answer(engine: Engine, ctx: TurnContext, text: str, session: str) -> bool:
    """A bare "sì" / "no" in a one-off request with no offer standing: said so (True); else False."""
    from app.lang.asked import asked
    from app.lang.reply import reply_to_offer

    if session or reply_to_offer(text) is None or asked(text).social:
        return False  # "ok grazie" reads as a yes to an offer, and is thanks: the answer says "prego"
    ctx.turn.level = "L0"
    ctx.emit(ev.RouteDecision(ctx.turn_id, 0, level="L0", why="offer: none standing for this yes/no"))
    finish(engine, ctx, say("offer.none_waiting", ctx.lang), session)
    return True


def answer_offer(engine: Engine, ctx: TurnContext, offer: ev.Offer, text: str, session: str) -> bool:
    """The request right after an offer: "sì" runs the offered call (approval as for any write), "no" is
    answered with the offer's words; anything else is a request of its own (False) and the offer lapses."""
    from app.lang.reply import reply_to_offer

    answer = reply_to_offer(text)
    if answer is None:
        return False
    ctx.turn.lang = offer.lang  # "sì" speaks the offer's language
    if answer == "no":
        ctx.turn.level = "L0"
        ctx.emit(ev.RouteDecision(ctx.turn_id, 0, level="L0", why="offer: declined"))
        finish(engine, ctx, offer.declined, session)
        return True
    decided = RouteResult("L0", offer.tool, dict(offer.args), arg_sources={k: "offer" for k in offer.args},
                          reason=f"offer: accepted ({offer.tool})", lang=offer.lang, stage="offer")
    if offer.then:  # a remedy ("Consenti questa cartella"): its call, then the request it unblocks again
        run_again(engine, ctx, offer, decided, text, session)
        return True
    fast_path(engine, ctx, text, session, decided)
    return True
