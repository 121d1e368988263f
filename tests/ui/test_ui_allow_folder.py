"""The allow-folder offer on the answer card: a file outside the allowed folders is refused with the settings page
named, and "Consenti questa cartella" under the answer; one click sends "sì", the approval card asks like for any
write, approving writes the folder into runtime.toml as Settings does, and the request runs again and answers.
Denying the card, or No, changes nothing and says so; the disk's root gets a sentence and no button.

The desktop app, the engine, its router (with the test phrases of ui_helpers in its L0 table: no model), the
encrypted history and the keyring are the real ones; runtime.toml is a real file in the test's home.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from ui_helpers import READ_PHRASE, l0_data, routed_engine_factory, send_popup, wait_turn_end, write_runtime

from app.config import ConfigManager
from app.config.toml_edit import get_value

WAIT_MS = 60_000
ROOT_PHRASE = "elenca la radice del disco"
READ_PHRASE_EN = "read the test file"


def engine_factory(manager: ConfigManager, target: Path) -> Any:
    """ui_helpers' routed engine, with more test phrases: a listing of "/", and the read in English."""
    from app.routing.l0 import L0Table

    make = routed_engine_factory(manager, target)

    def build() -> Any:
        engine = make()
        data = l0_data(target)
        next(i for i in data["intent"] if i["id"] == "test_read")["en"] = [READ_PHRASE_EN]
        data["intent"].append({"id": "test_root", "executor": "list_dir", "args": {"path": "/"}, "reply_it": "",
                               "reply_en": "", "it": [ROOT_PHRASE]})
        engine.router.l0 = L0Table(path=target.parent / "test_l0_root.toml", data=data)
        return engine

    return build


@pytest.fixture
def world(qtbot: Any, make_desk: Any, metnos_home: Path, keystore: object, tmp_path: Path) -> Any:
    inside, outside = tmp_path / "lavoro", tmp_path / "altrove"
    inside.mkdir()
    outside.mkdir()
    target = outside / "nota.txt"
    target.write_text("la nota di prova\n", encoding="utf-8")
    toml = write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{inside}"]\n[ui]\npause_learning = true\n')
    manager = ConfigManager()
    desk = make_desk(engine_factory(manager, target), manager=manager)
    desk.translations.install("it")
    return desk, manager, toml, inside, outside


def refused(qtbot: Any, desk: Any, phrase: str = READ_PHRASE) -> Any:
    send_popup(qtbot, desk, phrase)
    view = desk.popup.view
    wait_turn_end(qtbot, view, WAIT_MS)
    qtbot.waitUntil(view.offer_open, timeout=WAIT_MS)
    return view


def test_allow_this_folder_asks_approval_writes_the_setting_and_runs_the_request_again(qtbot: Any,
                                                                                        world: Any) -> None:
    desk, manager, toml, inside, outside = world
    first = refused(qtbot, desk)
    said = first.answer.text()
    assert f"{outside / 'nota.txt'} non è nella cartella consentita" in said
    assert "Impostazioni → «Cartelle consentite»" in said and "allowed_roots" not in said
    assert said.endswith(f"Vuoi aggiungere {outside} alle «Cartelle consentite»?")
    assert first.offer_yes.text() == "Consenti questa cartella" and first.offer_no.text() == "No"
    assert first.offer_yes.isVisible()

    first.offer_yes.click()  # "sì", as if typed: a new exchange, whose approval card asks
    second = desk.popup.view
    assert second is not first and desk._texts.get(desk.popup.tag) == "sì"
    qtbot.waitUntil(lambda: bool(desk.popup.cards()), timeout=WAIT_MS)
    card = desk.popup.cards()[0]
    assert card.question.text().startswith(f"Aggiungere {outside} alle «Cartelle consentite»?")
    assert [str(p) for p in manager.config.tools.allowed_roots] == [str(inside)]  # nothing before the yes
    card.approve_btn.click()
    wait_turn_end(qtbot, second, WAIT_MS)
    assert get_value(toml, "tools.allowed_roots") == [str(inside), str(outside)]
    assert [str(p) for p in manager.config.tools.allowed_roots] == [str(inside), str(outside)]
    answer = second.answer.text()
    assert answer.startswith(f"Fatto: {outside} ora è tra le 2 «Cartelle consentite».")
    assert "la nota di prova" in answer  # the request ran again and answered
    assert not second.offer_open()
    second.toggle.setChecked(True)  # what happened, in words: no tool name
    steps = second.timeline.text()
    assert f"Ho aggiunto {outside} alle «Cartelle consentite»" in steps and "allow_folder" not in steps


