"""Dates and time windows in Italian and English, resolved against a reference time.

Pure and deterministic: the same text and `now` always give the same answer.
Used by the args extractor; kept apart because calendar arithmetic is its own
concern. Every finder returns (start, end, value) spans on the text it is given.
"""
from __future__ import annotations

import math
import re
from datetime import date, datetime, timedelta
from typing import Any, Iterable, Iterator

# The words of counts, units and months are rules (app/lang/rules), each with its examples; their values too.
from app.lang.rules.month_words import MONTH_WORDS, MONTHS_EN, MONTHS_IT, MONTHS_SHORT
from app.lang.rules.numbers_words import COUNTS_EN, COUNTS_IT, NUMBERS_WORDS
from app.lang.rules.table import Table
from app.lang.rules.time_units import TIME_UNITS, UNITS_EN, UNITS_IT
from app.lang.rules.weekday_words import WEEKDAY_NUMBERS

Span = tuple[int, int, str, Any]  # start, end, kind ("date" | "window"), value

WEEKDAYS: dict[str, int] = WEEKDAY_NUMBERS
# The words that name a day in full: with MONTH_NAMES, memory's cue that a fact has a date.
DAY_WORDS = frozenset(WEEKDAYS) | {"oggi", "domani", "dopodomani", "today", "tomorrow"}

NUMBER_WORDS: dict[str, int] = {**COUNTS_IT, **COUNTS_EN}
_MONTH_NAMES: dict[str, int] = {m: i for names in (MONTHS_IT, MONTHS_EN) for i, m in enumerate(names, 1)}
MONTHS: dict[str, int] = {**_MONTH_NAMES, **MONTHS_SHORT}
# The words that name a month in full (no "mar", "dec"): memory's cue that a fact has a date
MONTH_NAMES = frozenset(_MONTH_NAMES)

RELATIVE_DAYS: dict[str, int] = {
    "oggi": 0, "today": 0, "ieri": -1, "yesterday": -1, "domani": 1, "tomorrow": 1, "dopodomani": 2,
    "todays": 0, "yesterdays": -1, "tomorrows": 1,  # "whats todays date": the possessive typed without its apostrophe
    "altroieri": -2, "l'altroieri": -2, "l'altro ieri": -2, "avantieri": -2,
    "day after tomorrow": 2, "the day after tomorrow": 2, "day before yesterday": -2,
    "the day before yesterday": -2,
}
UNIT_HOURS: dict[str, float] = {**UNITS_IT, **UNITS_EN}


def _alt(words: Iterable[str]) -> str:
    """A regex alternation of `words`, longest first (so "settimane" wins over "settimana")."""
    return "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))


def _rules(table: Table, *ids: str) -> str:
    """The words of a table's rules as one group of a group per rule: `(?:(?:tre|due…)|(?:three|two…))`, so no list
    grows past a rule. Every such word is followed by a space or a word's end in the patterns, so at most one word
    fits at a place: grouping and order change no match."""
    return "(?:" + "|".join(table.rule(i).alternation() for i in ids) + ")"


_NUM = rf"(?:\d{{1,4}}|{_rules(NUMBERS_WORDS, 'count_it', 'count_en')})"
_UNIT = _rules(TIME_UNITS, "unit_it", "unit_en")
_MONTH = _rules(MONTH_WORDS, "month_it", "month_en", "month_short")
# before the day ("March 3", "sept 12"): a full name, or a short form longer than "mar", "dec"
_MONTH_FIRST = "(?:" + "|".join([_rules(MONTH_WORDS, "month_it", "month_en"),
                                  *(k for k in MONTHS_SHORT if len(k) > 3)]) + ")"
_B = r"(?<!\w)"  # word start
_E = r"(?!\w)"

