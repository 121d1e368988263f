"""Time and date executors (the L0 table answers with these)."""
from __future__ import annotations

import datetime as dt
import socket
from typing import Any

from app.lang.asked import Asked
from app.lang.messages import register, say
from app.lang.rules.month_words import MONTHS_IT
from app.lang.rules.weekday_words import WEEKDAYS_IT
from app.turn.describe import StepSaid

from .registry import Tool, ToolContext
from .slots import Slots


def day_it(d: dt.date) -> str:
    """A day in Italian words: "sabato 5 dicembre" (the names from the tables in app/lang/rules)."""
    return f"{WEEKDAYS_IT[d.weekday()]} {d.day} {MONTHS_IT[d.month - 1]}"


def day_en(d: dt.date) -> str:
    """A day in English words: "Saturday 5 December"."""
    return d.strftime("%A %d %B").replace(" 0", " ")


def local_now() -> dt.datetime:
    """The local time now, aware (its offset is what the world clock counts from)."""
    return dt.datetime.now().astimezone()


def get_now(args: dict[str, Any], ctx: ToolContext | None = None) -> dict[str, Any]:
    n = local_now()
    return {"time": n.strftime("%H:%M"), "iso": n.isoformat(timespec="seconds"), "timezone": n.tzname() or ""}


def get_date(args: dict[str, Any], ctx: ToolContext | None = None) -> dict[str, Any]:
    n = local_now()
    return {"date": n.date().isoformat(), "weekday": n.strftime("%A"), "weekday_it": WEEKDAYS_IT[n.weekday()],
            "text_it": f"{day_it(n)} {n.year}", "text_en": f"{day_en(n)} {n.year}"}


def said_now(kind: str, lang: str) -> str:
    """The clock's own sentence: "date" → "Oggi è sabato 5 dicembre 2026.", "time" → "Sono le 22:15.", "zone" → "Sei
    su vm, fuso orario Europe/Rome." (what the tools' answers say, for a writer that stated the clock from nothing:
    planner/answer.clock_text)."""
    if kind == "date":
        return _date(get_date({}), lang, Asked())
    if kind == "zone":
        return _where(_here(), lang, Asked())
    return _time(get_now({}), lang, Asked())


def where_am_i(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """No network and no GPS: answer from what the machine itself knows."""
    return _here()


def _here() -> dict[str, Any]:
    n = local_now()
    tzname = ""
    try:
        tzname = str(getattr(n.tzinfo, "key", ""))
    except Exception:
        pass
    if not tzname:
        try:
            import os
            link = os.readlink("/etc/localtime")
            tzname = link.split("zoneinfo/")[-1]
        except OSError:
            tzname = n.tzname() or ""
    return {"host": socket.gethostname(), "timezone": tzname or "unknown", "utc_offset": n.strftime("%z")}


register({
    "render.time": {"it": "Sono le {time}.", "en": "It's {time}."},
    "render.date": {"it": "Oggi è {date}.", "en": "Today is {date}."},
    "render.where": {"it": "Sei su {host}, fuso orario {tz}.", "en": "You are on {host}, time zone {tz}."},
    "describe.get_now": {"it": "Ho guardato l'ora", "en": "Checked the time"},
    "describe.get_date": {"it": "Ho guardato la data", "en": "Checked the date"},
    "describe.where_am_i": {"it": "Ho guardato su che computer siamo", "en": "Checked which computer this is"},
})


def _time(r: dict[str, Any], lang: str, _shape: Asked) -> str:
    return say("render.time", lang, time=r["time"])


def _date(r: dict[str, Any], lang: str, _shape: Asked) -> str:
    return say("render.date", lang, date=r["text_it"] if lang == "it" else r["text_en"])


def _where(r: dict[str, Any], lang: str, _shape: Asked) -> str:
    return say("render.where", lang, host=r["host"], tz=r["timezone"])


TOOLS = [
    Tool("get_now", "Current local time (hours and minutes). Che ore sono, what time is it.",
         {"type": "object", "properties": {}}, get_now, group="Time and date",
         examples=("che ore sono", "what time is it", "dimmi l'ora"), slots=Slots(fill={}),
         render=_time, said=StepSaid()),
    Tool("get_date", "Today's date and weekday. Che giorno è oggi, what is the date today.",
         {"type": "object", "properties": {}}, get_date, group="Time and date",
         examples=("che giorno è oggi", "what's the date today", "che data è"), slots=Slots(fill={}),
         render=_date, said=StepSaid()),
    Tool("where_am_i", "Where this computer is: host name and time zone (no network location).",
         {"type": "object", "properties": {}}, where_am_i, group="Time and date",
         examples=("dove sono", "where am I"), slots=Slots(fill={}), render=_where, said=StepSaid()),
]
