"""Whole planner turns on the real model: tools run, references resolve, prompts only grow, cancel stops."""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Callable

import pytest

from app.bench import planner_suite as suite
from app.planner import Planner
from app.tools.surface import ToolSurface
from app.turn.cancel import CancelToken, TurnCancelled

pytestmark = pytest.mark.slow


def test_read_file_and_count_lines(make_ctx: Callable[..., Any], root: Path) -> None:
    run = make_ctx("leggi il file {root}/a.txt e dimmi quante righe ha")
    answer = Planner().run(run.ctx, [])
    calls = run.of("tool_call")
    assert [c.tool for c in calls] == ["read_files"]
    assert calls[0].args == {"paths": [str(root / "a.txt")]} and calls[0].arg_sources == {"paths": "rules"}
    assert "3" in answer
    assert run.streamed == answer  # the answer went out token by token


@pytest.mark.parametrize("text,reply", [
    ("ho già letto {root}/a.txt, grazie", "Va bene, grazie per avermelo detto."),
    ("I already moved {root}/a.txt myself, thanks", "All right, thanks for letting me know."),
    # formal thanks and a closing that asks for nothing more (everyday7-63 read the report out)
    ("La ringrazio, ho già preso visione del rapporto {root}/a.txt; non occorre altro.",
     "Va bene, grazie per avermelo detto."),
    ("ok ho letto {root}/a.txt, tutto chiaro, a posto cosi", "Va bene, grazie per avermelo detto."),  # fresh tune
])
def test_an_account_of_what_the_person_did_runs_nothing(make_ctx: Callable[..., Any], text: str, reply: str) -> None:
    run = make_ctx(text)
    answer = Planner().run(run.ctx, [])
    assert run.of("tool_call") == [] and answer.startswith(reply)
    decision = Planner().decide(make_ctx(text).ctx, [])  # what the bench and `route --explain` read
    assert decision is not None and decision.tool == "answer" and decision.choice.name == "answer"


def test_refused_write_leaves_file_untouched(make_ctx: Callable[..., Any], root: Path) -> None:
    before = (root / "a.txt").read_bytes()
    run = make_ctx("scrivi 'ciao' nel file {root}/a.txt", approve=lambda *a: False)
    answer = Planner().run(run.ctx, [])
    assert [e.tool for e in run.of("approval")] == ["write_files"]
    assert (root / "a.txt").read_bytes() == before
    obs = run.of("observation")
    assert obs and not obs[-1].ok and "not approved" in obs[-1].error
    assert answer == f"Va bene, non ho scritto nulla in {root}/a.txt."  # the person's choice, in Italian
    assert obs[-1].message == answer
    question = run.of("approval")[0].question
    assert question.startswith("Sostituire il contenuto di a.txt in ") and question.endswith(" con 4 caratteri?")


def test_read_then_write_passes_the_real_content(make_ctx: Callable[..., Any], root: Path) -> None:
    run = make_ctx("leggi {root}/a.txt e scrivilo in {root}/b.txt", approve=lambda *a: True)
    Planner().run(run.ctx, [])
    write = [c for c in run.of("tool_call") if c.tool == "write_files"]
    assert write and write[0].arg_sources["content"] == "ref" and write[0].arg_sources["path"] == "rules"
    assert (root / "b.txt").read_text() == (root / "a.txt").read_text()


def test_prompts_only_grow_and_reuse_the_kv_prefix(make_ctx: Callable[..., Any]) -> None:
    planner = Planner()
    run = make_ctx("leggi {root}/a.txt e scrivilo in {root}/b.txt", approve=lambda *a: True)
    planner.run(run.ctx, [])
    prompts = planner.last.prompts
    assert len(prompts) >= 3
    for a, b in zip(prompts, prompts[1:]):
        assert b.startswith(a)  # append-only: step N+1's prompt is step N's plus new text
    stats = [s for s in planner.last.stats if s.prompt_tokens]
    for prev, cur in zip(stats, stats[1:]):
        new = cur.prompt_tokens - prev.prompt_tokens
        assert cur.reused_tokens >= prev.prompt_tokens - 1
        assert cur.evaluated_tokens <= new + 0.05 * cur.prompt_tokens
    assert [e.phase for e in run.of("planner_stats")][:1] == ["decide"]


def test_state_memory_and_history_go_where_the_layout_says(make_ctx: Callable[..., Any]) -> None:
    planner = Planner()
    run = make_ctx("che ore sono adesso?", extra_services={
        "state_block": lambda: "Current state:\n- note: STATE-MARK",
        "memory_block": lambda q: "- MEMORY-MARK: likes short answers",
    })
    planner.decide(run.ctx, [("ciao", "HISTORY-MARK")])
    p = planner.last.prompt
    i_instr, i_mem, i_hist = p.index("You are Metnos"), p.index("MEMORY-MARK"), p.index("HISTORY-MARK")
    i_task, i_state = p.index("che ore sono adesso?"), p.index("STATE-MARK")
    assert i_instr < i_mem < i_hist < i_task < i_state


