"""The values behind the words of a moment: an hour and its minutes, a fraction ("e mezza", "a quarter"), a unit of
an offset, a day of the month, and which half of the day a bare hour is in.

Split from lang/reminder_when.py, which reads the words piece by piece; these turn a piece's words into numbers
and are the same whichever piece said them. The words' values are the tables' (lang/rules/reminder_when.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from app.lang.rules.reminder_when import FIRST_WORDS, FRACTIONS, PARTS, UNIT_MINUTES


@dataclass
class Clock:
    hour: int
    minute: int
    explicit: bool  # no doubt between morning and afternoon


def int_day(raw: str | None) -> int | None:
    if not raw:
        return None
    digits = re.sub(r"\D", "", raw)
    if raw.lower().startswith(FIRST_WORDS):
        return 1
    return int(digits) if digits and 1 <= int(digits) <= 31 else None


def part_name(word: str) -> str | None:
    """'giorno'/'day' are no part of the day."""
    return word if word in PARTS else None


def unit_minutes(unit: str | None) -> int:
    """Minutes in a unit; a number with no unit ("tra 10 di …") counts minutes."""
    u = (unit or "min").lower()
    if u == "m" or u.startswith("min"):
        return 1
    if u == "h":
        return 60
    return next((v for k, v in UNIT_MINUTES.items() if u.startswith(k)), 60)


def fraction(frac: str | None) -> int:
    if not frac:
        return 0
    f = " ".join(frac.lower().split())
    return int(f) if f.isdigit() else FRACTIONS.get(f, 0)


def later_day_hour(c: Clock, part: str | None) -> int:
    """The hour meant on a day other than today, or in a repetition: as said when it is plain ('alle 15',
    '6pm'); in the part of the day said ('alle 9 di sera'); else 1–6 is the afternoon, 7–11 the morning."""
    if c.explicit:
        return c.hour
    if part is not None:
        half = PARTS[part][0]
        if half == "pm" and c.hour < 12:
            return c.hour + 12
        if half == "night" and 7 <= c.hour < 12:
            return c.hour + 12
        return c.hour
    return c.hour + 12 if 1 <= c.hour <= 6 else c.hour
