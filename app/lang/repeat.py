"""A reminder that repeats, as a value: every day, on some weekdays, or on a day of the month, at a wall time.

Its own module because three layers speak of it — the reading (lang/reminder_when.py), the scheduler that computes
its occurrences (app/reminders/recurrence.py) and the tool's arguments — and `code()` is the one short form all of
them store and exchange ('daily@21:00', 'weekly:0,3@19:00', 'monthly:3@09:00').
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Repeat:
    """A rule that repeats at a local wall time: every day, on some weekdays (0 = Monday), or on a day of the
    month (a day the month lacks, like the 31st in April, is that month's last day)."""

    every: str  # "day" | "week" | "month"
    hour: int
    minute: int
    weekdays: tuple[int, ...] = ()
    day: int = 0

    def code(self) -> str:
        """A short stable form for the database and the tool's arguments: 'daily@21:00', 'weekly:0,3@19:00',
        'monthly:3@09:00'."""
        at = f"@{self.hour:02d}:{self.minute:02d}"
        if self.every == "week":
            return "weekly:" + ",".join(str(d) for d in sorted(self.weekdays)) + at
        if self.every == "month":
            return f"monthly:{self.day}{at}"
        return "daily" + at

    @staticmethod
    def parse(code: str) -> Repeat:
        """The inverse of `code`; ValueError on anything else."""
        head, _, at = str(code).strip().partition("@")
        hh, _, mm = at.partition(":")
        hour, minute = int(hh), int(mm or 0)
        if not (0 <= hour <= 23 and 0 <= minute <= 59):
            raise ValueError(f"bad time in {code!r}")
        kind, _, arg = head.partition(":")
        if kind == "daily" and not arg:
            return Repeat("day", hour, minute)
        if kind == "weekly":
            days = tuple(sorted({int(d) for d in arg.split(",") if d.strip()}))
            if days and all(0 <= d <= 6 for d in days):
                return Repeat("week", hour, minute, weekdays=days)
        if kind == "monthly" and arg.isdigit() and 1 <= int(arg) <= 31:
            return Repeat("month", hour, minute, day=int(arg))
        raise ValueError(f"not a repetition: {code!r}")
