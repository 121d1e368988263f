"""When a request asks for its action at a later moment, which no tool can wait for.

The file tools act now ("cancella X domani alle 8" cannot be scheduled), and a replay by the fast path would
act now too; these rules tell such requests, reading the request without its quoted text ("salva 'ok domani'
in X" sets no time).
"""
from __future__ import annotations

from typing import Any

from app.lang.rules import LATER as LATER_RULES

from .args_extractor import extract

# The rules and their examples: app/lang/rules/later.py
LATER = LATER_RULES.pattern("later")
IN_A_WHILE = LATER_RULES.pattern("in_a_while")
DEADLINE = LATER_RULES.pattern("deadline")
EVENT_THEN = LATER_RULES.pattern("event_then")


def _unquoted(clause: str, slots: dict[str, Any]) -> str:
    """The clause without its quoted texts: "salva 'ok domani' in X" sets no time."""
    for q in slots.get("quoted") or []:
        clause = clause.replace(str(q), " ")
    return clause


def asks_in_a_while(clause: str, slots: dict[str, Any] | None = None) -> bool:
    """The clause sets when to act, later or again ("fra un'ora", "every night"), outside any quoted text."""
    slots = extract(clause) if slots is None else slots
    return IN_A_WHILE.search(_unquoted(clause, slots)) is not None


def asks_later(clause: str, slots: dict[str, Any] | None = None) -> bool:
    """The clause sets a time or a later moment for its action ("alle 9", "domani", "every night"); a deadline
    ("due tonight", "entro le 18") is not one."""
    slots = extract(clause) if slots is None else slots
    said = _unquoted(clause, slots)
    for span in (DEADLINE, EVENT_THEN):  # "rename X to Y pls, due tonight": a deadline is met by acting now; "crea
        if span.search(said):  # la cartella X che domani arriva il legname": why now, not when
            said = span.sub(" ", said)
            slots = extract(said)
    return bool(slots.get("time")) or LATER.search(said) is not None
