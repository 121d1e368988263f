"""Readings everyday22 showed wrong (resources/eval/requests/README.md, read after its clean run): the formal
register's imperative, a new folder beside another verb, words put into a text file, a goal said with a causal
"che", and a request typed in capitals. Each reading is a rule with its examples in app/lang/rules (or a value
reader with its own docstring); these are the requests."""
from __future__ import annotations

import pytest

from app.lang.asked_actions import asked_actions
from app.lang.capitals import shouted, unshouted
from app.lang.vocabulary import verb_class


def test_the_lei_imperative_of_an_iare_verb_is_read_unless_it_is_a_common_word() -> None:
    assert verb_class("copi") == "copy"  # "e subito dopo vi copi il file…"
    assert verb_class("archivi") is None  # "gli archivi": a noun, not "archiviare"
    assert verb_class("inizi") is None


def test_a_new_folder_beside_another_verb_is_a_creation_too() -> None:
    text = ("Prepari, per favore, una nuova cartella chiamata Contratti dentro /tmp/x/Documenti e subito dopo vi "
            "copi il file contratto affitto.txt che si trova in /tmp/x.")
    assert {"write", "copy"} <= asked_actions(text)


@pytest.mark.parametrize(("text", "asked"), [
    ("per favore metti anche detersivo piati nella lista spesa.txt che sta in /tmp/x, e finito ieri", {"append"}),
    ("metti anche lo zucchero nella /tmp/x/lista spesa.txt", {"append"}),
    ("put the photos in /tmp/x/archivio", set()),  # no text file: not an addition to one
])
def test_words_put_into_a_text_file_are_added_to_it(text: str, asked: set[str]) -> None:
    assert asked_actions(text) == asked


def test_a_goal_said_with_a_causal_che_asks_nothing() -> None:
    text = "apri la cartella Foto Vacanze che sta dentro /tmp/x che le voglio far vedere al collega"
    assert asked_actions(text) == {"open"}  # the showing is why: listing it was a substitute


@pytest.mark.parametrize(("typed", "read"), [
    ("WHATS MY USUAL HOT DRINK AGAIN, I TOLD YOU BEFORE BUT ITS GONE",
     "whats my usual hot drink again, i told you before but its gone"),
    ("NO NEED TO BOTHER, I ALREADY GOT RID OF THAT OLD FILE IN /tmp/w/archivio MYSELF",
     "no need to bother, i already got rid of that old file in /tmp/w/archivio myself"),
    ("READ /tmp/X/TODO.TXT PLEASE RIGHT NOW", "read /tmp/X/TODO.TXT please right now"),  # a path as typed
    ("FLIGHT KL1602 AT 10", "FLIGHT KL1602 AT 10"),  # too few letters to tell from an acronym
    ("Ciao, come va oggi?", "Ciao, come va oggi?"),
    ("SCRIVI 'BUON NATALE A TUTTI' IN /tmp/x/a.txt", "scrivi 'BUON NATALE A TUTTI' in /tmp/x/a.txt"),  # the content
])
def test_a_request_in_capitals_is_read_in_lower_case_but_its_paths_and_codes(typed: str, read: str) -> None:
    assert unshouted(typed) == read
    assert shouted(typed) == (typed != read)


@pytest.mark.parametrize(("text", "asked"), [
    ("accountant info i gave you - outdated. wipe it", {"forget"}),  # everyday22-39: asked which file
    ("cancella quello che ti ho detto sul dentista", {"forget"}),
    ("cancella il file /tmp/x/a.txt che ti ho detto", {"delete"}),  # a file named: a file
])
def test_wiping_what_the_person_gave_the_assistant_is_forgetting(text: str, asked: set[str]) -> None:
    assert asked_actions(text) == asked
