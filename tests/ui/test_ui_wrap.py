"""Every message, card and list wraps at the window's width in a live turn (issue 30, item 3): a refusal that
names a long unbroken file name, the answer, the turn's header and an approval card fit the chat and the popup,
with no horizontal scrolling. (A live turn's header says why a step failed — a line a restored turn does not
have — and a QToolButton never wraps: that header made live turns wider than their window.)"""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget
from ui_helpers import READ_PHRASE, WRITE_PHRASE, routed_engine_factory, send_popup, write_runtime

from app.config import ConfigManager
from app.turn import events as ev
from app.ui.markdown import ZWSP

LONG_NAME = "relazione_" + "a" * 140 + ".txt"  # no space, no slash, no dash: nowhere Qt would break it


def _desk(make_desk, metnos_home, tmp_path, target):
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{work}"]\n[ui]\npause_learning = true\n')
    manager = ConfigManager()
    return make_desk(routed_engine_factory(manager, target), manager=manager)


def _overflow(root: QWidget, frame: QWidget) -> list[str]:
    """The visible widgets under `root` whose right edge passes `frame`'s (both mapped to the window), and the
    labels and buttons squeezed narrower than their text needs (a fixed-width popup cuts them instead)."""
    window = frame.window()
    right = frame.mapTo(window, QPoint(frame.width(), 0)).x()
    bad = []
    for w in [root, *root.findChildren(QWidget)]:
        if not w.isVisibleTo(window) or w.width() <= 0:
            continue
        edge = w.mapTo(window, QPoint(w.width(), 0)).x()
        if edge > right + 1:
            bad.append(f"{w.objectName() or type(w).__name__} ends at {edge} > {right}")
        elif isinstance(w, (QLabel, QAbstractButton)) and w.minimumSizeHint().width() > w.width() + 1:
            bad.append(f"{w.objectName() or type(w).__name__} cut: needs {w.minimumSizeHint().width()}, "
                       f"has {w.width()}")
    return bad


def _squeezed(root: QWidget) -> list[str]:
    """The visible wrapped labels under `root` given less height than their lines need at their width (the next
    widget is drawn over their last line)."""
    bad = []
    for w in [root, *root.findChildren(QLabel)]:
        if isinstance(w, QLabel) and w.isVisibleTo(root.window()) and w.wordWrap() and w.width() > 0:
            need = w.heightForWidth(w.width())
            if need > w.height() + 1:
                bad.append(f"{w.objectName() or type(w).__name__} {w.text()[:40]!r}: needs {need}, has {w.height()}")
    return bad


def _settle(qtbot) -> None:
    qtbot.wait(50)  # layouts settle on the next turns of the event loop


