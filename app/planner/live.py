"""Live information: a question whose answer is the world's state now is answered "I can't know", never invented.

Why: offline, the instruct model answered "senti ma domani piove?" with "Sì, domani piove.", "quanto costa oggi la
benzina?" with "circa 1,50 euro", "a che ora chiude stasera la farmacia sotto casa?" with "alle 18:00" — 8 of 12
such questions tried by hand (2026-12-05). The capability stage refuses the forms its rules name
(app/lang/rules/unsupported.py: "che tempo fa", "weather", "news"…); a rule per missed phrasing does not converge,
so the judgement is a learned head (`live`, app/bench/heads.py) on the vectors the planner reads anyway, trained
on 520 labelled requests with their near misses ("perché piove?", "leggi il file meteo.txt", "che ore sono").

It acts only where the model would write an answer from nothing: no tool ran and no tool was chosen. A tool's
answer, a fixed reply (thanks, an account) and every request the model is not asked to write are untouched.
"""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from app.lang.detect import detect_lang
from app.lang.heads import LIVE, LIVE_HEAD, load_head
from app.lang.messages import say
from app.routing import capability  # noqa: F401  (registers the "cannot.live" sentence)

# chosen by 2-fold cross-validation inside the tune half of the head's data: the best recall (84/116) with ≤ 1 %
# of the other requests read live (4/580); resources/eval/heads/README.md
LIVE_MIN = 0.6


def live_probability(embedder: Any, head_vecs: Sequence[Any] | None) -> float:
    """The head's probability that the request asks for live information: the highest over its clauses (each
    read whole: the first row the intent head reads for it). 0.0 without an embedder or a head."""
    if embedder is None or not head_vecs:
        return 0.0
    head = load_head(LIVE_HEAD, str(getattr(embedder, "ident", "") or ""))
    if head is None:
        return 0.0
    return max((head.probs(np.asarray(rows[0]))[LIVE] for rows in head_vecs if len(rows)), default=0.0)


def refusal(question: str, probability: float) -> str | None:
    """The "I can't know it offline" sentence when the head reads live information, else None."""
    if probability < LIVE_MIN:
        return None
    return say("cannot.live", detect_lang(question))
