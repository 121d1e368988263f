"""An appointment saved in memory offers a reminder before it (issue 32): "ricordati che il dentista è giovedì alle
15" is confirmed with "Vuoi un promemoria un'ora prima, …?" when reminders.appointment_lead_minutes is set (off by
default), and "sì" as the next request sets it through set_reminder, with its approval like any write.

The engine is the real one (real router, memory, reminders plugin over the encrypted stores, the bundled embedder
that files facts by meaning); only the reminders' clock is moved by hand: Wednesday 2 December 2026, 10:00 in Rome.
"""
from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from reminder_support import ROME, Clock, rome
from support import write_runtime

from app.config import ConfigManager
from app.engine.engine import Engine
from app.memory.plugin import MemoryPlugin
from app.memory.scratchpad import ScratchpadPlugin
from app.reminders import RemindersPlugin, Scheduler
from app.reminders.offer import HORIZON, appointment_offer, lead_words
from app.reminders.store import Reminder
from app.turn import events as ev

NOW = datetime(2026, 12, 2, 10, 0, tzinfo=ROME).astimezone(timezone.utc)


# -- when there is an offer, and its words (no store, no model) --------------------------------------------------
def offer(fact: str, lead: int = 60, category: str = "appointments", lang: str = "it",
          pending: list[Reminder] | None = None) -> ev.Offer | None:
    return appointment_offer(fact, category, lead, NOW, "Europe/Rome", lang, pending or [])


def test_an_appointment_with_day_and_hour_offers_a_reminder_before_it_in_the_requests_language() -> None:
    it = offer("il dentista è giovedì alle 15")
    assert it is not None and it.tool == "set_reminder"
    assert it.text == "Vuoi un promemoria un'ora prima, domani, giovedì 3 dicembre, alle 14:00?"
    assert it.args == {"text": "il dentista è giovedì alle 15", "when": "2026-12-03T14:00"}
    assert it.declined == "Va bene, nessun promemoria." and it.lang == "it"
    en = offer("the dentist is on Thursday at 3pm", lead=30, lang="en")
    assert en is not None
    assert en.text == "Would you like a reminder 30 minutes before, tomorrow, Thursday 3 December, at 14:30?"
    day = offer("il colloquio è lunedì alle 9", lead=1440)
    assert day is not None and day.args["when"] == "2026-12-06T09:00"  # the day before, same hour
    assert day.text.startswith("Vuoi un promemoria un giorno prima, domenica 6 dicembre")


def test_no_offer_when_off_not_an_appointment_no_hour_repeating_past_or_far() -> None:
    assert offer("il dentista è giovedì alle 15", lead=0) is None  # the default: off
    assert offer("il dentista è giovedì alle 15", category="general") is None
    assert offer("il dentista è giovedì") is None  # a day alone: an hour before which hour?
    assert offer("il corso di yoga è ogni lunedì alle 19") is None  # a repetition is asked for in words
    assert offer("il dentista è oggi alle 10:30") is None  # an hour before is already past
    assert offer("giovedì scorso alle 10 ho visto Marco") is None  # read a year ahead: past, not an appointment
    assert offer("il dentista era ieri alle 15") is None
    assert NOW + HORIZON < datetime(2027, 6, 20, tzinfo=timezone.utc)
    assert offer("la visita è il 20 giugno alle 10") is None  # past the horizon
    assert offer("la visita è il 20 aprile alle 10") is not None


def test_an_appointment_on_a_date_in_numbers_or_a_named_day_offers_too() -> None:
    """The dates people write in a fact are the reminders' own reading: "il 10/12", "la vigilia di Natale"."""
    num = offer("la visita è il 10/12 alle 15")
    assert num is not None and num.args["when"] == "2026-12-10T14:00"
    eve = offer("the dinner is on Christmas Eve at 8pm", lang="en")
    assert eve is not None and eve.args["when"] == "2026-12-24T19:00"
    lunch = offer("il pranzo di Natale è alle 13")  # 'di Natale' names no day: the hour alone, today
    assert lunch is not None and lunch.args["when"] == "2026-12-02T12:00"


def test_saving_the_same_appointment_again_offers_once() -> None:
    first = offer("il dentista è giovedì alle 15")
    assert first is not None
    due = datetime(2026, 12, 3, 14, 0, tzinfo=ROME).astimezone(timezone.utc)
    set_already = Reminder(1, "il dentista è giovedì alle 15", due, None, "Europe/Rome", NOW, "pending", None, None,
                           "it")
    assert offer("il dentista è giovedì alle 15", pending=[set_already]) is None


def test_lead_words() -> None:
    assert [lead_words(m).text("it") for m in (10, 60, 120, 90, 1440, 2880)] == [
        "10 minuti", "un'ora", "2 ore", "90 minuti", "un giorno", "2 giorni"]
    assert [lead_words(m).text("en") for m in (1, 60, 180)] == ["a minute", "an hour", "3 hours"]


