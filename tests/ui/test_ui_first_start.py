"""The first-start card: with no turn at all, the chat window and the popup show four requests to try, in the UI
language; a click asks one as if typed, and the card goes once a turn exists (and comes back for an empty
conversation). Its words wrap at the window's width: no horizontal scrollbar, no clipped button.

The desktop app and the engine are the real ones; "What time is it?" is answered by the real L0 table (no model).
"""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from app.ui.chat import ChatWindow
from app.ui.i18n import Translations

WAIT_MS = 60_000
EN = ["What time is it?", "What is 12 times 7?", "Remember that the dentist is on Thursday at 3 pm",
      "What is in the Documents folder?"]
IT = ["Che ore sono?", "Quanto fa 12 per 7?", "Ricordati che il dentista è giovedì alle 15",
      "Cosa c'è nella cartella Documenti?"]


def shown_requests(card: Any) -> list[str]:
    return [b.request() for b in card.buttons if b.isVisibleTo(card)]


def test_the_requests_show_until_a_turn_exists_and_a_click_asks_one(qtbot: Any, make_desk: Any) -> None:
    desk = make_desk()
    chat, popup = desk.chat, desk.popup
    chat.show()
    qtbot.waitExposed(chat)
    qtbot.waitUntil(lambda: chat.first_start.isVisible(), timeout=WAIT_MS)
    assert shown_requests(chat.first_start) == EN and chat.first_start.title.text() == "Try asking"
    popup.show_centered()
    qtbot.waitExposed(popup)
    assert popup.first_start.isVisible() and shown_requests(popup.first_start) == EN
    popup.send_hook = lambda _text: False  # the selection flow's panel owns the popup: no card over it
    popup.show_centered()
    assert not popup.first_start.isVisible()
    popup.send_hook = None
    popup.show_centered()
    assert popup.first_start.isVisible()

    desk.translations.install("it")
    qtbot.waitUntil(lambda: shown_requests(popup.first_start) == IT, timeout=WAIT_MS)
    assert shown_requests(chat.first_start) == IT and chat.first_start.title.text() == "Prova a chiedere"

    popup.first_start.buttons[0].click()  # "Che ore sono?", as if typed and sent
    assert desk._texts.get(popup.tag) == "Che ore sono?"
    view = popup.view
    assert not popup.first_start.isVisible()
    qtbot.waitUntil(lambda: not view.running, timeout=WAIT_MS)
    assert view.answer.text().startswith("Sono le ")
    qtbot.waitUntil(lambda: not chat.first_start.isVisible(), timeout=WAIT_MS)  # the chat keeps the turn
    assert chat.turn_views() and not popup.first_start.isVisibleTo(popup)

    chat.clear_history()  # an empty conversation: something to try again
    qtbot.waitUntil(lambda: chat.first_start.isVisible(), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: bool(chat.sidebar.titles()), timeout=WAIT_MS)
    popup.detach()
    popup.show_centered()  # not a first start any more: the popup opens empty, as it always did
    assert not popup.first_start.isVisible()
    chat.first_start.buttons[0].click()  # from the chat too
    assert chat.current is not None and chat.turn_views()[-1].question.text() == "Che ore sono?"
    qtbot.waitUntil(lambda: not chat.first_start.isVisible(), timeout=WAIT_MS)


def test_the_card_wraps_at_a_narrow_window(qtbot: Any) -> None:
    t = Translations()
    t.install("it")
    try:
        chat = ChatWindow()
        qtbot.addWidget(chat)
        chat.resize(420, 520)  # narrow: the conversation takes the window (no side list)
        chat.show()
        qtbot.waitExposed(chat)
        card = chat.first_start
        qtbot.waitUntil(card.isVisible)
        QApplication.processEvents()
        assert shown_requests(card) == IT
        assert chat.scroll_area.horizontalScrollBar().maximum() == 0
        for b in card.buttons:
            assert b.geometry().right() <= card.contentsRect().right()  # never wider than the card
            assert b.label.width() <= b.width()
        longest = card.buttons[2].label  # "Ricordati che il dentista è giovedì alle 15"
        fm = longest.fontMetrics()
        if fm.horizontalAdvance(longest.text()) > longest.width():  # too long for one line here…
            assert longest.height() >= 2 * fm.lineSpacing()  # …so it wraps, whole
        else:  # the window's narrowest (no side list below 640 px) leaves it room for one whole line
            assert longest.height() >= fm.lineSpacing()
    finally:
        t.install("en")
