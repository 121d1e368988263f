"""Idle cost (issue 32): while nothing is due within the minute the loop sleeps a whole minute between looks; a
reminder within the minute is looked at on its own second. Checked on the sleep the loop chooses after each look
(RemindersPlugin.tick, what `_run` waits on), with a clock moved by hand: no timing here. `metnos bench reminders`
measures the same on the real clock, with the RSS the scheduler adds (app/bench/reminders.py).
"""
from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from reminder_support import Clock

from app.bench.reminders import GOAL_WAKE_S, verdicts
from app.lang.repeat import Repeat
from app.reminders import RemindersPlugin, Scheduler
from app.reminders.scheduler import WAKE_CAP


@pytest.fixture
def plugin(keystore: object, clock: Clock, db_path: Path) -> Iterator[RemindersPlugin]:
    p = RemindersPlugin(None, clock=clock, tz="Europe/Rome", path=str(db_path))
    yield p
    p.close()


def sch_of(plugin: RemindersPlugin) -> Scheduler:
    s = plugin.scheduler()
    assert isinstance(s, Scheduler)
    return s


def test_the_loop_sleeps_a_minute_unless_a_reminder_is_due_within_it(plugin: RemindersPlugin, clock: Clock) -> None:
    sch = sch_of(plugin)
    assert WAKE_CAP.total_seconds() == GOAL_WAKE_S
    assert plugin.tick() == 60.0  # nothing at all
    for i in range(50):
        sch.add(f"r{i}", datetime(2026, 12, 2, 12, 0) + timedelta(hours=i))
    assert plugin.tick() == 60.0  # many, none within the minute: still once a minute, never more often
    sch.add("soon", clock.now + timedelta(seconds=20))
    assert plugin.tick() == 20.0  # within the minute: it wakes on the reminder's own second
    clock.tick(seconds=20)
    fired: list[object] = []
    plugin.subscribe(fired.append)
    assert plugin.tick() == 60.0 and len(fired) == 1  # rang; the next is hours away
    sch.add("at 10:01:30", clock.now + timedelta(seconds=90))
    assert plugin.tick() == 60.0  # 90 s away: a whole minute first, then the rest
    clock.tick(seconds=60)
    assert plugin.tick() == 30.0


def test_a_snooze_and_a_repetition_are_looked_at_on_their_second_only_within_the_minute(
        plugin: RemindersPlugin, clock: Clock) -> None:
    sch = sch_of(plugin)
    clock.at(2026, 12, 2, 10, 4, 15)
    daily = sch.add("medicina", repeat=Repeat("day", 10, 5))
    assert plugin.tick() == 45.0  # 10:05:00 is 45 s away
    clock.at(2026, 12, 2, 10, 5)
    plugin.subscribe(lambda f: None)
    assert plugin.tick() == 60.0  # rang; tomorrow's 10:05 is a day away
    sch.snooze(daily.id)  # 10:15
    assert plugin.tick() == 60.0
    clock.at(2026, 12, 2, 10, 14, 50)
    assert plugin.tick() == 10.0


def test_the_benchs_verdicts_follow_the_goals() -> None:
    idle = {"rss_added_mb": 0.2, "idle_sleep_s": 60.0, "looks_in_window": 0}
    assert verdicts(idle) == {"rss_ok": True, "wake_ok": True}
    assert verdicts({**idle, "rss_added_mb": 1.4})["rss_ok"] is False
    assert verdicts({**idle, "idle_sleep_s": 30.0})["wake_ok"] is False
    assert verdicts({**idle, "looks_in_window": 2})["wake_ok"] is False
    assert verdicts({**idle, "rss_added_mb": None})["rss_ok"] is False  # not measured is not met
