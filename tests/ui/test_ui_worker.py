"""EngineWorker through the real UI: cancel a long turn, approve/deny a write, the GUI stays responsive."""
from __future__ import annotations

import time

from PySide6.QtCore import QElapsedTimer, Qt, QTimer
from ui_helpers import SLOW_PHRASE, WRITE_PHRASE, routed_engine_factory, send_popup, wait_turn_end, write_runtime

from app.config import ConfigManager
from app.turn import events as ev


def _desk(make_desk, metnos_home, tmp_path, seconds: float = 30.0):
    work = tmp_path / "work"
    work.mkdir()
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{work}"]\n[ui]\npause_learning = true\n')
    manager = ConfigManager()
    assert not manager.errors, manager.errors
    target = work / "nota.txt"
    desk = make_desk(routed_engine_factory(manager, target, seconds), manager=manager)
    return desk, target


def _card(qtbot, view):
    qtbot.waitUntil(lambda: len(view.cards) == 1, timeout=60_000)
    card = next(iter(view.cards.values()))
    # a click lands only on a laid-out button (QAbstractButton.hitButton): on a busy machine the layout
    # of a just-added card can lag behind, and a click on a 0x0 button is silently lost
    qtbot.waitUntil(lambda: all(b.isVisible() and b.width() > 0 and b.height() > 0
                                for b in (card.approve_btn, card.deny_btn, card.always_btn)), timeout=10_000)
    return card


def test_approve_a_write_from_the_popup(qtbot, make_desk, metnos_home, tmp_path):
    desk, target = _desk(make_desk, metnos_home, tmp_path)
    send_popup(qtbot, desk, WRITE_PHRASE)
    view = desk.popup.view
    card = _card(qtbot, view)
    assert not target.exists(), "nothing may be written before the user approves"
    assert card.tool == "write_files" and card.approve_btn.isEnabled()
    qtbot.mouseClick(card.approve_btn, Qt.MouseButton.LeftButton)
    wait_turn_end(qtbot, view)
    assert target.read_text(encoding="utf-8") == "ciao dal test\n"
    assert not card.approve_btn.isEnabled() and "Approved" in card.outcome.text()
    assert any(isinstance(e, ev.Observation) and e.ok and e.tool == "write_files" for e in view.events)


def test_deny_a_write_from_the_chat(qtbot, make_desk, metnos_home, tmp_path):
    desk, target = _desk(make_desk, metnos_home, tmp_path)
    desk.show_chat()
    qtbot.keyClicks(desk.chat.input, WRITE_PHRASE)
    qtbot.keyClick(desk.chat.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: desk.chat.current is not None)
    view = desk.chat.views[desk.chat.current]
    card = _card(qtbot, view)
    qtbot.mouseClick(card.deny_btn, Qt.MouseButton.LeftButton)
    wait_turn_end(qtbot, view)
    assert not target.exists()
    failed = [e for e in view.events if isinstance(e, ev.Observation) and not e.ok]
    assert failed and "not approved" in (failed[0].error or "")
    assert "Denied" in card.outcome.text()
    assert not desk.chat.cancel_btn.isEnabled()


def test_cancel_a_long_turn(qtbot, make_desk, metnos_home, tmp_path):
    desk, _ = _desk(make_desk, metnos_home, tmp_path, seconds=60)
    send_popup(qtbot, desk, SLOW_PHRASE)
    view = desk.popup.view
    qtbot.waitUntil(lambda: any(isinstance(e, ev.ToolCall) and e.tool == "slow_job" for e in view.events),
                    timeout=60_000)
    assert view.running and desk.popup.cancel_btn.isVisible()
    t0 = time.monotonic()
    qtbot.mouseClick(desk.popup.cancel_btn, Qt.MouseButton.LeftButton)
    wait_turn_end(qtbot, view, timeout=30_000)
    assert time.monotonic() - t0 < 30, "cancel did not stop the 60 s job"
    assert any(isinstance(e, ev.Cancelled) for e in view.events)
    assert "Cancelled" in view.status.text()
    assert not desk.host.is_busy()


def test_cancel_while_waiting_for_approval_denies(qtbot, make_desk, metnos_home, tmp_path):
    desk, target = _desk(make_desk, metnos_home, tmp_path)
    send_popup(qtbot, desk, WRITE_PHRASE)
    view = desk.popup.view
    card = _card(qtbot, view)
    qtbot.mouseClick(desk.popup.cancel_btn, Qt.MouseButton.LeftButton)
    wait_turn_end(qtbot, view)
    assert not target.exists()
    assert not card.approve_btn.isEnabled()
    assert desk.host.worker.pending_approvals() == []


def test_gui_event_loop_keeps_running_during_a_turn(qtbot, make_desk, metnos_home, tmp_path):
    desk, _ = _desk(make_desk, metnos_home, tmp_path, seconds=2.0)
    gaps: list[int] = []
    clock = QElapsedTimer()
    clock.start()
    last = [clock.elapsed()]

    def tick() -> None:
        now = clock.elapsed()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(tick)
    timer.start()
    send_popup(qtbot, desk, SLOW_PHRASE)
    wait_turn_end(qtbot, desk.popup.view, timeout=60_000)
    timer.stop()
    assert desk.popup.view.answer.text() == "Finito."
    assert len(gaps) > 50, f"the timer barely ran ({len(gaps)} ticks in a 2 s turn)"
    assert max(gaps) < 250, f"the GUI thread stalled for {max(gaps)} ms while the turn ran"


def test_always_for_this_tool_approves(qtbot, make_desk, metnos_home, tmp_path):
    desk, target = _desk(make_desk, metnos_home, tmp_path)
    send_popup(qtbot, desk, WRITE_PHRASE)
    view = desk.popup.view
    card = _card(qtbot, view)
    qtbot.mouseClick(card.always_btn, Qt.MouseButton.LeftButton)
    wait_turn_end(qtbot, view)
    assert target.read_text(encoding="utf-8") == "ciao dal test\n"
    assert "also for the rest" in card.outcome.text()
