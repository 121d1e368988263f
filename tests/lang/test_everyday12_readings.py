"""Readings everyday12 showed wrong in its clean run (resources/eval/requests/README.md): a wish said right after
a question without its subject, someone else's wish in a sentence of its own after the request, a go-ahead before
an action with no referent, a folder's name said with "si chiama", a place said "ca sta in", and the recycling bin.
Each reading is a rule with its examples in app/lang (rules/context_reason.py, rules/action_not_asked.py read per
sentence by lang/actions.py, rules/courtesy.py, rules/place_names.py, the lexicon's objects); these are the
requests, and others of the same kind."""
from __future__ import annotations

from pathlib import Path

import pytest

from app.engine.catalog import build_registry
from app.lang.actions import action_of
from app.lang.args_extractor import extract
from app.lang.clauses import split_continuation, wish_after_question
from app.lang.messages import Message
from app.lang.paths_said import resolve
from app.routing.action_stage import ActionStage


@pytest.fixture(scope="module")
def stage() -> ActionStage:
    reg = build_registry()
    return ActionStage(lambda: list(reg), lambda n: reg.get(n) is not None)


@pytest.mark.parametrize(("text", "first"), [
    # everyday12-39: refused as a phone call, the world clock never asked
    ("what time is it over in Rishikesh right now? want to ring my old teacher",
     "what time is it over in Rishikesh right now"),
    ("che ore sono a Lima? wanna call my cousin before he sleeps", "che ore sono a Lima"),
])
def test_a_wish_without_its_subject_after_a_question_is_why_it_is_asked(stage: ActionStage, text: str,
                                                                        first: str) -> None:
    clauses = split_continuation(text)
    assert clauses[0] == first and wish_after_question(text, clauses[1])
    assert stage.decide(text) is None  # no "cannot call": the question goes on


@pytest.mark.parametrize(("text", "negated"), [
    ("mi converti /tmp/x/report.txt in PDF? the GM lo vuole in PDF entro stasera", False),  # everyday12-50
    ("Delete /tmp/x/a.txt. My boss wants it gone.", False),
    ("Marco vuole che cancelli /tmp/x/a.txt", True),  # the wish frames the action of its own sentence
    ("cancella /tmp/x/a.txt. Marco vuole che lo sposti in /tmp/y", True),
    ("she wants to delete it", True),
])
def test_someone_else_s_wish_frames_only_its_own_sentence(text: str, negated: bool) -> None:
    assert action_of(text).negated is negated


def test_a_conversion_asked_before_a_reason_is_refused_not_read(stage: ActionStage) -> None:
    res = stage.decide("mi converti /tmp/x/report.txt in PDF? the GM lo vuole in PDF entro stasera")
    assert res is not None and res.tool is None and res.reply == Message("cannot.convert").text("it")


@pytest.mark.parametrize("text", ["Go on then, bin it", "go ahead and delete it", "bin it, thanks"])
def test_a_go_ahead_before_an_action_with_no_referent_asks_which(stage: ActionStage, text: str) -> None:
    res = stage.decide(text)  # everyday12-68: "Sure, I'll help you with that."
    assert res is not None and res.tool is None and res.reply and res.reply.startswith("Which file")


def test_two_real_clauses_still_leave_the_referent_to_the_planner(stage: ActionStage) -> None:
    assert stage.decide("scarica la pagina https://example.com e cancellala") is None


def test_a_new_folder_s_name_said_with_si_chiama(tmp_path: Path) -> None:
    text = f"per favore tu fai una cartella nuova si chiama esami dentro {tmp_path}"  # everyday12-14 made {root}
    assert resolve(text, extract(text)["path"]) == [f"{tmp_path}/esami"]


def test_a_folder_said_ca_sta_in_its_place(tmp_path: Path) -> None:
    (tmp_path / "Foto Vacanze").mkdir()
    text = f"apremi la cartella Foto Vacanze ca sta in {tmp_path}, voglio guardà le foto d'o mare"  # everyday12-22
    assert resolve(text, extract(text)["path"]) == [f"{tmp_path}/Foto Vacanze"]


@pytest.mark.parametrize("text", ["empty the recycling been on my computer its getting full",  # everyday12-52
                                  "can you empty the recycling bin"])
def test_the_recycling_is_the_trash_no_tool_empties(stage: ActionStage, text: str) -> None:
    res = stage.decide(text)
    assert res is not None and res.tool is None and res.reply == Message("cannot.empty_trash").text("en")


@pytest.mark.parametrize(("text", "place"), [
    ("what time is it over in Rishikesh right now? want to ring my old teacher", "Rishikesh"),  # everyday12-39
    ("che ora è ad Ushuaia adesso?", "Ushuaia"),
    ("che ore sono a Tokyo?", "Tokyo"),  # a place the table knows, as before
    ("what time is it in the office", None),  # no name written as one
    ("leggi il file in Documenti", None),  # no time asked
])
def test_the_place_whose_time_is_asked(text: str, place: str | None) -> None:
    from app.lang.places import names_place, place_asked

    assert place_asked(text) == place and names_place(text) is (place is not None)


def test_a_time_claimed_for_a_place_no_zone_is_known_for_is_not_the_time_here() -> None:
    from app.planner.answer import clock_text

    # everyday12-39 was answered "It's 11:37." — the time here, for Rishikesh
    said = clock_text("It's 11:37.", "what time is it over in Rishikesh right now? want to ring my old teacher")
    assert said == Message("world_clock.unknown", place="Rishikesh").text("en")


@pytest.mark.parametrize(("text", "asked"), [
    # everyday11-52 (Singlish "I forgot"): the saved gate code was forgotten under --yes
    ("what's the number to punch in at the gate again ah? sure forget one", frozenset()),
    ("che ore sono? me lo sono scordato", frozenset()),
    ("cosa ti ho detto del codice? dimenticalo", frozenset({"forget"})),  # a forget still asked after a question
    ("forget one of them", frozenset({"forget"})),
])
def test_saying_one_forgot_after_a_question_asks_no_forget(text: str, asked: frozenset[str]) -> None:
    from app.lang.asked_actions import asked_actions

    assert asked_actions(text) == asked


@pytest.mark.parametrize("text", [
    "later I rename it myself one, now just tell me what's inside /tmp/x/progetti",  # everyday11-56: "for later"
    "dopo lo rinomino io, adesso dimmi cosa c'è in /tmp/x/progetti",  # asked where to rename it
])
def test_what_the_person_will_do_themselves_is_their_plan(stage: ActionStage, text: str) -> None:
    from app.lang.asked_actions import asked_actions

    assert asked_actions(text) == {"read"}
    assert stage.decide(text) is None  # no refusal as an action for later, no question about the rename
