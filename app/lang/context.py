"""The part of a request that asks, without the clause around it that only says why.

"devo consegnare le slide, trovami i pptx in ~/università", "sono in ritardo!! che ore sono",
"ho un casino nella cartella X, mi fai vedere cosa contiene?": people put a reason or a feeling in a
sentence of its own next to the request. Such a sentence names no action, no value (path, number, time,
quoted text), no object kind, and asks nothing; the action guard then compares only the sentence that asks.

Anything that could change what is asked keeps its sentence: a condition or a time ("se è vuota, …",
"dopo pranzo, …"), a negation ("non ho tempo, …" — never replayed), a filter ("…, ma solo i pdf"), a second
action ("io dimentico sempre, ricordati che …"), a question word.
"""
from __future__ import annotations

import re
from typing import Callable, Sequence

from .args_extractor import SLOT_KINDS
from .lexicon import NEGATIONS, OBJECTS
from .normalize import bare_words
from .rules.context_bound import CONTEXT_BOUND
from .rules.context_reason import CONTEXT_REASON
from .rules.context_words import CONTEXT_WORDS
from .rules.courtesy import COURTESY

# sentence breaks: punctuation followed by a space (a dot inside "a.txt" or a URL is no break), or a dash
_BREAK = CONTEXT_WORDS.pattern("sentence_break")
# a sentence that starts like these is part of the request: a condition, a filter, a continuation, a time
_BOUND = tuple(CONTEXT_BOUND.pattern(r.id) for r in CONTEXT_BOUND.rules)
# question and tell words: a sentence with one asks
ASK_WORDS = frozenset(w for rid in ("asks_it", "asks_en", "asks_tell") for w in CONTEXT_WORDS.rule(rid).words)
# A clause that tells what the person is doing, has to do, needs it for or lost, around a request for the assistant:
# "devo mandare le foto a mia sorella, trovami i jpg", "cerca i pdf, mi servono le domande da stampare", "…, I need
# to see what's new" (app/lang/rules/context_reason.py; "voglio"/"I want" stay requests: "voglio che tu li
# cancelli"). One pattern, so that callers match it as before; each piece is one rule's alternation, optionally
# after a moment ("tra poco devo accendere le luci": when the person has to do it is still their plan).
_REASONS = ("reason_must", "reason_busy", "reason_purpose", "reason_plan", "reason_lost", "reason_not_found")
CONTEXT = re.compile(r"^\s*(?:" + CONTEXT_REASON.rule("soon").alternation() + r"\s*,?\s*)?(?:"
                     + "|".join(CONTEXT_REASON.rule(rid).alternation() for rid in _REASONS) + r")\b", re.IGNORECASE)
_FOR_NOW = CONTEXT_REASON.pattern("for_now")
_SIGN_OFF = COURTESY.pattern("address_end")
_SIGN_OFF_AFTER_PATH = COURTESY.pattern("address_after_path")
_SIGN_OFF_BARE = COURTESY.pattern("address_bare_end")
_THANKS_END = COURTESY.pattern("thanks_end")  # "…? thanks so much!": routing batch 43 left "much" to the guard
_OBJECT_WORDS = frozenset(w for words in OBJECTS.values() for w in words)
# a reason is said with a verb of being, having, needing ("sono in ritardo", "il pc è lento", "I forgot…" is an
# action: kept); a sentence without one ("case sensitive", "whole words only") is a modifier of the request
_STATES = frozenset(w for rid in ("states_being", "states_having") for w in CONTEXT_WORDS.rule(rid).words)


