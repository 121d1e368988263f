"""The topic slot: a recall learned on one thing answers the same question about another, and nothing else."""
from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from app.routing.topic import frames, things
from app.turn.events import Step, Turn

NOW = datetime(2024, 5, 8, 15, 30)


def test_things_are_the_words_that_name_something() -> None:
    assert things("quando ho il dentista?") == ["dentista"]
    assert things("quand'è il meccanico?") == ["meccanico"]
    assert things("quanto costa il dentista?") == ["costa", "dentista"]  # two things: another question
    assert things("turn on the wifi") == ["wifi"]  # a phrasal verb's words are not things
    assert things("che giorno sarà fra due settimane?") == []  # a number word is not a thing to look up


def test_frames_tell_the_kind_of_question() -> None:
    assert frames("a che ora è il parrucchiere?") == frames("quando ho il dentista?") == {"when"}
    assert frames("dimmi l'ora esatta") == set() and frames("make a playlist") == set()
    assert frames("dove ho messo le chiavi?") == {"where"}


@pytest.mark.slow
def test_a_recall_learned_on_one_thing_serves_another_and_refuses_what_is_not_the_question(
        make_router: Any) -> None:
    from app.engine.catalog import build_registry

    reg = build_registry()
    r = make_router(tool_schemas={n: reg.get(n) for n in ("recall", "get_now", "read_files")})
    for i in range(3):
        r.learn(Turn(id=f"r{i}", text="quando ho il dentista?", owner="local", ok=True, level="L3",
                     steps=[Step(1, "recall", {"query": "dentista"}, {"ok": True}, True, "L3")]), now=NOW)
    res = r.route("quand'è il meccanico?", now=NOW)
    assert res is not None and res.tool == "recall" and res.args == {"query": "meccanico"}
    res = r.route("ti ricordi quando ho il dentista?", now=NOW)
    assert res is not None and res.args == {"query": "dentista"}  # the same thing: the call as it was learned
    for text in ("quanto costa il dentista?", "chiama il dentista", "dimmi l'ora esatta", "make a playlist",
                 "non mi serve sapere quando ho il meccanico",
                 "dimmi che giorno è, mi serve per la bolla"):  # a word of the reason is not the thing asked about
        res = r.route(text, now=NOW)
        assert res is None or res.tool != "recall", (text, res)


def test_a_topic_keeps_the_spelling_it_was_typed_in() -> None:
    from app.routing.topic import as_typed

    assert as_typed("parrucchiere", "QUANDO HO IL PARRUCCHIERE?") == "PARRUCCHIERE"
    assert as_typed("marco", "quando vedo Marco?") == "Marco"
    assert as_typed("x", "nothing here") == "x"
