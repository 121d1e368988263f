"""Normalisation and canonical form: what L0 matches exactly and what L1/L2 embed."""
from __future__ import annotations

import pytest

from app.lang.normalize import canonical, normalize, tokens


@pytest.mark.parametrize("raw, want", [
    ("Che ore sono?", "che ore sono"),
    ("Che ora e'?", "che ora è"),            # typed apostrophe accent
    ("che ora é", "che ora è"),              # acute vs grave
    ("Che  ora\tè…", "che ora è"),
    ("dimmi l’ora!!", "dimmi l'ora"),        # curly apostrophe becomes straight
    ("WHAT TIME IS IT???", "what time is it"),
    ("read 'home' now", "read home now"),    # quotes are not accents
    ("accendi il wi-fi", "accendi il wi-fi"),  # a hyphen inside a word stays
    ("a - b", "a b"),
    ("perche' no", "perchè no"),
])
def test_normalize(raw: str, want: str) -> None:
    assert normalize(raw) == want


def test_normalize_never_raises_and_handles_non_text() -> None:
    assert normalize(None) == ""  # type: ignore[arg-type]
    assert normalize("") == ""
    assert normalize("\x00\u200b🙂") == ""


def test_tokens_split_italian_elisions_only() -> None:
    assert tokens("dell'anno") == ["dell'", "anno"]
    assert tokens("it's done") == ["it's", "done"]


@pytest.mark.parametrize("raw, want", [
    ("Per favore, puoi leggere il file /tmp/a.txt?", "leggere file {path}"),
    ("leggi /tmp/t/a.txt", "leggi {path}"),
    ("could you please open https://example.com/x", "open {url}"),
    ("trova i file PDF nella home", "trova file {ext} nella {path}"),
    ("grazie", "grazie"),  # a request made only of fillers keeps its words
])
def test_canonical_masks_arguments_and_drops_fillers(raw: str, want: str) -> None:
    assert canonical(raw) == want


def test_canonical_keeps_negation_and_verbs() -> None:
    assert canonical("non cancellare il file a.txt") == "non cancellare file {path}"


def test_formal_courtesy_and_a_word_said_twice_are_not_the_request() -> None:
    from app.lang.normalize import canonical

    assert canonical("Le chiedo cortesemente di leggere il file ~/x.md") == canonical("leggere il file ~/x.md")
    assert canonical("Would you be so kind as to copy ~/a.pdf into ~/b") == canonical("copy ~/a.pdf into ~/b")
    assert canonical("ehm sposta sposta ~/a.pdf in ~/b") == canonical("sposta ~/a.pdf in ~/b")
    assert canonical("quanto fa 12 per 12") == "quanto fa {number} per {number}"  # values are not words