def request_part(text: str, has_action: Callable[[str], bool], values: Callable[[str], dict[str, object]]) -> str:
    """`text` without its sentences that only give a reason; `text` itself when nothing is that clear.

    `has_action(sentence)` tells a sentence that names an action; `values(sentence)` its argument slots. A word that
    addresses the assistant or signs off at the end ("…, ta", "… please boss") is no part of it either."""
    text = _without_sign_off(text)
    parts = [p for p in _BREAK.split(text) if p and p.strip(" ,;:!?.…-–—")]
    if len(parts) < 2:
        return text
    found: dict[str, dict[str, object]] = {}

    def slots(sentence: str) -> dict[str, object]:  # each sentence's slots are read once
        if sentence not in found:
            found[sentence] = values(sentence)
        return found[sentence]

    now = for_now_at(parts)
    after = " ".join(parts[now:])
    if now and not any(slots(p).get("path") or slots(p).get("url") for p in parts[:now]) and \
            (has_action(after) or any(w in ASK_WORDS for w in bare_words(after))):
        return after  # "…want to move these tonight, so for now just list X": the plan, then the ask — but in "mi
        # mostrerebbe dunque, per il momento, il testo di X?" the verb is before it (everyday20-13)

    kept = [p for i, p in enumerate(parts) if not _only_says_why(p, has_action, slots)
            and not (CONTEXT.match(p) and not slots(p).get("path") and not slots(p).get("url")
                     # said first, it is why only when a request follows: after a colon an action ("mi serve per X:
                     # leggi Y", not "mi serve una cartella nuova: ~/x"), after a comma a sentence that asks by its
                     # first word ("devo mandarlo al commercialista, dimmi il totale")
                     and (i or (p.rstrip().endswith(":") and any(has_action(q) for q in parts[1:]))
                          or (len(parts) > 1 and _opens_asking(parts[1]))))]
    if not kept or len(kept) == len(parts):
        return text
    rest = " ".join(kept)
    asks = any(w in ASK_WORDS for w in bare_words(rest))
    return _without_sign_off(rest) if asks or has_action(rest) or any(values(rest).get(k) for k in SLOT_KINDS) else text


def _without_sign_off(text: str) -> str:
    """`text` without the words at its end that only address the assistant or thank it ("…, cheers", "… please
    bredren", "…? thanks so much!"); the text itself when nothing else would be left."""
    cut = _THANKS_END.sub("", _SIGN_OFF_BARE.sub(r"\1", _SIGN_OFF_AFTER_PATH.sub(r"\1", _SIGN_OFF.sub("", text))))
    return cut if cut.strip(" ,;:!?.…-–—") else text


def for_now_at(pieces: Sequence[str]) -> int:
    """Where what is asked now begins: the first piece after the first that opens with "for now", "per ora",
    "intanto"… (rules/context_reason.py, for_now); 0 when none does. What the pieces before it say the person will
    do is their plan — read by request_part here and by the planner's clauses (planner/veto.py asking_only)."""
    return next((i for i, p in enumerate(pieces) if i and _FOR_NOW.match(p)), 0)


def _opens_asking(sentence: str) -> bool:
    """A sentence whose first word asks: "dimmi…", "tell me…", "quanto…", "what…"."""
    words = bare_words(sentence)
    return bool(words) and words[0] in ASK_WORDS


# "…, domani ho il sopralluogo", "…, tomorrow I have the inspection": a day and what the person has then is their
# schedule, a reason; "domani, leggi X" and "tomorrow delete X" set when to act (kept)
_SCHEDULE = CONTEXT_REASON.pattern("schedule")


def _only_says_why(sentence: str, has_action: Callable[[str], bool],
                   values: Callable[[str], dict[str, object]]) -> bool:
    schedule = _SCHEDULE.match(sentence) is not None
    if any(b.match(sentence) for b in _BOUND) and not schedule:
        return False
    words = bare_words(sentence)
    if not words or any(w in ASK_WORDS | NEGATIONS | _OBJECT_WORDS for w in words) or not _STATES & set(words):
        return False
    slots = values(sentence)
    if any(slots.get(k) for k in SLOT_KINDS if not (schedule and k in ("date", "window"))):
        return False  # (the day of the person's schedule is not a value of the request)
    return not has_action(sentence)
