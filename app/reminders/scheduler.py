"""The scheduler: which reminders to show now, when to look again, and what Fatto / Rimanda / cancel change.

No Qt and no thread here: the time is always passed in or read from the injected clock, so the tests move it by
hand (app/reminders/plugin.py runs the loop in the app). The rules:

* `due(now)` returns each reminder whose time has come and that was not shown for that time, and records it as
  shown in the same transaction — so a reminder is returned once, whoever asks and however often;
* a time that passed more than LATE_AFTER ago (the app was closed, the laptop asleep) comes back `late`, once, at
  the next look; a repetition that missed several occurrences meanwhile comes back once and moves to its next
  occurrence after now (never a burst of old ones);
* a repetition's next occurrence is computed in its own zone's local time (recurrence.py), so a DST change makes
  it ring neither twice nor never; a one-off is an instant and rings at that instant whatever the clock shows;
* `next_wake(now)`: the next time to look — the reminder's own time when it is within WAKE_CAP, else now +
  WAKE_CAP. At most one wake a minute while nothing is due within the minute, and at most a minute of delay after
  a suspend or a clock change (a timer does not count the time a laptop sleeps);
* `snooze` rings it again SNOOZE_MINUTES from now; `done` ends a one-off (a repetition goes on: only this
  occurrence is acknowledged); `cancel` ends either; `edit` changes the text or the time (a new time rings anew).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Callable

from app.lang.repeat import Repeat

from .clock import Clock, system_clock, zone, zone_name
from .recurrence import instant, next_after
from .store import Reminder, ReminderStore

LATE_AFTER = timedelta(seconds=90)  # later than this, the reminder is shown as late ("in ritardo")
WAKE_CAP = timedelta(seconds=60)
SNOOZE_MINUTES = 10


@dataclass(frozen=True)
class Firing:
    """A reminder to show now: `at` is the time it was for, `late` when that time passed while nobody looked."""

    reminder: Reminder
    at: datetime
    late: bool


class NoSuchReminder(LookupError):
    pass


class Scheduler:
    def __init__(self, store: ReminderStore, clock: Clock = system_clock, tz: str | None = None):
        self.store = store
        self.clock = clock
        self.tz = tz or zone_name()
        self.on_change: list[Callable[[], None]] = []  # called after a change (the plugin's loop wakes up)

    def close(self) -> None:
        self.store.close()

    def _changed(self) -> None:
        for fn in list(self.on_change):
            fn()

    # -- adding ------------------------------------------------------------------------------------------------
    def add(self, text: str, at: datetime | None = None, repeat: Repeat | None = None, lang: str = "en",
            tz: str | None = None) -> Reminder:
        """A one-off at `at` (aware: that instant; naive: local wall time in `tz`) or a repetition from now."""
        name = tz or self.tz
        z = zone(name)
        now = self.clock()
        if repeat is not None:
            due = next_after(repeat, now, z)
        elif at is None:
            raise ValueError("a reminder needs a time or a repetition")
        else:
            due = instant(at, z) if at.tzinfo is None else at.astimezone(timezone.utc)
        rid = self.store.add(text, due, repeat, name, lang, created=now)
        self._changed()
        return self.get(rid)

    # -- looking -----------------------------------------------------------------------------------------------
    def due(self, now: datetime | None = None) -> list[Firing]:
        """The reminders to show now, each recorded as shown (see the module's docstring)."""
        now = now or self.clock()
        out: list[Firing] = []
        for r in self.store.pending():
            owed = [t for t in r.owed() if t <= now]
            if not owed:
                continue
            shown = owed[-1]
            next_due = None
            if r.repeat is not None and r.due <= now:
                next_due = next_after(r.repeat, max(now, r.due), zone(r.tz))
            self.store.fired(r.id, shown, next_due)
            out.append(Firing(r, shown, now - shown > LATE_AFTER))
        if out:
            self._changed()  # a repetition moved on: a list on screen is stale
        return out

    def next_time(self) -> datetime | None:
        """The soonest time a pending reminder still has to ring."""
        times = [t for r in self.store.pending() if (t := r.next_time()) is not None]
        return min(times) if times else None

    def next_wake(self, now: datetime | None = None) -> datetime:
        now = now or self.clock()
        soonest = self.next_time()
        if soonest is not None and soonest - now <= WAKE_CAP:
            return max(now, soonest)
        return now + WAKE_CAP

    def pending(self) -> list[Reminder]:
        return self.store.pending()

    def get(self, rid: int) -> Reminder:
        r = self.store.get(rid)
        if r is None:
            raise NoSuchReminder(rid)
        return r

    # -- what the person does ----------------------------------------------------------------------------------
    def snooze(self, rid: int, minutes: int = SNOOZE_MINUTES, now: datetime | None = None) -> Reminder:
        self.get(rid)
        now = now or self.clock()
        self.store.snooze(rid, now + timedelta(minutes=minutes))
        self._changed()
        return self.get(rid)

    def done(self, rid: int, now: datetime | None = None) -> Reminder:
        """Fatto: a one-off is done; a repetition keeps its next occurrence (a pending snooze is dropped)."""
        r = self.get(rid)
        now = now or self.clock()
        if r.repeat is None:
            self.store.close_reminder(rid, "done", now)
        else:
            self.store.clear_snooze(rid)
        self._changed()
        return self.get(rid)

    def edit(self, rid: int, text: str | None = None, at: datetime | None = None,
             repeat: Repeat | None = None) -> Reminder:
        """The reminders page's edit: a new text, a new one-off time (`at`, as in `add`) or a new repetition."""
        r = self.get(rid)
        z = zone(r.tz)
        due, rule = r.due, r.repeat
        if repeat is not None:
            due, rule = next_after(repeat, self.clock(), z), repeat
        elif at is not None:
            due, rule = (instant(at, z) if at.tzinfo is None else at.astimezone(timezone.utc)), None
        self.store.update(rid, r.text if text is None else text, due, rule)
        self._changed()
        return self.get(rid)

    def cancel(self, rid: int, now: datetime | None = None) -> Reminder:
        r = self.get(rid)
        if r.state != "pending":
            return r
        self.store.close_reminder(rid, "cancelled", now or self.clock())
        self._changed()
        return self.get(rid)
