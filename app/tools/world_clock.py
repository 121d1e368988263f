"""The time in another place: "che ore sono a New York?", "what time is it in Tokyo right now?".

Why a tool of its own: get_now tells the local time, and "che ore sono a New York adesso?" ran it (structure 0.94,
the model agreed) and answered the time here — a substitute action; a model answering on its own has no clock.
The zone database on the machine knows every zone's rules (DST included), so the answer is exact and offline.
The place is the model's to read out of the request (a required argument); the tool reads it as a zone
(app/lang/places.py) and says when it does not know the place, never guessing one.
"""
from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from app.lang.asked import Asked
from app.lang.messages import Message, register, say
from app.lang.places import bare, cities_of, is_country, names_place, place_said, zone_of, zones_known
from app.lang.rules.weekday_words import WEEKDAYS_IT
from app.turn.describe import StepSaid

from .clock import day_en, day_it, local_now
from .registry import Tool, ToolContext, ToolError
from .slots import Slots

MAX_PLACE = 60  # characters: a place's name, not a sentence


def time_in(args: dict[str, Any], ctx: ToolContext | None = None) -> dict[str, Any]:
    """The time and date at `place` now, and how far it is from the local time (minutes, signed)."""
    place = str(args.get("place") or "").strip()
    if not place or len(place) > MAX_PLACE:
        raise ToolError(Message("world_clock.no_place"))
    if not zones_known():
        raise ToolError(Message("world_clock.no_database"))
    if (cities := cities_of(place)) is not None:
        raise ToolError(Message("world_clock.which_city", place=bare(place), cities=cities))
    key = zone_of(place)
    if key is None:
        raise ToolError(Message("world_clock.unknown", place=place))
    try:
        there_zone = ZoneInfo(key)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise ToolError(Message("world_clock.unknown", place=place)) from None
    here = local_now()
    there = here.astimezone(there_zone)
    offset_here, offset_there = here.utcoffset(), there.utcoffset()
    ahead = int(((offset_there or dt.timedelta()) - (offset_here or dt.timedelta())).total_seconds() // 60)
    return {"place": _as_said(place, key, ctx), "zone": key, "time": there.strftime("%H:%M"),
            "date": there.date().isoformat(),
            "weekday": there.strftime("%A"), "weekday_it": WEEKDAYS_IT[there.weekday()],
            "day_it": day_it(there), "day_en": day_en(there),
            "other_day": there.date() != here.date(), "minutes_ahead": ahead}


def _as_said(place: str, key: str, ctx: ToolContext | None) -> str:
    """The place in the person's own words when the request names the same zone: the model, asked for the argument
    of "che ore sono a Londra adesso?", wrote "London", and the answer read "A London sono le 03:33"."""
    text = str(getattr(getattr(ctx, "turn", None), "text", "") or "")
    said = place_said(text) if text else None
    return bare(said) if said is not None and zone_of(said) == key else bare(place)


register({
    "world_clock.no_place": {"it": "Di quale città o paese vuoi sapere l'ora?",
                             "en": "Which city or country do you want the time of?"},
    "world_clock.no_database": {
        "it": "Su questo computer non c'è l'elenco dei fusi orari del mondo: posso dirti solo l'ora di qui.",
        "en": "This computer has no list of the world's time zones: I can only tell you the time here."},
    "world_clock.unknown": {
        "it": "Non so in che fuso orario sia «{place}»: prova con la città più grande vicina (per esempio "
              "«che ore sono a Tokyo?»).",
        "en": "I don't know which time zone “{place}” is in: try the nearest big city (for example “what time is "
              "it in Tokyo?”)."},
    "world_clock.which_city": {"it": "In «{place}» c'è più di un fuso orario: di quale città vuoi sapere l'ora (per "
                                     "esempio {cities})?",
                               "en": "“{place}” has more than one time zone: which city do you want the time of (for "
                                     "example {cities})?"},
    "render.time_in": {"it": "{at} {place} sono le {time}{day}{diff}.", "en": "In {place} it's {time}{day}{diff}."},
    "world_clock.day": {"it": " di {day}", "en": " on {day}"},
    "world_clock.same": {"it": " (la stessa ora di qui)", "en": " (the same time as here)"},
    "world_clock.ahead": {"it": " ({amount} avanti rispetto a qui)", "en": " ({amount} ahead of here)"},
    "world_clock.behind": {"it": " ({amount} indietro rispetto a qui)", "en": " ({amount} behind here)"},
    "world_clock.hours": {"it": {"one": "{n} ora", "other": "{n} ore"},
                          "en": {"one": "{n} hour", "other": "{n} hours"}},
    "world_clock.hours_minutes": {"it": "{hours} e {minutes} minuti", "en": "{hours} and {minutes} minutes"},
    "world_clock.minutes": {"it": "{n} minuti", "en": "{n} minutes"},
    "describe.time_in": {"it": "Ho guardato l'ora in un altro posto", "en": "Checked the time elsewhere"},
})


def _amount(minutes: int, lang: str) -> str:
    """4 ore, 1 ora, 5 ore e 30 minuti, 45 minuti."""
    h, m = divmod(abs(minutes), 60)
    if not h:
        return say("world_clock.minutes", lang, n=m)
    hours = say("world_clock.hours", lang, n=h)
    return say("world_clock.hours_minutes", lang, hours=hours, minutes=m) if m else hours


def said(r: dict[str, Any], lang: str, _shape: Asked | None = None) -> str:
    """"A Tokyo sono le 09:15 di domenica 7 dicembre (8 ore avanti rispetto a qui)." — the day only when it is not
    today here."""
    ahead = int(r.get("minutes_ahead") or 0)
    if ahead == 0:
        diff = say("world_clock.same", lang)
    else:
        diff = say("world_clock.ahead" if ahead > 0 else "world_clock.behind", lang, amount=_amount(ahead, lang))
    day = say("world_clock.day", lang, day=r["day_it"] if lang == "it" else r["day_en"]) if r.get("other_day") \
        else ""
    return say("render.time_in", lang, at=_at(r["place"]), place=r["place"], time=r["time"], day=day, diff=diff)


def said_there(place: str, lang: str) -> str | None:
    """The world clock's sentence for `place`, or None when it cannot tell (an answer written from nothing that
    stated a time for a place it names: planner/answer.clock_text)."""
    try:
        return said(time_in({"place": place}), lang)
    except ToolError:
        return None


def _at(place: str) -> str:
    """Italian's preposition before the place: "In India", "A Tokyo", "Ad Atene"."""
    if is_country(place):
        return "In"
    return "Ad" if place[:1].lower() == "a" else "A"


TOOLS = [
    Tool("time_in", "The current time in another city or country (world clock), not here: che ore sono a New York, "
         "what time is it in Sydney.",
         {"type": "object", "properties": {"place": {"type": "string", "description": "the city or country named"}},
          "required": ["place"]}, time_in, group="Time and date",
         examples=("che ore sono a New York", "what time is it in another country", "che ora è adesso a Londra"),
         slots=Slots(fill={}), render=said, said=StepSaid(), offered_if=names_place,
         instead_of=("get_now",)),
]
