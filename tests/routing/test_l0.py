"""L0: the closed phrase table — exact match after normalisation, reply language from the matched variant."""
from __future__ import annotations

from pathlib import Path

import pytest

from app.routing.l0 import L0Error, L0Table, default_table, render_reply


@pytest.mark.parametrize("text, intent, lang", [
    ("che ore sono?", "time", "it"), ("Che ora è", "time", "it"), ("che ora e'", "time", "it"),
    ("che ora e", "time", "it"), ("What time is it?", "time", "en"), ("whats the time", "time", "en"),
    ("dimmi l’ora", "time", "it"), ("ciao, che ore sono per favore?", "time", "it"), ("ora?", "time", "it"),
    ("dimmi l'ora x favore", "time", "it"), ("what time is it pls", "time", "en"),
    ("Potrebbe dirmi l'ora, per cortesia?", "time", "it"), ("Mi saprebbe dire la data odierna?", "date", "it"),
    ("che giorno è oggi", "date", "it"), ("what's the date today", "date", "en"),
    ("dove sono", "where", "it"), ("where am I?", "where", "en"),
    ("annulla", "undo", "it"), ("undo that", "undo", "en"),
])
def test_phrases(text: str, intent: str, lang: str) -> None:
    m = default_table().match(text)
    assert m is not None and m.intent.id == intent and m.lang == lang


@pytest.mark.parametrize("text", ["che ore sono a Tokyo", "leggi il file", "what time is it in London",
                                  "annulla l'appuntamento di domani", "ore", ""])
def test_no_partial_matches(text: str) -> None:
    assert default_table().match(text) is None


def test_templates_per_language() -> None:
    t = default_table()
    assert t.match("che ore sono").template == "Sono le {time}."
    assert t.match("what time is it").template == "It's {time}."
    assert render_reply("Sono le {time}.", {"time": "14:05"}) == "Sono le 14:05."
    assert render_reply("Sono le {time}.", {"iso": "x"}) is None  # a missing field: the caller falls back


def test_executors_exist_in_the_core_tools() -> None:
    from app.tools.catalog import core_tools

    names = {t.name for t in core_tools()}
    for intent in default_table().intents.values():
        if intent.id != "undo":  # undo is declared here; its executor belongs to the engine
            assert intent.executor in names, intent


def test_a_phrase_listed_for_two_intents_is_refused(tmp_path: Path) -> None:
    bad = {"intent": [
        {"id": "a", "executor": "get_now", "reply_it": "x", "it": ["che ore sono"]},
        {"id": "b", "executor": "get_date", "reply_it": "y", "it": ["Che ore sono?"]}]}
    with pytest.raises(L0Error, match="already listed"):
        L0Table(tmp_path / "x.toml", data=bad)


def test_missing_or_broken_table_says_what_to_do(tmp_path: Path) -> None:
    with pytest.raises(L0Error, match="missing"):
        L0Table(tmp_path / "none.toml")
    (tmp_path / "bad.toml").write_text("[[intent]\n")
    with pytest.raises(L0Error, match="not valid TOML"):
        L0Table(tmp_path / "bad.toml")
