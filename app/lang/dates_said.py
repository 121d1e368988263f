"""The dates a reminder is asked for that lang/when.py does not read: numbers ("il 10/01", "24.12.", "10-01-27")
and the calendar's named days ("a Natale", "on new year's eve", "a Pasquetta").

Kept apart from lang/when.py on purpose: there a date with numbers needs its 4-digit year and an ambiguous one is
refused, since a wrong date finds the wrong files; a reminder's date is said by the person for a day to come, in
their order (day first, Europe/Rome), and a date with no year is the next one (the caller moves a past one to
next year). The words and patterns are app/lang/rules/date_forms.py, with their examples. `first_date` chooses the
date a reminder is for among all those said (in words and in numbers), for lang/reminder_when.py.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from app.lang.rules.date_forms import DATE_FORMS, NAMED_DAYS
from app.lang.when import find_time_spans

BLANK = "\x00"  # a piece already read (lang/reminder_when.py): neither a space nor a word character, it joins no
# pattern to its neighbours
_YEAR = re.compile(r"\d{4}")

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
    other: date | None = None  # "3/4": the month-first reading of a date read day first, when both could be
    past: bool = False  # a day gone, said in words ("ieri", "lunedì scorso"): the request speaks of the past


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
            other = date(year, a, b) if a <= 12 and b <= 12 and a != b else None
            out.append(DateSaid(m.start(), m.end(), date(year, month, day), raw_year is not None, other=other))
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


def _beside(n: DateSaid, spans: list[DateSaid], text: str) -> bool:
    """A date in numbers said with a date in words counts only beside it ("lunedì 11/01"): "domani … 1/2 di
    torta" is tomorrow, the fraction is what to remind."""
    return any(not (text[s.end:n.start] if s.end <= n.start else text[n.end:s.start]).strip(" ,") for s in spans)


def first_date(text: str, now: datetime) -> DateSaid | None:
    """The first date said, in words (lang/when.py) or in numbers; a date with numbers ("14 dicembre", "10/01")
    wins over a weekday or "domani" said with it ("lunedì 14 dicembre", "Monday, December 14"), and the words
    beside it are part of it. A date with no year already past is next year's. Pieces holding BLANK are skipped."""
    today = now.date()
    said = [DateSaid(a, b, date.fromisoformat(str(v)), bool(_YEAR.search(text[a:b])))
            for a, b, kind, v in find_time_spans(text, now.replace(tzinfo=None))
            if kind == "date" and BLANK not in text[a:b]]
    in_words = list(said)
    said += [n for n in numeric_dates(text, today)
             if BLANK not in text[n.start:n.end] and (not in_words or _beside(n, in_words, text))]
    if not said:
        return None
    said.sort(key=lambda s: (s.start, s.start - s.end))
    first = next((s for s in said if any(ch.isdigit() for ch in text[s.start:s.end])), said[0])
    if first.day < today and not any(ch.isdigit() for ch in text[first.start:first.end]):
        return DateSaid(first.start, first.end, first.day, True, past=True)  # not next year's "yesterday"
    a, b, d, other = first.start, first.end, _to_come(first.day, first, today), first.other
    other = _to_come(other, first, today) if other is not None else None
    for s in said:  # a weekday right before or after the date: the same day, said twice
        gap = text[s.end:a] if s.end <= a else text[b:s.start]
        if (s.start, s.end) != (first.start, first.end) and not gap.strip(" ,"):
            a, b = min(a, s.start), max(b, s.end)
    return DateSaid(a, b, d, True, other=other)


def _to_come(d: date, said: DateSaid, today: date) -> date:
    """A date with no year already past is next year's."""
    if d < today and not said.year_said:
        return d.replace(year=d.year + 1) if not (d.month == 2 and d.day == 29) else d
    return d
