"""The quick-query popup, offscreen: type, Enter, answer inline; Esc; expand into the chat."""
from __future__ import annotations

import datetime as dt
import re

from PySide6.QtCore import Qt
from ui_helpers import send_popup, wait_turn_end

from app.turn import events as ev


def _clock_window() -> set[str]:
    now = dt.datetime.now()
    return {(now + dt.timedelta(minutes=d)).strftime("%H:%M") for d in (-1, 0, 1, 2)}


def test_che_ore_sono_answers_with_the_time_via_l0(qtbot, make_desk):
    desk = make_desk()  # the real default engine: real router, real L0 table
    before = _clock_window()
    send_popup(qtbot, desk, "che ore sono")
    view = desk.popup.view
    wait_turn_end(qtbot, view)
    answer = view.answer.text()
    times = set(re.findall(r"\b\d{2}:\d{2}\b", answer))
    assert times & (before | _clock_window()), f"no current HH:MM in the answer {answer!r}"
    assert view.level == "L0", f"expected the L0 fast path, got {view.level} (timeline: {view.timeline.text()})"
    assert any(isinstance(e, ev.ToolCall) and e.tool == "get_now" for e in view.events)
    assert desk.popup.isVisible()
    assert not desk.popup.cancel_btn.isVisible()  # the turn is over


def test_answer_is_painted_after_enter(qtbot, make_desk):
    desk = make_desk()
    send_popup(qtbot, desk, "che ore sono")
    with qtbot.waitSignal(desk.popup.view.answer.painted, timeout=60_000):
        pass
    assert desk.popup.view.answer.text()


def test_escape_hides_and_toggle_shows(qtbot, make_desk):
    desk = make_desk()
    desk.popup.toggle()
    qtbot.waitExposed(desk.popup)
    assert desk.popup.isVisible()
    assert desk.popup.windowFlags() & Qt.WindowType.FramelessWindowHint
    qtbot.keyClick(desk.popup.input, Qt.Key.Key_Escape)
    assert not desk.popup.isVisible()
    desk.popup.toggle()
    assert desk.popup.isVisible()


def test_popup_is_centred_on_the_screen(qtbot, make_desk):
    desk = make_desk()
    desk.popup.show_centered()
    qtbot.waitExposed(desk.popup)
    geo = desk.popup.screen().availableGeometry()
    centre_x = desk.popup.geometry().center().x()
    assert abs(centre_x - geo.center().x()) <= 2


def test_expand_moves_the_exchange_into_the_chat(qtbot, make_desk):
    desk = make_desk()
    send_popup(qtbot, desk, "che ore sono")
    wait_turn_end(qtbot, desk.popup.view)
    answer = desk.popup.view.answer.text()
    qtbot.mouseClick(desk.popup.expand_btn, Qt.MouseButton.LeftButton)
    assert not desk.popup.isVisible()
    assert desk.chat.isVisible()
    views = desk.chat.turn_views()
    assert [v.question.text() for v in views].count("che ore sono") == 1  # once, not duplicated
    assert views[-1].answer.text() == answer


def test_finished_popup_turns_stay_in_the_conversation(qtbot, make_desk):
    desk = make_desk()
    send_popup(qtbot, desk, "che ore sono")
    wait_turn_end(qtbot, desk.popup.view)
    qtbot.waitUntil(lambda: any(v.question.text() == "che ore sono" for v in desk.chat.turn_views()))
