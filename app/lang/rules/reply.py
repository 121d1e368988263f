"""A bare yes or no, said right after the assistant offered something ("Vuoi un promemoria un'ora prima?").

Read by app/lang/reply.py for the engine's offers (app/engine/offers.py): the request right after an offer is its
answer only when it is nothing but an answer — "sì", "sì grazie", "ok, ricordamelo", "no grazie". Anything more
("sì ma alle 14", "no, ricordamelo alle 13") is a request of its own and goes the usual way, and the offer lapses.
"""
from __future__ import annotations

from .table import Rule, Table

# the whole text: the answer, then courtesy or "remind me" said with it, then punctuation
_WHOLE = r"^\s*(?:{words})(?:[\s,!.]+(?:grazie|grazie mille|per favore|please|thanks|thank you|ricordamelo|" \
         r"ricordamelo pure|avvisami|remind me|go ahead|procedi|fallo|do it))*[\s!.]*$"

REPLY = Table("reply", __doc__ or "", (
    Rule(
        id="yes",
        effect="the whole request says yes to the offer just made: it is accepted (the offered action runs, with its "
               "approval as any write)",
        mode="match", pattern=_WHOLE,
        words=("s[iì]", "s[iì] s[iì]", "yes", "yep", "yeah", "y", "ok", "okay", "va bene", "certo", "certamente",
               "volentieri", "d'accordo", "perfetto", "sure", "of course", "yes please", "please do", "s[iì] dai",
               "ok dai", "s[iì] certo", "s[iì] perfetto", "ottimo", "great", "sounds good"),
        match=("sì", "si grazie", "Sì, ricordamelo", "ok", "yes please", "sure, remind me!", "va bene grazie",
               "sì sì", "certo, procedi"),
        no_match=("sì ma alle 14", "no", "yes at 2pm instead", "ok ricordami anche il latte", "sicuro?",
                  "yesterday", "certo che no"),
    ),
    Rule(
        id="no",
        effect="the whole request says no to the offer just made: nothing is done, and it is said",
        mode="match", pattern=r"^\s*(?:{words})(?:[\s,!.]+(?:grazie|thanks|thank you|non serve|not needed))*[\s!.]*$",
        words=("no", "no no", "nope", "nah", "no grazie", "no thanks", "no thank you", "non serve", "not needed",
               "lascia stare", "lascia perdere", "niente", "non importa", "never mind", "don't", "no dai",
               "meglio di no", "anche no", "no need"),
        match=("no", "no grazie", "No, thanks!", "lascia stare", "non serve, grazie", "nope"),
        no_match=("no, ricordamelo alle 13", "non ricordarmelo domani ma dopodomani", "nothing else?", "sì",
                  "not now, at 5pm"),
    ),
))
