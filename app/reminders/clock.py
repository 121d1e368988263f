"""The time the reminders live by: an injectable clock (UTC instants) and the person's time zone.

Why a clock object instead of calling `datetime.now()`: every test of the scheduler (a reminder on time, across a
DST change, due during a restart) moves time by hand; the app and the CLI pass `system_clock`.
Why the zone is an IANA name and not an offset: a repetition's wall time follows the zone's DST rules, which a
fixed offset ("+01:00") does not know. The name comes from TZ, then /etc/localtime (Linux, macOS), then
/etc/timezone; with none of them (Windows without tzdata) it is UTC, and `zone_name` says so.
"""
from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

Clock = Callable[[], datetime]  # returns an aware instant


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
    """The local time zone's IANA name ("Europe/Rome"); "UTC" when the system does not say."""
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
    return found or "UTC"


def zone(name: str | None = None) -> ZoneInfo:
    """The zone called `name` (the local one when None); UTC for a name this system does not know."""
    try:
        return ZoneInfo(name or zone_name())
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return ZoneInfo("UTC")
