"""The chat window: history across restarts, timeline, plain text only, notifications, settings."""
from __future__ import annotations

import tomllib

from PySide6.QtCore import Qt
from ui_helpers import (
    READ_PHRASE,
    SLOW_PHRASE,
    WRITE_PHRASE,
    details,
    routed_engine_factory,
    send_popup,
    wait_turn_end,
    work_manager,
)

from app.config import ConfigManager
from app.turn import events as ev

HOSTILE = "<b>bold</b> \x1b[31mred\x1b[0m <img src=x onerror=alert(1)> \u202eevil\n"


def _ask_chat(qtbot, desk, text: str):
    desk.show_chat()
    qtbot.keyClicks(desk.chat.input, text)
    qtbot.keyClick(desk.chat.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: desk.chat.current is not None)
    return desk.chat.views[desk.chat.current]


def test_history_survives_a_restart(qtbot, make_desk, metnos_home, tmp_path):
    manager, target = work_manager(metnos_home, tmp_path)
    target.write_text("riga uno\n", encoding="utf-8")
    desk = make_desk(routed_engine_factory(manager, target), manager=manager)
    view = _ask_chat(qtbot, desk, READ_PHRASE)
    wait_turn_end(qtbot, view)
    assert "riga uno" in view.answer.text()
    desk.shutdown()

    manager2 = ConfigManager()
    desk2 = make_desk(routed_engine_factory(manager2, target), manager=manager2)
    qtbot.waitUntil(lambda: len(desk2.chat.turn_views()) >= 1, timeout=30_000)
    old = desk2.chat.turn_views()[-1]
    assert old.question.text() == READ_PHRASE
    assert "riga uno" in old.answer.text()
    assert old.toggle.text().startswith("Instant answer") and "Read nota.txt" in old.toggle.text()
    with details():
        assert "read_files" in old.timeline.text() and "L0" in old.toggle.text()


def test_timeline_is_compact_and_expandable(qtbot, make_desk, metnos_home, tmp_path):
    manager, target = work_manager(metnos_home, tmp_path)
    target.write_text("x\n", encoding="utf-8")
    desk = make_desk(routed_engine_factory(manager, target), manager=manager)
    view = _ask_chat(qtbot, desk, READ_PHRASE)
    wait_turn_end(qtbot, view)
    assert not view.timeline.isVisible()  # compact by default
    assert view.toggle.text() == "Instant answer · Read nota.txt — 1 line"  # plain words by default
    qtbot.mouseClick(view.toggle, Qt.MouseButton.LeftButton)
    assert view.timeline.isVisible()
    lines = view.timeline.text().splitlines()  # what the header does not say: the file in full, when it was asked
    assert lines[0] == f"✓ Read {target} — 1 line" and lines[1].startswith("Asked today at "), lines
    with details():  # the switch in Settings: levels, tools and arguments, live
        summary = view.toggle.text()
        assert summary.startswith("L0") and "read_files" in summary
        lines = view.timeline.text().splitlines()
        assert lines[0].startswith("L0") and any(line.startswith("▶ read_files") for line in lines)
        assert any("✓" in line for line in lines)
    assert view.toggle.text().startswith("Instant answer")


def test_file_content_is_shown_as_plain_text(qtbot, make_desk, metnos_home, tmp_path):
    manager, target = work_manager(metnos_home, tmp_path)
    target.write_text(HOSTILE, encoding="utf-8")
    desk = make_desk(routed_engine_factory(manager, target), manager=manager)
    view = _ask_chat(qtbot, desk, READ_PHRASE)
    wait_turn_end(qtbot, view)
    shown = view.answer.text()
    assert "<b>bold</b>" in shown and "<img src=x onerror=alert(1)>" in shown  # the answer as written
    html = view.answer.html()  # what the label renders: the tags escaped, shown as text
    assert "&lt;b&gt;bold&lt;/b&gt;" in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "<img" not in html and "<b>bold" not in html
    assert "\x1b" not in shown and "\\x1b[31m" in shown  # ANSI escapes made visible, never interpreted
    assert "\u202e" not in shown and "\\u202e" in shown  # no bidi override
    assert "\x1b" not in view.timeline.text()
    assert view.timeline.textFormat() == Qt.TextFormat.PlainText


