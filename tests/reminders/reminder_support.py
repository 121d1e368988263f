"""What the reminders tests share: a clock moved by hand, in Europe/Rome (both DST changes of the year)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

ROME = ZoneInfo("Europe/Rome")


class Clock:
    """An instant set by hand; `at(...)` takes Rome wall time, `tick` moves it on."""

    def __init__(self, start: datetime):
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def at(self, *args: int) -> datetime:
        self.now = datetime(*args, tzinfo=ROME).astimezone(timezone.utc)  # type: ignore[misc]
        return self.now

    def tick(self, **delta: float) -> datetime:
        self.now = self.now + timedelta(**delta)
        return self.now


def rome(moment: datetime) -> datetime:
    return moment.astimezone(ROME).replace(tzinfo=None)
