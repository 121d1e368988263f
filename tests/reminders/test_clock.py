"""The zone reminders live in: the IANA name when the system says it, else the system's own local time — DST
included, never a fixed UTC (Windows has no zone database without the tzdata package)."""
from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from app.lang.repeat import Repeat
from app.reminders.clock import LocalZone, zone, zone_name
from app.reminders.recurrence import instant, next_after, wall


@pytest.fixture
def rome_tz(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    if not hasattr(time, "tzset"):
        pytest.skip("time.tzset is POSIX only")
    monkeypatch.setenv("TZ", "Europe/Rome")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_the_name_comes_from_tz(rome_tz: None) -> None:
    assert zone_name() == "Europe/Rome"
    assert zone("no/such-zone").utcoffset(datetime(2026, 7, 1, 12)) == timedelta(hours=2)  # the local time


def test_local_time_without_a_zone_database_follows_dst_like_zoneinfo(rome_tz: None) -> None:
    local, rome = LocalZone(), ZoneInfo("Europe/Rome")
    for naive in (datetime(2027, 3, 27, 8, 0), datetime(2027, 3, 28, 8, 0), datetime(2027, 10, 30, 8, 0),
                  datetime(2027, 10, 31, 8, 0), datetime(2027, 1, 15, 23, 30)):
        assert instant(naive, local) == instant(naive, rome), naive
        moment = instant(naive, rome)
        assert wall(moment, local) == naive
    rule = Repeat("day", 8, 0)
    t = datetime(2027, 3, 26, 12, tzinfo=timezone.utc)
    seen = []
    for _ in range(4):
        t = next_after(rule, t, local)
        seen.append(wall(t, local))
    assert seen == [datetime(2027, 3, d, 8, 0) for d in (27, 28, 29, 30)]