_RE_LAST_N = re.compile(
    rf"{_B}(?P<pre>(?:in|negli|nelle|nell'|nei|durante|during|over|within|entro)\s+(?:the\s+|le\s+|gli\s+|i\s+)?)?"
    rf"(?P<last>ultim[eioa]|last|past)\s+(?:(?P<n>{_NUM})\s+)?(?P<unit>{_UNIT}){_E}", re.I)
_RE_N_AGO_WINDOW = re.compile(  # "24 ore fa" is a point, not a window: not matched on purpose
    rf"{_B}(?:da|dalle|since)\s+(?P<n>{_NUM})\s+(?P<unit>{_UNIT}){_E}", re.I)
_RE_THIS = re.compile(
    rf"{_B}(?:(?P<it>quest[ao]|quest')\s*(?P<itu>settimana|mese|anno)|this\s+(?P<enu>week|month|year))(?!\w)", re.I)
_RE_PREV = re.compile(
    rf"{_B}(?:(?:la\s+|il\s+|lo\s+)?(?:(?P<u1>settimana|mese|anno)\s+(?:scors[oa]|passat[oa])|"
    rf"(?:scors[oa]|passat[oa])\s+(?P<u2>settimana|mese|anno))|previous\s+(?P<u3>month|year|calendar week|week))"
    rf"{_E}", re.I)
_THE_BEFORE = re.compile(r"(?i)\bthe\s+$")
_RE_REL = re.compile(rf"{_B}(?P<w>{_alt(RELATIVE_DAYS)}){_E}", re.I)
_RE_WEEKDAY = re.compile(
    rf"{_B}(?:(?P<pre>next|last|prossim[oa]|scors[oa])\s+)?(?P<wd>{_alt(WEEKDAYS)})"
    rf"(?:\s+(?P<post>prossim[oa]|scors[oa]|passat[oa]))?{_E}", re.I)
_RE_ISO = re.compile(r"(?<![\d-])(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})(?![\d-])")
_RE_DMY = re.compile(r"(?<![\d/.])(?P<a>\d{1,2})[/.](?P<b>\d{1,2})[/.](?P<y>\d{4})(?![\d/.])")
_RE_DAY_MONTH = re.compile(
    rf"{_B}(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+|di\s+)?(?P<mon>{_MONTH})(?:\s+(?P<y>\d{{4}}))?{_E}", re.I)
_RE_MONTH_DAY = re.compile(
    rf"{_B}(?P<mon>{_MONTH_FIRST})\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?"
    rf"(?:,?\s+(?P<y>\d{{4}}))?{_E}", re.I)


def _num(s: str) -> int | None:
    s = s.lower()
    if s.isdigit():
        return int(s)
    return NUMBER_WORDS.get(s)


def _iso_dt(dt: datetime) -> str:
    return dt.replace(microsecond=0).isoformat()


def window(since: datetime, until: datetime) -> dict[str, Any]:
    """A window as the extractor returns it: ISO bounds and whole hours (rounded up)."""
    secs = max(0.0, (until - since).total_seconds())
    return {"since": _iso_dt(since), "until": _iso_dt(until), "hours": max(1, math.ceil(secs / 3600))}


def _midnight(d: date) -> datetime:
    return datetime(d.year, d.month, d.day)


def _safe_date(y: int, m: int, d: int) -> date | None:
    try:
        return date(y, m, d)
    except ValueError:
        return None


