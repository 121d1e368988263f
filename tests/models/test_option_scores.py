"""Options scored side by side in one batch (app/models/option_scores.py), on the real bundled Gemma: the same
scores as one option at a time, the cache left holding the prompt, and generation unchanged afterwards."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.models import option_scores

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("own_kv_folder")]

SYSTEM = ("You are Metnos, an offline desktop assistant. Decide the next action.\n"
          "Tools: read_files, list_dir, get_date, get_now, get_urls, search_in_files, answer")
# options that share first tokens (" get…") and one of a single token (" answer"): the trie and the plain case
OPTIONS = [" read_files", " list_dir", " get_date", " get_now", " get_urls", " search_in_files", " answer"]
# a noise of the batch size in the matrix kernels, not a different quantity (measured ≤ 0.1 on the 1.5B)
TOLERANCE = 0.15


@pytest.fixture(scope="module")
def backend(bundled_gguf: Path) -> Iterator[Any]:
    from app.models.llm import LlamaBackend
    b = LlamaBackend(bundled_gguf, n_ctx=1024, threads=2)
    yield b
    b.close()


def decision_prompt(b: Any, request: str) -> str:
    return b.render([{"role": "system", "content": SYSTEM}, {"role": "user", "content": request}]) + "Action:"


def one_at_a_time(b: Any, prompt: str, options: list[str], monkeypatch: pytest.MonkeyPatch) -> list[float]:
    with monkeypatch.context() as m:
        m.setattr(option_scores, "score", lambda *a: None)  # the path for a context without sequences
        return list(b.score_options(prompt, options))


def test_the_context_has_a_sequence_per_option(backend: Any) -> None:
    assert option_scores.batch_capacity(backend.llm) == option_scores.SEQUENCES - 1 >= len(OPTIONS)


@pytest.mark.parametrize("request_text", ["what time is it?", "leggimi /tmp/x/note.md", "ciao, come va?"])
def test_batched_scores_are_the_one_at_a_time_scores(backend: Any, request_text: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = decision_prompt(backend, request_text)
    together = backend.score_options(prompt, OPTIONS)
    alone = one_at_a_time(backend, prompt, OPTIONS, monkeypatch)
    assert len(together) == len(OPTIONS)
    assert all(x < 0 for x in together)
    assert max(abs(x - y) for x, y in zip(together, alone)) < TOLERANCE, (together, alone)


def test_after_a_prime_the_live_logits_give_the_same_scores(backend: Any) -> None:
    prompt = decision_prompt(backend, "how big is /tmp/x/report.txt?")
    cold = backend.score_options(prompt, OPTIONS)
    backend.complete(prompt, max_tokens=1)  # the planner's prime: the prompt's logits stay live
    assert option_scores.holds_live(backend.llm, backend.tokenize(prompt))
    primed = backend.score_options(prompt, OPTIONS)
    assert max(abs(x - y) for x, y in zip(cold, primed)) < TOLERANCE


def test_the_cache_holds_the_prompt_and_generation_is_unchanged_after_scoring(backend: Any) -> None:
    prompt = decision_prompt(backend, "che file ci sono in /tmp/x?")
    backend.llm.reset()
    fresh = backend.complete(prompt, max_tokens=8).text
    backend.score_options(prompt, OPTIONS)
    ptoks = backend.tokenize(prompt)
    assert backend.llm.n_tokens == len(ptoks)
    assert not option_scores.holds_live(backend.llm, ptoks)  # the logits are an option's: never sampled from
    assert backend.complete(prompt, max_tokens=8).text == fresh
    # the extra sequences are gone: a longer prompt after it evaluates and answers as from a clean cache
    longer = decision_prompt(backend, "che file ci sono in /tmp/x? e in /tmp/y?")
    after = backend.complete(longer, max_tokens=8).text
    backend.llm.reset()
    assert backend.complete(longer, max_tokens=8).text == after


def test_more_options_than_sequences_are_scored_one_at_a_time(backend: Any) -> None:
    many = [f" tool_{i}_x" for i in range(option_scores.SEQUENCES + 2)]
    prompt = decision_prompt(backend, "ciao")
    tokenized = [backend.tokenize(o, add_bos=False) for o in many]
    assert option_scores.score(backend.llm, backend._last_logits(), backend.llm.n_tokens, tokenized) is None
    scores = backend.score_options(prompt, many)
    assert len(scores) == len(many) and all(x < 0 for x in scores)
