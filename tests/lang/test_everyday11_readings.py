"""Readings everyday11 showed wrong in its clean run (resources/eval/requests/README.md): a negation said the
way Rome and Naples say it, and the person's own situation or wish told right after a question. Each reading is a
rule with its examples in app/lang (lexicon NEGATIONS, rules/context_reason.py); these are the requests, and
other requests of the same kind."""
from __future__ import annotations

import pytest

from app.lang.actions import action_of
from app.lang.asked_actions import asked_actions
from app.lang.clauses import split_continuation, wish_after_question
from app.planner.evidence import analyze
from app.planner.veto import asking_only


@pytest.mark.parametrize("text", [
    "nun cancella niente eh, voglio sape solo quanta roba ce sta dentro /tmp/x/archivio",  # everyday11-6: trashed
    "nun me sposta niente, dimme solo che c'è in /tmp/x",
])
def test_a_dialect_negation_asks_no_write(text: str) -> None:
    assert action_of(text.split(",")[0]).negated
    assert not asked_actions(text) & {"delete", "move"}


@pytest.mark.parametrize(("text", "first"), [
    ("ke ore sn adesso? ho il phone scarico e nn trovo il caricabatterie", "ke ore sn adesso"),  # everyday11-32
    ("what time is it? my phone died and I can't find the charger", "what time is it"),
    ("che ora è adesso a Accra? io voglio chiamare mia mamma ma ho paura che lei dorme gia",  # everyday11-18
     "che ora è adesso a Accra"),
])
def test_what_the_person_tells_after_a_question_is_why_it_is_asked(text: str, first: str) -> None:
    clauses = split_continuation(text)
    assert clauses[0] == first and len(clauses) >= 2
    assert wish_after_question(text, clauses[1])
    assert [c.text for c in asking_only(analyze(text)).clauses] == [first]


@pytest.mark.parametrize("text", ["che ore sono? ho bisogno di leggere /tmp/x/a.txt",
                                  "leggimi /tmp/x/a.txt. ho fretta"])
def test_a_request_after_a_question_still_asks(text: str) -> None:
    assert asked_actions(text) == {"read"}


def test_someone_else_s_wish_after_a_question_is_told_too() -> None:
    text = "what time now in San Francisco ah? my client there want to do call"  # everyday11-53: refused as a call
    assert [c.text for c in asking_only(analyze(text)).clauses] == ["what time now in San Francisco ah"]


@pytest.mark.parametrize(("text", "first", "second"), [
    # everyday11-28: "backup" read as a copy, no folder made, and the copy into it failed
    ("fammi una cartella backup dentro /tmp/x e poi mettici una copia di /tmp/x/todo.txt", ("write",), ("copy",)),
    ("make me a backup folder in /tmp/x and then copy /tmp/x/a.txt into it", ("write",), ("copy",)),
])
def test_a_folder_named_like_an_action_is_made_first(text: str, first: tuple[str, ...],
                                                      second: tuple[str, ...]) -> None:
    clauses = analyze(text).clauses
    assert [c.sig.actions for c in clauses] == [first, second]


def test_an_action_noun_that_is_no_folder_s_name_still_asks() -> None:
    assert action_of("fai un backup della cartella /tmp/x").actions == ("copy",)
    assert action_of("fammi una copia di /tmp/x/a.txt").actions == ("copy",)
    for text in ("contenuto cartella ~/lavoro x favore", "folder contents of /srv/shared?"):  # the generalization set
        assert action_of(text).actions == ("read",), text
