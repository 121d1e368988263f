"""The time the reminders live by: an injectable clock (UTC instants) and the person's time zone.

Why a clock object instead of calling `datetime.now()`: every test of the scheduler (a reminder on time, across a
DST change, due during a restart) moves time by hand; the app and the CLI pass `system_clock`.
Why the zone is an IANA name and not an offset: a repetition's wall time follows the zone's DST rules, which a
fixed offset ("+01:00") does not know. The name comes from TZ, then /etc/localtime (Linux, macOS), then
/etc/timezone. With none of them (Windows, where zoneinfo needs the tzdata package) it is "local": the system's
own local time through time.localtime, whose DST rules are the operating system's — never a fixed UTC that would
ring every reminder an hour or two off.
"""
from __future__ import annotations

import os
import time
from datetime import datetime, timedelta, timezone, tzinfo
from pathlib import Path
from typing import Callable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

Clock = Callable[[], datetime]  # returns an aware instant
LOCAL = "local"  # the system's local time, when no IANA name is known


class LocalZone(tzinfo):
    """The system's local time as time.localtime/mktime know it (DST included), for a system with no zone
    database. A wall time in a DST gap is read as mktime reads it (an hour later on glibc and Windows)."""

    @staticmethod
    def _local(dt: datetime) -> time.struct_time:
        stamp = time.mktime((dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.weekday(), 0, -1))
        return time.localtime(stamp)

    def utcoffset(self, dt: datetime | None) -> timedelta:
        return timedelta(seconds=self._local(dt or datetime.now()).tm_gmtoff)

    def dst(self, dt: datetime | None) -> timedelta:
        return timedelta(0)

    def tzname(self, dt: datetime | None) -> str:
        return str(self._local(dt or datetime.now()).tm_zone)

    def fromutc(self, dt: datetime) -> datetime:
        stamp = (dt.replace(tzinfo=None) - datetime(1970, 1, 1)).total_seconds()
        lt = time.localtime(stamp)
        return datetime(*lt[:6], microsecond=dt.microsecond, tzinfo=self)

    def __repr__(self) -> str:
        return "LocalZone()"


def system_clock() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


def _valid(name: str) -> str | None:
    name = name.strip().lstrip(":")
    if not name:
        return None
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None
    return name


def zone_name() -> str:
    """The local time zone's IANA name ("Europe/Rome"); "local" when the system does not say."""
    found = _valid(os.environ.get("TZ", ""))
    if found:
        return found
    try:
        link = os.readlink("/etc/localtime")
        if "zoneinfo/" in link:
            found = _valid(link.split("zoneinfo/", 1)[1])
    except OSError:
        pass
    if not found:
        try:
            found = _valid(Path("/etc/timezone").read_text(encoding="utf-8"))
        except OSError:
            pass
    return found or LOCAL


def zone(name: str | None = None) -> tzinfo:
    """The zone called `name` (the local one when None); the system's local time for "local" and for a name this
    system does not know (a reminder set on another machine, a missing zone database)."""
    name = name or zone_name()
    if name == LOCAL:
        return LocalZone()
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return LocalZone()
