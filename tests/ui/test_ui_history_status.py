"""Restored history tells the truth (issue 30, item 5): after a restart a turn keeps its status — denied,
failed (and why), cancelled, interrupted, done — in the same words as when it ran; the loading line's
percentage is the bar's; a turn's details add to its header instead of repeating it."""
from __future__ import annotations

import re
import time

from PySide6.QtCore import Qt
from ui_helpers import (
    READ_PHRASE,
    SLOW_PHRASE,
    WRITE_PHRASE,
    ask_chat,
    routed_engine_factory,
    send_popup,
    wait_turn_end,
    write_runtime,
)

from app.config import ConfigManager
from app.turn import events as ev

MARKS = re.compile(r"^[✓✗?✎☰■ ]+")


def _manager(metnos_home, tmp_path) -> ConfigManager:
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{work}"]\n[ui]\npause_learning = true\n')
    return ConfigManager()


def _repeats(view) -> list[str]:
    """Lines of the opened details that only say again what the header says."""
    header = {part.strip() for part in view.toggle.text().split(" · ")}
    return [line for line in view.timeline.text().splitlines() if MARKS.sub("", line).strip() in header]


def test_restored_turns_keep_their_true_status(qtbot, make_desk, metnos_home, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    forbidden = outside / "segreto.txt"
    forbidden.write_text("x\n", encoding="utf-8")
    manager = _manager(metnos_home, tmp_path)
    target = tmp_path / "work" / "nota.txt"
    target.write_text("riga uno\n", encoding="utf-8")
    desk = make_desk(routed_engine_factory(manager, target, seconds=30), manager=manager)
    live: dict[str, str] = {}
    done = ask_chat(qtbot, desk, READ_PHRASE, wait=False)  # done
    wait_turn_end(qtbot, done)
    live["done"] = done.toggle.text()
    denied = ask_chat(qtbot, desk, WRITE_PHRASE, wait=False)  # denied
    qtbot.waitUntil(lambda: len(denied.cards) == 1, timeout=60_000)
    card = next(iter(denied.cards.values()))
    qtbot.waitUntil(lambda: card.deny_btn.isVisible() and card.deny_btn.width() > 0, timeout=10_000)
    qtbot.mouseClick(card.deny_btn, Qt.MouseButton.LeftButton)
    wait_turn_end(qtbot, denied)
    live["denied"] = denied.toggle.text()
    slow = ask_chat(qtbot, desk, SLOW_PHRASE, wait=False)  # cancelled
    qtbot.waitUntil(lambda: any(isinstance(e, ev.ToolCall) for e in slow.events), timeout=60_000)
    desk.chat.cancel_current()
    wait_turn_end(qtbot, slow)
    live["cancelled"] = slow.toggle.text()
    desk.shutdown()

    manager2 = _manager(metnos_home, tmp_path)
    desk2 = make_desk(routed_engine_factory(manager2, forbidden), manager=manager2)
    qtbot.waitUntil(lambda: len(desk2.chat.turn_views()) >= 3, timeout=30_000)
    refused = ask_chat(qtbot, desk2, READ_PHRASE, wait=False)  # failed, with its reason: outside the allowed folders
    wait_turn_end(qtbot, refused)
    live["failed"] = refused.toggle.text()
    desk2.shutdown()

    manager3 = _manager(metnos_home, tmp_path)
    desk3 = make_desk(routed_engine_factory(manager3, target), manager=manager3)
    qtbot.waitUntil(lambda: len(desk3.chat.turn_views()) >= 4, timeout=30_000)
    done, denied, cancelled, failed = desk3.chat.turn_views()[-4:]
    assert done.toggle.text().startswith("Instant answer · Read nota.txt — 1 line"), done.toggle.text()
    assert "Not approved: nothing was changed" in denied.toggle.text(), denied.toggle.text()
    assert "Cancelled" in cancelled.toggle.text() and "Cancelled" in cancelled.status.text()
    assert "That did not work: " in failed.toggle.text(), failed.toggle.text()
    for view in (done, denied, cancelled, failed):
        assert "A step did not work" not in view.toggle.text(), view.toggle.text()
    # the same words as when they ran (the time may differ by its rounding only)
    for view, key in ((done, "done"), (denied, "denied"), (cancelled, "cancelled"), (failed, "failed")):
        strip = re.compile(r" · \d+\.\d s$")
        assert strip.sub("", view.toggle.text()) == strip.sub("", live[key]), (key, view.toggle.text(), live[key])
        view.toggle.setChecked(True)
        assert not _repeats(view), (key, view.timeline.text(), view.toggle.text())
        assert view.timeline.text().splitlines()[-1].startswith("Asked today at ")
    with_path = [line for line in done.timeline.text().splitlines() if str(target) in line]
    assert with_path, done.timeline.text()  # the details name the file in full; the header says only its name


def test_an_interrupted_turn_says_so(qtbot):
    from app.ui.timeline import TurnView

    view = TurnView("riassumi il file grande")
    qtbot.addWidget(view)
    view.load_row({"id": "x", "text": "riassumi il file grande", "answer": "", "level": "L3", "ok": 0,
                   "cancelled": 0, "started_at": time.time() - 86400, "state": "interrupted", "elapsed_ms": 0,
                   "steps": []})
    assert "Interrupted: the app closed" in view.toggle.text()
    assert view.timeline.text().startswith("Asked yesterday at ")


def test_a_live_turns_details_do_not_repeat_its_header(qtbot, make_desk, metnos_home, tmp_path):
    target = tmp_path / "work" / "nota.txt"
    manager = _manager(metnos_home, tmp_path)
    target.write_text("x\n", encoding="utf-8")
    desk = make_desk(routed_engine_factory(manager, target), manager=manager)
    send_popup(qtbot, desk, "che ore sono")
    view = desk.popup.view
    wait_turn_end(qtbot, view)
    view.toggle.setChecked(True)
    assert view.toggle.text().startswith("Instant answer · Checked the time")
    assert not _repeats(view), (view.timeline.text(), view.toggle.text())
    assert view.timeline.text().startswith("Asked today at ")


def test_the_loading_line_agrees_with_its_bar(qtbot, make_desk, metnos_home, tmp_path):
    desk = make_desk(manager=_manager(metnos_home, tmp_path),
                     engine_factory=routed_engine_factory(ConfigManager(), tmp_path / "work" / "nota.txt"))
    shown = []
    for what, fraction in (("embedder", 0.0), ("embedder", 0.5), ("embedder", 1.0), ("llm", 0.29), ("llm", 0.7)):
        desk.load_status.on_progress(what, fraction)
        text, bar = desk.chat.loading_label.text(), desk.chat.loading_bar.value()
        figures = re.findall(r"(\d+)%", text)
        assert figures == [str(bar)], (text, bar)  # one percentage, the bar's
        shown.append(text)
    assert shown[2] == "Loading models: 50% (reasoning model)", shown
    assert shown[0].endswith("(search model)")
