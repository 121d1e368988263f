"""When a request asks for its action at a later moment, which no tool can wait for.

The file tools act now ("cancella X domani alle 8" cannot be scheduled), and a replay by the fast path would
act now too; these rules tell such requests, reading the request without its quoted text ("salva 'ok domani'
in X" sets no time).
"""
from __future__ import annotations

import re
from typing import Any

from .args_extractor import extract


def _offset(it_units: str, en_units: str) -> str:
    """"tra un'ora", "fra 10 minuti", "in two hours": an amount of time from now, in the given units."""
    return (r"(?:tra|fra)\s+(?:un|una|mezz|mezza|mezzo|qualche|\d+|due|tre|cinque|dieci|venti|trenta)['’]?\s*"
            rf"(?:\w+\s+)?(?:{it_units})|in\s+(?:an?|one|two|five|ten|half an|\d+)\s+(?:{en_units})")


_EVERY = (r"ogni\s+(?:giorno|sera|notte|mattina|ora|settimana|mese|\w+d[iì]|sabato|domenica)|"
          r"every\s+(?:day|night|morning|evening|hour|week|month|\w+day)")
# A time or a later moment: the file tools act now, they cannot be scheduled ("cancella X domani alle 8").
LATER = re.compile(r"(?i)\b(?:stasera|stanotte|stamattina|stamani|più tardi|piu tardi|tonight|later|"
                   r"domani|dopodomani|tomorrow|"
                   + _offset(r"minut\w*|or[ae]|giorn[oi]|settiman[ae]", r"minutes?|hours?|days?|weeks?") + "|"
                   + _EVERY + r"|(?:la\s+)?prossima\s+settimana|next\s+(?:week|month))\b")
# A later moment that can only be when to act, whatever the action ("elenca X fra un'ora", "ogni sera"); "domani"
# may be what a question is about ("quando ho il dentista domani?"), so it is only in LATER.
IN_A_WHILE = re.compile(r"(?i)\b(?:più tardi|piu tardi|later on|" + _offset(r"minut\w*|or[ae]", r"minutes?|hours?")
                        + "|" + _EVERY + r")\b")


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
    """The clause sets a time or a later moment for its action ("alle 9", "domani", "every night")."""
    slots = extract(clause) if slots is None else slots
    return bool(slots.get("time")) or LATER.search(_unquoted(clause, slots)) is not None
