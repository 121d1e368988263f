"""Readings everyday10 showed wrong (resources/eval/requests/README.md, read after its clean run): a run-on
request with the person's own plan, a verb-like noun after a possessive, one new file asked for with no verb,
a wish after a question. Each reading is a rule with its examples in app/lang/rules; these are the requests."""
from __future__ import annotations

import pytest

from app.lang.actions import action_of
from app.lang.asked_actions import asked_actions
from app.lang.clauses import split_continuation, wish_after_question
from app.planner.evidence import analyze
from app.planner.veto import asking_only


def test_a_run_on_plan_of_the_persons_own_is_not_the_request() -> None:
    # everyday10-58: "I'll have a look" read as the request, and report.txt was read out instead of opened
    assert asked_actions("open report.txt in /tmp/x I'll have a look at it when I pull in at the services") == {"open"}
    assert asked_actions("tell me what I'll need for the trip") == asked_actions("tell me what I need for the trip")


@pytest.mark.parametrize(("text", "actions"), [
    ("what's 15 percent of 2400 euro, that's the crew's share of the catch", ()),  # everyday10-41: refused as a send
    ("my share is 30 percent", ()),
    ("share the file with Bob", ("send",)),
    ("let's share the file", ("send",)),
])
def test_a_verb_like_word_after_a_possessive_is_a_noun(text: str, actions: tuple[str, ...]) -> None:
    assert action_of(text).actions == actions


@pytest.mark.parametrize(("text", "asked"), [
    ("need a new file /tmp/x/clienti.txt with Rossi, Verdi, Neri in it", {"write"}),  # everyday10-66: read instead
    ("mi serve una cartella nuova in /tmp/x", {"write"}),
    ("show me the new files in /tmp/x", {"read"}),
    ("is there a new file in /tmp/x?", set()),
])
def test_one_new_file_asked_for_without_a_verb_is_a_creation(text: str, asked: set[str]) -> None:
    assert asked_actions(text) == asked


def test_a_wish_after_a_question_is_a_clause_of_its_own_that_asks_nothing() -> None:
    text = "che ora e adesso a Karachi? voglio chiamare mia mamma ma non so se dorme"
    clauses = split_continuation(text)
    assert clauses == ["che ora e adesso a Karachi", "voglio chiamare mia mamma ma non so se dorme"]
    assert wish_after_question(text, clauses[1]) and not wish_after_question("voglio chiamare mia mamma", clauses[1])
    assert [c.text for c in asking_only(analyze(text)).clauses] == [clauses[0]]


def test_what_someone_else_does_after_the_question_is_told_not_asked() -> None:
    # everyday10-48: "she gets grumpy…" was planned as a step, and the clock's time here answered after London's
    text = ("what's the time over in London right now? need to ring my sister before she hits the sack, she gets "
            "grumpy if I wake her")
    assert [c.text for c in asking_only(analyze(text)).clauses] == ["what's the time over in London right now"]


def test_a_code_asked_again_is_a_recall() -> None:
    from app.memory.recall_question import recall_topic

    # everyday10-38: the model answered an invented "12345"
    assert recall_topic("what's the number for the gate again, I'm stood outside it in the rain") == \
        "number for the gate"
    assert recall_topic("what's the capital of France again?") is None


@pytest.mark.parametrize(("text", "asked"), [
    ("bin /tmp/x/vecchio.txt mate, dont need it no more", {"delete"}),  # everyday10-51: read it instead
    ("bin the old logs in /tmp/x", {"delete"}),
    ("put it in the bin folder /tmp/x", set()),
    ("empty the recycle bin", {"empty"}),
])
def test_bin_at_the_start_of_a_clause_is_a_delete(text: str, asked: set[str]) -> None:
    assert asked_actions(text) == asked


def test_an_irish_ok_around_what_was_done_tells_only() -> None:
    from app.lang.asked_actions import tells_only

    # everyday10-42: "grand" and "no bother" were no social words, so the account was planned and the file read
    assert tells_only("grand, I read that note.md in /tmp/x meself this morning, no bother")
    assert not tells_only("grand, read me note.md in /tmp/x")


@pytest.mark.parametrize(("text", "told"), [
    ("io già letto /tmp/x/todo.txt ieri sera, grazie tanto, va bene così", True),  # everyday19-27: read out again
    ("I already moved it myself, thanks a lot", True),
    ("ho già letto /tmp/x/note.md, grazie mille", True),
    ("grazie tanto, ora leggi /tmp/x/a.txt", False),
    ("ho già letto /tmp/x/note.md, ora riassumilo", False),
])
def test_warmer_thanks_are_thanks(text: str, told: bool) -> None:
    from app.lang.asked_actions import tells_only

    assert tells_only(text) is told
