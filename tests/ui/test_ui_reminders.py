"""Reminders on the desktop: a firing crosses from the reminders' thread to the GUI thread and shows the tray's
message and the card; Fatto / Rimanda 10 min / Apri call the plugin and the encrypted store reflects it; the
memory window's reminders page lists with dates in words, edits and deletes, and follows changes made elsewhere.

Real widgets (offscreen), the real RemindersPlugin over its real encrypted store (key from the private Secret
Service that installer/run-tests.sh starts); time is a clock moved by hand (tests/reminders/reminder_support.py),
Wednesday 2 December 2026 in Europe/Rome. The loop's look (`plugin.tick`) runs on a thread of its own, as in the
app, so what reaches the widgets has crossed threads.
"""
from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QDateTime, Qt, QThread, QTime
from PySide6.QtWidgets import QApplication, QDialog
from ui_helpers import routed_engine_factory, write_runtime

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reminders"))

from reminder_support import Clock, rome  # noqa: E402

from app.config import ConfigManager  # noqa: E402
from app.lang.repeat import Repeat  # noqa: E402
from app.reminders import Firing, RemindersPlugin, Scheduler  # noqa: E402
from app.ui.i18n import Translations  # noqa: E402
from app.ui.memory_view import MemoryWindow  # noqa: E402
from app.ui.reminder_card import ReminderAlerts  # noqa: E402
from app.ui.reminder_link import RemindersLink  # noqa: E402
from app.ui.reminders_page import ReminderEditor, RemindersPage  # noqa: E402

WAIT_MS = 10_000
LEFT = Qt.MouseButton.LeftButton




@pytest.fixture
def italian(qapp: Any) -> Iterator[Translations]:
    t = Translations()
    t.install("it")
    yield t
    t.install("en")


@pytest.fixture
def link(qapp: Any, plugin: RemindersPlugin) -> Iterator[RemindersLink]:
    lk = RemindersLink()
    lk.attach(type("Engine", (), {"plugins": [plugin]})())
    yield lk
    lk.detach()


@pytest.fixture
def alerts(link: RemindersLink) -> Iterator[tuple[ReminderAlerts, list[tuple[str, str]]]]:
    said: list[tuple[str, str]] = []
    a = ReminderAlerts(link, lambda title, text: said.append((title, text)))
    yield a, said
    a.close_all()


def tick_elsewhere(plugin: RemindersPlugin) -> None:
    """One look of the loop, on a thread that is not the GUI's (as the app's metnos-reminders thread)."""
    t = threading.Thread(target=plugin.tick, name="metnos-reminders")
    t.start()
    t.join(WAIT_MS / 1000)


def test_a_firing_reaches_the_gui_thread_and_shows_the_tray_message_and_the_card(
        qtbot: Any, italian: Translations, plugin: RemindersPlugin, sch: Scheduler, clock: Clock,
        link: RemindersLink, alerts: tuple[ReminderAlerts, list[tuple[str, str]]]) -> None:
    shower, said = alerts
    threads: list[Any] = []
    link.fired.connect(lambda f: threads.append(QThread.currentThread()))
    r = sch.add("chiamare Marco", datetime(2026, 12, 2, 10, 5), lang="it")
    clock.at(2026, 12, 2, 10, 5)
    tick_elsewhere(plugin)
    qtbot.waitUntil(lambda: bool(shower.visible_cards()), timeout=WAIT_MS)
    assert threads == [QApplication.instance().thread()]  # type: ignore[union-attr]
    assert said == [("Promemoria: chiamare Marco", "Per oggi, mercoledì 2 dicembre, alle 10:05")]
    card = shower.cards[r.id]
    assert card.title.text() == "Promemoria: chiamare Marco"
    assert "in ritardo" not in card.when.text().lower()
    assert [b.text() for b in (card.done_btn, card.snooze_btn, card.open_btn)] == ["Fatto", "Rimanda 10 min", "Apri"]
    tick_elsewhere(plugin)  # shown once: the next look finds nothing
    QApplication.processEvents()
    assert len(said) == 1


def test_a_reminder_due_while_the_app_was_closed_is_late_in_english_too(
        qtbot: Any, plugin: RemindersPlugin, sch: Scheduler, clock: Clock,
        alerts: tuple[ReminderAlerts, list[tuple[str, str]]]) -> None:
    shower, said = alerts
    sch.add("pay the bill", datetime(2026, 12, 2, 15, 0), lang="en")
    clock.at(2026, 12, 2, 18, 30)
    tick_elsewhere(plugin)
    qtbot.waitUntil(lambda: bool(said), timeout=WAIT_MS)
    assert said == [("Reminder: pay the bill", "Late: it was due today, Wednesday 2 December, at 15:00")]
    card = shower.visible_cards()[0]
    assert card.when.text().startswith("Late:")
    assert [b.text() for b in (card.done_btn, card.snooze_btn, card.open_btn)] == ["Done", "Snooze 10 min", "Open"]


