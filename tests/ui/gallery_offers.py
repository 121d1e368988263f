"""The gallery's shots of the first-start card, a follow-up and the allow-folder offer (used by gallery_child.py).

First start: the chat window and the popup before any turn, with the four requests to try. Allow-folder: a real
turn on the real engine — a read of a file outside the allowed folders, by a test phrase in the real L0 table (no
model) — refused with the settings page named and "Consenti questa cartella" under the answer; its approval card;
and the request run again once the folder is allowed. Follow-up: in the chat, a search served by rules, then "leggi
il primo" read from that search's results (the real engine, no model).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QWidget


def _inside(outer: QWidget, w: QWidget) -> bool:
    return outer.rect().contains(QRect(w.mapTo(outer, QPoint(0, 0)), w.size()))


def first_start_shots(desk: Any, r: dict[str, Any], shot: Callable[..., None], spin: Callable[..., bool]) -> None:
    """Before any turn: the chat window and the popup with the requests to try."""
    chat, popup = desk.chat, desk.popup
    desk.show_chat()
    room = chat.screen().availableGeometry()
    chat.resize(min(1000, room.width() - 40), min(640, room.height() - 60))
    spin(lambda: chat.first_start.isVisible(), 10)
    card = chat.first_start
    r["first_start_fits"] = card.isVisible() and all(_inside(card, b) for b in card.buttons) and \
        chat.frameGeometry().height() <= room.height()
    shot("first_start_chat", chat)
    chat.hide()
    popup.show_centered()
    spin(lambda: popup.isVisible() and popup.first_start.isVisible(), 10)
    popup._fit()
    r["first_start_popup"] = popup.first_start.isVisible() and _inside(popup, popup.first_start) and \
        popup.available().contains(popup.frameGeometry())
    shot("first_start_popup", popup)
    popup.hide()


def allow_folder_shots(desk: Any, lang: str, home: Path, r: dict[str, Any], shot: Callable[..., None],
                       spin: Callable[..., bool], ask: Callable[[str], Any]) -> None:
    """The offer under a refused request, its approval card, and the request run again once allowed."""
    from ui_helpers import l0_data

    from app.routing.l0 import L0Table

    outside = home / ("altrove" if lang == "it" else "elsewhere")
    outside.mkdir(exist_ok=True)
    note = outside / ("spesa.txt" if lang == "it" else "shopping.txt")
    note.write_text("latte, pane, uova, caffè\n" if lang == "it" else "milk, bread, eggs, coffee\n", encoding="utf-8")
    phrase = "leggi la lista della spesa" if lang == "it" else "read the shopping list"
    router = desk.host.engine.router  # one more test phrase in the real L0 table: a read of a file outside
    data = l0_data(home / "unused.txt")
    data["intent"].append({"id": "gallery_outside", "executor": "read_files", "args": {"paths": [str(note)]},
                           "reply_it": "{content}", "reply_en": "{content}", lang: [phrase]})
    router.l0 = L0Table(path=home / "gallery_l0.toml", data=data)
    view = ask(phrase)
    spin(lambda: not view.running and view.offer_open(), 90)
    popup = desk.popup
    popup._fit()
    r["offer_inside"] = view.offer_open() and all(_inside(popup, b) for b in (view.offer_yes, view.offer_no))
    shot("allow_offer", popup)
    view.offer_yes.click()
    again = popup.view
    spin(lambda: bool(popup.cards()), 90)
    card = popup.cards()[0]
    spin(lambda: card.approve_btn.isVisible() and card.approve_btn.width() > 0, 10)
    r["allow_card_inside"] = all(_inside(popup, w) for w in (card.question, card.approve_btn, card.deny_btn))
    spin(card.keys_live, 5)  # as a person sees it a moment later: the card's key hint, the only one
    shot("allow_approval", popup)
    card.approve_btn.click()
    spin(lambda: not again.running, 90)
    allowed = [str(p) for p in desk.manager.config.tools.allowed_roots]
    r["allowed"] = str(outside) in allowed and ("latte" in again.answer.text() or "milk" in again.answer.text())
    shot("allow_done", popup)
    popup.hide()


def followup_shots(desk: Any, lang: str, work: Path, r: dict[str, Any], shot: Callable[..., None],
                   spin: Callable[..., bool]) -> None:
    """A fresh conversation in the chat: a search, then "leggi il primo" / "read the first one" on its results."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    notes = work / ("appunti" if lang == "it" else "notes")
    notes.mkdir(exist_ok=True)
    it = lang == "it"
    for name, text in ((("cena.txt", "Sabato cena da Anna alle 20, porto il dolce.\n"),
                        ("viaggio.txt", "Treno per Bologna venerdì alle 7:45.\n")) if it else
                       (("dinner.txt", "Dinner at Anna's on Saturday at 8, I bring dessert.\n"),
                        ("trip.txt", "Train to Bologna on Friday at 7:45.\n"))):
        (notes / name).write_text(text, encoding="utf-8")
    chat = desk.chat
    desk.conversations.new()
    desk.show_chat()
    room = chat.screen().availableGeometry()
    chat.resize(min(1000, room.width() - 40), min(640, room.height() - 60))

    def ask(text: str) -> Any:
        chat.input.setText(text)
        QTest.keyClick(chat.input, Qt.Key.Key_Return)
        # the new turn's view, read as the request is sent (chat.begin runs within the key press): `chat.current`
        # and the view's entry go at its answer, so a turn answered within a spin left nothing to look up and the
        # check read no view (the shot a moment later showed the file read)
        view = chat.views.get(chat.current or "")
        spin(lambda: view is not None and not view.running, 90)
        return view

    ask(f"elenca tutti i .txt in {notes}" if it else f"list the .txt files in {notes}")
    read = ask("leggi il primo" if it else "read the first one")
    r["followup_read"] = read is not None and ("Sabato" in read.answer.text() or "Dinner" in read.answer.text())
    shot("followup", chat)
    chat.hide()
