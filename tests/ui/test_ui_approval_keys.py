"""Approval only by a deliberate act (issue 30, item 2).

The card takes the focus when shown; Y/S/Enter and N/Esc act only while the focus is in the card, and only
once it has held it a moment without keys (a person typing when the card appears does not answer it); typing
or Enter in the question box never approves — sending while a card waits asks whether to deny it first; one
key hint at a time, in the UI language.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from ui_helpers import WRITE_PHRASE, routed_engine_factory, send_popup, wait_turn_end, write_runtime

from app.config import ConfigManager
from app.turn import events as ev
from app.ui.approval_card import ARM_MS
from app.ui.i18n import Translations
from app.ui.popup import QuickPopup
from app.ui.worker import ApprovalAsked

LEFT = Qt.MouseButton.LeftButton


def _popup_with_card(qtbot, aid: str = "k1"):
    popup = QuickPopup()
    qtbot.addWidget(popup)
    popup.show_centered()
    qtbot.waitExposed(popup)
    view = popup.begin("tag-k", "sposta i file")
    decisions: list[tuple[str, object]] = []
    popup.approval.connect(lambda a, d: decisions.append((a, d)))
    sent: list[str] = []
    popup.submitted.connect(sent.append)
    popup.on_event("tag-k", ApprovalAsked("t", 1, approval_id=aid, request=ev.ApprovalNeeded(
        "t", 1, tool="write_files", question="Spostare 3 file nel cestino?", preview="a.txt\nb.txt\nc.txt",
        preview_kind="files")))
    card = view.cards[aid]
    qtbot.waitUntil(lambda: QApplication.focusWidget() is card, timeout=5_000)  # the card takes the focus
    return popup, card, decisions, sent


def _type(qtbot, text: str) -> None:
    """Keys to whatever has the keyboard, as a person types."""
    for ch in text:
        qtbot.keyClick(QApplication.focusWidget(), ch)


def test_the_card_takes_the_focus_and_keys_typed_meanwhile_do_nothing(qtbot):
    popup, card, decisions, sent = _popup_with_card(qtbot)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is card, timeout=5_000)
    # the person was typing the next question when the card appeared: "y", "s", Enter land on the card
    _type(qtbot, "ys")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Y)
    assert decisions == [] and card.decision is None and sent == []
    assert not card.keys_live() and not card.keys.isVisible()  # each key restarted the wait
    assert popup.isVisible()


def test_a_letter_on_the_card_restarts_the_wait(qtbot):
    """Typing "cosa y…" on a card whose keys were live: the "y" after the "c" is still typing."""
    popup, card, decisions, _sent = _popup_with_card(qtbot)
    qtbot.waitUntil(card.keys_live, timeout=5_000)
    _type(qtbot, "cy")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert decisions == [] and not card.keys.isVisible()
    qtbot.waitUntil(card.keys_live, timeout=5_000)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Y)
    assert decisions == [("k1", True)]


def test_typing_and_enter_in_the_question_box_never_approve(qtbot):
    popup, card, decisions, sent = _popup_with_card(qtbot)
    qtbot.waitUntil(card.keys_live, timeout=5_000)
    qtbot.mouseClick(popup.input, LEFT)  # the person goes back to the question box
    popup.input.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is popup.input, timeout=5_000)
    assert not card.keys_live() and not card.keys.isVisible()
    _type(qtbot, "ys")
    assert popup.input.text() == "ys"
    qtbot.keyClick(popup.input, Qt.Key.Key_Y)
    qtbot.keyClick(popup.input, Qt.Key.Key_Return)
    assert decisions == [] and card.decision is None
    assert sent == []  # not sent either: it asks first
    assert popup.deny_first.isVisible()
    assert popup.deny_first.question.text() == "Deny the waiting action and send the new request?"


@pytest.mark.parametrize(("key", "decision"), [(Qt.Key.Key_Y, True), (Qt.Key.Key_S, True), (Qt.Key.Key_Return, True),
                                               (Qt.Key.Key_N, False), (Qt.Key.Key_Escape, False)])
def test_keys_act_on_the_focused_card(qtbot, key, decision):
    popup, card, decisions, _sent = _popup_with_card(qtbot)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is card, timeout=5_000)
    # before the keys act no hint: Enter and Esc on the card only restart its wait (neither sends nor hides)
    assert popup.hint.text() == "" and not card.keys.isVisible()
    qtbot.waitUntil(card.keys_live, timeout=ARM_MS * 5)
    # one hint: the card's while its keys act, the popup's "Enter sends" gone meanwhile
    assert card.keys.isVisible() and card.keys.text() == "Y/Enter approves · N/Esc denies"
    assert popup.hint.text() == ""
    qtbot.keyClick(QApplication.focusWidget(), key)
    assert decisions == [("k1", decision)]
    assert popup.isVisible()  # Esc denied; it did not hide the popup
    qtbot.waitUntil(lambda: QApplication.focusWidget() is popup.input, timeout=5_000)
    assert popup.hint.text() == "Enter sends · Esc hides"


def test_enter_on_a_tabbed_to_button_is_that_button(qtbot):
    popup, card, decisions, _sent = _popup_with_card(qtbot)
    qtbot.waitUntil(card.keys_live, timeout=5_000)
    card.deny_btn.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(card.keys_live, timeout=5_000)  # the focus is still in the card
    qtbot.keyClick(card.deny_btn, Qt.Key.Key_Return)
    assert decisions == [("k1", False)]


def test_back_to_the_approval_then_deny_and_send(qtbot):
    popup, card, decisions, sent = _popup_with_card(qtbot)
    popup.input.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is popup.input, timeout=5_000)
    popup.input.setText("che ore sono")
    qtbot.keyClick(popup.input, Qt.Key.Key_Return)
    assert popup.deny_first.isVisible()
    assert QApplication.focusWidget() is popup.deny_first.deny_send_btn
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)  # back to the card: nothing decided
    assert not popup.deny_first.isVisible() and popup.isVisible()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is card, timeout=5_000)
    assert decisions == [] and sent == []
    popup.input.setFocus()
    qtbot.keyClick(popup.input, Qt.Key.Key_Return)
    qtbot.mouseClick(popup.deny_first.deny_send_btn, LEFT)
    assert decisions == [("k1", False)]
    assert sent == ["che ore sono"]
    assert card.outcome.text() == "→ Denied" and not popup.deny_first.isVisible()


def test_italian_hint_and_question(qtbot):
    t = Translations()
    try:
        t.install("it")
        popup, card, _decisions, _sent = _popup_with_card(qtbot)
        qtbot.waitUntil(card.keys_live, timeout=5_000)
        assert card.keys.text() == "S/Invio approva · N/Esc rifiuta" and popup.hint.text() == ""
        assert card.accessibleDescription() == "S o Invio approva, N o Esc rifiuta"
        popup.input.setFocus()
        qtbot.waitUntil(lambda: popup.hint.text() == "Invio invia · Esc nasconde", timeout=5_000)
        popup.input.setText("che ore sono")
        qtbot.keyClick(popup.input, Qt.Key.Key_Return)
        bar = popup.deny_first
        assert bar.question.text() == "Rifiutare l'azione in attesa e inviare la nuova richiesta?"
        assert (bar.deny_send_btn.text(), bar.back_btn.text()) == ("Rifiuta e invia", "Torna all'approvazione")
    finally:
        t.install("en")


def _desk(make_desk, metnos_home, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{work}"]\n[ui]\npause_learning = true\n')
    manager = ConfigManager()
    target = work / "nota.txt"
    return make_desk(routed_engine_factory(manager, target), manager=manager), target


def test_popup_deny_and_send_denies_the_write_then_answers(qtbot, make_desk, metnos_home, tmp_path):
    desk, target = _desk(make_desk, metnos_home, tmp_path)
    send_popup(qtbot, desk, WRITE_PHRASE)
    first = desk.popup.view
    qtbot.waitUntil(lambda: len(first.cards) == 1, timeout=60_000)
    card = next(iter(first.cards.values()))
    qtbot.waitUntil(lambda: QApplication.focusWidget() is card, timeout=5_000)
    desk.popup.input.setFocus()
    desk.popup.input.clear()
    qtbot.keyClicks(desk.popup.input, "what time is it")
    qtbot.keyClick(desk.popup.input, Qt.Key.Key_Return)
    assert desk.popup.view is first and card.decision is None  # asked, nothing sent or decided
    decisions: list[object] = []
    desk.popup.approval.connect(lambda _aid, d: decisions.append(d))
    qtbot.mouseClick(desk.popup.deny_first.deny_send_btn, LEFT)
    assert decisions == [False]
    second = desk.popup.view
    assert second is not first
    moved = desk.chat.turn_views()[-1]  # the denied request finishes in the chat, as any running one does
    wait_turn_end(qtbot, moved)
    wait_turn_end(qtbot, second)
    assert not target.exists()
    assert [c.decision for c in moved.cards.values()] == [False]
    assert "It's" in second.answer.text()


def test_chat_asks_before_sending_while_a_card_waits(qtbot, make_desk, metnos_home, tmp_path):
    desk, target = _desk(make_desk, metnos_home, tmp_path)
    desk.show_chat()
    qtbot.waitExposed(desk.chat)
    qtbot.keyClicks(desk.chat.input, WRITE_PHRASE)
    qtbot.keyClick(desk.chat.input, Qt.Key.Key_Return)
    first = desk.chat.views[desk.chat.current]
    qtbot.waitUntil(lambda: len(first.cards) == 1, timeout=60_000)
    card = next(iter(first.cards.values()))
    qtbot.waitUntil(lambda: QApplication.focusWidget() is card, timeout=5_000)
    desk.chat.input.setFocus()
    qtbot.keyClicks(desk.chat.input, "what time is it")
    qtbot.keyClick(desk.chat.input, Qt.Key.Key_Return)
    assert desk.chat.deny_first.isVisible() and card.decision is None
    assert desk.chat.input.text() == "what time is it"  # nothing lost while it asks
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # Enter = the focused "Deny and send"
    qtbot.waitUntil(lambda: len(desk.chat.turn_views()) == 2, timeout=5_000)
    second = desk.chat.turn_views()[-1]
    wait_turn_end(qtbot, first)
    wait_turn_end(qtbot, second)
    assert not target.exists() and card.decision is False
    assert "It's" in second.answer.text()
    assert desk.chat.input.text() == ""


def test_no_hint_says_enter_sends_while_the_card_holds_the_focus(qtbot):
    """In the moment between the card taking the focus and its keys acting, Enter neither sends nor approves: the
    popup's "Enter sends" is not shown then (the gallery's allow-folder card had it under a focused card)."""
    popup, card, _decisions, _sent = _popup_with_card(qtbot)
    assert not card.keys_live()
    assert "Enter" not in popup.hint.text(), popup.hint.text()
    qtbot.waitUntil(card.keys_live, timeout=5_000)
    assert popup.hint.text() == "" and card.keys.isVisible()  # one hint: the card's
    popup.input.setFocus()  # back to the question box: Enter there sends (and asks about the card first)
    qtbot.waitUntil(lambda: popup.hint.text().startswith("Enter sends"), timeout=5_000)
    assert not card.keys.isVisible()