def _windows(text: str, now: datetime) -> Iterator[Span]:
    today = now.date()
    for m in _RE_LAST_N.finditer(text):
        n = _num(m.group("n")) if m.group("n") else 1
        unit = m.group("unit").lower()
        if (not m.group("n") and not m.group("pre") and m.group("last").lower() == "last"
                and unit in ("week", "month", "year") and not _THE_BEFORE.search(text[:m.start()])):
            # "from last week" is the week before this one, like "la settimana scorsa"; "the last week" and "in the
            # last week" are the last 7 days
            yield m.start(), m.end(), "window", _previous(unit, today)
            continue
        if n is None or n <= 0 or n > 100_000:
            continue
        hours = n * UNIT_HOURS[unit]
        yield m.start(), m.end(), "window", window(now - timedelta(hours=hours), now)
    for m in _RE_N_AGO_WINDOW.finditer(text):
        n = _num(m.group("n"))
        if n:
            hours = n * UNIT_HOURS[m.group("unit").lower()]
            yield m.start(), m.end(), "window", window(now - timedelta(hours=hours), now)
    for m in _RE_THIS.finditer(text):
        unit = (m.group("itu") or m.group("enu") or "").lower()
        if unit in ("settimana", "week"):
            start = today - timedelta(days=today.weekday())
        elif unit in ("mese", "month"):
            start = today.replace(day=1)
        else:
            start = today.replace(month=1, day=1)
        yield m.start(), m.end(), "window", window(_midnight(start), now)
    for m in _RE_PREV.finditer(text):
        unit = (m.group("u1") or m.group("u2") or m.group("u3") or "").lower()
        yield m.start(), m.end(), "window", _previous(unit, today)


def _previous(unit: str, today: date) -> dict[str, Any]:
    """The calendar week, month or year before the current one, as a window."""
    if unit in ("settimana", "calendar week", "week"):
        end = today - timedelta(days=today.weekday())
        start = end - timedelta(days=7)
    elif unit in ("mese", "month"):
        end = today.replace(day=1)
        start = (end - timedelta(days=1)).replace(day=1)
    else:
        end = today.replace(month=1, day=1)
        start = end.replace(year=end.year - 1)
    return window(_midnight(start), _midnight(end))


def _dates(text: str, now: datetime) -> Iterator[Span]:
    today = now.date()
    for m in _RE_REL.finditer(text):
        off = RELATIVE_DAYS[m.group("w").lower()]
        d = today + timedelta(days=off)
        yield m.start(), m.end(), "date", d.isoformat()
        if off == 0:  # "oggi" is also the window since midnight
            yield m.start(), m.end(), "window", window(_midnight(today), now)
        elif off == -1:
            yield m.start(), m.end(), "window", window(_midnight(d), _midnight(today))
    for m in _RE_WEEKDAY.finditer(text):
        wd = WEEKDAYS[m.group("wd").lower()]
        mod = (m.group("pre") or m.group("post") or "").lower()
        if mod.startswith(("last", "scors", "passat")):
            back = (today.weekday() - wd) % 7 or 7
            d = today - timedelta(days=back)
        else:  # next occurrence, strictly after today ("lunedì" said on a Monday is next week's)
            d = today + timedelta(days=(wd - today.weekday()) % 7 or 7)
        yield m.start(), m.end(), "date", d.isoformat()
    for m in _RE_ISO.finditer(text):
        sd = _safe_date(int(m.group("y")), int(m.group("m")), int(m.group("d")))
        if sd:
            yield m.start(), m.end(), "date", sd.isoformat()
    for m in _RE_DMY.finditer(text):
        a, b, y = int(m.group("a")), int(m.group("b")), int(m.group("y"))
        if a <= 12 and b <= 12 and a != b:
            continue  # 03/05/2024: day-first or month-first? Ambiguous, so not a date (conservative)
        sd = _safe_date(y, b, a) if b <= 12 else _safe_date(y, a, b)
        if sd:
            yield m.start(), m.end(), "date", sd.isoformat()
    for rx in (_RE_DAY_MONTH, _RE_MONTH_DAY):
        for m in rx.finditer(text):
            y = int(m.group("y")) if m.group("y") else today.year
            sd = _safe_date(y, MONTHS[m.group("mon").lower()], int(m.group("d")))
            if sd:
                yield m.start(), m.end(), "date", sd.isoformat()


def find_time_spans(text: str, now: datetime) -> list[Span]:
    """All date and window spans, longest first when they overlap (the caller resolves overlaps)."""
    spans = list(_windows(text, now)) + list(_dates(text, now))
    spans.sort(key=lambda s: (s[0], -(s[1] - s[0])))
    return spans
