"""Function words of regions and varieties, and slips around a path, as the signature reads them.

Why: the fast path's guard refused every word a tool was never asked with, so a Venetian "ghe xe", a Singaporean
"…ah" or a vocative "zi" sent a plain request to the planner; and a mistyped "nela cartela X" made the folder the
thing a text was written into (routing batch 48)."""
from __future__ import annotations

import pytest

from app.lang.actions import action_of
from app.lang.vocabulary import verb_class


@pytest.mark.parametrize("text", [
    "che file ghe xe nela cartella ~/foto_clienti",
    "what files got inside /srv/hotel/invoices ah",
    "che ora è zi",
    "what's today's date, cher?",
    "would ye read me the file ~/farm/l.txt there",
])
def test_function_words_of_a_variety_are_no_content(text: str) -> None:
    assert action_of(text).content <= {"~time", "~date"}


@pytest.mark.parametrize(("word", "cls"), [("leggime", "read"), ("trovime", "find"), ("copiame", "copy")])
def test_a_dialect_me_after_a_known_verb_is_that_verb(word: str, cls: str) -> None:
    assert verb_class(word) == cls


@pytest.mark.parametrize("word", ["come", "dime", "insieme", "phoneme", "volume"])
def test_words_ending_in_me_that_are_no_verb_stay_words(word: str) -> None:
    assert verb_class(word) is None


def test_a_slip_before_a_path_keeps_it_a_place() -> None:
    assert action_of("scrivi 'ciao' nela cartela ~/tram").roles == ("loc",)
    assert action_of("scrivi 'ciao' nella cartella ~/tram").roles == ("loc",)
    assert action_of("leggi ~/tram/a.txt").roles == ("obj",)


@pytest.mark.parametrize("text", ["did you make already the folder ~/ship/photos?", "did u copy ~/a.txt to ~/b?"])
def test_did_you_asks_what_was_done(text: str) -> None:
    assert action_of(text).negated


def test_a_request_is_still_asked() -> None:
    assert not action_of("make the folder ~/ship/photos").negated
    assert not action_of("leggime el file ~/x.txt").negated
