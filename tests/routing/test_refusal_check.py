"""The capability stage's second opinion: "I can't …" only for an action the request asks for (refusal_check.py),
with the real router, the bundled embedder and the shipped intent head."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from app.config import parse_text
from app.engine.catalog import build_registry
from app.lang.messages import Message
from app.routing.capability import Verdict
from app.routing.memo import Memo
from app.routing.refusal_check import SecondOpinion
from app.routing.router import Router


@pytest.fixture
def router(tmp_path: Path, embedder: Any) -> Iterator[Router]:
    r = Router(parse_text("", env={}), lambda: embedder, Memo(tmp_path / "memo.db"), build_registry())
    yield r
    r.close()


def refused(res: Any) -> bool:
    return res is not None and res.stage == "capability"


def test_a_send_the_person_only_mentions_is_not_refused(router: Router) -> None:
    # the send is the person's own plan for tomorrow; the request is a search inside files
    res = router.route("I'm sending this to Sara tomorrow - can you find any file in /tmp/x that mentions her name?")
    assert not refused(res)


def test_a_device_word_in_the_persons_plan_is_not_refused(router: Router) -> None:
    res = router.route("I'll open whatever turns up in Excel later; for now search the files in /tmp/x for the "
                       "word bolletta")
    assert res is None or (res.notice is None and res.reply is None)


@pytest.mark.parametrize("text,key,lang", [
    ("email /tmp/x/spese.csv to my accountant", "send", "en"),
    ("stampami /tmp/x/contratto.txt", "print", "it"),
    # the rules read no send asked (a time: "for friday"), yet the head reads words: the refusal stands
    ("send a calendar invite to the team for friday's standup at 9:30", "send", "en"),
    # an alarm's time is what is set, not the person's plan for later (everyday13-37 was answered "Sure, I can help")
    ("set me an alarm that rings at 5:15 tomorrow mornin', the milk truck comes early", "alarm", "en"),
])
def test_a_refusal_of_what_is_asked_stands(router: Router, text: str, key: str, lang: str) -> None:
    res = router.route(text)
    assert refused(res) and res is not None and res.tool is None
    assert res.reply == Message(f"cannot.{key}").text(lang)


def test_without_the_head_the_rules_refusal_stands() -> None:
    # no embedder or no head: nothing overrules the rules (and nothing is computed for a refusal that is asked)
    op = SecondOpinion("I'm sending this to Sara tomorrow - can you find her files?", None)
    assert op.stands(Verdict("send", "send")) and op.head_top() == ("answer", 1.0)
    calls: list[str] = []
    asked = SecondOpinion("manda /tmp/x/a.txt a Luca", lambda t: calls.append(t) or {"read_files": 0.9})
    assert asked.stands(Verdict("send", "send")) and calls == []


def test_a_guarding_refusal_always_stands() -> None:
    op = SecondOpinion("what's the weather in Rome?", lambda t: {"get_date": 0.99})
    assert op.stands(Verdict("live", "live", guard=True)) and op.stands(Verdict("later", "delete", guard=True))
    assert not op.stands(Verdict("send", "send"))  # a verb reading, not asked, the head reads a tool


def test_a_capture_asked_with_its_verb_is_refused_though_it_names_where_to_put_it(router: Router) -> None:
    # everyday10-53: the folder listed instead (a substitute action); a screenshot file named is still served
    res = router.route("take a screenshot of me screen and stick it in /tmp/x")
    assert refused(res) and res.reply is not None and "screenshot" in res.reply.lower()
    assert not refused(router.route("describe the screenshot /tmp/x/shot.png"))


def test_a_wish_after_a_question_is_why_it_is_asked(router: Router) -> None:
    # everyday10-12: the call was refused and the question about the time in Karachi never answered
    res = router.route("che ora e adesso a Karachi? voglio chiamare mia mamma ma non so se dorme")
    assert not refused(res)
    assert refused(router.route("chiama mia mamma"))
    # everyday11-32: "scarico" (a dead phone) refused as a download, and the time never given
    assert not refused(router.route("ke ore sn adesso? ho il phone scarico e nn trovo il caricabatterie"))
    assert refused(router.route("scarica il video da youtube"))
