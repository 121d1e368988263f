"""The selection popup, offscreen: the text shown (first lines, then "… N righe"), every action button and key
wired to the engine's selection entry, the free box read like `metnos ask --stdin`, nothing selected → the
clipboard offered, Copia / Sostituisci.

The engine is the real one on the lite model: it refuses to write (a base model cannot translate), so each
action reaches the engine and ends at once — what reached it is in the turn's events (TurnStarted's text, the
route's "selection: <action>"). Copia and Sostituisci need an answer: it is the engine's event sequence for one,
fed through the worker's channel (recorded, as the chat tests do for planner turns); the real model's answers
are tested in tests/selection (CLI) and under Xvfb (test_ui_selection_x.py)."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QClipboard, QGuiApplication
from ui_helpers import selection_turn, write_runtime

from app.turn import events as ev
from app.ui.selection_grab import Grabbed

TEXT = "\n".join(f"Riga {i}: la consegna per Ferrari slitta a venerdì {i}." for i in range(1, 11))


def _desk(make_desk: Any, metnos_home: Any, lang: str = "it") -> Any:
    write_runtime(metnos_home, '[llm]\nmodel = "bundled-lite"\n[ui]\npause_learning = true\n')
    desk = make_desk()
    desk.translations.install(lang)
    return desk


def _turn_of(qtbot: Any, desk: Any, start: Any) -> list[ev.Event]:
    """Run `start()` (a click, a key) and collect the selection turn's events until it ends."""
    return selection_turn(qtbot, desk, start)


def _route(events: list[ev.Event]) -> str:
    return next(e.why for e in events if isinstance(e, ev.RouteDecision))


def test_the_popup_shows_the_first_lines_and_how_many_there_are(qtbot, make_desk, metnos_home):
    desk = _desk(make_desk, metnos_home)
    flow = desk.selection
    flow.open(Grabbed(TEXT, "primary"))
    qtbot.waitExposed(desk.popup)
    assert flow.panel.isVisible() and flow.panel.title.text() == "Testo selezionato"
    assert flow.panel.shown.text().splitlines() == TEXT.splitlines()[:3]
    assert flow.panel.more.text() == "… 10 righe"
    labels = [b.text() for b in flow.panel.row_widgets]
    assert labels == ["1  Traduci", "2  Riassumi", "3  Spiega", "4  Correggi", "5  Riscrivi ▾"]
    assert desk.popup.input.placeholderText() == "Chiedi qualcosa su questo testo…"
    desk.popup.hide()
    assert not flow.active and not flow.panel.isVisibleTo(desk.popup)


def test_each_action_button_key_and_the_free_box_reach_the_engine(qtbot, make_desk, metnos_home):
    desk = _desk(make_desk, metnos_home, "en")
    flow = desk.selection
    flow.open(Grabbed("Il treno parte alle 7:45 dal binario 3.", "primary"))
    qtbot.waitExposed(desk.popup)
    click = lambda name: lambda: qtbot.mouseClick(flow.panel.buttons[name], Qt.MouseButton.LeftButton)  # noqa: E731
    for name in ("translate", "summarize", "explain", "fix"):
        events = _turn_of(qtbot, desk, click(name))
        assert _route(events) == f"selection: {name}"
        assert next(e.text for e in events if isinstance(e, ev.TurnStarted)).startswith(
            {"translate": "Translate", "summarize": "Summarize", "explain": "Explain", "fix": "Fix"}[name])
        assert not [e for e in events if isinstance(e, (ev.ToolCall, ev.ApprovalNeeded))]
        assert "light model" in next(e.message for e in events if isinstance(e, ev.Error))  # lite: cannot write
    for style in ("formal", "friendly", "shorter"):
        events = _turn_of(qtbot, desk, lambda s=style: flow.panel.style_actions[s].trigger())
        assert _route(events) == f"selection: rewrite ({style})"
    desk.popup.input.setFocus()
    for key, name in ((Qt.Key.Key_1, "translate"), (Qt.Key.Key_2, "summarize"), (Qt.Key.Key_3, "explain"),
                      (Qt.Key.Key_4, "fix")):
        events = _turn_of(qtbot, desk, lambda k=key: qtbot.keyClick(desk.popup.input, k))
        assert _route(events) == f"selection: {name}"
        assert desk.popup.input.text() == ""  # the key picked the action; nothing was typed
    qtbot.keyClick(desk.popup.input, Qt.Key.Key_5)
    assert flow.panel.styles.isVisible()  # 5 opens the rewrite's styles
    flow.panel.styles.hide()
    desk.popup.input.setText("traduci in tedesco")
    events = _turn_of(qtbot, desk, lambda: qtbot.keyClick(desk.popup.input, Qt.Key.Key_Return))
    assert _route(events) == "selection: translate → de"
    desk.popup.input.setText("why is platform 3 closed?")
    events = _turn_of(qtbot, desk, lambda: qtbot.keyClick(desk.popup.input, Qt.Key.Key_Return))
    assert _route(events) == "selection: ask"
    assert next(e.text for e in events if isinstance(e, ev.TurnStarted)).startswith("why is platform 3 closed?")
    desk.popup.input.setText("2 more")  # with text in the box a digit is typed, not an action
    qtbot.keyClick(desk.popup.input, Qt.Key.Key_2)
    assert desk.popup.input.text() == "2 more2"


