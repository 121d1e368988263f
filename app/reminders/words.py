"""Reminder times in words, as Messages: "domani, giovedì 3 dicembre, alle 9:00", "ogni lunedì alle 8:00".

Why Messages and not strings: the tool's confirmation is stored in the history and rendered in the request's
language; the notification, the CLI and the memory window render the same date in theirs. Only the choice of
words depends on the date and on today (oggi/domani/dopodomani, the year when it is not this one); the words
themselves come from the catalogue (app/reminders/messages.py).
"""
from __future__ import annotations

from datetime import datetime, tzinfo

from app.lang.messages import Message
from app.lang.repeat import Repeat

from . import messages as _messages  # noqa: F401  (registers the reminders.* sentences)
from .recurrence import wall
from .store import Reminder

_RELATIVE = {0: "reminders.today", 1: "reminders.tomorrow", 2: "reminders.after_tomorrow"}
WORKDAYS = (0, 1, 2, 3, 4)


def clock_text(hour: int, minute: int) -> str:
    """9:00, 17:30 (the same in both languages: the 24-hour clock of the confirmation)."""
    return f"{hour}:{minute:02d}"


def ordinal(n: int) -> Message:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return Message(f"reminders.nth.{suffix}", n=n)


def _date(local: datetime, today: datetime) -> Message:
    parts = {"weekday": Message(f"reminders.weekday.{local.weekday()}"), "day": local.day,
             "month": Message(f"reminders.month.{local.month}")}
    if local.year != today.year:
        return Message("reminders.date_year", year=local.year, **parts)
    return Message("reminders.date", **parts)


def _relative(local: datetime, today: datetime) -> str | None:
    return _RELATIVE.get((local.date() - today.date()).days)


def when(moment: datetime, zone: tzinfo, now: datetime) -> Message:
    """The day and the time of an instant, seen from `now` in `zone`."""
    local, today = wall(moment, zone), wall(now, zone)
    rel = _relative(local, today)
    time = clock_text(local.hour, local.minute)
    if rel is not None:
        return Message("reminders.when_near", rel=Message(rel), date=_date(local, today), time=time)
    return Message("reminders.when_far", date=_date(local, today), time=time)


def date_only(moment: datetime, zone: tzinfo, now: datetime) -> Message:
    """The date alone, with no "on" or "domani" ("giovedì 4 marzo 2027"): to name another reading of it."""
    return _date(wall(moment, zone), wall(now, zone))


def day(moment: datetime, zone: tzinfo, now: datetime) -> Message:
    """The day alone ("lunedì 7 dicembre", "domani, giovedì 3 dicembre")."""
    local, today = wall(moment, zone), wall(now, zone)
    rel = _relative(local, today)
    if rel is not None:
        return Message("reminders.day_near", rel=Message(rel), date=_date(local, today))
    return Message("reminders.day_far", date=_date(local, today))


def joined(items: list[Message]) -> Message | str:
    """"lunedì e giovedì", "Monday, Wednesday and Friday"."""
    if not items:
        return ""
    out: Message = items[-1]
    if len(items) > 1:
        out = Message("reminders.and", a=items[-2], b=items[-1])
        for item in reversed(items[:-2]):
            out = Message("reminders.list_sep", a=item, b=out)
    return out


def rule(repeat: Repeat) -> Message:
    """"ogni giorno alle 21:00", "ogni lunedì e giovedì alle 19:00", "il 3 di ogni mese alle 9:00"."""
    time = clock_text(repeat.hour, repeat.minute)
    if repeat.every == "week":
        if tuple(sorted(repeat.weekdays)) == WORKDAYS:
            return Message("reminders.rule_workdays", time=time)
        days = joined([Message(f"reminders.weekday.{d}") for d in sorted(repeat.weekdays)])
        return Message("reminders.rule_weekly", days=days, time=time)
    if repeat.every == "month":
        return Message("reminders.rule_monthly", day=ordinal(repeat.day), time=time)
    return Message("reminders.rule_daily", time=time)


def what(r: Reminder) -> Message | str:
    return r.text or Message("reminders.untitled")


def item(r: Reminder, zone: tzinfo, now: datetime) -> Message:
    """One line of a list: "domani, giovedì 3 dicembre, alle 9:00: pagare l'F24"."""
    moment = r.next_time() or r.due
    if r.repeat is not None:
        return Message("reminders.item_repeat", rule=rule(r.repeat), when=when(moment, zone, now), text=what(r))
    return Message("reminders.item", when=when(moment, zone, now), text=what(r))


def confirmation(r: Reminder, zone: tzinfo, now: datetime, note: Message | None = None) -> Message:
    """What the person hears once the reminder is set, with what was assumed about the hour when it was."""
    if r.repeat is not None:
        first = day(r.due, zone, now)
        head = (Message("reminders.set_repeat", rule=rule(r.repeat), first=first, text=r.text) if r.text
                else Message("reminders.set_repeat_plain", rule=rule(r.repeat), first=first))
    else:
        moment = when(r.due, zone, now)
        head = Message("reminders.set", when=moment, text=r.text) if r.text else Message("reminders.set_plain",
                                                                                       when=moment)
    return Message("reminders.with_note", head=head, note=note) if note is not None else head
