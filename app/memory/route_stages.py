"""The memory's routing stages: remember by rule, recall by one clear match. They decide; the engine runs.

Both answer through the registered tools (`remember`, `recall`), so approvals, the injection guard,
events and the history are the same as for any other call, and `metnos route --json` shows them.
"""
from __future__ import annotations

import logging
from typing import Any, Callable

from app.lang.actions import action_of
from app.lang.messages import Message, register
from app.lang.rules.memory_cues import MEMORY_CUES
from app.turn.decision import RouteResult

from .facts import extract_fact, timed_reminder
from .longterm import LongTermMemory
from .recall_question import recall_topic

log = logging.getLogger(__name__)

register({
    "memory.timed_reminder": {
        # the reminders stage (app/reminders) runs first and sets what it can read: what reaches this one has a
        # time it could not read, so the person gets the form that works, not a refusal (reminders exist now)
        "it": "Non ho capito quando avvisarti. Dimmi giorno e ora, per esempio «ricordami domani alle 9 di "
              "chiamare mamma» o «avvisami tra 20 minuti di scolare la pasta».",
        "en": "I didn't get when to remind you. Tell me the day and time, for example \u201cremind me tomorrow at "
              "9 to call mum\u201d or \u201cremind me in 20 minutes to drain the pasta\u201d.",
    },
})


# Every rule below needs one of these pieces of words (app/lang/rules/memory_cues.py): a request with none costs a
# few searches (this stage runs on every request L0 does not answer).
_CUES = tuple(MEMORY_CUES.pattern(r.id) for r in MEMORY_CUES.rules)


class RememberStage:
    """An explicit "ricordati che X" / "remember that X" (rules only: no model, no embedder); a reminder at a
    time the reminders stage before this one could not read gets the form that works, and nothing is stored;
    an explicit question about what is remembered ("cosa ricordi del dentista?", "what did I tell you about my
    sister") recalls its topic."""

    name = "remember"

    def decide(self, text: str, owner: str | None) -> RouteResult | None:
        low = text.lower()
        if not any(c.search(low) for c in _CUES):
            return None
        lang = timed_reminder(text)
        if lang is not None:  # a time the reminders stage could not read: the form that works, nothing stored
            return RouteResult("L0", None, {}, reason="memory: a reminder at a time the reminders stage missed",
                               reply=Message("memory.timed_reminder").text(lang), lang=lang, stage=self.name)
        found = extract_fact(text)
        if found is None:
            topic = recall_topic(text)
            if topic is None:
                return None
            return RouteResult("L0", "recall", {"query": topic}, arg_sources={"query": "rules"},
                               reason="memory: explicit question about what is remembered", stage=self.name)
        fact, category = found  # a category only when the trigger says it ("ricordati di…": todo); else memory
        args = {"fact": fact, **({"category": category} if category else {})}  # files it by meaning
        return RouteResult("L0", "remember", args, arg_sources={k: "rules" for k in args},
                           reason="memory: explicit remember request", stage=self.name)


_ABOUT_MEMORY = frozenset({"remember", "forget"})  # action classes that are about what is remembered


def _acts_on_a_path(text: str) -> bool:
    """"mi leggi /tmp/x/spesa.txt?": a polite request to act on a path, not a question about what is remembered.
    A saved fact that names the same path ("sposta /tmp/x/spesa.txt in old", kept as said) is nearest by far, and the
    fact was quoted back instead of the file being read — in the fact's language."""
    sig = action_of(text)
    return bool(sig.roles) and bool(set(sig.actions) - _ABOUT_MEMORY)


class RecallStage:
    """A question that clearly matches one stored fact is answered by quoting it, date and source included."""

    name = "recall"

    def __init__(self, memory: Callable[[], Any]):
        self._memory = memory

    def decide(self, text: str, owner: str | None) -> RouteResult | None:
        if not text.rstrip().endswith("?") or _acts_on_a_path(text):
            return None
        mem = self._memory()
        if not isinstance(mem, LongTermMemory):
            return None
        hit = mem.answer_from_memory(text)
        if hit is None:
            return None
        answer, fact = hit
        return RouteResult("L1", "recall", {"query": text, "k": 3}, arg_sources={"query": "rules"},
                           score=fact.score, reason="memory: one stored fact answers the question",
                           reply=answer, stage=self.name)
