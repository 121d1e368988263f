"""RemindersPlugin: the loop on its thread rings on time with the real clock; firings wait for the UI's listener;
a reminder due during a restart comes once, late; the engine routes reminder requests to set_reminder and facts
to memory, as `metnos route --json` shows."""
from __future__ import annotations

import queue
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from reminder_support import Clock

from app.config import ConfigManager
from app.engine.engine import Engine
from app.reminders import Firing, RemindersPlugin, Scheduler, system_clock


def _plugin(db_path: Path, clock: object = system_clock) -> RemindersPlugin:
    return RemindersPlugin(None, clock=clock, tz="Europe/Rome", path=str(db_path))  # type: ignore[arg-type]


def test_the_loop_rings_on_time_with_the_real_clock(keystore: object, db_path: Path) -> None:
    plugin = _plugin(db_path, clock=lambda: datetime.now(timezone.utc))
    got: queue.Queue[tuple[float, Firing]] = queue.Queue()
    plugin.subscribe(lambda f: got.put((time.time(), f)))
    plugin.start_background()
    try:
        sch = plugin.scheduler()
        assert isinstance(sch, Scheduler)
        time.sleep(0.3)  # the loop is asleep (nothing due): adding must wake it
        due = datetime.now(timezone.utc) + timedelta(seconds=1.5)
        r = sch.add("togliere la pasta", at=due, lang="it")
        rang_at, firing = got.get(timeout=10)
        assert firing.reminder.id == r.id and not firing.late
        assert -0.05 <= rang_at - due.timestamp() <= 1.0  # within a second of its time (the tick)
        assert got.empty()
    finally:
        plugin.close()


def test_firings_before_anyone_listens_are_kept_for_the_first_listener(keystore: object, db_path: Path,
                                                                      clock: Clock) -> None:
    plugin = _plugin(db_path, clock)
    try:
        sch = plugin.scheduler()
        assert isinstance(sch, Scheduler)
        sch.add("pagare l'F24", datetime(2026, 12, 2, 10, 5))
        clock.at(2026, 12, 2, 10, 5)
        assert plugin.tick() == 60.0  # shown (to nobody yet); next look in a minute
        changes: list[int] = []
        plugin.on_change(lambda: changes.append(1))
        plugin.snooze(1)
        assert changes == [1]  # the reminders page refreshes
        heard: list[Firing] = []
        stop = plugin.subscribe(heard.append)
        assert [f.reminder.text for f in heard] == ["pagare l'F24"]
        stop()
        plugin.tick()
        assert len(heard) == 1
    finally:
        plugin.close()


def test_a_reminder_due_during_a_restart_is_shown_once_at_start_marked_late(keystore: object, db_path: Path,
                                                                             clock: Clock) -> None:
    first = _plugin(db_path, clock)
    sch = first.scheduler()
    assert isinstance(sch, Scheduler)
    sch.add("chiamare Marco", datetime(2026, 12, 2, 15, 0), lang="it")
    first.close()  # the app is closed at 10:00...
    clock.at(2026, 12, 2, 18, 30)  # ...and started again at 18:30
    again = _plugin(db_path, clock)
    heard: list[Firing] = []
    again.subscribe(heard.append)
    again.tick()
    again.tick()
    again.close()
    assert [(f.reminder.text, f.late) for f in heard] == [("chiamare Marco", True)]
    third = _plugin(db_path, clock)  # and once more: nothing
    heard.clear()
    third.subscribe(heard.append)
    third.tick()
    third.close()
    assert heard == []


def test_a_reminder_due_while_the_laptop_slept_is_shown_once_at_wake_marked_late(keystore: object, db_path: Path,
                                                                                 clock: Clock) -> None:
    """The app keeps running; the lid is closed at 10:00 and opened at 18:30. The loop's sleep does not count the
    night (a monotonic wait), so its next look comes at most a minute after the wake: the reminder of 15:00 is
    shown then, once, marked late; the one of 19:00 still rings on time."""
    plugin = _plugin(db_path, clock)
    try:
        heard: list[Firing] = []
        plugin.subscribe(heard.append)
        sch = plugin.scheduler()
        assert isinstance(sch, Scheduler)
        sch.add("chiamare Marco", datetime(2026, 12, 2, 15, 0), lang="it")
        sch.add("ritirare il pacco", datetime(2026, 12, 2, 19, 0), lang="it")
        assert plugin.tick() == 60.0 and heard == []  # 10:00: nothing within the minute
        clock.at(2026, 12, 2, 18, 30)  # the wake
        assert plugin.tick() == 60.0
        assert [(f.reminder.text, f.late) for f in heard] == [("chiamare Marco", True)]
        plugin.tick()
        assert len(heard) == 1  # once
        clock.at(2026, 12, 2, 18, 59, 40)
        assert plugin.tick() == 20.0  # within the minute: it wakes on the reminder's own second
        clock.at(2026, 12, 2, 19, 0)
        plugin.tick()
        assert [(f.reminder.text, f.late) for f in heard[1:]] == [("ritirare il pacco", False)]
    finally:
        plugin.close()


def test_the_engine_routes_reminders_to_set_reminder_and_facts_to_memory(keystore: object) -> None:
    engine = Engine(ConfigManager())
    try:
        r = engine.route_only("ricordami domani alle 9 di pagare l'F24")
        assert (r["level"], r["tool"], r["stage"]) == ("L0", "set_reminder", "reminders")
        assert r["args"]["text"] == "pagare l'F24" and r["args"]["when"].endswith("T09:00")
        r = engine.route_only("ricordati che il dentista è giovedì")
        assert (r["tool"], r["stage"]) == ("remember", "remember")
        r = engine.route_only("ricordami di comprare il latte")  # no moment: a todo to remember, as before
        assert r["tool"] == "remember"
        r = engine.route_only("every Friday at 6pm remind me to water the plants")
        assert r["tool"] == "set_reminder" and r["args"]["repeat"] == "weekly:4@18:00"
        r = engine.route_only("imposta una sveglia alle 7")  # an alarm is still not a reminder: said, and why
        assert r["tool"] is None and "promemoria" in r["reply"]
    finally:
        engine.close()
