"""Keep the KV state of the stable prompt prefix (system + resident tools) on disk across restarts.

Why: prompt processing is the dominant cost of a planner step on a laptop CPU
(~390 tok/s for the bundled 270M, far less for a 4B). Within a process
llama-cpp-python already reuses the longest common token prefix; this module
makes the *first* turn after a restart reuse it too.

How (measured on Gemma 3 270M, 1246-token prefix, 2 busy cores): the low-level
`llama_state_save_file` / `llama_state_load_file` took 13 ms / 16 ms for a 23 MB file, against 1.0 s / 0.23 s for
`Llama.save_state` / `load_state` (which also copy 537 MB of logits; 0.2 s more
each way to pickle them to disk) and 0.18 s / 1.4 s for `LlamaRAMCache`, which
does not survive a restart anyway. Evaluating the prefix took 3.8 s. So: the
low-level file calls, then `n_tokens` / `input_ids` set by hand so
llama-cpp-python's automatic prefix matching takes over.

A file is named by sha256(model file identity + prefix text + n_ctx + chat
format + llama-cpp-python version + the KV layout): any change makes a new entry, never a
wrong reuse. Files live in cache_dir()/kv/ (paths.kv_cache_dir), bounded in number and bytes (LRU
by mtime; a load touches the file), mode 0600.

Privacy: only the stable prefix is saved — the system message and the resident
tools' schemas, cut before the first user message (`stable_prefix`), with no
memory block or history in it — so no user text reaches these files. The
planner passes the memory block in a later message for that reason; the
privacy test scans these files for the user's words.
"""
from __future__ import annotations

import ctypes
import hashlib
import json
import logging
import os
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from app.config import paths
from app.turn.cancel import CancelToken, TurnCancelled

from .option_scores import SEQUENCES

log = logging.getLogger(__name__)

MAX_FILES = 8
MAX_BYTES = 1 << 30  # a 4B model's 2k-token prefix is ~300 MB; the bundled 270M's is ~20 MB
SUFFIX = ".kv"
# Loading costs ~15 ms; evaluating a handful of missing tokens costs less than that.
MIN_TOKENS_TO_LOAD = 8
SENTINEL = "\u2063METNOS-PREFIX-END\u2063"


def model_identity(path: Path) -> str:
    """Path + size + mtime: hashing a 250 MB file would cost ~1 s at every start."""
    p = Path(path).resolve()
    st = p.stat()
    return f"{p}|{st.st_size}|{st.st_mtime_ns}"


