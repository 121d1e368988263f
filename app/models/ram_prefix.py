"""The KV state of the prompt up to the long-term memory block, kept in RAM only — never on disk.

Why: the planner's prompt is the stable prefix (instructions + tools, kept on disk by prefix_cache.py) and
then the memory block ("what you know about the user": every fact while they are few). The block is the
same turn after turn, but between two turns the KV cache holds the answer writer's prompt, so the block was
evaluated again on every turn: ~20 ms per token on 2 cores, 2-10 s for 5-30 facts. A snapshot of the
state right after the block makes the next turn start there (a copy of ~30 KB per token, tens of ms).

Privacy: the memory is encrypted at rest, so this state (which encodes the facts) lives only in the
process's memory, one snapshot at a time, dropped with the model; it is never written anywhere.
"""
from __future__ import annotations

import ctypes
import logging
import time
from dataclasses import dataclass
from typing import Any

from app.turn.cancel import CancelToken

from .prefix_cache import cached_tokens, evaluate, mark_restored

log = logging.getLogger(__name__)

# Below this many tokens past the disk prefix, evaluating them costs less than keeping a snapshot.
MIN_TOKENS = 24


@dataclass
class Snapshot:
    tokens: list[int]  # what the state holds: a snapshot is restored only for exactly these tokens
    data: Any  # ctypes array of the llama_state bytes
    size: int


def warm(backend: Any, text: str, base_tokens: int, cancel: CancelToken | None = None) -> dict[str, Any]:
    """Make the KV cache hold `text` (which starts with the `base_tokens` of the disk prefix, already in the
    cache): reuse what is there, else restore the snapshot, else evaluate the rest and take a snapshot.
    The caller holds backend.lock."""
    import llama_cpp

    llm = backend.llm
    t0 = time.perf_counter()
    toks = backend.tokenize(text)
    n = len(toks)
    out: dict[str, Any] = {"tokens": n, "reused": 0, "evaluated": 0, "restored": False}
    have = cached_tokens(llm, toks)
    if have >= n or n - base_tokens < MIN_TOKENS:
        out.update(reused=min(have, n), ms=(time.perf_counter() - t0) * 1000)
        return out
    snap: Snapshot | None = getattr(backend, "_ram_snapshot", None)
    if snap is not None and snap.tokens == toks:
        if llama_cpp.llama_state_set_data(llm._ctx.ctx, snap.data, snap.size) > 0:
            mark_restored(llm, toks)
            out.update(reused=n, restored=True, ms=(time.perf_counter() - t0) * 1000)
            return out
        log.warning("the memory block's KV snapshot did not restore; evaluating it")
        llm.n_tokens = 0
        llm._ctx.kv_cache_clear()
        backend._ram_snapshot = None
        have = 0
    evaluate(backend, toks, have, cancel, "the memory block")
    out.update(reused=have, evaluated=n - have)
    size = int(llama_cpp.llama_state_get_size(llm._ctx.ctx))
    data = (ctypes.c_uint8 * size)()
    written = int(llama_cpp.llama_state_get_data(llm._ctx.ctx, data, size))
    backend._ram_snapshot = Snapshot(toks, data, written) if written > 0 else None
    out["ms"] = (time.perf_counter() - t0) * 1000
    return out
