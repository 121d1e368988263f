"""The reminders' routing stage: "ricordami domani alle 9 di pagare l'F24" goes straight to `set_reminder`.

Why a stage of its own, before memory's: memory's remember stage reads "ricordami … alle 9" as a timed reminder
it cannot keep and says so; with reminders in the app that request is this stage's, read by rules
(lang/reminder_ask.py: no model, no embedder) and run through the registered tool, so the approval card, the
events and the history are the same as for any call, and `metnos route --json` shows the decision.
"quali promemoria ho?" and "cancella il promemoria del dentista" are read here too (`read_command`). What the
reading leaves alone — "ricordati che il dentista è giovedì", "ricordami di comprare il latte" (no moment) — goes
on to memory as before. A remind request whose moment is vague ("più tardi", "later") is answered with a question
(when?), never with "I cannot".
"""
from __future__ import annotations

from datetime import datetime
from typing import Callable

from app.lang.messages import Message
from app.lang.reminder_ask import might_ask, read_command, read_reminder
from app.turn.decision import RouteResult

from . import messages as _messages  # noqa: F401  (registers the reminders.* sentences)
from .clock import Clock, system_clock, zone


class ReminderStage:
    name = "reminders"

    def __init__(self, clock: Clock = system_clock, tz: Callable[[], str | None] = lambda: None):
        self.clock = clock
        self.tz = tz

    def _now(self) -> datetime:
        return self.clock().astimezone(zone(self.tz()))  # aware: "tra 2 ore" counts real hours over a clock change

    def decide(self, text: str, owner: str | None) -> RouteResult | None:
        command = read_command(text)
        if command is not None:
            args: dict[str, object] = {}
            if command.number is not None:
                args["id"] = command.number
            elif command.words:
                args["text"] = command.words
            tool = "list_reminders" if command.action == "list" else "cancel_reminder"
            return RouteResult("L0", tool, args, arg_sources={k: "rules" for k in args},
                               reason=f"reminders: a request to {command.action} reminders", lang=command.lang,
                               stage=self.name)
        if not might_ask(text):
            return None  # this stage runs on every request L0 does not answer: one cheap search when it is not ours
        ask = read_reminder(text, self._now())
        if ask is None:
            return None
        if ask.when is None:
            return RouteResult("L0", None, {}, reason="reminders: a reminder with no clear moment: ask when",
                               reply=Message("reminders.no_time").text(ask.lang), lang=ask.lang, stage=self.name)
        args = {"text": ask.text}
        if ask.when.repeat is not None:
            args["repeat"] = ask.when.repeat.code()
        elif ask.when.at is not None:
            args["when"] = ask.when.at.isoformat(timespec="minutes")
        return RouteResult("L0", "set_reminder", args, arg_sources={k: "rules" for k in args},
                           reason="reminders: a request to be reminded at a moment", lang=ask.lang, stage=self.name,
                           said_args=("text",))  # "…, tide's turning": the router drops the reason