def test_a_long_refusal_wraps_in_the_popup_and_the_chat(qtbot, make_desk, metnos_home, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    target = outside / LONG_NAME
    target.write_text("segreto\n", encoding="utf-8")
    desk = _desk(make_desk, metnos_home, tmp_path, target)

    send_popup(qtbot, desk, READ_PHRASE)
    view = desk.popup.view
    qtbot.waitUntil(lambda: not view.running, timeout=60_000)
    failed = [e for e in view.events if isinstance(e, ev.Observation) and not e.ok]
    assert failed, "reading outside the allowed folders was not refused"
    assert LONG_NAME[:40] in view.toggle.text() + view.answer.text() + view.status.text()
    _settle(qtbot)
    viewport = desk.popup.scroll_area.viewport()
    assert view.width() <= viewport.width(), (view.width(), viewport.width())
    assert not _overflow(view, viewport), _overflow(view, viewport)

    # the same turn in the chat (it is kept there once answered), and one asked in the chat itself
    desk.show_chat()
    desk.chat.resize(560, 520)
    qtbot.keyClicks(desk.chat.input, READ_PHRASE)
    qtbot.keyClick(desk.chat.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: desk.chat.current is not None, timeout=5_000)
    live = desk.chat.views[desk.chat.current]
    qtbot.waitUntil(lambda: not live.running, timeout=60_000)
    live.toggle.setChecked(True)  # the timeline too
    _settle(qtbot)
    area = desk.chat.scroll_area
    assert area.horizontalScrollBar().maximum() == 0, "the chat scrolls sideways"
    for turn in desk.chat.turn_views():
        assert turn.width() <= area.viewport().width()
        assert not _overflow(turn, area.viewport()), _overflow(turn, area.viewport())


def test_a_long_answer_wraps_and_copies_without_the_soft_breaks(qtbot, make_desk, metnos_home, tmp_path):
    desk = _desk(make_desk, metnos_home, tmp_path, tmp_path / "work" / "nota.txt")
    tag = desk.host.new_tag("chat")
    desk._texts[tag] = "riassumi"
    desk._in_chat.add(tag)
    view = desk.chat.begin(tag, "riassumi")
    answer = f"Il file {LONG_NAME} dice:\n\n```\n{'x' * 300}\n```\n\n" + " ".join(["parola"] * 200)
    for e in (ev.TurnStarted("w", 0, text="riassumi"), ev.Token("w", 1, text=answer[:100]),
              ev.Answer("w", 1, text=answer), ev.TurnAnswered("w", 1, ok=True, elapsed_ms=900.0)):
        desk.host.worker.turnEvent.emit(tag, e)
    desk.show_chat()
    desk.chat.resize(520, 480)
    qtbot.waitUntil(lambda: not view.running, timeout=5_000)
    _settle(qtbot)
    area = desk.chat.scroll_area
    assert area.horizontalScrollBar().maximum() == 0, "the chat scrolls sideways"
    assert not _overflow(view, area.viewport()), _overflow(view, area.viewport())
    assert view.answer.text() == answer  # as written: the soft breaks are only in what is shown
    view.copy_answer()
    assert QGuiApplication.clipboard().text() == answer
    QGuiApplication.clipboard().setText(f"copiato da una selezione: {LONG_NAME[:50]}{ZWSP}{LONG_NAME[50:]}")
    qtbot.waitUntil(lambda: ZWSP not in QGuiApplication.clipboard().text(), timeout=2_000)


def test_an_approval_card_for_a_long_name_fits_the_popup(qtbot, make_desk, metnos_home, tmp_path):
    target = tmp_path / "work" / LONG_NAME
    desk = _desk(make_desk, metnos_home, tmp_path, target)
    send_popup(qtbot, desk, WRITE_PHRASE)
    view = desk.popup.view
    qtbot.waitUntil(lambda: len(view.cards) == 1, timeout=60_000)
    card = next(iter(view.cards.values()))
    qtbot.waitUntil(lambda: card.approve_btn.isVisible() and card.approve_btn.width() > 0, timeout=10_000)
    qtbot.waitUntil(card.keys_live, timeout=5_000)  # the key hint shows too
    _settle(qtbot)
    frame = desk.popup.findChild(QWidget, "popupFrame")
    assert not _overflow(card, frame), _overflow(card, frame)
    # its key hint shows ARM_MS after the card: the card grows for it, the question keeps its lines
    assert not _squeezed(card), _squeezed(card)
    assert card.width() <= desk.popup.approval_box.width()
    qtbot.mouseClick(card.deny_btn, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not view.running, timeout=60_000)
    assert not target.exists()


def test_a_shorter_answer_after_a_long_one_shrinks_the_popup(qtbot):
    """The popup fits each exchange: after a long answer, a shorter one leaves no gaps (the popup's layouts
    took the new height only later, so it kept the long answer's height)."""
    from PySide6.QtCore import QRect

    from app.ui.popup import QuickPopup

    popup = QuickPopup()
    qtbot.addWidget(popup)
    popup.area = QRect(0, 0, 1280, 800)

    def exchange(tag: str, events: list[ev.Event]) -> None:
        popup.begin(tag, "x")
        for e in events:
            popup.on_event(tag, e)
        popup.show_centered()
        _settle(qtbot)

    lines = "\n".join(f"- riga {i}" for i in range(60))
    exchange("long", [ev.TurnStarted("l", 0, text="x"), ev.Token("l", 1, text=lines)])
    tall = popup.height()
    exchange("short", [ev.TurnStarted("s", 0, text="x"), ev.RouteDecision("s", 0, level="L1"),
                       ev.ToolCall("s", 1, tool="read_files", args={"paths": ["/tmp/" + LONG_NAME]}),
                       ev.Observation("s", 1, tool="read_files", ok=False, error="x", message="è fuori"),
                       ev.Answer("s", 2, text="Non posso leggerlo.\n\n" + " ".join(["parola"] * 60)),
                       ev.TurnAnswered("s", 2, ok=False, elapsed_ms=40.0)])
    assert popup.height() < tall / 2, (popup.height(), tall)
    assert popup.input.y() < 20, "space was left above the question box"
    assert popup.height() <= popup.sizeHint().height() + 2
