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
from app.lang.heads import INTENT_HEAD
from app.planner import veto


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


@pytest.mark.parametrize("text,tool", [("could you pull up the spreadsheet /tmp/x/spese.csv in its default app",
                                         "open_path"),
                                        # ("chiama montagna2023.jpg la foto X" was here: the rules read
                                        # it as a rename now, rules/action_reading.py new_name)
                                        ])
def test_a_clause_with_no_known_action_gets_the_write_the_head_leans_to(bundled_embedder: Any, text: str,
                                                                        tool: str) -> None:
    """Below HEAD_UNLOCK, read by the head alone: the rules read no action, so a read of the same object would be
    a substitute (tune-half requests; veto.HEAD_LEAN)."""
    head = heads.load_head(INTENT_HEAD, bundled_embedder.ident)
    tools = {t.name: t for t in all_tools()}
    probs = head.probs(bundled_embedder.embed([text])[0])
    assert veto.HEAD_LEAN <= probs[tool] < veto.HEAD_UNLOCK
    assert veto.head_leans(tools, probs, text) == tool and tool in veto.head_unlocked(tools, probs, text)


def test_a_lean_needs_no_known_action_and_a_plain_ask() -> None:
    tools = {t.name: t for t in all_tools()}
    leaning = {"delete_files": 0.44, "answer": 0.13, "read_files": 0.1}
    assert veto.head_leans(tools, leaning, "nel bidone /tmp/x/old.txt, grazie") == "delete_files"
    assert veto.head_leans(tools, leaning, "leggimi /tmp/x/old.txt") is None  # the rules read an action
    assert veto.head_leans(tools, leaning, "se butto /tmp/x/old.txt, lo recupero?") is None  # asks nothing
    assert veto.head_leans(tools, {"remember": 0.21, "answer": 0.2}, "morning! hope you're doing well") is None
    assert veto.head_leans(tools, {"answer": 0.5, "delete_files": 0.3}, "nel bidone /tmp/x/old.txt") is None