def prefix_key(model_path: Path, prefix_text: str, n_ctx: int, chat_format: str) -> str:
    import llama_cpp

    blob = json.dumps({"model": model_identity(model_path), "prefix": prefix_text, "n_ctx": int(n_ctx),
                       "chat_format": chat_format, "llama_cpp": getattr(llama_cpp, "__version__", "?"),
                       "sequences": SEQUENCES},  # the KV layout (option_scores.py) is part of the saved state
                      ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def stable_prefix(render: Callable[..., str], stable_messages: Sequence[dict[str, str]]) -> str:
    """The exact text the full prompt starts with, for messages that never change (system + tools).

    Rendering the stable messages alone is not a prefix of the full prompt (the
    Gemma template folds system text into the first user turn), so a sentinel
    user message is rendered after them and the text is cut where it starts.
    """
    full = render([*stable_messages, {"role": "user", "content": SENTINEL}], add_generation_prompt=False)
    cut = full.find(SENTINEL)
    if cut < 0:
        raise ValueError("the chat template dropped the user message; cannot find the stable prefix")
    return full[:cut]


class PrefixCache:
    """The kv/ folder: save, load, LRU pruning. Safe for two processes (atomic renames)."""

    def __init__(self, directory: Path | None = None, max_files: int = MAX_FILES, max_bytes: int = MAX_BYTES):
        self.directory = Path(directory) if directory is not None else paths.kv_cache_dir()
        self.max_files = max_files
        self.max_bytes = max_bytes

    def path(self, key: str) -> Path:
        return self.directory / f"{key}{SUFFIX}"

    def entries(self) -> list[Path]:
        """Cache files, most recently used first."""
        if not self.directory.is_dir():
            return []
        files = [p for p in self.directory.iterdir() if p.suffix == SUFFIX and p.is_file()]
        return sorted(files, key=lambda p: p.stat().st_mtime_ns, reverse=True)

    def save(self, llm: Any, key: str, tokens: Sequence[int]) -> bool:
        """Write the context's state (which must hold exactly `tokens`) under `key`."""
        import llama_cpp

        paths.ensure(self.directory)
        final = self.path(key)
        tmp = final.with_name(f".{final.name}.{os.getpid()}.tmp")
        arr = (llama_cpp.llama_token * len(tokens))(*tokens)
        try:
            ok = bool(llama_cpp.llama_state_save_file(llm._ctx.ctx, str(tmp).encode(), arr, len(tokens)))
            if ok:
                os.chmod(tmp, 0o600)  # llama.cpp creates it with the umask's mode
                os.replace(tmp, final)
        except OSError as e:
            log.warning("prefix cache not saved (%s)", e)
            ok = False
        finally:
            if tmp.exists():
                tmp.unlink(missing_ok=True)
        if ok:
            self.prune(keep=final)
        return ok

    def load(self, llm: Any, key: str, tokens: Sequence[int]) -> bool:
        """Restore the state saved under `key` if it holds exactly `tokens`; False (and the file removed
        when unreadable) otherwise. On success llama-cpp-python's prefix matching sees the tokens."""
        import llama_cpp

        p = self.path(key)
        if not p.is_file():
            return False
        cap = int(llm.n_ctx())
        out = (llama_cpp.llama_token * cap)()
        count = ctypes.c_size_t(0)
        try:
            ok = bool(llama_cpp.llama_state_load_file(llm._ctx.ctx, str(p).encode(), out, cap, ctypes.byref(count)))
        except (OSError, ctypes.ArgumentError) as e:
            log.warning("prefix cache %s unreadable (%s); removing it", p.name, e)
            ok = False
        n = int(count.value)
        if not ok or n != len(tokens) or list(out[:n]) != list(tokens):
            if not ok:
                p.unlink(missing_ok=True)
            llm.n_tokens = 0  # whatever was loaded is not ours to reuse
            llm._ctx.kv_cache_clear()
            return False
        mark_restored(llm, tokens)
        try:
            os.utime(p)  # LRU
        except OSError:
            pass
        return True

    def prune(self, keep: Path | None = None) -> list[Path]:
        """Drop the least recently used files beyond max_files / max_bytes (never `keep`)."""
        removed: list[Path] = []
        total = 0
        for i, p in enumerate(self.entries()):
            try:
                size = p.stat().st_size
            except OSError:
                continue
            if p != keep and (i >= self.max_files or total + size > self.max_bytes):
                p.unlink(missing_ok=True)
                removed.append(p)
                continue
            total += size
        return removed

    def clear(self) -> int:
        n = 0
        for p in self.entries():
            p.unlink(missing_ok=True)
            n += 1
        return n


def _common(a: Sequence[int], b: Sequence[int]) -> int:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


def cached_tokens(llm: Any, tokens: Sequence[int]) -> int:
    """How many of `tokens` the KV cache already holds, from the start."""
    return _common(llm._input_ids[: llm.n_tokens], tokens)


def mark_restored(llm: Any, tokens: Sequence[int]) -> None:
    """After a state was restored (from a file or from RAM): let llama-cpp-python's prefix matching see it."""
    n = len(tokens)
    llm.input_ids[:n] = tokens
    llm.n_tokens = n
    if hasattr(llm, "_requires_eval"):
        llm._requires_eval = True  # restored logits are not live: generation replays the last token


def evaluate(backend: Any, tokens: Sequence[int], have: int, cancel: CancelToken | None, what: str) -> None:
    """Evaluate `tokens` past the first `have` (already in the cache), cancellable; `what` names the part in
    the error a failure raises."""
    from .base import LLMError

    llm = backend.llm
    backend._abort = False
    done = backend._watch(cancel)
    try:
        llm.n_tokens = have
        llm.eval(tokens[have:])
    except RuntimeError as e:
        if cancel is not None and cancel.cancelled:
            raise TurnCancelled() from None
        raise LLMError(f"llama.cpp failed while evaluating {what}: {e}") from None
    finally:
        done.set()
        backend._abort = False


def warm(backend: Any, prefix_text: str, *, persist: bool = True, cache: PrefixCache | None = None,
         cancel: CancelToken | None = None) -> dict[str, Any]:
    """Make `backend.llm`'s KV cache hold `prefix_text`: in memory already, else from disk, else
    evaluated once (and saved). The caller holds backend.lock. Returns what happened."""
    from .base import LLMError

    llm = backend.llm
    t0 = time.perf_counter()
    toks = backend.tokenize(prefix_text)
    n = len(toks)
    if n >= backend.n_ctx:
        raise LLMError(f"the system + tools prefix is {n} tokens, more than the context of {backend.n_ctx}; "
                       f"raise llm.n_ctx or make fewer tools resident (tools.resident)")
    result: dict[str, Any] = {"prefix_tokens": n, "reused": 0, "evaluated": 0,
                              "loaded_from_disk": False, "saved": False}
    cache = cache or PrefixCache()
    key = prefix_key(backend.model_path, prefix_text, backend.n_ctx, backend.chat_format) if persist else ""
    have = cached_tokens(llm, toks)
    if have >= n:
        result["reused"] = n
        if persist and not cache.path(key).is_file():
            # Evaluated without persisting before (or the file was pruned): keep exactly the prefix and save
            # it. Whatever followed it in memory was the previous request's tail, not reusable anyway.
            llm._ctx.kv_cache_seq_rm(-1, n, -1)
            llm.n_tokens = n
            result["saved"] = cache.save(llm, key, toks)
        result["ms"] = (time.perf_counter() - t0) * 1000
        return result
    if persist and n - have >= MIN_TOKENS_TO_LOAD and cache.load(llm, key, toks):
        result.update(reused=n, loaded_from_disk=True, ms=(time.perf_counter() - t0) * 1000)
        return result
    have = cached_tokens(llm, toks)  # a failed load cleared the context
    evaluate(backend, toks, have, cancel, "the prompt prefix")
    result.update(reused=have, evaluated=n - have)
    if persist:
        result["saved"] = cache.save(llm, key, toks)
    result["ms"] = (time.perf_counter() - t0) * 1000
    return result
