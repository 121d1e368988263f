"""The dates a reminder is asked for that lang/when.py does not read: numbers ("il 10/01", "24.12.", "10-01-27")
and the calendar's named days ("a Natale", "on new year's eve", "a Pasquetta").

Kept apart from lang/when.py on purpose: there a date with numbers needs its 4-digit year and an ambiguous one is
refused, since a wrong date finds the wrong files; a reminder's date is said by the person for a day to come, in
their order (day first, Europe/Rome), and a date with no year is the next one (the caller moves a past one to
next year). The words and patterns are app/lang/rules/date_forms.py, with their examples.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from app.lang.rules.date_forms import DATE_FORMS, NAMED_DAYS

_NUMERIC = DATE_FORMS.pattern("numeric_date")
_NAMED = (DATE_FORMS.pattern("named_day_it"), DATE_FORMS.pattern("named_day_en"))
_MONTH_END = DATE_FORMS.pattern("month_end")


def _key(name: str) -> str:
    """A name as found ("New Years  Eve", "lunedi dellangelo") and as listed, alike: no apostrophe, no accent."""
    return re.sub(r"\s+", " ", name.lower()).replace("'", "").replace("ì", "i")


_KEYS = {_key(k): k for k in NAMED_DAYS}


@dataclass(frozen=True)
class DateSaid:
    start: int
    end: int  # the words that said it, the article or preposition before it included
    day: date
    year_said: bool  # False: the caller takes next year's when this one is past
    part: str | None = None  # "la notte di Capodanno": the part of the day the name says


def numeric_dates(text: str, today: date) -> list[DateSaid]:
    """Every date written in numbers, day first; "12/25" (no 25th month) month first; impossible ones left out."""
    out = []
    for m in _NUMERIC.finditer(text):
        g = m.groupdict()
        a = int(g["a"])
        b = int(g["b"] or g["b2"] or g["b3"])
        raw_year = g["y"] or g["y2"] or g["y3"]
        year = (int(raw_year) + (2000 if len(raw_year) == 2 else 0)) if raw_year else today.year
        day, month = (a, b) if b <= 12 else (b, a)
        try:
            out.append(DateSaid(m.start(), m.end(), date(year, month, day), raw_year is not None))
        except ValueError:
            continue
    return out


def easter(year: int) -> date:
    """Easter Sunday in the Gregorian calendar (the anonymous algorithm, Meeus/Jones/Butcher)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    ell = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * ell) // 451
    month, day = divmod(h + ell - 7 * m + 114, 31)
    return date(year, month, day + 1)


def _named_on(name: str, year: int) -> date:
    month, offset, _ = NAMED_DAYS[name]
    if month == "easter":
        return easter(year) + timedelta(days=offset)
    return date(year, int(month), offset)


def named_day(text: str, today: date) -> DateSaid | None:
    """The first named day said as a moment, on its next date from today (today included); "l'ultimo giorno del
    mese" is this month's last day."""
    end = _MONTH_END.search(text)
    if end is not None:
        first_next = (today.replace(day=28) + timedelta(days=4)).replace(day=1)
        return DateSaid(end.start(), end.end(), first_next - timedelta(days=1), True)
    found = [m for rx in _NAMED for m in rx.finditer(text)]
    if not found:
        return None
    m = min(found, key=lambda x: x.start())
    name = _KEYS.get(_key(m.group("name")))
    if name is None:
        return None
    day = _named_on(name, today.year)
    if day < today:
        day = _named_on(name, today.year + 1)
    return DateSaid(m.start(), m.end(), day, True, NAMED_DAYS[name][2])
