"""An offer on the answer card (issue 32): saving an appointment in memory, with
reminders.appointment_lead_minutes set, shows Yes / No under the answer; Yes sends "sì" as the next request, the
engine runs set_reminder, the approval card asks, and the reminder is in the encrypted store. Another request makes
an offer lapse: its buttons go everywhere it is shown.

The desktop app and the engine are the real ones (real router, memory with the bundled embedder, the reminders
plugin over its store); the reminders' clock is moved by hand: Wednesday 2 December 2026, 10:00 in Rome.
"""
from __future__ import annotations

import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from ui_helpers import send_popup, wait_turn_end, write_runtime

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reminders"))

from reminder_support import Clock, rome  # noqa: E402

from app.config import ConfigManager  # noqa: E402
from app.reminders import RemindersPlugin, Scheduler  # noqa: E402
from app.turn import events as ev  # noqa: E402
from app.ui.timeline import TurnView  # noqa: E402

WAIT_MS = 120_000


def test_the_view_shows_an_offers_buttons_and_sends_the_answer_in_the_offers_language(qtbot: Any) -> None:
    view = TurnView("ricordati che il dentista è giovedì alle 15")
    qtbot.addWidget(view)
    sent: list[str] = []
    view.offerAnswered.connect(sent.append)
    assert not view.offer_open()
    view.apply(ev.Answer("t", 1, text="Memorizzato: … Vuoi un promemoria un'ora prima, …?", level="L0"))
    view.apply(ev.Offer("t", 1, text="Vuoi un promemoria un'ora prima, …?", tool="set_reminder",
                        args={"text": "il dentista", "when": "2026-12-03T14:00"}, declined="Va bene.", lang="it"))
    assert view.offer_open() and view.offer_yes.text() == "Yes" and view.offer_no.text() == "No"
    view.offer_yes.click()
    assert sent == ["sì"] and not view.offer_open()
    view.offer_yes.click()  # answered once: a second click sends nothing
    assert sent == ["sì"]


@pytest.fixture
def desk(qtbot: Any, make_desk: Any, metnos_home: Path, keystore: object, bundled_embedder: Any) -> Any:
    write_runtime(metnos_home, "[ui]\npause_learning = true\n[reminders]\nappointment_lead_minutes = 60\n")
    clock = Clock(datetime.now())
    clock.at(2026, 12, 2, 10, 0)
    path = str(metnos_home / "data" / "reminders.db")
    manager = ConfigManager()

    def factory() -> Any:
        from app.engine.engine import Engine
        from app.memory.plugin import MemoryPlugin
        from app.memory.scratchpad import ScratchpadPlugin

        engine = Engine(manager)
        engine.plugins = [ScratchpadPlugin(), RemindersPlugin(engine, clock=clock, tz="Europe/Rome", path=path),
                          MemoryPlugin(engine)]
        return engine

    return make_desk(factory, manager=manager)


def scheduler_of(desk: Any) -> Scheduler:
    plugin = next(p for p in desk.host.engine.plugins if isinstance(p, RemindersPlugin))
    sch = plugin.scheduler()
    assert isinstance(sch, Scheduler)
    return sch


def test_yes_on_the_answer_card_sets_the_reminder_after_its_approval(qtbot: Any, desk: Any) -> None:
    send_popup(qtbot, desk, "ricordati che il dentista è giovedì alle 15")
    first = desk.popup.view
    wait_turn_end(qtbot, first, WAIT_MS)
    assert first.answer.text().endswith("Vuoi un promemoria un'ora prima, domani, giovedì 3 dicembre, alle 14:00?")
    qtbot.waitUntil(first.offer_open, timeout=WAIT_MS)
    assert first.offer_yes.isVisible()
    adopted = desk.chat.turn_views()[-1]  # the popup's exchange is kept in the chat too, with its offer
    assert adopted.offer_open()

    first.offer_yes.click()  # sends "sì": a new exchange in the popup
    second = desk.popup.view
    assert second is not first and desk._texts.get(desk.popup.tag) == "sì"
    assert not adopted.offer_open()  # answered: its buttons go everywhere
    qtbot.waitUntil(lambda: bool(desk.popup.cards()), timeout=WAIT_MS)
    card = desk.popup.cards()[0]
    assert "il dentista è giovedì alle 15" in card.question.text()
    card.approve_btn.click()
    wait_turn_end(qtbot, second, WAIT_MS)
    (r,) = scheduler_of(desk).pending()
    assert r.text == "il dentista è giovedì alle 15" and rome(r.due) == datetime(2026, 12, 3, 14, 0)
    assert second.answer.text().startswith("Ti avviso domani, giovedì 3 dicembre, alle 14:00")


def test_another_request_lets_the_offer_lapse(qtbot: Any, desk: Any) -> None:
    send_popup(qtbot, desk, "ricordati che la cena da Luca è sabato alle 20")
    first = desk.popup.view
    wait_turn_end(qtbot, first, WAIT_MS)
    qtbot.waitUntil(first.offer_open, timeout=WAIT_MS)
    adopted = desk.chat.turn_views()[-1]
    send_popup(qtbot, desk, "che ore sono")
    assert not adopted.offer_open() and not first.offer_open()
    wait_turn_end(qtbot, desk.popup.view, WAIT_MS)
    assert scheduler_of(desk).pending() == []
