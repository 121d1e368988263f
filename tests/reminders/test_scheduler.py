"""The scheduler with a clock moved by hand: on time, across DST, after a restart, snooze, done, cancel, idle wakes.

Every test drives the real encrypted store; "a restart" is a second Scheduler on the same file after closing the
first, as the app would after being closed.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from reminder_support import ROME, Clock, rome

from app.lang.repeat import Repeat
from app.reminders.recurrence import instant, next_after
from app.reminders.scheduler import WAKE_CAP, Scheduler
from app.reminders.store import ReminderStore


def test_a_reminder_fires_on_time_not_a_second_before(scheduler: Scheduler, clock: Clock) -> None:
    r = scheduler.add("chiamare Marco", datetime(2026, 12, 2, 15, 0), lang="it")
    clock.at(2026, 12, 2, 14, 59, 59)
    assert scheduler.due() == []
    clock.tick(seconds=1)
    fired = scheduler.due()
    assert [(f.reminder.id, f.late) for f in fired] == [(r.id, False)]
    assert rome(fired[0].at) == datetime(2026, 12, 2, 15, 0)
    assert scheduler.due() == []  # shown once
    clock.tick(minutes=30)
    assert scheduler.due() == []


def test_next_wake_is_the_reminder_itself_within_a_minute_else_a_minute_away(scheduler: Scheduler,
                                                                            clock: Clock) -> None:
    now = clock.now
    assert scheduler.next_wake() == now + WAKE_CAP  # nothing at all: once a minute
    scheduler.add("x", datetime(2026, 12, 2, 18, 0))
    assert scheduler.next_wake() == now + WAKE_CAP  # hours away: still once a minute, never more often
    clock.at(2026, 12, 2, 17, 59, 20)
    assert rome(scheduler.next_wake()) == datetime(2026, 12, 2, 18, 0)  # within the minute: its own second
    clock.at(2026, 12, 2, 18, 0, 5)
    assert scheduler.next_wake() == clock.now  # overdue: look now
    scheduler.due()
    assert scheduler.next_wake() == clock.now + WAKE_CAP


def test_due_while_closed_is_shown_once_at_start_and_marked_late(keystore: object, clock: Clock,
                                                                  db_path: Path) -> None:
    sch = Scheduler(ReminderStore(db_path), clock, "Europe/Rome")
    one = sch.add("pagare l'F24", datetime(2026, 12, 3, 9, 0), lang="it")
    daily = sch.add("pastiglia", repeat=Repeat("day", 21, 0), lang="it")
    sch.close()  # the app is closed over three evenings and a morning
    clock.at(2026, 12, 5, 8, 0)
    sch = Scheduler(ReminderStore(db_path), clock, "Europe/Rome")
    fired = {f.reminder.id: f for f in sch.due()}
    assert set(fired) == {one.id, daily.id}
    assert all(f.late for f in fired.values())
    assert rome(fired[one.id].at) == datetime(2026, 12, 3, 9, 0)
    assert rome(fired[daily.id].at) == datetime(2026, 12, 2, 21, 0)  # the first missed one, shown once
    assert rome(sch.get(daily.id).due) == datetime(2026, 12, 5, 21, 0)  # then the next still to come
    sch.close()
    sch = Scheduler(ReminderStore(db_path), clock, "Europe/Rome")  # another restart: nothing again
    assert sch.due() == []
    clock.at(2026, 12, 5, 21, 0)
    assert [(f.reminder.id, f.late) for f in sch.due()] == [(daily.id, False)]
    sch.close()


def test_snooze_rings_again_ten_minutes_later(scheduler: Scheduler, clock: Clock) -> None:
    r = scheduler.add("togliere la pasta", datetime(2026, 12, 2, 10, 20))
    clock.at(2026, 12, 2, 10, 20)
    assert len(scheduler.due()) == 1
    clock.tick(seconds=40)
    scheduler.snooze(r.id)
    clock.tick(minutes=9, seconds=59)
    assert scheduler.due() == []
    clock.tick(seconds=1)
    fired = scheduler.due()
    assert [f.reminder.id for f in fired] == [r.id] and not fired[0].late
    assert scheduler.due() == []
    assert scheduler.get(r.id).snoozed_until is None
    scheduler.done(r.id)
    assert scheduler.get(r.id).state == "done"
    clock.tick(hours=5)
    assert scheduler.due() == []


def test_cancel_before_the_time_means_it_never_rings(scheduler: Scheduler, clock: Clock) -> None:
    r = scheduler.add("chiamare Marco", datetime(2026, 12, 2, 15, 0))
    keep = scheduler.add("chiamare Anna", datetime(2026, 12, 2, 15, 0))
    assert scheduler.cancel(r.id).state == "cancelled"
    clock.at(2026, 12, 2, 15, 0)
    assert [f.reminder.id for f in scheduler.due()] == [keep.id]
    assert [p.id for p in scheduler.pending()] == [keep.id]
    assert scheduler.cancel(r.id).state == "cancelled"  # twice is harmless


def test_done_on_a_repetition_keeps_it_going(scheduler: Scheduler, clock: Clock) -> None:
    r = scheduler.add("carta", repeat=Repeat("week", 8, 0, weekdays=(0,)))
    clock.at(2026, 12, 7, 8, 0)
    assert len(scheduler.due()) == 1
    scheduler.snooze(r.id)
    after = scheduler.done(r.id)  # Fatto on the snoozed occurrence: no second ring, the rule goes on
    assert after.state == "pending" and after.snoozed_until is None
    assert rome(after.due) == datetime(2026, 12, 14, 8, 0)
    clock.tick(minutes=15)
    assert scheduler.due() == []


def _ring_every_minute(sch: Scheduler, clock: Clock, until: datetime) -> list[datetime]:
    """Walk the clock a minute at a time, as the loop would, collecting what rang (Rome wall time)."""
    out: list[datetime] = []
    while clock.now < until:
        clock.tick(minutes=1)
        out += [rome(f.at) for f in sch.due()]
    return out


def test_daily_across_spring_forward_rings_every_day_once(scheduler: Scheduler, clock: Clock) -> None:
    """Europe/Rome, Sunday 28 March 2027: 2:00 becomes 3:00. 8:00 stays 8:00; 2:30 does not exist and rings at
    3:30 — once."""
    clock.at(2027, 3, 26, 12, 0)
    scheduler.add("otto", repeat=Repeat("day", 8, 0))
    scheduler.add("notte", repeat=Repeat("day", 2, 30))
    rang = _ring_every_minute(scheduler, clock, instant(datetime(2027, 3, 30, 12, 0), ROME))
    assert [t for t in rang if t.hour == 8] == [datetime(2027, 3, d, 8, 0) for d in (27, 28, 29, 30)]
    night = [t for t in rang if t.hour in (2, 3)]
    assert night == [datetime(2027, 3, 27, 2, 30), datetime(2027, 3, 28, 3, 30), datetime(2027, 3, 29, 2, 30),
                     datetime(2027, 3, 30, 2, 30)]


def test_daily_across_fall_back_rings_once_in_the_repeated_hour(scheduler: Scheduler, clock: Clock) -> None:
    """Europe/Rome, Sunday 31 October 2027: 3:00 goes back to 2:00, so 2:30 happens twice — it rings once."""
    clock.at(2027, 10, 29, 12, 0)
    r = scheduler.add("notte", repeat=Repeat("day", 2, 30))
    w = scheduler.add("lunedì", repeat=Repeat("week", 9, 0, weekdays=(0,)))
    rang = _ring_every_minute(scheduler, clock, instant(datetime(2027, 11, 2, 12, 0), ROME))
    assert rang.count(datetime(2027, 10, 31, 2, 30)) == 1
    assert [t for t in rang if t.hour == 2] == [datetime(2027, 10, d, 2, 30) for d in (30, 31)] + [
        datetime(2027, 11, d, 2, 30) for d in (1, 2)]
    assert datetime(2027, 11, 1, 9, 0) in rang  # the weekly one, the Monday after the change, at 9:00 local
    assert rome(scheduler.get(r.id).due) == datetime(2027, 11, 3, 2, 30)
    assert rome(scheduler.get(w.id).due) == datetime(2027, 11, 8, 9, 0)


def test_monthly_on_the_31st_rings_on_the_last_day_of_short_months() -> None:
    rule = Repeat("month", 9, 0, day=31)
    t = instant(datetime(2027, 1, 31, 12, 0), ROME)
    seen = []
    for _ in range(4):
        t = next_after(rule, t, ROME)
        seen.append(t.astimezone(ROME).date().isoformat())
    assert seen == ["2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"]


def test_a_one_off_is_an_instant_whatever_the_clock_on_the_wall(scheduler: Scheduler, clock: Clock) -> None:
    """Set at 10:00 for "in 20 minutes" in Rome; the machine moves to another zone meanwhile: it still rings
    20 minutes after it was set, and once."""
    r = scheduler.add("pasta", clock.now + timedelta(minutes=20))
    clock.tick(minutes=19, seconds=59)
    assert scheduler.due() == []
    clock.tick(seconds=1)
    assert [f.reminder.id for f in scheduler.due()] == [r.id]
    clock.tick(hours=-1)  # the system clock goes back an hour: nothing rings twice
    clock.tick(hours=1, minutes=1)
    assert scheduler.due() == []


def test_edit_changes_the_text_or_the_time_and_a_new_time_rings_anew(scheduler: Scheduler, clock: Clock) -> None:
    r = scheduler.add("chiamare Marco", datetime(2026, 12, 2, 10, 30))
    clock.at(2026, 12, 2, 10, 30)
    assert len(scheduler.due()) == 1
    scheduler.edit(r.id, text="richiamare Marco")
    assert scheduler.due() == []  # the same time, already shown: not again
    after = scheduler.edit(r.id, at=datetime(2026, 12, 2, 16, 0))
    assert after.text == "richiamare Marco" and after.last_fired is None
    clock.at(2026, 12, 2, 16, 0)
    assert [f.reminder.text for f in scheduler.due()] == ["richiamare Marco"]
    weekly = scheduler.edit(r.id, repeat=Repeat("week", 8, 0, weekdays=(0,)))
    assert rome(weekly.due) == datetime(2026, 12, 7, 8, 0) and weekly.repeat is not None