def test_long_turn_notifies_when_hidden(qtbot, make_desk, metnos_home, tmp_path):
    manager, target = work_manager(metnos_home, tmp_path, "notify_after_s = 0.2\n")
    desk = make_desk(routed_engine_factory(manager, target, seconds=0.6), manager=manager)
    with qtbot.waitSignal(desk.notified, timeout=60_000) as blocker:
        send_popup(qtbot, desk, SLOW_PHRASE)
        desk.popup.hide()
    title, body = blocker.args
    assert SLOW_PHRASE[:20] in title and body == "Finito."


def test_short_turn_in_view_does_not_notify(qtbot, make_desk, metnos_home, tmp_path):
    manager, target = work_manager(metnos_home, tmp_path, "notify_after_s = 30\n")
    desk = make_desk(routed_engine_factory(manager, target, seconds=0.1), manager=manager)
    seen: list = []
    desk.notified.connect(lambda *a: seen.append(a))
    send_popup(qtbot, desk, SLOW_PHRASE)
    desk.popup.hide()
    wait_turn_end(qtbot, desk.popup.view if desk.popup.view else desk.chat.turn_views()[-1])
    assert seen == []


def test_config_error_is_notified_with_the_key(qtbot, make_desk, metnos_home, tmp_path):
    manager, target = work_manager(metnos_home, tmp_path)
    desk = make_desk(routed_engine_factory(manager, target), manager=manager, watch=True)
    with qtbot.waitSignal(desk.notified, timeout=20_000) as blocker:
        manager.path.write_text(manager.path.read_text() + 'theme = "purple"\n', encoding="utf-8")
    title, body = blocker.args
    assert "runtime.toml" in title
    assert "ui.theme" in body and "purple" in body
    assert desk.config.ui.theme == "auto"  # the last good config stays


def test_settings_dialog_writes_runtime_toml(qtbot, make_desk, metnos_home, tmp_path):
    from app.ui.settings_dialog import SettingsDialog

    manager, target = work_manager(metnos_home, tmp_path)
    desk = make_desk(routed_engine_factory(manager, target), manager=manager)
    before = manager.path.read_text(encoding="utf-8")
    dlg = SettingsDialog(manager)
    qtbot.addWidget(dlg)
    theme = dlg.editors["ui.theme"]
    theme.setCurrentIndex(theme.findData("dark"))
    assert theme.currentText() == "For dark panels"  # human words, the value behind them
    dlg.editors["ui.notify_after_s"].setValue(12.5)
    assert not dlg.editors["ui.language"].isEnabled()  # METNOS_UI_LANGUAGE is set by the fixture
    assert dlg.save()
    data = tomllib.loads(manager.path.read_text(encoding="utf-8"))
    assert data["ui"]["theme"] == "dark" and data["ui"]["notify_after_s"] == 12.5
    assert "language" not in data["ui"]
    assert manager.config.ui.theme == "dark"
    assert before.splitlines()[0] in manager.path.read_text(encoding="utf-8")  # header comment kept
    assert desk.config.ui.notify_after_s == 12.5


def test_pause_learning_toggles_the_setting(qtbot, make_desk, metnos_home, tmp_path):
    manager, target = work_manager(metnos_home, tmp_path)
    desk = make_desk(routed_engine_factory(manager, target), manager=manager)
    desk.menu.set_pause_learning(False)
    assert desk.config.ui.pause_learning is False
    desk.menu.set_pause_learning(True)
    assert desk.config.ui.pause_learning is True
    assert tomllib.loads(manager.path.read_text(encoding="utf-8"))["ui"]["pause_learning"] is True


