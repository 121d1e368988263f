"""An appointment saved in memory ("il dentista è giovedì alle 15") offers a reminder before it.

With `reminders.appointment_lead_minutes` set (0, the default, offers nothing), the memory's confirmation ends with
"Vuoi un promemoria un'ora prima, domani, giovedì 3 dicembre, alle 14:00?". The offer is a turn event
(app/turn/events.py `Offer`) the engine asks at the end of the answer; "sì" as the next request, or the UI's
button, runs `set_reminder` with the reminder's text and time — a write, so with its approval card like any other.

When a fact is an appointment worth a reminder — all of these, or no offer:

* memory filed it as an appointment (its category, a judgement of meaning made by memory's head);
* its words say a day and an hour (lang/reminder_when.py): a one-off moment, not "ogni lunedì" (a repeating
  reminder is asked for in words: "ricordami ogni lunedì alle 18 …") and not a day alone ("giovedì": a reminder
  "an hour before" an hour nobody said would be a guess);
* the reminder's time is still to come, and the appointment is within HORIZON: the reading rolls a date already
  past to the next year ("ieri alle 10", "giovedì scorso" come out ~a year away), so a far date is more likely a
  past one read forward than an appointment to be reminded of;
* no pending reminder already has the same text at the same time (saving the fact twice offers once).

Nothing here touches Qt or the store: the plugin passes the pending reminders and the clock.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from app.lang.messages import Message
from app.lang.reminder_when import read_when
from app.turn import events as ev

from . import messages as _messages  # noqa: F401  (registers the reminders.* sentences)
from . import words
from .clock import zone
from .recurrence import instant, wall
from .store import Reminder

APPOINTMENTS = "appointments"
HORIZON = timedelta(days=180)


def lead_words(minutes: int) -> Message:
    """"un'ora", "30 minuti", "2 giorni" (the largest whole unit)."""
    if minutes % 1440 == 0:
        return Message("reminders.lead.days", n=minutes // 1440)
    if minutes % 60 == 0:
        return Message("reminders.lead.hours", n=minutes // 60)
    return Message("reminders.lead.minutes", n=minutes)


def appointment_offer(fact: str, category: str, lead_minutes: int, now: datetime, tz: str | None, lang: str,
                      pending: list[Reminder], turn_id: str = "", step: int = 0) -> ev.Offer | None:
    """The reminder to offer for a fact just saved, or None (see the module's docstring for when)."""
    if lead_minutes <= 0 or category != APPOINTMENTS or not fact.strip():
        return None
    z = zone(tz)
    said = read_when(fact, wall(now, z))
    if said is None or said.at is None or said.repeat is not None or said.assumed == "no_time":
        return None
    appointment = instant(said.at, z)
    remind = appointment - timedelta(minutes=lead_minutes)
    if remind <= now or appointment - now > HORIZON:
        return None
    text = " ".join(fact.split())
    if any(r.text == text and r.due == remind for r in pending):
        return None
    question = Message("reminders.offer", lead=lead_words(lead_minutes), when=words.when(remind, z, now))
    args: dict[str, Any] = {"text": text, "when": wall(remind, z).isoformat(timespec="minutes")}
    return ev.Offer(turn_id, step, text=question.text(lang), tool="set_reminder", args=args,
                    declined=Message("reminders.offer_declined").text(lang), lang=lang)
