"""The approval card: always fully visible in the popup, a human question with a preview, keyboard, accessibility."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication
from ui_helpers import WRITE_PHRASE, routed_engine_factory, send_popup, wait_turn_end, write_runtime

from app.config import ConfigManager
from app.turn import events as ev
from app.ui.popup import QuickPopup
from app.ui.worker import ApprovalAsked, ApprovalSettled

LONG_ANSWER = "\n".join(f"- riga numero {i} di una risposta lunga che va a capo più volte" for i in range(80))
PREVIEW = "\n".join(f"riga {i} del testo da scrivere" for i in range(40))


def _desk(make_desk, metnos_home, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{work}"]\n[ui]\npause_learning = true\n')
    manager = ConfigManager()
    target = work / "nota.txt"
    return make_desk(routed_engine_factory(manager, target), manager=manager), target


def _card(qtbot, view):
    qtbot.waitUntil(lambda: len(view.cards) == 1, timeout=60_000)
    card = next(iter(view.cards.values()))
    qtbot.waitUntil(lambda: card.approve_btn.isVisible() and card.approve_btn.width() > 0, timeout=10_000)
    return card


def _inside(popup: QuickPopup, w) -> bool:
    """The widget's whole rectangle is inside the popup, and the popup inside its screen area."""
    top_left = w.mapTo(popup, QPoint(0, 0))
    rect = QRect(top_left, w.size())
    return popup.rect().contains(rect) and popup.available().contains(popup.frameGeometry())


@pytest.mark.parametrize("size", [(1280, 800), (1024, 600)])
def test_card_and_buttons_fit_after_a_long_answer(qtbot, size):
    """A long answer, then an approval with a long preview: the answer scrolls, the card and buttons do not."""
    popup = QuickPopup()
    qtbot.addWidget(popup)
    popup.area = QRect(0, 0, *size)
    popup.show_centered()
    qtbot.waitExposed(popup)
    view = popup.begin("tag-1", "scrivi il file")
    view.apply(ev.TurnStarted("t", 0, text="scrivi il file"))
    view.apply(ev.Token("t", 1, text=LONG_ANSWER))
    request = ev.ApprovalNeeded("t", 1, tool="write_files", args={"path": "/tmp/x/nuovo.txt"}, risk="write",
                                question="Scrivere 1.234 caratteri nel nuovo file nuovo.txt in /tmp/x?",
                                preview=PREVIEW, preview_kind="text")
    popup.on_event("tag-1", ApprovalAsked("t", 1, approval_id="a1", request=request))
    card = _card(qtbot, view)
    qtbot.waitUntil(lambda: _inside(popup, card.deny_btn), timeout=5_000)
    for w in (card.question, card.preview, card.approve_btn, card.deny_btn, card.always_btn, popup.expand_btn):
        assert w.isVisible() and _inside(popup, w), (size, w.objectName(), popup.geometry(), w.geometry())
    assert popup.height() <= size[1]
    assert popup.scroll_area.verticalScrollBar().maximum() > 0  # the answer scrolls instead
    assert card.preview.verticalScrollBar().maximum() > 0  # a long preview scrolls inside the card
    assert card.question.text() == "Scrivere 1.234 caratteri nel nuovo file nuovo.txt in /tmp/x?"
    assert "write_files" not in card.question.text() and "{" not in card.question.text()
    assert not card.details.isVisible()  # the tool and its arguments only in the details view


def test_keyboard_enter_approves_a_real_write(qtbot, make_desk, metnos_home, tmp_path):
    desk, target = _desk(make_desk, metnos_home, tmp_path)
    send_popup(qtbot, desk, WRITE_PHRASE)
    view = desk.popup.view
    card = _card(qtbot, view)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is card, timeout=5_000)  # the card has the keyboard
    qtbot.waitUntil(card.keys_live, timeout=5_000)  # and, after a moment without keys, its keys act
    assert _inside(desk.popup, card.approve_btn)
    assert not target.exists()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    wait_turn_end(qtbot, view)
    assert target.read_text(encoding="utf-8") == "ciao dal test\n"
    assert card.outcome.text() == "→ Approved"
    assert desk.popup.isVisible()  # Enter went to the card, not to the popup


def test_keyboard_escape_denies_and_keeps_the_popup(qtbot, make_desk, metnos_home, tmp_path):
    desk, target = _desk(make_desk, metnos_home, tmp_path)
    send_popup(qtbot, desk, WRITE_PHRASE)
    view = desk.popup.view
    card = _card(qtbot, view)
    qtbot.waitUntil(card.keys_live, timeout=5_000)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    wait_turn_end(qtbot, view)
    assert not target.exists()
    assert card.outcome.text() == "→ Denied"
    assert desk.popup.isVisible()  # Esc answered the card; it did not hide the popup


@pytest.mark.parametrize(("key", "outcome"), [(Qt.Key.Key_Y, "→ Approved"), (Qt.Key.Key_N, "→ Denied")])
def test_y_and_n_answer_the_card(qtbot, key, outcome):
    popup = QuickPopup()
    qtbot.addWidget(popup)
    popup.show_centered()
    view = popup.begin("tag-2", "x")
    popup.on_event("tag-2", ApprovalAsked("t", 1, approval_id="a2", request=ev.ApprovalNeeded(
        "t", 1, tool="write_files", question="Spostare 3 file nel cestino?", preview="a.txt\nb.txt\nc.txt",
        preview_kind="files")))
    card = view.cards["a2"]
    qtbot.waitUntil(card.keys_live, timeout=5_000)
    with qtbot.waitSignal(popup.approval) as blocker:
        qtbot.keyClick(card, key)
    assert blocker.args == ["a2", key == Qt.Key.Key_Y]
    assert card.outcome.text() == outcome
    popup.on_event("tag-2", ApprovalSettled("t", 1, approval_id="a2", decision=key == Qt.Key.Key_Y))
    assert not card.approve_btn.isEnabled()


def test_buttons_have_accessible_names(qtbot):
    popup = QuickPopup()
    qtbot.addWidget(popup)
    view = popup.begin("tag-3", "x")
    popup.on_event("tag-3", ApprovalAsked("t", 1, approval_id="a3", request=ev.ApprovalNeeded(
        "t", 1, tool="write_files", question="Scrivere 4 caratteri nel nuovo file nuovo.txt in /tmp/ux-files?")))
    card = view.cards["a3"]
    assert card.approve_btn.accessibleName() == ("Approve: Scrivere 4 caratteri nel nuovo file nuovo.txt in "
                                                 "/tmp/ux-files?")
    assert card.deny_btn.accessibleName().startswith("Deny: ")
    assert card.always_btn.accessibleName()
    assert card.accessibleName().startswith("Permission needed: ")
    assert "Esc" in card.accessibleDescription()
    assert card.focusPolicy() == Qt.FocusPolicy.StrongFocus


def test_the_hint_is_said_once(qtbot):
    popup = QuickPopup()
    qtbot.addWidget(popup)
    shown = [popup.input.placeholderText(), popup.hint.text()]
    assert sum("Enter" in s for s in shown) == 1 and sum("Esc" in s for s in shown) == 1, shown