def test_a_second_popup_question_moves_the_running_one_to_the_chat(qtbot, make_desk, metnos_home, tmp_path):
    manager, target = work_manager(metnos_home, tmp_path)
    desk = make_desk(routed_engine_factory(manager, target, seconds=1.0), manager=manager)
    first = send_popup(qtbot, desk, SLOW_PHRASE)
    qtbot.waitUntil(lambda: desk.host.is_busy(first))
    send_popup(qtbot, desk, WRITE_PHRASE)
    assert desk.chat.owns(first)  # still receiving its events, in the chat
    view = desk.chat.views[first]
    qtbot.waitUntil(lambda: not view.running, timeout=60_000)
    assert view.answer.text() == "Finito."
    # the rest of its events still come here: TurnEnded follows the work after the answer (the history's write),
    # later than the answer that stopped `running`
    qtbot.waitUntil(lambda: any(isinstance(e, ev.TurnEnded) for e in view.events), timeout=10_000)


def test_big_file_is_marked_offloaded_in_the_timeline(qtbot, make_desk, metnos_home, tmp_path):
    manager, target = work_manager(metnos_home, tmp_path)
    target.write_text("riga di prova con un po' di testo\n" * 800, encoding="utf-8")  # ~28 KB > 4096 bytes
    desk = make_desk(routed_engine_factory(manager, target), manager=manager)
    view = _ask_chat(qtbot, desk, READ_PHRASE)
    wait_turn_end(qtbot, view)
    obs = [e for e in view.events if isinstance(e, ev.Observation)]
    assert obs and obs[0].scratchpad_id, "a 28 KB observation must be offloaded to the scratchpad"
    assert "set aside" in view.timeline.text()
    with details():
        assert f"id {obs[0].scratchpad_id}" in view.timeline.text() and "offloaded" in view.timeline.text()


def test_every_event_kind_has_a_timeline_line(qtbot):
    """Rendering only: one event of each kind (as the engine emits them) gives its line."""
    from app.ui.timeline import TurnView

    v = TurnView("ricordati che il dentista è giovedì")
    qtbot.addWidget(v)
    guard = details()
    guard.__enter__()
    for e in (ev.TurnStarted("t", 0, text="x"), ev.RouteDecision("t", 0, level="L1", why="memo q3", score=0.951),
              ev.ToolCall("t", 1, tool="remember", args={"fact": "dentista giovedì"}, arg_sources={"fact": "rules"}),
              ev.ApprovalNeeded("t", 1, tool="remember", args={}, risk="write"),
              ev.Observation("t", 1, tool="remember", ok=True, size=9000, scratchpad_id="ab12cd34ef56ab78"),
              ev.MemoryWritten("t", 1, fact_id=7, text="il dentista è giovedì", category="appointments"),
              ev.StateUpdate("t", 2, plan=[{"item": "a", "status": "todo"}], notes={"k": "v"}),
              ev.Observation("t", 3, tool="read_files", ok=False, error="permission denied"),
              ev.Answer("t", 4, text="Fatto.", level="L1"), ev.TurnEnded("t", 4, ok=True, elapsed_ms=1234.0)):
        v.apply(e)
    text = v.timeline.text()
    for want in ("L1 0.951 — memo q3", "▶ remember", "fact←rules", "approval asked: remember (write)",
                 "offloaded to the scratchpad (8.8 KB, id ab12cd34ef56ab78)", "memory written #7 [appointments]",
                 "plan: 1 items, notes: 1", "error: permission denied"):
        assert want in text, (want, text)
    assert v.toggle.text() == "L1 0.95 · remember · 1.23 s"
    assert v.answer.text() == "Fatto."
    guard.__exit__()
    plain = v.timeline.text()
    assert v.toggle.text() == "Like a request seen before · Noted it in memory · 1.2 s", v.toggle.text()
    for want in ("Long result (8.8 KB) set aside", "Remembered on", "Plan: 1 step"):
        assert want in plain, (want, plain)
    for header in ("Like a request seen before", "Noted it in memory"):
        assert header not in plain  # the header says it
    for jargon in ("L1", "remember", "0.95", "{"):
        assert jargon not in plain and jargon not in v.toggle.text(), (jargon, plain)
