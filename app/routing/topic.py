"""The topic slot: "quando ho il dentista?" learned once also answers "quand'è il meccanico?".

A read tool's free-text argument that is exactly the one thing the learned request named ("dentista" in
recall's query) is a slot like a path: the new request's one thing fills it, and that word is then no longer
a difference the action guard refuses. Only for read tools (recall and other look-ups): a write, delete or
send never takes its object from here. Exactly one thing on both sides: "quanto costa il dentista?" names two
(cost, dentist) and is not the same question.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from app.lang.lexicon import CLAUSE_BREAK, NEGATIONS, NOUN_ACTIONS, STOPWORDS, TEXTING
from app.lang.normalize import FILLER_WORDS, canonical, normalize, split_words
from app.lang.rules.topic import TOPIC
from app.lang.signature import PHRASAL, PHRASAL_HEADS, ActionSig
from app.lang.tokens import find_word
from app.lang.vocabulary import OBJECT_OF, THING_OF, typo_word, verb_class
from app.lang.when import NUMBER_WORDS
from app.lang.words import stem

PLACEHOLDER = "{topic}"
_MIN_LEN = 3
# Helper verbs and memory talk around the thing: "quando devo andare dal meccanico", "te l'avevo detto?"
_NOT_THINGS = frozenset((*TOPIC.rule("not_things_it").words, *TOPIC.rule("not_things_en").words))


# Their stems, as a signature's content holds them: in a topic question they frame the thing, they are not it.
FRAME_WORDS = frozenset({stem(w) for w in _NOT_THINGS} | {"~date", "~time"})


def things(text: str) -> list[str]:
    """The words of a request that name something: no function word, verb, negation, number or masked value."""
    out: list[str] = []
    for tok in split_words(canonical(text)):
        t = TEXTING.get(tok, tok)
        if (t.startswith("{") or not t.isalpha() or len(t) < _MIN_LEN or t in STOPWORDS or t in FILLER_WORDS
                or t in NEGATIONS or t in CLAUSE_BREAK or t in NOUN_ACTIONS or t in PHRASAL_HEADS or t in PHRASAL
                or verb_class(t)
                or typo_word(t) is not None or t in _NOT_THINGS or t in NUMBER_WORDS or stem(t) in THING_OF):
            continue
        if t not in out:
            out.append(t)
    return out


# What kind of question a request asks about its thing: a new thing only fills the slot when the question is the
# same kind ("a che ora è il parrucchiere?" after "quando ho il dentista?"; not "make a playlist").
# (app/lang/rules/topic.py: applied to the normalized request)
_FRAMES: dict[str, re.Pattern[str]] = {f: TOPIC.pattern(f"frame_{f}") for f in ("when", "where", "who", "what",
                                                                                  "how_much")}


def frames(text: str) -> set[str]:
    """The kinds of question `text` asks (when, where, who, what, how much)."""
    norm = " ".join(TEXTING.get(t, t) for t in split_words(normalize(text)))
    return {f for f, rx in _FRAMES.items() if rx.search(norm)}


def as_typed(word: str, text: str) -> str:
    """`word` (lowercased by the canonical form) spelled as the person typed it: "PARRUCCHIERE", "Marco"."""
    m = find_word(word, text)
    return m.group(0) if m else word


def topic_arg(tool: Any, args: dict[str, Any], text: str) -> tuple[str, str] | None:
    """(argument, word) when a read tool's literal argument is the one thing `text` names, else None."""
    if getattr(tool, "risk", "read") != "read":
        return None
    named = things(text)
    if len(named) != 1:
        return None
    for arg, value in args.items():
        if isinstance(value, str) and "{" not in value and value.strip().lower() == named[0]:
            return arg, named[0]
    return None


def without(sig: ActionSig, word: str) -> ActionSig:
    """The signature with `word` taken out: it is the argument now, not a difference between requests."""
    st = stem(word)
    content = sig.content - {THING_OF.get(st, st)}
    objects = sig.objects - {OBJECT_OF[word]} if word in OBJECT_OF else sig.objects
    return replace(sig, content=content, objects=objects)
