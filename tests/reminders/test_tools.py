"""set_reminder / list_reminders / cancel_reminder as a turn runs them: the stage decides, TurnContext.execute asks
for approval and runs, turn/rendering says the answer — in the request's language, with the absolute date."""
from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from reminder_support import Clock, rome

from app.config import ConfigManager
from app.reminders.scheduler import Scheduler
from app.reminders.stage import ReminderStage
from app.reminders.tool import reminder_tools
from app.tools.registry import Registry
from app.tools.runner import TurnContext
from app.turn import events as ev
from app.turn.events import Turn
from app.turn.rendering import render
from app.turn.services import TurnServices


class Run:
    """One request: the stage's decision, executed through the runner like the engine does."""

    def __init__(self, scheduler: Scheduler, clock: Clock, approve: bool = True):
        self.scheduler, self.clock, self.approve = scheduler, clock, approve
        self.stage = ReminderStage(clock, lambda: "Europe/Rome")
        self.events: list[ev.Event] = []

    def ctx(self, text: str) -> TurnContext:
        reg = Registry(reminder_tools())
        return TurnContext(turn=Turn("t1", text, "local"), config=ConfigManager().config, registry=reg,
                           emit=self.events.append, approve=lambda tool, args, risk: self.approve,
                           services=TurnServices(reminders=lambda: self.scheduler, registry=reg))

    def say(self, text: str) -> str:
        res = self.stage.decide(text, "local")
        assert res is not None, text
        if res.tool is None:
            return str(res.reply)
        return self.call(text, res.tool, res.args)

    def call(self, text: str, tool: str, args: dict[str, Any]) -> str:
        ctx = self.ctx(text)
        out = ctx.execute(tool, args)
        result = out.step.result if out.step is not None else out.view
        return render(tool, result, ctx.lang, question=text)


@pytest.fixture
def run(scheduler: Scheduler, clock: Clock) -> Run:
    return Run(scheduler, clock)


def test_set_in_italian_confirms_the_absolute_date_in_words(run: Run) -> None:
    said = run.say("ricordami domani alle 9 di pagare l'F24")
    assert said == "Ti avviso domani, giovedì 3 dicembre, alle 9:00: pagare l'F24."
    [r] = run.scheduler.pending()
    assert (r.text, rome(r.due), r.lang) == ("pagare l'F24", datetime(2026, 12, 3, 9, 0), "it")
    approvals = [e for e in run.events if isinstance(e, ev.ApprovalNeeded)]
    assert len(approvals) == 1 and "pagare l'F24" in approvals[0].question  # a write: the card asked first


def test_set_in_english_and_a_later_date(run: Run) -> None:
    assert run.say("remind me tomorrow at 9 to pay the bill") == \
        "I'll remind you tomorrow, Thursday 3 December, at 9:00: pay the bill."
    assert run.say("remind me on December 20 at 11 to buy the gifts") == \
        "I'll remind you on Sunday 20 December at 11:00: buy the gifts."
    assert run.say("ricordami il 3 gennaio alle 10 di fare il tagliando") == \
        "Ti avviso domenica 3 gennaio 2027 alle 10:00: fare il tagliando."


def test_an_ambiguous_hour_takes_the_next_one_and_says_which(run: Run) -> None:
    assert run.say("ricordami alle 5 di chiamare la nonna") == (
        "Ti avviso oggi, mercoledì 2 dicembre, alle 17:00: chiamare la nonna. "
        "(Ho inteso le 17:00: se intendevi le 5:00, dimmelo.)")
    run.clock.at(2026, 12, 2, 22, 30)
    assert run.say("remind me at 5 to take the bins out") == (
        "I'll remind you tomorrow, Thursday 3 December, at 5:00: take the bins out. "
        "(I took it as 5:00 in the morning: if you meant 17:00, tell me.)")


def test_a_date_in_numbers_that_could_be_either_order_says_which_was_taken(run: Run) -> None:
    """'3/4' is 3 April read day first (Europe/Rome's order); the confirmation names the other reading."""
    assert run.say("ricordami il 3/4 alle 10 di pagare il bollo") == (
        "Ti avviso sabato 3 aprile 2027 alle 10:00: pagare il bollo. "
        "(Ho letto la data con il giorno prima del mese: se intendevi giovedì 4 marzo 2027, dimmelo.)")
    assert run.say("remind me on 3/4 at 5 to call the bank") == (
        "I'll remind you on Saturday 3 April 2027 at 17:00: call the bank. "
        "(I took it as 17:00: if you meant 5:00, tell me.) "
        "(I read the date day first: if you meant Thursday 4 March 2027, tell me.)")
    assert run.say("remind me on 12/25 at 9am to call mom") == \
        "I'll remind you on Friday 25 December at 9:00: call mom."  # no 25th month: no doubt, no note


def test_no_hour_said_gets_the_morning_and_says_so(run: Run) -> None:
    assert run.say("remind me on friday to renew the library books") == (
        "I'll remind you the day after tomorrow, Friday 4 December, at 9:00: renew the library books. "
        "(You didn't say a time, so I chose 9:00.)")


