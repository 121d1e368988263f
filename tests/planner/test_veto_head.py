"""A write the word rules do not know, read by the learned intent head (veto.head_unlocked).

The veto's action verbs are a closed list: "fammi una cartella nuova in X" named no action it knew, make_folder
was never offered and a listing of X ran in its place (a substitute, measured on the fresh set). The head reads
the meaning; the rules still decide whether the clause asks for anything at all, so a negated, conditional or
reported clause unlocks nothing, however sure the head is.
"""
from __future__ import annotations

from typing import Any

import pytest

from app.engine.catalog import all_tools
from app.lang import heads
from app.planner import veto
from app.planner.choose import INTENT_HEAD


@pytest.fixture(scope="module")
def read(bundled_embedder: Any) -> Any:
    head = heads.load_head(INTENT_HEAD, bundled_embedder.ident)
    assert head is not None
    tools = {t.name: t for t in all_tools()}

    def unlocked(text: str) -> frozenset[str]:
        return veto.head_unlocked(tools, head.probs(bundled_embedder.embed([text])[0]), text)
    return unlocked


@pytest.mark.parametrize("text", ["fammi una cartella nuova in /tmp/x che si chiama scuola",
                                  "I need one new directory in /tmp/x, name it tractor manuals"])
def test_a_new_phrasing_of_a_write_unlocks_that_tool_only(read: Any, text: str) -> None:
    assert read(text) == {"make_folder"}


@pytest.mark.parametrize("text", ["se creo una cartella nuova in /tmp/x, la vedo anche dal telefono?",
                                  "non creare nessuna cartella nuova in /tmp/x, dimmi solo cosa c'è",
                                  "come faccio a creare una cartella nuova?",
                                  "ho già creato io la cartella /tmp/x/backup, grazie lo stesso",
                                  "se lo cancello, posso recuperarlo?",
                                  "quanto è il canone nel file /tmp/x/contratto.pdf?"])
def test_a_clause_that_asks_nothing_unlocks_nothing(read: Any, text: str) -> None:
    assert read(text) == frozenset()


def test_only_a_request_that_plainly_asks_may_unlock() -> None:
    assert veto.asks_plainly("fammi una cartella nuova in /tmp/x")
    assert veto.asks_plainly("appunta in /tmp/x/note.md che giovedì faccio la notte")
    assert not veto.asks_plainly("se lo cancello, posso recuperarlo?")
    assert not veto.asks_plainly("come faccio a spostare un file?")
    assert not veto.asks_plainly("I'll delete it later")
    assert not veto.asks_plainly("non toccare niente, dimmi solo quanti file ci sono in /tmp/x")
