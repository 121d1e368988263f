"""L0 runs before every routing stage (router._decide): an exact phrase of the closed table is its owner's word.

That order is only right while no stage would read one of the table's phrases otherwise. Each phrase of
resources/l0_phrases.toml (as written and with the edge greetings the table ignores) goes through every stage the
shipped plugins put before L1 (reminders, memory) and the router's action stage, on a real engine: each stage
must pass, or name the same tool. A phrase added to the table that a stage reads otherwise fails here.
"""
from __future__ import annotations

import tomllib
from typing import Any

from app.config import ConfigManager
from app.engine.engine import Engine
from app.routing.l0 import default_path, default_table


def _phrases() -> list[str]:
    with open(default_path(), "rb") as f:
        data = tomllib.load(f)
    out: list[str] = []
    for entry in data["intent"]:
        for lang in ("it", "en"):
            out += entry.get(lang, [])
    return out


PHRASES = _phrases()


def test_the_table_has_phrases_in_both_languages() -> None:
    assert len(PHRASES) >= 40
    assert default_table().match("che ore sono") is not None and default_table().match("what time is it")


def test_no_stage_reads_an_l0_phrase_otherwise(keystore: Any) -> None:
    eng = Engine(ConfigManager())
    try:
        router = eng.router
        assert router is not None and router.staged and router.stages_before
        stages = [*router.stages_before, router.actions]
        read_otherwise: list[tuple[str, str, str]] = []
        tried = 0
        for phrase in PHRASES:
            m = default_table().match(phrase)
            assert m is not None, phrase
            for said in (phrase, f"ciao, {phrase} grazie"):
                if default_table().match(said) is None:
                    continue
                for st in stages:
                    tried += 1
                    res = st.decide(said, "local")
                    if res is not None and res.tool != m.intent.executor:
                        read_otherwise.append((said, st.name, res.tool))
        assert tried >= 3 * len(PHRASES)
        assert read_otherwise == []
    finally:
        eng.close()