def _ring(qtbot: Any, plugin: RemindersPlugin, shower: ReminderAlerts, rid: int) -> Any:
    tick_elsewhere(plugin)
    qtbot.waitUntil(lambda: rid in shower.cards and shower.cards[rid].isVisible(), timeout=WAIT_MS)
    return shower.cards[rid]


def test_each_button_calls_the_plugin_and_the_store_reflects_it(
        qtbot: Any, italian: Translations, plugin: RemindersPlugin, sch: Scheduler, clock: Clock,
        alerts: tuple[ReminderAlerts, list[tuple[str, str]]]) -> None:
    shower, _ = alerts
    done = sch.add("pagare l'F24", datetime(2026, 12, 2, 10, 5), lang="it")
    later = sch.add("togliere la pasta", datetime(2026, 12, 2, 10, 5), lang="it")
    daily = sch.add("medicina", repeat=Repeat("day", 10, 5), lang="it")
    clock.at(2026, 12, 2, 10, 5)
    tick_elsewhere(plugin)
    qtbot.waitUntil(lambda: len(shower.visible_cards()) == 3, timeout=WAIT_MS)

    qtbot.mouseClick(shower.cards[done.id].done_btn, LEFT)
    qtbot.waitUntil(lambda: sch.get(done.id).state == "done", timeout=WAIT_MS)
    assert not shower.cards[done.id].isVisible()

    qtbot.mouseClick(shower.cards[later.id].snooze_btn, LEFT)
    qtbot.waitUntil(lambda: sch.get(later.id).snoozed_until is not None, timeout=WAIT_MS)
    assert sch.get(later.id).snoozed_until == clock.now + timedelta(minutes=10)
    assert sch.get(later.id).state == "pending"

    qtbot.mouseClick(shower.cards[daily.id].done_btn, LEFT)  # a repetition goes on to tomorrow
    qtbot.waitUntil(lambda: rome(sch.get(daily.id).due) == datetime(2026, 12, 3, 10, 5), timeout=WAIT_MS)
    assert sch.get(daily.id).state == "pending"

    clock.tick(minutes=10)  # the snoozed one rings again, in the same card
    card = _ring(qtbot, plugin, shower, later.id)
    with qtbot.waitSignal(shower.openRequested, timeout=WAIT_MS):
        qtbot.mouseClick(card.open_btn, LEFT)
    assert not card.isVisible()
    assert sch.get(later.id).state == "pending"  # Apri changes nothing: the page shows it


def test_the_page_lists_in_words_edits_deletes_and_follows_changes_made_elsewhere(
        qtbot: Any, italian: Translations, plugin: RemindersPlugin, sch: Scheduler, clock: Clock,
        link: RemindersLink, monkeypatch: pytest.MonkeyPatch) -> None:
    one = sch.add("pagare l'F24", datetime(2026, 12, 3, 9, 0), lang="it")
    weekly = sch.add("palestra", repeat=Repeat("week", 19, 0, weekdays=(0, 3)), lang="it")
    page = RemindersPage(link)
    qtbot.addWidget(page)
    page.show()
    page.load()
    qtbot.waitUntil(lambda: page.table.rowCount() == 2, timeout=WAIT_MS)
    rows = [tuple(page.table.item(r, c).text() for c in range(3)) for r in range(2)]
    assert rows == [("Domani, giovedì 3 dicembre, alle 9:00", "una volta", "pagare l'F24"),
                    ("Domani, giovedì 3 dicembre, alle 19:00", "ogni lunedì e giovedì alle 19:00", "palestra")]
    assert page.message.text() == "2 promemoria in programma"

    # a turn on another thread sets one: the page follows through on_change
    threading.Thread(target=lambda: sch.add("chiamare Marco", datetime(2026, 12, 7, 15, 0), lang="it")).start()
    qtbot.waitUntil(lambda: page.table.rowCount() == 3, timeout=WAIT_MS)
    assert page.table.item(2, 0).text() == "Lunedì 7 dicembre alle 15:00"

    # edit: the dialog's new text and time reach the store
    def accept_with(editor: ReminderEditor) -> int:
        editor.text.setText("pagare l'F24 in banca")
        editor.when.setDateTime(QDateTime(datetime(2026, 12, 4, 11, 30)))
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(ReminderEditor, "exec", accept_with)
    assert page.select(one.id)
    assert page.edit_selected()
    qtbot.waitUntil(lambda: sch.get(one.id).text == "pagare l'F24 in banca", timeout=WAIT_MS)
    assert rome(sch.get(one.id).due) == datetime(2026, 12, 4, 11, 30)
    qtbot.waitUntil(lambda: any(page.table.item(r, 0).text() == "Dopodomani, venerdì 4 dicembre, alle 11:30"
                                for r in range(page.table.rowCount())), timeout=WAIT_MS)

    # a repetition's edit keeps its days and changes its time of day
    def new_time(editor: ReminderEditor) -> int:
        editor.when.setTime(QTime(18, 30))
        return QDialog.DialogCode.Accepted.value

    monkeypatch.setattr(ReminderEditor, "exec", new_time)
    qtbot.waitUntil(lambda: page.select(weekly.id), timeout=WAIT_MS)
    assert page.edit_selected()
    qtbot.waitUntil(lambda: sch.get(weekly.id).repeat == Repeat("week", 18, 30, weekdays=(0, 3)), timeout=WAIT_MS)

    # delete: cancelled in the store, gone from the list
    qtbot.waitUntil(lambda: page.select(one.id), timeout=WAIT_MS)
    assert page.delete_selected(confirm=False)
    qtbot.waitUntil(lambda: sch.get(one.id).state == "cancelled", timeout=WAIT_MS)
    qtbot.waitUntil(lambda: page.table.rowCount() == 2, timeout=WAIT_MS)
    assert "pagare l'F24 in banca" not in [page.table.item(r, 2).text() for r in range(2)]


