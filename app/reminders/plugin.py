"""Engine plugin: reminders in every turn, and the loop that shows them while the app runs.

* `services(turn)`: the scheduler (opened on first use: an L0 turn that is no reminder never touches the keyring);
* `route_stages()`: ReminderStage before memory's, so "ricordami domani alle 9 di …" sets a reminder;
* `after_step(ctx, step)`: an appointment memory just saved offers a reminder before it, when
  reminders.appointment_lead_minutes says how long before (offer.py);
* `start_background()`: called by the desktop app only (not by `metnos ask`): one daemon thread that asks the
  scheduler what is due, tells the listeners, and sleeps until the next wake (at most a minute; a reminder set in
  this process wakes it at once);
* `subscribe(fn)`: the UI's way in — `fn(firing)` is called on the reminders' thread for each reminder to show
  (marshal it to the GUI thread); firings that came while nobody listened are handed to the first subscriber;
* `on_change(fn)`: `fn()` after any reminder is added, snoozed, done or cancelled (by a turn, the UI, the loop) —
  the reminders page refreshes on it; called on the thread that made the change;
* `done`, `snooze`, `cancel`, `edit`, `pending`: what the notification's buttons and the reminders page call.
"""
from __future__ import annotations

import logging
import threading
from datetime import datetime
from typing import Any, Callable

from app.lang.repeat import Repeat
from app.store.db import StoreError
from app.tools.plugin import Plugin
from app.turn.decision import RouteStage
from app.turn.events import Step, Turn
from app.turn.services import TurnServices

from .clock import Clock, system_clock
from .offer import appointment_offer
from .scheduler import SNOOZE_MINUTES, WAKE_CAP, Firing, Scheduler
from .stage import ReminderStage
from .store import Reminder, ReminderStore

log = logging.getLogger(__name__)
Listener = Callable[[Firing], None]


class RemindersPlugin(Plugin):
    name = "reminders"

    def __init__(self, engine: Any = None, clock: Clock = system_clock, tz: str | None = None,
                 path: str | None = None):
        self.engine = engine
        self.clock = clock
        self.tz = tz
        self.path = path
        self._lock = threading.Lock()
        self._scheduler: Scheduler | None = None
        self._listeners: list[Listener] = []
        self._unheard: list[Firing] = []
        self._changes: list[Callable[[], None]] = []
        self._poke = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # -- the scheduler -------------------------------------------------------------------------------------------
    def scheduler(self) -> Scheduler | StoreError:
        """The scheduler, or why the reminders cannot open (no keyring, a broken disk); retried on the next call
        after a failure (the keyring may be unlocked later)."""
        with self._lock:
            if isinstance(self._scheduler, Scheduler):
                return self._scheduler
            try:
                sch = Scheduler(ReminderStore(self.path), self.clock, self.tz)
            except StoreError as e:  # KeyUnavailable is one: the reason says what to do
                log.info("reminders unavailable: %s", e)
                return e
            sch.on_change.append(self._changed)
            self._scheduler = sch
            return sch

    def _ready(self) -> Scheduler:
        sch = self.scheduler()
        if isinstance(sch, StoreError):
            raise sch
        return sch

    def services(self, turn: Turn, s: TurnServices) -> None:
        s.reminders = self.scheduler

    def route_stages(self) -> tuple[list[RouteStage], list[RouteStage]]:
        return [ReminderStage(self.clock, lambda: self.tz)], []

    def after_step(self, ctx: Any, step: Step) -> None:
        """An appointment just saved in memory offers a reminder before it (reminders.appointment_lead_minutes;
        offer.py says when). The offer rides on the turn: the engine asks it at the end of the answer."""
        if step.tool != "remember" or not step.ok or not isinstance(step.result, dict):
            return
        lead = self.lead_minutes()
        if lead <= 0:
            return
        sch = self.scheduler()
        pending = sch.pending() if isinstance(sch, Scheduler) else []
        offer = appointment_offer(str(step.result.get("fact", "")), str(step.result.get("category", "")), lead,
                                  self.clock(), self.tz, ctx.lang, pending, ctx.turn_id, step.num)
        if offer is not None:
            ctx.turn.offers.append(offer)

    def lead_minutes(self) -> int:
        """reminders.appointment_lead_minutes as the configuration says it now (0: no offer)."""
        cfg = getattr(self.engine, "config", None)
        try:
            return int(cfg.get("reminders.appointment_lead_minutes")) if cfg is not None else 0
        except (AttributeError, KeyError, TypeError, ValueError):
            return 0

    # -- what the UI calls ---------------------------------------------------------------------------------------
    def subscribe(self, fn: Listener) -> Callable[[], None]:
        """Listen to firings; returns the function that stops listening."""
        with self._lock:
            self._listeners.append(fn)
            unheard, self._unheard = self._unheard, []
        for f in unheard:
            self._call(fn, f)
        return lambda: self._listeners.remove(fn) if fn in self._listeners else None

    def on_change(self, fn: Callable[[], None]) -> Callable[[], None]:
        """Be told when the reminders change; returns the function that stops it."""
        self._changes.append(fn)
        return lambda: self._changes.remove(fn) if fn in self._changes else None

    def _changed(self) -> None:
        self._poke.set()  # the loop looks again: the change may be due within the minute
        for fn in list(self._changes):
            try:
                fn()
            except Exception:
                log.exception("reminders change listener failed")

    def pending(self) -> list[Reminder]:
        return self._ready().pending()

    def done(self, rid: int) -> Reminder:
        return self._ready().done(rid)

    def snooze(self, rid: int, minutes: int = SNOOZE_MINUTES) -> Reminder:
        return self._ready().snooze(rid, minutes)

    def cancel(self, rid: int) -> Reminder:
        return self._ready().cancel(rid)

    def edit(self, rid: int, text: str | None = None, at: datetime | None = None,
             repeat: Repeat | None = None) -> Reminder:
        return self._ready().edit(rid, text, at, repeat)

    # -- the loop ------------------------------------------------------------------------------------------------
    @staticmethod
    def _call(fn: Listener, f: Firing) -> None:
        try:
            fn(f)
        except Exception:
            log.exception("reminder listener failed")

    def _tell(self, firings: list[Firing]) -> None:
        with self._lock:
            listeners = list(self._listeners)
            if not listeners:
                self._unheard.extend(firings)
        for f in firings:
            for fn in listeners:
                self._call(fn, f)

    def tick(self) -> float:
        """One look: show what is due; returns the seconds to sleep until the next look."""
        sch = self.scheduler()
        if not isinstance(sch, Scheduler):
            return WAKE_CAP.total_seconds()  # no key yet: look again in a minute
        try:
            self._tell(sch.due())
            now = sch.clock()
            return max(0.0, (sch.next_wake(now) - now).total_seconds())
        except StoreError as e:
            log.warning("reminders: %s", e)
            return WAKE_CAP.total_seconds()

    def _run(self) -> None:
        while not self._stop.is_set():
            delay = self.tick()
            self._poke.wait(delay)
            self._poke.clear()

    def start_background(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="metnos-reminders", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        self._poke.set()
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.join(timeout=5)
        with self._lock:
            sch, self._scheduler = self._scheduler, None
        if isinstance(sch, Scheduler):
            try:
                sch.close()
            except Exception:
                pass