def test_repetitions_are_confirmed_with_their_rule_and_first_day(run: Run) -> None:
    assert run.say("ogni lunedì alle 8 ricordami di portare fuori la carta") == \
        "Ti avviso ogni lunedì alle 8:00, la prima volta lunedì 7 dicembre: portare fuori la carta."
    assert run.say("remind me every monday and thursday at 7pm to go to the gym") == \
        "I'll remind you every Monday and Thursday at 19:00, first tomorrow, Thursday 3 December: go to the gym."
    assert run.say("il 3 di ogni mese ricordami di pagare l'affitto") == (
        "Ti avviso il 3 di ogni mese alle 9:00, la prima volta domani, giovedì 3 dicembre: pagare l'affitto. "
        "(Non mi hai detto l'ora: ho messo le 9:00.)")
    assert run.say("remind me every weekday at 8:30 to check emails") == \
        "I'll remind you every weekday at 8:30, first tomorrow, Thursday 3 December: check emails."


def test_in_twenty_minutes(run: Run) -> None:
    assert run.say("avvisami tra 20 minuti di togliere la pasta") == \
        "Ti avviso oggi, mercoledì 2 dicembre, alle 10:20: togliere la pasta."


def test_declined_sets_nothing(scheduler: Scheduler, clock: Clock) -> None:
    run = Run(scheduler, clock, approve=False)
    assert run.say("ricordami domani alle 9 di pagare l'F24") == "Va bene, non ho impostato nessun promemoria."
    assert scheduler.pending() == []


def test_a_vague_moment_asks_when_instead_of_refusing(run: Run) -> None:
    said = run.say("ricordami più tardi di chiamare Marco")
    assert said.startswith("Quando vuoi che te lo ricordi?")
    assert run.scheduler.pending() == []


def test_the_planner_may_say_when_in_words_or_iso(run: Run) -> None:
    said = run.call("devo pagare il bollo", "set_reminder", {"text": "pagare il bollo", "when": "domani alle 9"})
    assert said == "Ti avviso domani, giovedì 3 dicembre, alle 9:00: pagare il bollo."
    said = run.call("remind me", "set_reminder", {"text": "call Bob", "when": "2026-12-04T18:30"})
    assert said == "I'll remind you the day after tomorrow, Friday 4 December, at 18:30: call Bob."
    said = run.call("remind me", "set_reminder", {"text": "stretch", "repeat": "daily@08:00"})
    assert said == "I'll remind you every day at 8:00, first tomorrow, Thursday 3 December: stretch."


def test_a_time_already_past_is_refused_with_the_reason(run: Run) -> None:
    said = run.call("ricordami ieri", "set_reminder", {"text": "x", "when": "2026-12-01T09:00"})
    assert "è già passato" in said and "martedì 1 dicembre" in said
    assert run.scheduler.pending() == []


def test_list_and_cancel(run: Run) -> None:
    run.say("ricordami domani alle 9 di pagare l'F24")
    run.say("ogni lunedì alle 8 ricordami di portare fuori la carta")
    listed = run.call("quali promemoria ho?", "list_reminders", {})
    assert listed.splitlines() == [
        "Hai 2 promemoria:",
        "1. domani, giovedì 3 dicembre, alle 9:00: pagare l'F24",
        "2. ogni lunedì alle 8:00 (la prossima: lunedì 7 dicembre alle 8:00): portare fuori la carta"]
    assert run.call("what reminders do I have?", "list_reminders", {}).startswith("You have 2 reminders:")
    said = run.call("cancella il promemoria dell'F24", "cancel_reminder", {"text": "F24"})
    assert said == "Ho cancellato il promemoria «pagare l'F24» (domani, giovedì 3 dicembre, alle 9:00)."
    assert [r.text for r in run.scheduler.pending()] == ["portare fuori la carta"]
    missing = run.call("cancel the reminder about the dentist", "cancel_reminder", {"text": "dentist"})
    assert "can't find an upcoming reminder" in missing
    run.scheduler.cancel(2)
    assert run.call("quali promemoria ho?", "list_reminders", {}) == "Non hai promemoria in programma."


def test_cancel_declined_keeps_it(scheduler: Scheduler, clock: Clock) -> None:
    Run(scheduler, clock).say("ricordami domani alle 9 di pagare l'F24")
    said = Run(scheduler, clock, approve=False).call("cancella il promemoria", "cancel_reminder", {"id": 1})
    assert said == "Va bene, il promemoria resta."
    assert len(scheduler.pending()) == 1


def test_list_and_cancel_are_read_by_rules_too(run: Run) -> None:
    run.say("ricordami domani alle 9 di pagare l'F24")
    run.say("remind me on friday at 6pm to call the dentist")
    assert run.say("quali promemoria ho?").startswith("Hai 2 promemoria:")
    assert run.say("show my reminders").startswith("You have 2 reminders:")
    assert run.say("cancel my reminder about the dentist") == \
        "I cancelled the reminder \u201ccall the dentist\u201d (the day after tomorrow, Friday 4 December, at 18:00)."
    assert run.say("elimina il promemoria dell'F24, grazie").startswith("Ho cancellato il promemoria «pagare l'F24»")
    assert run.stage.decide("cancella il promemoria", "local") is None  # which one? the planner asks
    assert run.stage.decide("cancella il file promemoria.txt", "local") is None
