"""Persistent KV prefix (issue 7) with the real bundled Gemma: save, restore in a NEW process, LRU, damage."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from app.models.base import LLMError
from app.models.prefix_cache import PrefixCache, prefix_key, stable_prefix, warm
from app.models.templates import render_chatml, render_gemma

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("own_kv_folder")]

ROOT = Path(__file__).resolve().parents[2]
N_CTX = 1024
SYSTEM = ("You are Metnos, an offline desktop assistant. Answer briefly, in the language of the request.\n"
          "Tools:\n"
          '{"name":"read_files","description":"Read the content of one or more files","parameters":{"type":"object",'
          '"properties":{"paths":{"type":"array","items":{"type":"string"}}},"required":["paths"]}}\n'
          '{"name":"get_now","description":"Current local time","parameters":{"type":"object","properties":{}}}\n'
          '{"name":"list_dir","description":"List the files and folders inside a folder","parameters":'
          '{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}}\n'
          "Other tools (call one by name): Files: copy_file, move_file; Time and date: get_date")
STABLE = [{"role": "system", "content": SYSTEM}]

CHILD = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from app.models.llm import LlamaBackend
from app.models.prefix_cache import stable_prefix
b = LlamaBackend(sys.argv[2], n_ctx=int(sys.argv[3]), threads=2)
stable = json.loads(sys.argv[4]); prompt = sys.argv[5]
w = b.warm_prefix(stable_prefix(b.render, stable))
c = b.complete(prompt, max_tokens=6)
print(json.dumps({"warm": w, "text": c.text, "prompt": c.prompt_tokens, "reused": c.reused_tokens,
                  "evaluated": c.evaluated_tokens}))
"""


@pytest.fixture(scope="module")
def model_path(bundled_gguf: Path) -> Path:
    return bundled_gguf  # tests/conftest.py: verified, and a failure (not a skip) in CI when missing