def test_nothing_selected_says_so_and_offers_the_clipboard(qtbot, make_desk, metnos_home):
    desk = _desk(make_desk, metnos_home)
    flow = desk.selection
    QGuiApplication.clipboard().setText("prima riga\nseconda riga", QClipboard.Mode.Clipboard)
    flow.open(Grabbed("", "none"))
    qtbot.waitExposed(desk.popup)
    assert flow.panel.title.text() == "Nessun testo selezionato."
    assert not any(b.isVisibleTo(flow.panel) for b in flow.panel.row_widgets)
    assert flow.panel.use_clipboard.text() == "Usa il testo degli appunti (2 righe)"
    qtbot.mouseClick(flow.panel.use_clipboard, Qt.MouseButton.LeftButton)
    assert flow.text == "prima riga\nseconda riga" and flow.panel.shown.text() == "prima riga\nseconda riga"
    QGuiApplication.clipboard().clear(QClipboard.Mode.Clipboard)
    flow.open(Grabbed("", "none"))
    assert not flow.panel.use_clipboard.isVisibleTo(flow.panel)
    assert "Ctrl+Alt+S" in flow.panel.more.text()


def test_copy_and_replace_put_the_answer_on_the_clipboard_and_say_how_to_paste(qtbot, make_desk, metnos_home):
    desk = _desk(make_desk, metnos_home)
    flow = desk.selection
    flow.open(Grabbed("Ciao, come stai?", "primary", window=None))  # offscreen: no window to paste back into
    qtbot.waitExposed(desk.popup)
    flow.submit(flow.request("translate"))
    tag = flow.tag
    qtbot.waitUntil(lambda: not desk.host.is_busy(tag), timeout=60_000)
    # the engine's events for a translation (the lite model cannot write one), through the worker's channel
    for e in (ev.TurnStarted("t", 0, text="Traduci"), ev.RouteDecision("t", 0, level="selection", why="x"),
              ev.Token("t", 1, text="Hi, how are you?"), ev.Answer("t", 1, text="Hi, how are you?", level="selection"),
              ev.TurnEnded("t", 2, ok=True, elapsed_ms=900.0)):
        desk.host.worker.turnEvent.emit(tag, e)
    qtbot.waitUntil(lambda: flow.answer_row.copy_btn.isEnabled())
    assert flow.answer_row.isVisibleTo(desk.popup) and desk.popup.view.answer.text() == "Hi, how are you?"
    qtbot.mouseClick(flow.answer_row.copy_btn, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "Hi, how are you?" and flow.answer_row.status.text() == "Copiato."
    QGuiApplication.clipboard().clear()
    qtbot.mouseClick(flow.answer_row.replace_btn, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "Hi, how are you?"
    assert flow.answer_row.status.text() == "Copiato: incollalo con Ctrl+V"
    assert desk.popup.isVisible()  # nothing to paste into: the popup stays with the message
