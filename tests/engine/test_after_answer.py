"""A turn is over for the person at its answer: TurnAnswered comes then, with the time to the answer; the work
after it (a plugin's turn_ended, learning, the history) runs off the turn's thread and ends with TurnEnded, and
never holds the next request."""
from __future__ import annotations

import time
from pathlib import Path

from support import SlowAfterAnswer

from app.config import ConfigManager
from app.engine.engine import Engine
from app.memory.compaction import HISTORY_FOLD_AT, HISTORY_SUMMARY
from app.turn import events as ev

SLOW_S = 3.0


def _engine() -> tuple[Engine, SlowAfterAnswer]:
    engine = Engine(ConfigManager())
    slow = SlowAfterAnswer(SLOW_S)
    engine.plugins.append(slow)
    return engine, slow


def test_the_answer_event_comes_before_the_work_after_it(metnos_home: Path) -> None:
    engine, slow = _engine()
    try:
        seen: list[tuple[float, ev.Event]] = []
        for e in engine.run_turn("che ore sono"):
            seen.append((time.perf_counter(), e))
        types = [e.type for _, e in seen]
        assert types.index("answer") < types.index("turn_answered") < types.index("turn_ended") == len(types) - 1
        at, answered = next((t, e) for t, e in seen if isinstance(e, ev.TurnAnswered))
        ended = seen[-1][1]
        assert isinstance(answered, ev.TurnAnswered) and answered.ok
        assert at < slow.ended[0] - SLOW_S / 2, "TurnAnswered waited for the work after the answer"
        assert answered.elapsed_ms < SLOW_S * 1000 / 2, "the time to the answer counts the work after it"
        assert isinstance(ended, ev.TurnEnded) and ended.elapsed_ms == answered.elapsed_ms
        assert ended.after_ms >= SLOW_S * 1000 * 0.9
        assert not any(name.startswith("metnos-engine") for name in slow.threads), slow.threads
        # the history still records the turn, with the time to the answer
        row = engine.journal.recent("local")[-1]
        assert row["state"] == "done" and row["elapsed_ms"] == answered.elapsed_ms
    finally:
        engine.close()


def test_the_next_request_does_not_wait_for_the_work_after_the_previous_answer(metnos_home: Path) -> None:
    engine, slow = _engine()
    try:
        first = engine.run_turn("che ore sono")
        for e in first:  # a front end stops reading at the answer; the work after it goes on
            if isinstance(e, ev.TurnAnswered):
                break
        second: list[ev.Event] = []
        for e in engine.run_turn("che giorno è oggi"):
            second.append(e)
            if isinstance(e, ev.TurnAnswered):
                break
        assert any(isinstance(e, ev.Answer) and e.text.startswith("Oggi è") for e in second)
        assert len(slow.began) == 1 and len(slow.ended) == 0, \
            "the second request waited for the work after the first one's answer"
        rest = list(first)  # the first turn's iterator still ends with its TurnEnded
        assert isinstance(rest[-1], ev.TurnEnded)
    finally:
        engine.close()
    assert len(slow.ended) == 2, "closing the engine did not let the work after the answers finish"
    assert slow.began[1] >= slow.ended[0], "the work after two answers ran out of order"


def test_sync_turn_runs_the_whole_turn_in_order(metnos_home: Path) -> None:
    engine, slow = _engine()
    slow.seconds = [0.0]
    try:
        events: list[ev.Event] = []
        turn = engine.run_turn_sync("che ore sono", events.append)
        assert turn.ok and [e.type for e in events][-2:] == ["turn_answered", "turn_ended"]
        assert slow.ended, "run_turn_sync returned before the work after the answer"
    finally:
        engine.close()


def test_a_long_chat_is_folded_after_the_answer_without_loading_the_model(metnos_home: Path) -> None:
    """The fold uses the model only when it is loaded (never a load after the answer); here: by rules."""
    engine = Engine(ConfigManager())
    try:
        said = [(f"il mio gatto numero {i} si chiama Micio{i}", "Bene.") for i in range(HISTORY_FOLD_AT)]
        engine.history["chat"] = said
        events = list(engine.run_turn("che ore sono", session="chat"))
        types = [e.type for e in events]
        folds = [i for i, e in enumerate(events) if isinstance(e, ev.Progress) and "compacted" in e.what]
        assert folds and types.index("turn_answered") < folds[0] < types.index("turn_ended")
        hist = engine.history["chat"]
        assert hist[0][0] == HISTORY_SUMMARY and "Micio0" in hist[0][1]
        assert hist[-1][0] == "che ore sono"
        assert not engine.models.llm_loaded
    finally:
        engine.close()