def test_denying_the_card_or_no_leaves_the_folders_unchanged_and_says_so(qtbot: Any, world: Any) -> None:
    desk, manager, toml, inside, outside = world
    before = toml.read_text(encoding="utf-8")
    first = refused(qtbot, desk)
    first.offer_yes.click()
    second = desk.popup.view
    qtbot.waitUntil(lambda: bool(desk.popup.cards()), timeout=WAIT_MS)
    desk.popup.cards()[0].deny_btn.click()
    wait_turn_end(qtbot, second, WAIT_MS)
    assert second.answer.text() == (f"Va bene, le «Cartelle consentite» restano come sono: {outside} non è stata "
                                    "aggiunta.")

    third = refused(qtbot, desk)
    third.offer_no.click()
    fourth = desk.popup.view
    wait_turn_end(qtbot, fourth, WAIT_MS)
    assert fourth.answer.text().startswith("Va bene, le «Cartelle consentite» restano come sono")
    assert not desk.popup.cards() and not fourth.offer_open()
    assert toml.read_text(encoding="utf-8") == before
    assert [str(p) for p in manager.config.tools.allowed_roots] == [str(inside)]


def test_the_disk_root_gets_a_sentence_and_no_button(qtbot: Any, world: Any) -> None:
    desk, manager, toml, _inside, _outside = world
    before = toml.read_text(encoding="utf-8")
    send_popup(qtbot, desk, ROOT_PHRASE)
    view = desk.popup.view
    wait_turn_end(qtbot, view, WAIT_MS)
    said = view.answer.text()
    assert "la radice / non si può consentire" in said and "Impostazioni → «Cartelle consentite»" in said
    assert not view.offer_open() and view.offer_row.isHidden()
    assert toml.read_text(encoding="utf-8") == before


def test_the_offer_button_speaks_the_ui_language_and_its_question_the_request_language(qtbot: Any,
                                                                                      world: Any) -> None:
    """A button is the UI's: an English request in the Italian UI gets "Consenti questa cartella" under an English
    question; switching the UI to English words the button again, the question stays as it was asked."""
    desk, manager, _toml, _inside, outside = world
    view = refused(qtbot, desk, READ_PHRASE_EN)
    said = view.answer.text()
    assert "Allowed folders" in said, said
    assert "Cartelle consentite" not in said  # the sentence is the request's
    assert view.offer_yes.text() == "Consenti questa cartella" and view.offer_no.text() == "No"
    desk.translations.install("en")
    qtbot.waitUntil(lambda: view.offer_yes.text() == "Allow this folder")  # Qt posts the language change
    assert "Allowed folders" in view.answer.text() and view.offer_no.text() == "No"
    again = refused(qtbot, desk)  # an Italian request in the English UI
    assert "Cartelle consentite" in again.answer.text() and again.offer_yes.text() == "Allow this folder"
    again.offer_yes.click()  # the answer it sends is still in the offer's language, as if typed
    assert desk._texts.get(desk.popup.tag) == "sì"
    qtbot.waitUntil(lambda: bool(desk.popup.cards()), timeout=WAIT_MS)
    desk.popup.cards()[0].deny_btn.click()
    wait_turn_end(qtbot, desk.popup.view, WAIT_MS)
    assert str(outside) not in [str(p) for p in manager.config.tools.allowed_roots]  # denied: nothing allowed