# -- the whole turn: memory's confirmation carries it, "sì" sets it with approval ---------------------------------
@pytest.fixture
def engine(keystore: object, metnos_home: Path, bundled_embedder: Any) -> Iterator[tuple[Engine, Clock]]:
    write_runtime(metnos_home, "[reminders]\nappointment_lead_minutes = 60\n")
    clock = Clock(NOW)
    eng = Engine(ConfigManager())
    eng.plugins = [ScratchpadPlugin(), RemindersPlugin(eng, clock=clock, tz="Europe/Rome",
                                                       path=str(metnos_home / "data" / "reminders.db")),
                   MemoryPlugin(eng)]
    yield eng, clock
    eng.close()


def turn(engine: Engine, text: str, approve: Any = None) -> list[ev.Event]:
    asked: list[ev.Event] = []
    engine.run_turn_sync(text, asked.append, owner="local", approve=approve or (lambda *a: False))
    return asked


def answer_of(events: list[ev.Event]) -> str:
    return next(e for e in events if isinstance(e, ev.Answer)).text


def reminders_of(engine: Engine) -> list[Reminder]:
    plugin = next(p for p in engine.plugins if isinstance(p, RemindersPlugin))
    sch = plugin.scheduler()
    assert isinstance(sch, Scheduler)
    return sch.pending()


def test_memorys_confirmation_offers_and_si_sets_the_reminder_with_approval(
        engine: tuple[Engine, Clock]) -> None:
    eng, _ = engine
    events = turn(eng, "ricordati che il dentista è giovedì alle 15")
    assert any(isinstance(e, ev.MemoryWritten) for e in events)
    said = answer_of(events)
    assert said.startswith("Memorizzato: il dentista è giovedì alle 15.")
    assert said.endswith("Vuoi un promemoria un'ora prima, domani, giovedì 3 dicembre, alle 14:00?")
    offers = [e for e in events if isinstance(e, ev.Offer)]
    assert len(offers) == 1 and offers[0].tool == "set_reminder"
    assert events.index(offers[0]) > events.index(next(e for e in events if isinstance(e, ev.Answer)))
    assert reminders_of(eng) == []  # an offer is not a reminder

    asked: list[tuple[str, dict[str, Any], str]] = []
    yes = turn(eng, "sì", approve=lambda tool, args, risk: asked.append((tool, args, risk)) or True)
    assert [(t, r) for t, _, r in asked] == [("set_reminder", "write")]  # approval, as any write
    approval = next(e for e in yes if isinstance(e, ev.ApprovalNeeded))
    assert approval.question.startswith("Impostare il promemoria «il dentista è giovedì alle 15»")
    route = next(e for e in yes if isinstance(e, ev.RouteDecision))
    assert (route.level, route.tool) == ("L0", "set_reminder")
    (r,) = reminders_of(eng)
    assert r.text == "il dentista è giovedì alle 15" and rome(r.due) == datetime(2026, 12, 3, 14, 0)
    assert answer_of(yes).startswith("Ti avviso domani, giovedì 3 dicembre, alle 14:00")
    assert "local" not in eng._offers  # answered: a second "sì" is just "sì" (the planner's), never set twice


def test_no_declines_a_denied_approval_sets_nothing_and_another_request_lets_the_offer_lapse(
        engine: tuple[Engine, Clock]) -> None:
    eng, _ = engine
    turn(eng, "ricordati che la cena da Luca è sabato alle 20")
    no = turn(eng, "no grazie")
    assert answer_of(no) == "Va bene, nessun promemoria." and reminders_of(eng) == []

    turn(eng, "ricordati che il colloquio è lunedì alle 11")
    denied = turn(eng, "sì", approve=lambda *a: False)
    assert any(isinstance(e, ev.ApprovalNeeded) for e in denied) and reminders_of(eng) == []

    offered = turn(eng, "remember that the dentist is on Friday at 4pm")
    assert answer_of(offered).endswith("Would you like a reminder an hour before, the day after tomorrow, "
                                       "Friday 4 December, at 15:00?")
    assert "local" in eng._offers
    turn(eng, "che ore sono")  # a request of its own: the offer lapses
    assert "local" not in eng._offers and reminders_of(eng) == []


def test_off_by_default_the_confirmation_is_as_before(keystore: object, metnos_home: Path,
                                                      bundled_embedder: Any) -> None:
    eng = Engine(ConfigManager())
    try:
        events = turn(eng, "ricordati che il dentista è giovedì alle 15")
        assert answer_of(events) == "Memorizzato: il dentista è giovedì alle 15."
        assert not any(isinstance(e, ev.Offer) for e in events)
    finally:
        eng.close()
