"""The turn loop end to end on real parts: events, bad input, L0 without the model, the journal."""
from __future__ import annotations

import re
from pathlib import Path

from app.config import ConfigManager
from app.engine.engine import Engine
from app.turn import events as ev
from app.turn.events import event_from_dict


def run(engine: Engine, text: str) -> list[ev.Event]:
    return list(engine.run_turn(text))


def test_l0_answers_the_time_without_loading_any_model(metnos_home: Path) -> None:
    engine = Engine(ConfigManager())
    try:
        events = run(engine, "che ore sono")
        assert [e.type for e in events][0] == "turn_started" and events[-1].type == "turn_ended"
        route = next(e for e in events if isinstance(e, ev.RouteDecision))
        answer = next(e for e in events if isinstance(e, ev.Answer))
        assert route.level == "L0" and route.tool == "get_now"
        assert re.fullmatch(r"Sono le \d\d:\d\d\.", answer.text)
        assert not engine.models.llm_loaded
        assert len({e.turn_id for e in events}) == 1
        en = run(engine, "what time is it?")
        assert next(e for e in en if isinstance(e, ev.Answer)).text.startswith("It's ")
        # every event round-trips through JSON (what `metnos ask --json` prints)
        for e in events:
            assert event_from_dict(e.to_dict()) == e
        rows = engine.journal.recent("local")
        assert [r["text"] for r in rows] == ["che ore sono", "what time is it?"] and rows[0]["level"] == "L0"
    finally:
        engine.close()


def test_empty_and_huge_requests_end_cleanly(metnos_home: Path) -> None:
    engine = Engine(ConfigManager())
    try:
        # no words to tell the language by: the app's default, Italian
        for text, words in (("   ", "la richiesta è vuota"), ("x" * 100_000, "la richiesta è troppo lunga")):
            events = run(engine, text)
            err = [e for e in events if isinstance(e, ev.Error)]
            assert err and words in err[0].message and err[0].hint
            assert isinstance(events[-1], ev.TurnEnded) and not events[-1].ok
    finally:
        engine.close()


def test_closing_the_iterator_cancels_and_the_engine_stays_usable(metnos_home: Path) -> None:
    engine = Engine(ConfigManager())
    try:
        it = engine.run_turn("che giorno è oggi")
        first = next(it)
        assert isinstance(first, ev.TurnStarted)
        it.close()
        events = run(engine, "che giorno è oggi")
        assert any(isinstance(e, ev.Answer) and e.text.startswith("Oggi è") for e in events)
    finally:
        engine.close()


def test_undo_right_after_an_l1_hit_makes_that_entry_stricter(metnos_home: Path, tmp_path: Path,
                                                                bundled_embedder) -> None:
    from support import write_runtime

    from app.turn.events import Step, Turn

    root = tmp_path / "t"
    root.mkdir()
    for name in ("a.txt", "b.txt", "c.txt"):
        (root / name).write_text(f"{name}\n")
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{root}"]\n[memory]\nlong_term_enabled = false\n')
    engine = Engine(ConfigManager())
    try:
        for _ in range(3):  # three planner turns teach L1 (the real learning API)
            t = Turn("x", f"leggi {root}/a.txt", "local", level="L3", ok=True, answer="ok")
            t.steps.append(Step(1, "read_files", {"paths": [f"{root}/a.txt"]}, {"content": "a"}, True, "L3"))
            engine.router.learn(t)
        events = list(engine.run_turn(f"leggi {root}/b.txt", approve=lambda *a: True))
        route = next(e for e in events if isinstance(e, ev.RouteDecision))
        assert route.level == "L1" and route.args == {"paths": [f"{root}/b.txt"]}
        assert not engine.router.memo.queries()[0].threshold_override
        list(engine.run_turn("annulla", approve=lambda *a: True))
        stricter = engine.router.memo.queries()[0].threshold_override
        assert stricter and stricter > route.score  # the same hit would no longer be served
        again = list(engine.run_turn(f"leggi {root}/b.txt", approve=lambda *a: True))
        assert next(e for e in again if isinstance(e, ev.RouteDecision)).level != "L1"
    finally:
        engine.close()


def test_passphrase_mode_memory_unlocks_through_the_front_ends_prompt(metnos_home: Path, bundled_embedder) -> None:
    from support import write_runtime

    write_runtime(metnos_home, "[memory]\npassphrase_mode = true\n")
    asked: list[str] = []

    def ask(prompt: str, confirm: bool) -> str:
        asked.append(prompt)
        return "correct horse battery staple"

    engine = Engine(ConfigManager())
    engine.ask_secret = ask
    try:
        events = run(engine, "ricordati che il gatto si chiama Pippo")
        written = [e for e in events if isinstance(e, ev.MemoryWritten)]
        assert written and "Pippo" in written[0].text and written[0].source == "user"
        assert asked, "the passphrase was asked of the user"
    finally:
        engine.close()
    locked = Engine(ConfigManager())  # no way to ask: the memory stays locked, the turn says why
    try:
        events = run(locked, "ricordati che il cane si chiama Fido")
        answer = next(e for e in events if isinstance(e, ev.Answer)).text
        assert "bloccata" in answer and not any(isinstance(e, ev.MemoryWritten) for e in events)
    finally:
        locked.close()


def test_an_l0_question_opens_neither_the_memory_nor_a_model(metnos_home: Path) -> None:
    engine = Engine(ConfigManager())
    try:
        events = run(engine, "what time is it?")  # a question mark, like a recall question
        assert next(e for e in events if isinstance(e, ev.RouteDecision)).level == "L0"
        assert not engine.models.llm_loaded and engine.models._embedder is None
        memory = next(p for p in engine.plugins if type(p).__name__ == "MemoryPlugin")
        assert memory._memory is None, "an L0 turn must not open the long-term memory (keyring, passphrase)"
    finally:
        engine.close()


def test_a_question_after_a_take_back_and_before_a_reason_is_answered_from_memory(metnos_home: Path,
                                                                                 bundled_embedder) -> None:
    """Issue 27, everyday-55: the recall stage read the whole request, which ends with a reason, not a "?"; the
    planner then let the model answer and it said "February 14th" for a fact saved as "14 marzo". The stage now
    reads the question the request asks (lang.actions.asked_question) and quotes the fact."""
    engine = Engine(ConfigManager())
    try:
        run(engine, "ricordati che il compleanno di Giulia è il 14 marzo")
        events = run(engine, "Can you help me remember... wait, no. When IS Giulia's birthday? I'm supposed to "
                             "pick up a cake and I'd like to stay married.")
        route = next(e for e in events if isinstance(e, ev.RouteDecision))
        answer = next(e for e in events if isinstance(e, ev.Answer)).text
        assert route.tool == "recall" and "14 marzo" in answer, (route, answer)
        assert not any(isinstance(e, ev.MemoryWritten) for e in events)
        assert not engine.models.llm_loaded
    finally:
        engine.close()
