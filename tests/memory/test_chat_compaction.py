"""A 30-turn chat on the instruct model: the older exchanges are folded into a summary the model writes,
and a fact told in the first turn is still known at the end."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from instruct_model import instruct_model_path

from app.memory.compaction import HISTORY_SUMMARY, compact_history


def test_folding_keeps_the_summary_so_far_and_the_last_exchanges() -> None:
    calls: list[str] = []

    def summarize(text: str) -> str:
        calls.append(text)
        return f"folded {text.count('User:')} exchanges"

    hist = [("il mio gatto si chiama Pallino", "Che bel nome!")] + [(f"q{i}?", f"a{i}") for i in range(6)]
    out = compact_history(hist, summarize)
    assert out[0] == (HISTORY_SUMMARY, "«il mio gatto si chiama Pallino» folded 5 exchanges")
    assert out[1:] == hist[-2:]
    out = compact_history(out + [(f"r{i}?", f"b{i}") for i in range(5)], summarize)
    assert out[0][1] == "«il mio gatto si chiama Pallino» folded 5 exchanges folded 5 exchanges" and len(out) == 3
    assert "Pallino" not in calls[1]  # the summary so far is kept, not summarized again
    broken = compact_history(hist, lambda _t: "")  # a model that fails: the person's own words stay
    assert "Pallino" in broken[0][1]
    invented = compact_history(hist, lambda _t: "L'utente si chiama Luca e ha un gatto.")  # measured: a made-up name
    assert "Luca" not in invented[0][1] and "Pallino" in invented[0][1]


@pytest.mark.slow
def test_an_early_fact_survives_a_30_turn_chat(metnos_home: Path, bundled_embedder: Any) -> None:
    from app.config import ConfigManager
    from app.engine.engine import Engine
    from app.turn import events as ev

    cfg = metnos_home / "config" / "runtime.toml"
    cfg.parent.mkdir(parents=True, exist_ok=True)
    cfg.write_text(f"[llm]\nmodel = {json.dumps(str(instruct_model_path()))}\nmax_answer_tokens = 64\n"
                   "[memory]\nlong_term_enabled = false\n", encoding="utf-8")
    engine = Engine(ConfigManager())
    compacted = 0
    try:
        turns = ["ciao! ti racconto una cosa: il mio gatto si chiama Pallino."]
        turns += [f"quanto fa {a} per {a + 3}?" for a in range(2, 30)]
        turns.append("come si chiama il mio gatto?")
        assert len(turns) == 30
        answer = ""
        for text in turns:
            for e in engine.run_turn(text, session="chat"):
                if isinstance(e, ev.Progress) and e.what.startswith("conversation compacted"):
                    compacted += 1
                if isinstance(e, ev.Answer):
                    answer = e.text
        hist = engine.history["chat"]
    finally:
        engine.close()
    assert compacted >= 3, "a 30-turn chat was never compacted"
    assert hist[0][0] == HISTORY_SUMMARY and all("Pallino" not in u for u, _ in hist[1:])
    assert "Pallino" in answer, (answer, hist[0][1])
