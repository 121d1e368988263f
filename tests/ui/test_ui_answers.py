"""Answers as Markdown (escaped, never HTML from the answer), copy per answer, chat scroll positions,
and every failure path of the worker ending the turn with an Error and a TurnEnded."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication
from ui_helpers import READ_PHRASE, routed_engine_factory, send_popup, wait_turn_end, write_runtime

from app.config import ConfigManager
from app.turn import events as ev
from app.ui.markdown import to_html
from app.ui.timeline import TurnView


def test_markdown_lists_code_and_links():
    html = to_html("Ecco:\n- uno **due**\n- cartella/\n1. primo\n```\nx = 1\n```\nVedi [il sito](https://example.org).")
    assert "<ul><li>uno <b>due</b></li><li><b>cartella/</b></li></ul>" in html  # a folder is marked
    assert "<ol><li>primo</li></ol>" in html
    assert ">x = 1</pre>" in html
    assert '<a href="https://example.org">il sito</a>' in html


def test_markdown_never_lets_html_through():
    hostile = ('<script>alert(1)</script> <img src=x onerror=alert(1)> <a href="javascript:x">y</a>\n'
               '```\n</pre><b>out</b>\n```\n[click](javascript:alert(1)) `<i>code</i>` **<u>b</u>**')
    html = to_html(hostile)
    for bad in ("<script", "<img", '<a href="javascript', "<u>", "<i>code", "</pre><b>"):
        assert bad not in html, (bad, html)
    assert "&lt;script&gt;" in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "[click](javascript:alert(1))" in html  # an unsafe link stays text


def test_answer_label_renders_markdown_and_copies(qtbot):
    v = TurnView("q")
    qtbot.addWidget(v)
    v.apply(ev.Answer("t", 1, text="Trovati 2 file:\n- a.txt\n- <b>b</b>.txt", level="L0"))
    assert v.answer.textFormat() == Qt.TextFormat.RichText
    assert "<li>a.txt</li>" in v.answer.html() and "&lt;b&gt;b&lt;/b&gt;.txt" in v.answer.html()
    assert v.copy_btn.isVisibleTo(v)
    qtbot.mouseClick(v.copy_btn, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "Trovati 2 file:\n- a.txt\n- <b>b</b>.txt"


def test_a_rejected_draft_is_taken_off_the_answer_before_its_replacement(qtbot):
    v = TurnView("se cancello x.txt posso recuperarlo?")
    qtbot.addWidget(v)
    v.apply(ev.Token("t", 1, text="Usa rm x.txt per "))
    v.apply(ev.Token("t", 1, text="cancellarlo."))
    assert "rm x.txt" in v.answer.text()
    v.apply(ev.Progress("t", 1, what="answer_reset: the model's answer was not usable (a path); answering"))
    v.apply(ev.Token("t", 2, text="Non ho una risposta affidabile."))
    assert v.answer.text() == "Non ho una risposta affidabile."  # never the draft and its replacement together


def _history(n: int) -> list[dict]:
    return [{"id": f"h{i}", "text": f"domanda {i}", "answer": f"risposta {i}\n" + "riga\n" * 3, "level": "L0",
             "ok": True, "cancelled": False, "steps": [{"num": 1, "tool": "get_now", "args": {}, "ok": True,
                                                        "level": "L0"}]} for i in range(n)]


def _at_bottom(chat) -> bool:
    bar = chat.scroll_area.verticalScrollBar()
    return bar.maximum() > 0 and bar.value() == bar.maximum()


def test_chat_opens_on_the_newest_turn_and_follows_answers(qtbot, make_desk, metnos_home, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{work}"]\n[ui]\npause_learning = true\n')
    manager = ConfigManager()
    target = work / "nota.txt"
    target.write_text("uno\ndue\n", encoding="utf-8")
    desk = make_desk(routed_engine_factory(manager, target), manager=manager)
    desk.chat.load_history(_history(30))
    desk.show_chat()
    qtbot.waitExposed(desk.chat)
    qtbot.waitUntil(lambda: _at_bottom(desk.chat), timeout=5_000)

    first = desk.chat.turn_views()[0]  # an old turn's timeline, opened: it comes into view
    qtbot.mouseClick(first.toggle, Qt.MouseButton.LeftButton)
    viewport = desk.chat.scroll_area.viewport()

    def timeline_in_view() -> bool:
        top = first.timeline.mapTo(viewport, QPoint(0, 0)).y()
        return first.timeline.isVisible() and top >= 0 and top + first.timeline.height() <= viewport.height()

    qtbot.waitUntil(timeline_in_view, timeout=10_000)
    assert not _at_bottom(desk.chat)

    qtbot.keyClicks(desk.chat.input, READ_PHRASE)
    qtbot.keyClick(desk.chat.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: desk.chat.current is not None)
    view = desk.chat.views[desk.chat.current]
    wait_turn_end(qtbot, view)
    qtbot.waitUntil(lambda: _at_bottom(desk.chat), timeout=5_000)  # the answer is in view
    assert "uno" in view.answer.text()


def test_an_engine_that_cannot_start_still_ends_the_turn(qtbot, make_desk):
    """No engine: the popup shows why in the UI language, and the turn ends like any other."""
    from app.ui.app import DeskApp

    def broken() -> None:
        raise RuntimeError("no models folder")

    desk = DeskApp(engine_factory=broken, use_tray=False, use_hotkey=False, preload=False, watch=False)
    try:
        with qtbot.waitSignal(desk.host.worker.ready, timeout=30_000) as blocker:
            desk.start()
        assert blocker.args[0] is False
        tag = send_popup(qtbot, desk, "che ore sono")
        view = desk.popup.view
        wait_turn_end(qtbot, view, timeout=10_000)
        kinds = [type(e).__name__ for e in view.events]
        assert kinds[-2:] == ["WorkerError", "TurnEnded"], kinds
        assert view.status.text().startswith("Error: The assistant could not start")
        assert "metnos doctor" in view.status.text()
        assert not desk.host.is_busy(tag)
        assert not desk.popup.cancel_btn.isVisible()
    finally:
        desk.shutdown()
        desk.popup.hide()
        desk.chat.hide()


def test_a_crashing_engine_ends_the_turn_with_an_error(qtbot, make_desk):
    class Crashing:
        journal = None

        @property
        def router(self):
            return None

        def run_turn(self, text, **kw):
            yield ev.TurnStarted("t", 0, text=text)
            raise ValueError("boom")

        def close(self):
            pass

    desk = make_desk(lambda: Crashing())
    send_popup(qtbot, desk, "che ore sono")
    view = desk.popup.view
    wait_turn_end(qtbot, view, timeout=10_000)
    assert [type(e).__name__ for e in view.events] == ["TurnStarted", "WorkerError", "TurnEnded"]
    assert "Something went wrong inside the assistant" in view.status.text() and "boom" in view.status.text()
    assert not desk.host.is_busy()


def test_engine_errors_are_plain_unless_details_are_on(qtbot):
    from ui_helpers import details

    v = TurnView("q")
    qtbot.addWidget(v)
    v.apply(ev.Error("t", 1, message="LLMError: model file not found: /x.gguf", hint="run `metnos doctor`"))
    assert v.status.text().startswith("Sorry, something went wrong")
    assert "LLMError" not in v.status.text()
    with details():
        assert "LLMError" in v.status.text()
