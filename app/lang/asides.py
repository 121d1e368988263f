"""The fragments of a request that only say something aside, as a learned head judges them.

Why: people wrap a request in words that ask nothing — why they ask, what they will do, what happened, who it is
for ("fai una copia di X in Y, per sicurezza", "delete X, the tenant moved out in march"). The fast path's guards
refuse any word they cannot place, and every new batch brought words no list had; a rule per reason never
converged (a reason is a judgement of meaning). The `aside` head (resources/heads/aside.*, trained by
app/bench/heads.py on labelled fragments) reads each fragment alone; the router routes what is left when it
holds more than one fragment sure to be aside, and keeps the whole request otherwise.

Hard limits stay rules: a fragment holding a path, an address, a quotation or an e-mail is never aside (it is
what the request acts on); one with an action, a negation or a word that asks ("dimmi", "quando") is aside only
when the reason rules read it as the person's own ("devo mandarlo al commercialista"): the head alone read "e poi
buttalo nel cestino" as aside at 0.95, and dropping it would drop an asked delete; at least one fragment is
always kept.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .actions import action_of
from .args_extractor import extract
from .context import ASK_WORDS, CONTEXT
from .normalize import bare_words
from .rules.asides import ASIDES
from .rules.asking import ASKING
from .rules.context_words import CONTEXT_WORDS

# P(aside) for each fragment, in order (the head over the embedder the router already has)
Judge = Callable[[Sequence[str]], Sequence[float]]

ASIDE_SURE = 0.9  # a fragment is dropped only when the head is this sure (resources/eval/heads/README.md)
LEANS_ASIDE = 0.5  # the head's own reading: above it a fragment is likelier aside than asked
# In the person's own words of a task ("haul the lobster pots, tide's turning"), what follows the task and reads
# aside goes: the head's own reading was chosen on the reminders' tune half (what to remind 290 → 301 of 315, none
# that was right made wrong; resources/eval/reminders/README.md)
TRAILING_SURE = LEANS_ASIDE
_BREAK = CONTEXT_WORDS.pattern("sentence_break")
_CONNECTOR = ASIDES.pattern("connector")
_GOES_ON = ASIDES.pattern("goes_on")
_TITLE_DOT = ASIDES.pattern("title_dot")
_QUESTION = ASIDES.pattern("direct_question")
_TAKEN = ASKING.pattern("taken_back_cut")
_KEEPS = ("path", "url", "quoted", "email")  # values a fragment acts on: never aside
_EDGES = " ,;:!?.…-–—"


@dataclass(frozen=True)
class Focus:
    """What is left of a request without its asides (`text`), and the fragments taken out (`asides`)."""

    text: str
    asides: tuple[str, ...] = ()


def fragments(text: str) -> list[str]:
    """The request cut at sentence breaks, then before connectors; empty pieces and bare punctuation dropped."""
    return [p for p, _ in _pieces(text)]


def _pieces(text: str) -> list[tuple[str, bool]]:
    """Each fragment, and whether a connector cut it from the one before ("…le ricette | che mi manda mia
    sorella": it belongs to that one, and goes or stays with it)."""
    out: list[tuple[str, bool]] = []
    pieces: list[str] = []
    for piece in _BREAK.split(text):
        if pieces and piece and _TITLE_DOT.search(pieces[-1]):
            pieces[-1] = f"{pieces[-1]} {piece}"  # "il sig. | Lombardo": the name goes on
        else:
            pieces.append(piece)
    for piece in pieces:
        for n, part in enumerate(_CONNECTOR.split(piece or "")):
            if part and part.strip(_EDGES):
                out.append((part.strip(), n > 0 and bool(out)))
    return out


def _holds_values(fragment: str) -> bool:
    slots = extract(fragment)
    return any(slots.get(k) for k in _KEEPS)


def _may_be_aside(fragment: str, tied: bool, before: str = "", first: bool = False) -> bool:
    """No action, negation or word that asks ("dimmi", "what", "quando"; after the connector of a tied clause,
    unless the clause before ends asking: "dimmi | che ore sono"), unless the reason rules read the fragment as
    the person's own plan.

    A negation alone does not keep a fragment said after the request when it negates nothing the request could
    be about: no action, no object, no value of any kind, no take-back ("copia X in Y, non si sa mai", "delete X,
    sure it's no use to anyone"; routing batches 45 and 46 tune halves). "…, non cancellare niente", "…, non i
    pdf", "…, non in /x", "…, no wait" all stay."""
    if CONTEXT.match(fragment) is not None:
        return True
    if _QUESTION.search(fragment.strip()):
        return False  # a question of its own asks, whatever the head reads ("che ora è ad Asmara?")
    if tied and ASK_WORDS.intersection(bare_words(before)[-1:]):
        return False
    words = bare_words(fragment)[1 if tied else 0:]
    sig = action_of(fragment)
    negation_kept = sig.negated and (first or bool(sig.objects) or _TAKEN.search(fragment) is not None
                                     or any(extract(fragment).values()))
    return not (sig.actions or negation_kept or ASK_WORDS.intersection(words))


def focus(text: str, judge: Judge, sure: float = ASIDE_SURE) -> Focus:
    """The request without the fragments the head is `sure` only say something aside (and the clauses a
    connector ties to them, unless the head reads those as asking); the request as it was when none is, or when
    every fragment would go."""
    pieces = _pieces(text)
    parts = [p for p, _ in pieces]
    if len(parts) < 2:
        return Focus(text)
    free = [i for i, p in enumerate(parts) if not _holds_values(p)]
    if not free:
        return Focus(text)
    score = dict(zip(free, judge([parts[i] for i in free])))
    drop = {i for i in free if score[i] >= sure and _may_be_aside(parts[i], pieces[i][1], parts[i - 1] if i else "",
                                                                  first=i == 0)}
    for i, (part, tied) in enumerate(pieces):
        if tied and i - 1 in drop and i not in drop:
            if i not in score or score[i] < LEANS_ASIDE or ASK_WORDS.intersection(bare_words(part)[1:]) or \
                    _QUESTION.search(part.strip()):
                return Focus(text)  # a value or an ask inside a clause of the aside: nothing is read apart
            drop.add(i)  # "…, così ci metto le ricette | che mi manda mia sorella": the aside's own clause
    if not drop or len(drop) == len(parts):
        return Focus(text)
    kept = " ".join(p for i, p in enumerate(parts) if i not in drop)
    return Focus(kept.rstrip(" ,;:-–—"), tuple(parts[i] for i in sorted(drop)))


def trailing(task: str, judge: Judge, sure: float = TRAILING_SURE) -> Focus:
    """A task said in the person's own words (what to remind) without what follows it from the first later
    fragment the head reads aside: "chiudere il recinto, che viene a piovere" → "chiudere il recinto". The first
    fragment is the task and always stays; a fragment with a value, or that goes on with another action ("e poi
    chiamare Marco"), is the task's and stops nothing. Unlike `focus`, actions do not keep a fragment: after a task
    they are the reason's ("call the Tokyo desk, market opens early")."""
    parts = fragments(task)
    if len(parts) < 2:
        return Focus(task)
    for i, p in enumerate(judge(parts[1:]), start=1):
        goes_on = _GOES_ON.match(parts[i]) is not None and bool(action_of(parts[i]).actions)
        if p >= sure and not _holds_values(parts[i]) and not goes_on:
            return Focus(" ".join(parts[:i]).rstrip(" ,;:-–—."), tuple(parts[i:]))
    return Focus(task)
