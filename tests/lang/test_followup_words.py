"""Reading the words that point back at the previous turn (app/lang/followup.py): which item, which words to
replace, which language, which place. What they point at is the engine's (tests/engine/test_followups.py)."""
from __future__ import annotations

import pytest

from app.lang.followup import language_again, language_span, plain, redo_in, referent_in


@pytest.mark.parametrize(("text", "index", "plural", "rewritten"), [
    ("leggi il primo", 1, False, "leggi /x/a"),
    ("apri l’ultimo", -1, False, "apri /x/a"),
    ("e il secondo?", 2, False, "e /x/a?"),
    ("riassumi il contenuto del terzo per favore", 3, False, "riassumi il contenuto di /x/a per favore"),
    ("copia il primo file in /tmp/y", 1, False, "copia /x/a in /tmp/y"),
    ("read the second-to-last one", -2, False, "read /x/a"),
    ("leggi il numero 4", 4, False, "leggi /x/a"),
    ("aprilo", 0, False, "apri /x/a"),
    ("leggilo", 0, False, "leggi /x/a"),
    ("leggimelo per favore", 0, False, "leggi /x/a per favore"),
    ("spostali in /tmp/y", 0, True, "sposta /x/a in /tmp/y"),
    ("copy it to /tmp/y", 0, False, "copy /x/a to /tmp/y"),
    ("open them", 0, True, "open /x/a"),
    ("apri quello", 0, False, "apri /x/a"),
])
def test_the_words_that_point_back(text: str, index: int, plural: bool, rewritten: str) -> None:
    ref = referent_in(text)
    assert ref is not None and (ref.index, ref.plural) == (index, plural)
    assert ref.replaced(plain(text), ["/x/a"]) == rewritten


@pytest.mark.parametrize("text", [
    "leggi le prime 3 righe di /tmp/a.txt", "l'ultimo file modificato in ~/Documenti", "ad aprile", "cos'è questo",
    "ricordami il primo di ogni mese di pagare l'affitto", "it is late", "traduci questo: good morning",
])
def test_words_that_do_not_point_back(text: str) -> None:
    ref = referent_in(text)
    assert ref is None or (text == "cos'è questo" and ref.index == 0)  # a bare pronoun: the engine needs an action


def test_another_language_and_another_folder() -> None:
    assert language_again("e in inglese?") == "en" and language_again("and in Italian?") == "it"
    assert language_again("traduci in inglese: ciao") is None
    assert language_span("traduci in francese: bonjour") == (11, 19)
    redo = redo_in("rifallo per la cartella /tmp/y")
    assert redo is not None and redo.place == "/tmp/y" and redo.sure
    loose = redo_in("e per Documenti?")
    assert loose is not None and loose.place == "Documenti" and not loose.sure
    assert redo_in("e in inglese?") is None and redo_in("rifai il letto") is None
