"""L1's second opinion: a learned head on the request's vector says which taught tool's call may serve it.

Why: L1 served a request only when its cosine to a taught request passed the threshold AND every word of it was a
word the tool had been asked with (tool_sense.fits). New people ask with new words ("pull up X", "leggimi X, ho le
mani impegnate", "sa dirmi l'ora esatta?"): on the tune halves of batches 34-38 about half of the fast path's
misses were that vocabulary guard or a cosine just under the threshold, with the right taught request nearest.
Thirty rounds of word rules did not converge. The head (`l1_accept`: a logistic regression on the canonical-text
vector the router computes anyway, trained on the tune halves of the labelled requests with a `refuse` class for
the must-not probes, app/bench/heads.py) judges the meaning instead: when it is sure the request asks for the
candidate's tool, the candidate may be served

- with words the tool was never asked with, or a verb the lexicon does not know (tool_sense.fits, `sure`);
- with a cosine in a band just under the threshold;
- and the head's tool's own taught requests are searched even when the request's verb did not point to them.

Only for a tool that only reads and whose argument is not made of the request's words (trusted). Everything else
still refuses as before: negation, a verb the lexicon knows as another action, markers (count, filter, tell),
objects, paths' roles, a later time, the argument binding and the unconsumed-value check. How the thresholds were
chosen and what they gave: resources/eval/heads/README.md.
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from app.lang.heads import Head, load_head
from app.tools.slots import slots_of

L1_HEAD = "l1_accept"
REFUSE = "refuse"  # the head's class for a request no taught call may serve as it is
WORD_SLOTS = frozenset({"{expression}", "{text}"})  # a tool's argument made of the request's own words
# the head's probability for the candidate's tool above which L1 relaxes one guard (chosen on the tune halves)
SURE_WORDS = 0.9  # words the tool was never asked with, a verb the lexicon does not know
SURE_KIND = 2.0  # a path nothing names as a file or a folder: off ("show me the contents of X" is read or list)
SURE_BAND = 0.9  # a cosine in the band just under the threshold
BAND = 0.03
SURE_WIDEN = 0.9  # the head's tool's own taught requests are searched too


def head_for(embedder: Any) -> Head | None:
    """The shipped head for this embedder's vectors, or None (then L1 judges as it did without one)."""
    return load_head(L1_HEAD, str(getattr(embedder, "ident", "") or ""))


def tool_probs(head: Head | None, vec: np.ndarray) -> dict[str, float] | None:
    """The head's probability of each class for the request's vector (None without a head)."""
    return head.probs(vec) if head is not None else None


def top_of(probs: dict[str, float] | None) -> dict[str, Any] | None:
    """The likeliest class and its probability, for `metnos route --json`."""
    if not probs:
        return None
    best = max(probs, key=probs.__getitem__)
    return {"class": best, "p": round(probs[best], 3)}


def trusted(p: float, tool: Any) -> float:
    """The head's word counts only for a tool that only reads: a call that changes something (delete, move,
    write, remember) is served only as the rules read it ("rmdir X" was read as delete_files 0.9 — a folder's
    removal the set's writer had meant as make_folder's antonym). Nor for a tool whose argument is made of the
    request's own words (calculate's expression): there a word it was never asked with is an operand the call
    loses ("what's 15% of my salary?" became "(15/100)")."""
    if tool is None or getattr(tool, "risk", "read") != "read":
        return 0.0
    return 0.0 if set((slots_of(tool).fill or {}).values()) & WORD_SLOTS else p


def threshold_for(threshold: float, p: float, learned: bool) -> float:
    """A candidate's cosine threshold: a band lower when the head is sure of its tool, unless the row learned a
    stricter threshold of its own after being contradicted."""
    return threshold - BAND if p >= SURE_BAND and not learned else threshold


def widen_to(probs: dict[str, float] | None, tools: Callable[[str], Any]) -> str | None:
    """The read-only tool whose taught requests L1 searches besides those the request's verb points to, if the
    head is sure of it."""
    top = top_of(probs)
    if not top or top["class"] == REFUSE:
        return None
    return top["class"] if trusted(top["p"], tools(top["class"])) >= SURE_WIDEN else None
