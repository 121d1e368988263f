"""Local wall times to instants, and a repetition's next occurrence, with the time zone's own rules (zoneinfo).

Why occurrences are computed from the local calendar and never by adding 24 hours: "ogni giorno alle 8" is 8:00
on the clock on the wall, the day after a DST change too. Each occurrence is the rule's wall time on a calendar
day, turned into an instant by `instant`:
* a wall time that does not exist (the spring-forward hour, 2:30 on the last Sunday of March in Europe/Rome) is
  read with the offset before the change, i.e. 3:30 — the reminder rings once, an hour of the clock later;
* a wall time that happens twice (2:30 on the last Sunday of October) is its first occurrence (fold 0) — the
  reminder rings once, not again an hour later.
`next_after` returns the first occurrence strictly after an instant, so the scheduler, which asks for the next
one after the occurrence it has just shown (or after now, when the app was closed over several), never gets the
same occurrence twice and never skips a day.
"""
from __future__ import annotations

import calendar
from datetime import date, datetime, time, timedelta, timezone, tzinfo

from app.lang.repeat import Repeat

UTC = timezone.utc
SEARCH_DAYS = 800  # a monthly rule on the 31st finds its next month well within this


def instant(wall: datetime, zone: tzinfo) -> datetime:
    """The UTC instant of a naive local wall time in `zone` (gap: an hour later; overlap: the first)."""
    return wall.replace(tzinfo=zone, fold=0).astimezone(UTC)


def wall(moment: datetime, zone: tzinfo) -> datetime:
    """The naive local wall time of an instant in `zone`."""
    return moment.astimezone(zone).replace(tzinfo=None)


def _matches(rule: Repeat, day: date) -> bool:
    if rule.every == "week":
        return day.weekday() in rule.weekdays
    if rule.every == "month":
        last = calendar.monthrange(day.year, day.month)[1]
        return day.day == min(rule.day, last)
    return True


def next_after(rule: Repeat, after: datetime, zone: tzinfo) -> datetime:
    """The rule's first occurrence strictly after the instant `after` (aware), as a UTC instant."""
    start = wall(after, zone).date() - timedelta(days=1)  # the day before: a gap can move an occurrence forward
    for i in range(SEARCH_DAYS):
        day = start + timedelta(days=i)
        if not _matches(rule, day):
            continue
        at = instant(datetime.combine(day, time(rule.hour, rule.minute)), zone)
        if at > after:
            return at
    raise ValueError(f"no occurrence of {rule.code()} within {SEARCH_DAYS} days")
