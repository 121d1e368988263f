"""A word the request's own path spells is no new word for L1's vocabulary guard (routing/l1.py path_said)."""
from __future__ import annotations

from app.lang.actions import action_of
from app.lang.args_extractor import extract
from app.routing.l1 import path_said


def _content(text: str) -> frozenset[str]:
    return path_said(action_of(text), extract(text)).content


def test_a_word_the_path_spells_is_not_extra() -> None:
    assert _content("trovami gli spartiti in pdf nella cartella ~/Spartiti") == frozenset()
    assert _content("read the lambing notes in ~/farm/lambing_notes.txt") == frozenset()


def test_a_qualifier_and_a_word_the_path_does_not_spell_still_count() -> None:
    text = "find the old pdfs in ~/old"
    assert "recency:old" in path_said(action_of(text), extract(text)).objects  # the object guard reads it
    assert _content("trova le ricevute in ~/Spartiti") == {"ricevut"}