def test_scratchpad_read_is_offered_after_an_offloaded_observation(make_ctx: Callable[..., Any], root: Path,
                                                                    tmp_path: Path) -> None:
    from app.memory.scratchpad import Scratchpad, ScratchpadPlugin

    (root / "big.log").write_text("".join(f"INFO event {i}\n" for i in range(3000)) + "ERROR final failure\n")
    store = Scratchpad(tmp_path / "scratch.db")
    plugin = ScratchpadPlugin(store)
    run = make_ctx("leggi il file {root}/big.log e mostrami la fine")
    plugin.services(run.ctx.turn, run.ctx.services)  # as the engine wires it: this turn's store and checks
    planner = Planner()
    answer = planner.run(run.ctx, [])
    first = run.of("observation")[0]
    assert first.ok and first.scratchpad_id  # 36 KB: kept aside, the model saw a summary
    assert "scratchpad_read" not in planner.last.choices[0].structural  # no entries yet at step 1
    assert "scratchpad_read" in planner.last.choices[1].structural  # offered once the turn has one
    reads = [c for c in run.of("tool_call") if c.tool == "scratchpad_read"]
    assert all(c.args["scratchpad_id"] == first.scratchpad_id and c.arg_sources["scratchpad_id"] == "rules"
               for c in reads)
    assert answer and run.streamed == answer
    store.close()


def test_deferred_tool_on_a_tool_surface_is_loaded_with_its_reason(make_ctx: Callable[..., Any], registry: Any,
                                                                  embedder: Any, root: Path) -> None:
    cfg = suite.config_for(root)
    surface = ToolSurface(registry, cfg, lambda: embedder, small_model=True)
    assert "get_date" in {t.name for t in surface.deferred}
    run = make_ctx("che giorno è oggi?", reg=surface.registry_view(), extra_services={"tool_surface": surface})
    surface.loaded = run.ctx.deferred_loaded
    planner = Planner()
    planner.run(run.ctx, [])
    calls = run.of("tool_call")
    assert [c.tool for c in calls] == ["get_date"] and calls[0].deferred_loaded
    assert run.ctx.deferred_loaded["get_date"].startswith("planner retrieval")
    assert surface.index_text() in planner.last.prompts[0]  # the index is part of the stable prefix


def test_stable_prefix_is_warmed_and_reused(make_ctx: Callable[..., Any]) -> None:
    Planner().decide(make_ctx("che ore sono?").ctx, [])
    p = Planner()
    p.decide(make_ctx("what time is it?").ctx, [])
    assert p.last.prefix["prefix_tokens"] > 0
    assert p.last.prefix["reused"] == p.last.prefix["prefix_tokens"]  # second turn: none re-evaluated


def test_cancel_before_a_step_stops_the_turn(make_ctx: Callable[..., Any]) -> None:
    token = CancelToken()
    run = make_ctx("leggi {root}/a.txt e scrivilo in {root}/b.txt", approve=lambda *a: True, cancel=token)
    emit = run.ctx.emit

    def cancel_after_first_observation(e: Any) -> None:
        emit(e)
        if e.type == "observation":
            token.cancel()
    run.ctx.emit = cancel_after_first_observation
    with pytest.raises(TurnCancelled):
        Planner().run(run.ctx, [])
    assert [c.tool for c in run.of("tool_call")] == ["read_files"]


def test_cancel_from_another_thread_during_the_answer(make_ctx: Callable[..., Any], instruct_llm: Any) -> None:
    token = CancelToken()  # the instruct model writes this answer (the lite one gives a fixed sentence)
    run = make_ctx("what is the capital of France?", cancel=token, extra_services={"llm": lambda: instruct_llm})
    emit = run.ctx.emit

    def cancel_when_answering(e: Any) -> None:
        emit(e)
        if e.type == "planner_stats" and e.choice == "answer":
            threading.Timer(0.01, token.cancel).start()
    run.ctx.emit = cancel_when_answering
    with pytest.raises(TurnCancelled):
        Planner().run(run.ctx, [])
    assert not run.of("token")


def test_the_time_of_an_event_is_never_answered_by_the_clock(make_ctx: Callable[..., Any]) -> None:
    """"what time did I clock in?": reading the clock would be a substitute action; the time now is still asked
    for as before."""
    p = Planner()
    d = p.decide(make_ctx("what time did I clock in this morning?").ctx, [])
    assert d is None or d.tool != "get_now", d
    now = p.decide(make_ctx("what time is it?").ctx, [])
    assert now is not None and now.tool == "get_now"
