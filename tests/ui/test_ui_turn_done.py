"""A turn is over for the person when its answer is painted (issue 30, item 1): the spinner ("Working…") and
Cancel stop then, the header's time is the time to the answer, and the work after the answer (here a real
engine plugin whose turn_ended hook takes seconds) neither shows nor delays the next request."""
from __future__ import annotations

from PySide6.QtCore import Qt
from support import SlowAfterAnswer
from ui_helpers import routed_engine_factory, send_popup, write_runtime

from app.config import ConfigManager
from app.turn import events as ev

SLOW_S = 6.0  # the first turn's work after its answer; the later turns' takes nothing


def _desk(make_desk, metnos_home, tmp_path, slow: SlowAfterAnswer):
    work = tmp_path / "work"
    work.mkdir()
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{work}"]\n[ui]\npause_learning = true\n')
    manager = ConfigManager()
    return make_desk(routed_engine_factory(manager, work / "nota.txt", plugins=[slow]), manager=manager)


def test_the_popup_shows_the_turn_done_when_its_answer_is_painted(qtbot, make_desk, metnos_home, tmp_path):
    slow = SlowAfterAnswer(SLOW_S, 0.0)
    desk = _desk(make_desk, metnos_home, tmp_path, slow)
    send_popup(qtbot, desk, "che ore sono")
    view = desk.popup.view
    painted: list[bool] = []
    view.answer.painted.connect(lambda: painted.append(True))
    qtbot.waitUntil(lambda: bool(painted), timeout=60_000)
    assert view.answer.text().startswith("Sono le ")
    qtbot.waitUntil(lambda: not view.running, timeout=int(SLOW_S * 1000 / 2))
    assert slow.began and not slow.ended, "the turn showed as done only after the work after its answer"
    assert not desk.popup.cancel_btn.isVisible(), "Cancel stayed while the answer was shown"
    assert "Working" not in view.toggle.text(), view.toggle.text()
    assert not desk.host.is_busy()
    assert view.elapsed_ms is not None and view.elapsed_ms < SLOW_S * 1000 / 2, "the time counts the work after it"

    # the next request, from the chat, is answered while that work still runs
    desk.show_chat()
    desk.chat.input.setText("what time is it")
    qtbot.keyClick(desk.chat.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: desk.chat.current is not None or bool(desk.chat.views), timeout=5_000)
    later = desk.chat.turn_views()[-1]
    qtbot.waitUntil(lambda: not later.running, timeout=int(SLOW_S * 1000 / 2))
    assert later.answer.text().startswith("It's "), later.answer.text()
    assert len(slow.ended) == 0, "the next request waited for the work after the previous answer"
    assert desk.chat.cancel_btn.isEnabled() is False
    # the first turn's work after its answer still ends, and says so only in its events
    qtbot.waitUntil(lambda: any(isinstance(e, ev.TurnEnded) for e in view.events), timeout=int(SLOW_S * 1000 * 2))
    assert "Working" not in view.toggle.text()


def test_the_chat_takes_the_next_request_once_the_answer_is_out(qtbot, make_desk, metnos_home, tmp_path):
    slow = SlowAfterAnswer(SLOW_S, 0.0)
    desk = _desk(make_desk, metnos_home, tmp_path, slow)
    desk.show_chat()
    qtbot.keyClicks(desk.chat.input, "che ore sono")
    qtbot.keyClick(desk.chat.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: desk.chat.current is not None, timeout=5_000)
    view = desk.chat.views[desk.chat.current]
    qtbot.waitUntil(lambda: view.answer.text().startswith("Sono le "), timeout=60_000)
    qtbot.waitUntil(lambda: desk.chat.current is None, timeout=int(SLOW_S * 1000 / 2))
    assert not view.running and not desk.chat.cancel_btn.isEnabled()
    assert not slow.ended
