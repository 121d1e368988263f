"""Compaction invariants with the bundled model's own tokenizer (and, once, the model itself).

Invariants (seed 003): system message(s), the task and the last keep_recent
steps come out byte-identical; the result is under budget whenever system +
task + recent steps fit; a failing summary falls back to dropping the oldest
steps; compact() never raises.
"""
from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.memory.compaction import (
    OMITTED_PREFIX,
    SUMMARY_PREFIX,
    compact,
    count_messages,
    extractive_summarizer,
    llm_summarizer,
)

SYSTEM = {"role": "system", "content": "Sei Metnos, un assistente desktop. Usa gli strumenti; rispondi in breve."}
TASK = {"role": "user", "content": "Trova la fattura del cliente Rossi con l'importo più alto e dimmi il numero."}


def step(i: int, size: int = 300) -> list[dict[str, str]]:
    call = {"role": "assistant", "content": json.dumps({"tool": "read_files",
                                                        "args": {"paths": [f"/home/u/doc/fattura_{i}.txt"]}})}
    body = f"Fattura n. {1000 + i}, cliente Rossi, importo {i * 13 + 7} euro. "
    result = {"role": "tool", "content": json.dumps({"path": f"/home/u/doc/fattura_{i}.txt",
                                                     "content": (body * (size // len(body) + 1))[:size]})}
    return [call, result]


def turn(n_steps: int, size: int = 300) -> list[dict[str, str]]:
    msgs = [SYSTEM, TASK]
    for i in range(n_steps):
        msgs += step(i, size)
    return msgs


def assert_invariants(before: list[dict[str, str]], after: list[dict[str, str]], keep: int, budget: int,
                      count: Any, info: Any, n_steps: int) -> None:
    assert after[0]["content"] == SYSTEM["content"] and after[1]["content"] == TASK["content"]
    recent = before[len(before) - 2 * min(keep, n_steps):] if keep else []
    if recent:
        assert [m["content"] for m in after[-len(recent):]] == [m["content"] for m in recent]
    floor = count_messages([SYSTEM, TASK] + recent, count)
    if floor <= budget:
        assert count_messages(after, count) <= budget
        assert not info.over_budget
    assert info.tokens_after == count_messages(after, count)
    # everything else kept is from the original, in order (plus at most one summary/note message)
    originals = [m for m in after if not m["content"].startswith((SUMMARY_PREFIX, OMITTED_PREFIX))]
    it = iter(before)
    assert all(any(m is o for o in it) for m in originals), "kept messages are the originals, in order"
    assert len(after) - len(originals) <= 1


def test_under_budget_is_untouched(count_tokens) -> None:
    msgs = turn(3)
    out, info = compact(msgs, 10_000, 3, count_tokens, extractive_summarizer())
    assert out == msgs and info.action == "none"


def test_forty_steps_with_a_summary(count_tokens) -> None:
    msgs = turn(40)
    out, info = compact(msgs, 3000, 3, count_tokens, extractive_summarizer())
    assert info.action == "summarized" and info.steps_summarized == 37
    assert out[2]["content"].startswith(SUMMARY_PREFIX + "Already done: read_files(fattura_0.txt)")
    assert_invariants(msgs, out, 3, 3000, count_tokens, info, 40)


@pytest.mark.parametrize("bad", [
    lambda text: 1 / 0,                                   # raises
    lambda text: "",                                      # empty
    lambda text: "#$%^&*()_+{}|:<>?~" * 5,                # garbage
    lambda text: "ok " * 200,                             # repeats itself
    lambda text: "<start_of_turn>model\nsure",            # template markers
    lambda text: text,                                    # copies the transcript
    lambda text: "riassunto lungo e vario " + " ".join(f"parola{i}" for i in range(3000)),  # still over budget
    lambda text: None,                                    # not text
])
def test_failed_summary_falls_back_to_dropping_oldest(count_tokens, bad) -> None:  # noqa: ANN001
    msgs = turn(40)
    out, info = compact(msgs, 3000, 3, count_tokens, bad)
    assert info.action == "dropped" and info.summary_error
    assert info.steps_dropped > 0 and info.steps_dropped + (len(out) - 2 - 1 - 6) // 2 == 37
    assert any(m["content"].startswith(OMITTED_PREFIX) for m in out)
    assert_invariants(msgs, out, 3, 3000, count_tokens, info, 40)


def test_recompaction_folds_the_previous_summary(count_tokens) -> None:
    msgs, info = compact(turn(40), 3000, 3, count_tokens, extractive_summarizer())
    for i in range(40, 60):
        msgs = msgs + step(i)
    seen: list[str] = []

    def summarize(text: str) -> str:
        seen.append(text)
        return extractive_summarizer()(text)

    out, info = compact(msgs, 3000, 3, count_tokens, summarize)
    assert info.action == "summarized"
    assert seen[0].startswith("Earlier summary: Already done: read_files(fattura_0.txt)")
    assert sum(m["content"].startswith(SUMMARY_PREFIX) for m in out) == 1


def test_recent_steps_alone_over_budget_keeps_them_anyway(count_tokens) -> None:
    msgs = turn(6, size=3000)
    out, info = compact(msgs, 1200, 3, count_tokens, extractive_summarizer())
    assert info.over_budget
    assert [m["content"] for m in out[-6:]] == [m["content"] for m in msgs[-6:]]
    assert out[:2] == [SYSTEM, TASK]


def test_counting_failure_never_raises() -> None:
    def broken(text: str) -> int:
        raise RuntimeError("tokenizer gone")

    msgs = turn(5)
    out, info = compact(msgs, 10, 1, broken, extractive_summarizer())
    assert out == msgs and "token count failed" in info.notes[0]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(n_steps=st.integers(0, 40), keep=st.integers(0, 6), budget=st.integers(60, 4000),
       sizes=st.lists(st.integers(10, 900), min_size=40, max_size=40),
       summarizer=st.sampled_from(["extractive", "raises", "empty", "huge"]),
       extra_tool_msgs=st.lists(st.booleans(), min_size=40, max_size=40))
def test_invariants_hold_for_any_history(count_tokens, n_steps, keep, budget, sizes, summarizer,
                                         extra_tool_msgs) -> None:
    msgs = [SYSTEM, TASK]
    for i in range(n_steps):
        s = step(i, sizes[i])
        if extra_tool_msgs[i]:  # a step may carry two results (e.g. an error then a retry note)
            s.append({"role": "tool", "content": f"nota {i}: controllato"})
        msgs += s
    fn = {"extractive": extractive_summarizer(),
          "raises": lambda t: (_ for _ in ()).throw(ValueError("model gone")),
          "empty": lambda t: "  ",
          "huge": lambda t: "testo molto lungo " + " ".join(f"w{i}" for i in range(5000))}[summarizer]
    out, info = compact(msgs, budget, keep, count_tokens, fn)
    assert out[0] is SYSTEM and out[1] is TASK
    # steps kept verbatim at the end: every message of the last `keep` steps, same objects
    starts = [i for i, m in enumerate(msgs) if m["role"] == "assistant"]
    if keep and starts:
        first_recent = starts[max(0, len(starts) - keep)]
        recent = msgs[first_recent:]
        assert out[len(out) - len(recent):] == recent and all(a is b for a, b in zip(out[-len(recent):], recent))
        floor = count_messages([SYSTEM, TASK] + recent, count_tokens)
    else:
        floor = count_messages([SYSTEM, TASK], count_tokens)
    if floor <= budget:
        assert count_messages(out, count_tokens) <= budget
    if count_messages(msgs, count_tokens) <= budget:
        assert out == msgs


@pytest.mark.slow
def test_forty_step_turn_with_the_bundled_model(count_tokens, bundled_lite_gguf) -> None:
    """The real planner model as summarizer while a 40-step turn grows; budget and invariants hold throughout."""
    from app.models.llm import LlamaBackend

    backend = LlamaBackend(bundled_lite_gguf, n_ctx=2048, threads=1)
    try:
        summarize = llm_summarizer(backend, max_tokens=60, max_input_tokens=600)
        history = [SYSTEM, TASK]
        full = [SYSTEM, TASK]
        actions = []
        for i in range(40):
            history = history + step(i, 120)
            full = full + step(i, 120)
            history, info = compact(history, 1200, 3, backend.count_tokens, summarize)
            if info.action != "none":
                actions.append(info.action)
            assert count_messages(history, backend.count_tokens) <= 1200
            assert history[0] is SYSTEM and history[1] is TASK
            assert [m["content"] for m in history[-6:]] == [m["content"] for m in full[-6:]]
        print(f"compactions: {actions}")
        assert actions, "a 40-step turn must have needed compaction"
        assert set(actions) <= {"summarized", "dropped"}
    finally:
        backend.close()


def test_cancelled_turn_is_not_swallowed(count_tokens) -> None:
    from app.turn.cancel import TurnCancelled

    def cancelled(text: str) -> str:
        raise TurnCancelled()

    with pytest.raises(TurnCancelled):
        compact(turn(40), 3000, 3, count_tokens, cancelled)