def test_apri_opens_the_reminders_tab_of_the_memory_window(
        qtbot: Any, plugin: RemindersPlugin, sch: Scheduler, clock: Clock, link: RemindersLink,
        alerts: tuple[ReminderAlerts, list[tuple[str, str]]]) -> None:
    shower, _ = alerts
    window = MemoryWindow(lambda: None, reminders=link)
    qtbot.addWidget(window)
    shower.openRequested.connect(lambda: (window.show(), window.show_reminders()))
    assert window.tabs is not None and window.tabs.tabText(1) == "Reminders"
    r = sch.add("call Marco", datetime(2026, 12, 2, 10, 5))
    clock.at(2026, 12, 2, 10, 5)
    card = _ring(qtbot, plugin, shower, r.id)
    qtbot.mouseClick(card.open_btn, LEFT)
    assert window.isVisible() and window.tabs.currentWidget() is window.reminders_page
    page = window.reminders_page
    qtbot.waitUntil(lambda: page.table.rowCount() == 1, timeout=WAIT_MS)
    assert page.table.item(0, 2).text() == "call Marco"


def test_firings_before_the_ui_listens_are_shown_when_it_does(
        qtbot: Any, plugin: RemindersPlugin, sch: Scheduler, clock: Clock) -> None:
    sch.add("early one", datetime(2026, 12, 2, 10, 1))
    clock.at(2026, 12, 2, 10, 1)
    plugin.tick()  # the engine's loop ran before the desktop subscribed
    lk = RemindersLink()
    got: list[Firing] = []
    lk.fired.connect(got.append)
    threading.Thread(target=lambda: lk.attach_plugin(plugin)).start()  # attached on the engine's thread
    qtbot.waitUntil(lambda: len(got) == 1, timeout=WAIT_MS)
    assert got[0].reminder.text == "early one"
    lk.detach()


def test_the_desktop_app_notifies_and_apri_opens_its_memory_window_on_the_reminders_tab(
        qtbot: Any, make_desk: Any, metnos_home: Path, tmp_path: Path, plugin: RemindersPlugin, sch: Scheduler,
        clock: Clock) -> None:
    work = tmp_path / "work"
    work.mkdir()
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{work}"]\n[ui]\npause_learning = true\n')
    manager = ConfigManager()
    desk = make_desk(routed_engine_factory(manager, work / "nota.txt"), manager=manager)
    assert desk.reminders.attach_plugin(plugin)  # what the app's engine factory does with its own engine
    r = sch.add("call Marco", datetime(2026, 12, 2, 10, 5))
    clock.at(2026, 12, 2, 10, 5)
    with qtbot.waitSignal(desk.notified, timeout=WAIT_MS) as told:
        tick_elsewhere(plugin)
    assert told.args == ["Reminder: call Marco", "Due today, Wednesday 2 December, at 10:05"]
    card = desk.alerts.cards[r.id]
    qtbot.waitUntil(card.isVisible, timeout=WAIT_MS)
    qtbot.mouseClick(card.open_btn, LEFT)
    mem = desk.menu.memory_window
    assert mem is not None and mem.isVisible() and mem.tabs.currentWidget() is mem.reminders_page
    qtbot.waitUntil(lambda: mem.reminders_page.table.rowCount() == 1, timeout=WAIT_MS)
    desk.shutdown()
    assert not card.isVisible() and desk.reminders.plugin is None