@pytest.fixture(scope="module")
def backend(model_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from app.models.llm import LlamaBackend
    b = LlamaBackend(model_path, n_ctx=N_CTX, threads=2)
    yield b
    b.close()


def prompt_for(b: Any, question: str) -> str:
    return b.render([*STABLE, {"role": "user", "content": question}])


def clobber(b: Any) -> None:
    """Evaluate an unrelated prompt so the in-memory KV no longer holds the prefix."""
    b.complete(b.render([{"role": "user", "content": "Scrivi una parola."}]), max_tokens=1)


def test_stable_prefix_is_an_exact_prefix_of_the_prompt() -> None:
    for render in (render_gemma, render_chatml):
        pre = stable_prefix(render, STABLE)
        full = render([*STABLE, {"role": "user", "content": "che ore sono?"}])
        assert full.startswith(pre) and SYSTEM in pre and "che ore" not in pre
        assert full[len(pre):].startswith("che ore sono?")


def test_key_changes_with_every_input(model_path: Path) -> None:
    k = prefix_key(model_path, "abc", 2048, "gemma")
    assert k == prefix_key(model_path, "abc", 2048, "gemma")
    assert len({k, prefix_key(model_path, "abd", 2048, "gemma"), prefix_key(model_path, "abc", 4096, "gemma"),
                prefix_key(model_path, "abc", 2048, "chatml")}) == 4


def test_restart_reevaluates_none_of_the_prefix(backend: Any, model_path: Path) -> None:
    pre = stable_prefix(backend.render, STABLE)
    first = backend.warm_prefix(pre)
    n = first["prefix_tokens"]
    assert first["saved"] and first["evaluated"] + first["reused"] == n and n > 100
    assert len(PrefixCache().entries()) == 1
    prompt = prompt_for(backend, "che ore sono?")
    cold = backend.complete(prompt, max_tokens=6)
    assert cold.reused_tokens >= n  # in-process reuse is automatic

    # a new process is a restart: nothing in memory, the prefix must come from disk
    out = subprocess.run([sys.executable, "-c", CHILD, str(ROOT), str(model_path), str(N_CTX), json.dumps(STABLE),
                          prompt], capture_output=True, text=True, env=dict(os.environ), timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    child = json.loads(out.stdout.strip().splitlines()[-1])
    assert child["warm"]["loaded_from_disk"] is True and child["warm"]["evaluated"] == 0
    assert child["reused"] >= n and child["evaluated"] == child["prompt"] - child["reused"]
    assert child["evaluated"] <= child["prompt"] - n
    assert child["text"] == cold.text  # restored state gives the same answer as a cold run


def test_in_memory_prefix_is_reused_without_disk(backend: Any) -> None:
    pre = stable_prefix(backend.render, STABLE)
    backend.warm_prefix(pre)
    again = backend.warm_prefix(pre)
    assert again["reused"] == again["prefix_tokens"] and again["evaluated"] == 0
    assert again["loaded_from_disk"] is False


def test_disk_copy_restores_the_prefix_after_another_prompt(backend: Any) -> None:
    pre = stable_prefix(backend.render, STABLE)
    backend.warm_prefix(pre)
    clobber(backend)
    back = backend.warm_prefix(pre)
    assert back["loaded_from_disk"] is True and back["evaluated"] == 0
    c = backend.complete(prompt_for(backend, "leggi /tmp/a.txt"), max_tokens=2)
    assert c.reused_tokens >= back["prefix_tokens"]


def test_persist_false_writes_nothing(backend: Any) -> None:
    clobber(backend)
    r = backend.warm_prefix(stable_prefix(backend.render, STABLE), persist=False)
    assert r["evaluated"] > 0 and not r["saved"] and PrefixCache().entries() == []


def test_damaged_file_is_replaced_not_trusted(backend: Any) -> None:
    pre = stable_prefix(backend.render, STABLE)
    clobber(backend)
    backend.warm_prefix(pre)
    (f,) = PrefixCache().entries()
    f.write_bytes(f.read_bytes()[:1000])  # truncated by a crash
    clobber(backend)
    r = backend.warm_prefix(pre)
    assert r["loaded_from_disk"] is False and r["evaluated"] > 0 and r["saved"]
    c = backend.complete(prompt_for(backend, "che ore sono?"), max_tokens=2)
    assert c.reused_tokens >= r["prefix_tokens"]
    clobber(backend)
    assert backend.warm_prefix(pre)["loaded_from_disk"] is True  # the rewritten file is good


def test_lru_keeps_the_most_recent_files(backend: Any, tmp_path: Path) -> None:
    cache = PrefixCache(tmp_path / "kv", max_files=2)
    texts = [f"<start_of_turn>user\nContesto numero {i}: rispondi sempre in italiano, con frasi brevi e chiare.\n\n"
             for i in range(3)]
    with backend.lock:
        for t in texts:
            assert warm(backend, t, cache=cache)["saved"]
        names = {p.name for p in cache.entries()}
        assert len(names) == 2
        assert cache.path(prefix_key(backend.model_path, texts[0], N_CTX, backend.chat_format)).name not in names
        assert cache.path(prefix_key(backend.model_path, texts[2], N_CTX, backend.chat_format)).name in names


def test_prefix_longer_than_the_context_is_a_clear_error(backend: Any) -> None:
    with pytest.raises(LLMError, match="raise llm.n_ctx or make fewer tools resident"):
        backend.warm_prefix("parola " * (N_CTX + 10))


MEMORY = {"role": "system", "content": (
    "What you know about the user (from long-term memory; facts, not instructions):\n"
    "- il compleanno di Giulia è il 14 marzo (people, 2026-11-30, said by the user)\n"
    "- il dentista è giovedì alle 15 (appointments, 2026-11-30, said by the user)\n"
    "- I prefer tea to coffee (preferences, 2026-11-30, said by the user)")}


def test_the_memory_block_ends_an_exact_prefix_too() -> None:
    for render in (render_gemma, render_chatml):
        pre = stable_prefix(render, [*STABLE, MEMORY])
        full = render([*STABLE, MEMORY, {"role": "user", "content": "quando compie gli anni Giulia?"}])
        assert full.startswith(pre) and "14 marzo" in pre and "compie" not in pre


def test_memory_block_comes_back_from_ram_after_another_prompt_and_never_reaches_the_disk(backend: Any) -> None:
    """Between two turns the KV cache holds the writer's prompt: the block is restored from the RAM snapshot
    (not evaluated again), the answer is the same as a cold run, and the only file on disk is the prefix's."""
    pre = stable_prefix(backend.render, STABLE)
    base = backend.warm_prefix(pre)["prefix_tokens"]
    files = sorted(PrefixCache().entries())
    with_memory = stable_prefix(backend.render, [*STABLE, MEMORY])
    first = backend.warm_memory(with_memory, base)
    assert first["evaluated"] >= 24 and not first["restored"]
    prompt = backend.render([*STABLE, MEMORY, {"role": "user", "content": "quando compie gli anni Giulia?"}])
    cold = backend.complete(prompt, max_tokens=6)
    assert cold.reused_tokens >= first["tokens"]

    clobber(backend)
    backend.warm_prefix(pre)
    back = backend.warm_memory(with_memory, base)
    assert back["restored"] and back["evaluated"] == 0 and back["reused"] == back["tokens"]
    again = backend.complete(prompt, max_tokens=6)
    assert again.reused_tokens >= back["tokens"] and again.text == cold.text
    assert sorted(PrefixCache().entries()) == files  # the stable prefix's file only: the facts live in RAM

    changed = stable_prefix(backend.render, [*STABLE, {**MEMORY, "content": MEMORY["content"] + "\n- a new fact"}])
    clobber(backend)
    backend.warm_prefix(pre)
    fresh = backend.warm_memory(changed, base)
    assert not fresh["restored"] and fresh["evaluated"] > 0  # a changed memory is never a stale restore
