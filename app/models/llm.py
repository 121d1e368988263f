"""Local GGUF backend on llama-cpp-python.

One Llama object, one owner thread: two threads calling it at once hit a
GGML_ASSERT (measured). The engine worker is that owner; `lock` guards
against accidents. The weights can be released while idle (`unload_if_idle`,
driven by [llm] keep_alive_minutes) and come back on the next use: every
access to `llm` reloads them under the same lock, so an unload never races a
call in progress and a caller never sees a closed model.
"""
from __future__ import annotations

import ctypes
import gc
import json
import logging
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence, cast

import numpy as np

from app.turn.cancel import CancelToken, TurnCancelled

from . import option_scores
from .base import Completion, LLMError, Message, Streamed, TokenCallback
from .templates import CHATML_STOP, GEMMA_STOP, render_chatml, render_gemma

log = logging.getLogger("metnos.llama")
_log_cb_ref: Any = None


def _route_llama_logs() -> None:
    """llama.cpp prints to stderr even with verbose=False; send it to our logger instead."""
    global _log_cb_ref
    if _log_cb_ref is not None:
        return
    import llama_cpp

    def _cb(level: int, text: bytes, _user: Any) -> None:
        msg = text.decode("utf-8", "replace").rstrip()
        if msg:
            log.debug(msg)

    _log_cb_ref = llama_cpp.llama_log_callback(_cb)  # the C callback; the reference keeps it alive
    llama_cpp.llama_log_set(_log_cb_ref, ctypes.c_void_p(0))


_params_lock = threading.Lock()


@contextmanager
def _sequences(n: int) -> Iterator[None]:
    """Contexts created meanwhile have `n` sequences over one unified KV cache (option_scores.py scores the
    planner's options side by side in them). llama-cpp-python's Llama takes no such argument; it reads
    llama_context_default_params() once while constructing, so that function answers with them for now."""
    import llama_cpp.llama_cpp as lc

    with _params_lock:
        original = lc.llama_context_default_params

        def params() -> Any:
            p = original()
            p.n_seq_max = n
            p.kv_unified = True  # one cache of n_ctx cells that every sequence shares (not n_ctx / n each)
            return p

        lc.llama_context_default_params = params
        try:
            yield
        finally:
            lc.llama_context_default_params = original


def default_threads(setting: int) -> int:
    """0 = one thread per physical core: llama.cpp gains nothing from a core's second hardware thread,
    and on a 2-core machine without SMT 2 threads doubled prompt speed against 1 (38 -> 76 tok/s)."""
    from .hardware import physical_cores

    return setting if setting > 0 else physical_cores()


class LlamaBackend:
    name = "llama_cpp"

    def __init__(self, model_path: Path, n_ctx: int = 4096, threads: int = 0, chat_format: str = "auto",
                 progress: Callable[[float], None] | None = None):
        _route_llama_logs()
        self.model_path = Path(model_path)
        self.n_ctx = n_ctx
        self.threads = default_threads(threads)
        self.lock = threading.RLock()
        self._abort = False
        self._abort_cb: Any = None  # the ctypes abort callback, referenced here while llama.cpp may call it
        self._llm: Any = None
        self._formatter: Any = None  # (the compiled chat template, its BOS text), built on first render
        self._ram_snapshot: Any = None  # ram_prefix.Snapshot: KV state up to the memory block, RAM only
        self.loads = 0                       # 1 at construction, +1 per reload after an unload
        self.last_used = time.monotonic()
        self._load(progress)
        self.metadata: dict[str, str] = dict(getattr(self._llm, "metadata", {}) or {})
        self.chat_format = self._pick_format(chat_format)

    def _load(self, progress: Callable[[float], None] | None = None) -> None:
        import llama_cpp

        t0 = time.perf_counter()

        def _progress(p: float, _u: Any = None) -> bool:
            if progress:
                progress(float(p))
            return True

        try:
            with _sequences(option_scores.SEQUENCES):
                self._llm = llama_cpp.Llama(
                    model_path=str(self.model_path), n_ctx=self.n_ctx, n_threads=self.threads,
                    n_threads_batch=self.threads, n_batch=512, verbose=False, logits_all=False)
        except (ValueError, RuntimeError) as e:
            raise LLMError(f"{self.model_path}: llama.cpp could not load it ({e}). Fix: check the file is a "
                           f"complete GGUF (`metnos doctor`), or set llm.model to \"bundled\"") from None
        self.load_s = time.perf_counter() - t0
        self.loads += 1
        self.last_used = time.monotonic()
        if progress:
            progress(1.0)
        self._install_abort_callback()

    # -- residency (keep-alive) ---------------------------------------------------
    @property
    def llm(self) -> Any:
        """The llama_cpp.Llama, loaded again if it was released while idle (the KV prefix then comes
        back from disk through warm_prefix)."""
        with self.lock:
            self.last_used = time.monotonic()
            if self._llm is None:
                log.info("reloading %s after an idle unload", self.model_path.name)
                self._load()
            return self._llm

    @property
    def loaded(self) -> bool:
        return self._llm is not None

    def unload_if_idle(self, idle_s: float) -> bool:
        """Release the weights and the KV cache if nothing used them for `idle_s` seconds. Never waits:
        a call in progress holds the lock, and then this returns False (the next tick tries again)."""
        if self._llm is None or not self.lock.acquire(blocking=False):
            return False
        try:
            if self._llm is None or time.monotonic() - self.last_used < idle_s:
                return False
            self._release()
            log.info("released %s after %.0f s idle", self.model_path.name, idle_s)
            return True
        finally:
            self.lock.release()

    @contextmanager
    def _using(self) -> Iterator[None]:
        """Hold the model for one call; idle time counts from the end of the call."""
        with self.lock:
            try:
                yield
            finally:
                self.last_used = time.monotonic()

    def _release(self) -> None:
        """Free the Llama (weights, KV cache). No local reference is taken: once `loaded` reads False the
        object is already gone (another thread checking right then must not see it alive)."""
        self._abort_cb = None
        self._ram_snapshot = None  # the memory block's KV state goes with the model (ram_prefix.py)
        try:
            self._llm.close()
        except Exception:
            pass
        self._llm = None
        gc.collect()

    # -- template --------------------------------------------------------------
    def _pick_format(self, setting: str) -> str:
        if setting != "auto":
            return setting
        if self.metadata.get("tokenizer.chat_template"):
            return "jinja"
        arch = self.metadata.get("general.architecture", "")
        return "gemma" if "gemma" in arch else "chatml"

    def render(self, messages: Sequence[Message], add_generation_prompt: bool = True) -> str:
        if self.chat_format == "gemma":
            return render_gemma(messages, add_generation_prompt)
        if self.chat_format == "chatml":
            return render_chatml(messages, add_generation_prompt)
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter
        from llama_cpp.llama_types import ChatCompletionRequestMessage

        if self._formatter is None:  # compiling the template costs ~25 ms: once per model, not per prompt
            tmpl = self.metadata["tokenizer.chat_template"]
            eos = self.llm.detokenize([self.llm.token_eos()]).decode("utf-8", "ignore")
            bos = self.llm.detokenize([self.llm.token_bos()]).decode("utf-8", "ignore")
            self._formatter = (Jinja2ChatFormatter(tmpl, eos_token=eos, bos_token=bos), bos)
        formatter, bos = self._formatter
        msgs = [{"role": "user" if m["role"] == "tool" else m["role"], "content": m["content"]} for m in messages]
        # The formatter only hands the dicts to the Jinja template; its annotation asks for the
        # OpenAI-request TypedDicts, which plain {role, content} dicts are at run time.
        typed_msgs = cast("list[ChatCompletionRequestMessage]", msgs)
        p = str(formatter(messages=typed_msgs).prompt)
        return p[len(bos):] if bos and p.startswith(bos) else p

    @property
    def stop_strings(self) -> tuple[str, ...]:
        if self.chat_format == "gemma":
            return GEMMA_STOP
        if self.chat_format == "chatml":
            return CHATML_STOP
        return ()

    # -- tokens ----------------------------------------------------------------
    def tokenize(self, text: str, add_bos: bool = True) -> list[int]:
        tokens: list[int] = self.llm.tokenize(text.encode("utf-8"), add_bos=add_bos, special=True)
        return tokens

    def count_tokens(self, text: str) -> int:
        return len(self.tokenize(text, add_bos=False))

    def _prefix_len(self, tokens: Sequence[int]) -> int:
        cached = self.llm._input_ids[: self.llm.n_tokens]
        n = 0
        for a, b in zip(cached, tokens):
            if a != b:
                break
            n += 1
        return min(n, len(tokens) - 1)  # llama-cpp-python always re-evaluates the last token

    # -- cancellation of prefill -------------------------------------------------
    def _install_abort_callback(self) -> None:
        """Prompt evaluation ignores a broken stream loop; llama_set_abort_callback stops it within ms."""
        import llama_cpp

        fn = getattr(llama_cpp, "llama_set_abort_callback", None)
        ctx = getattr(getattr(self._llm, "_ctx", None), "ctx", None)
        if fn is None or ctx is None:
            self._abort_cb = None
            return
        cb_type = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p)
        self._abort_cb = cb_type(lambda _u: bool(self._abort))
        try:
            fn(ctx, self._abort_cb, None)
        except (ctypes.ArgumentError, TypeError):
            self._abort_cb = None

    def _watch(self, cancel: CancelToken | None) -> threading.Event:
        done = threading.Event()
        if cancel is None:
            return done

        def run() -> None:
            while not done.wait(0.005):
                if cancel.cancelled:
                    self._abort = True
                    return

        threading.Thread(target=run, daemon=True).start()
        return done

    # -- generation ------------------------------------------------------------
    def complete(self, prompt: str, *, max_tokens: int = 256, stop: Sequence[str] = (),
                 json_schema: dict[str, Any] | None = None, grammar: str | None = None,
                 temperature: float = 0.0, cancel: CancelToken | None = None,
                 on_token: TokenCallback | None = None, repeat_penalty: float = 1.0) -> Completion:
        from llama_cpp.llama_grammar import LlamaGrammar

        g = None
        if json_schema is not None:
            g = LlamaGrammar.from_json_schema(json.dumps(json_schema), verbose=False)
        elif grammar is not None:
            g = LlamaGrammar.from_string(grammar, verbose=False)
        with self._using():
            tokens = self.tokenize(prompt)
            if len(tokens) + max_tokens > self.n_ctx:
                raise LLMError(f"prompt of {len(tokens)} tokens does not fit the context of {self.n_ctx}; "
                               f"raise llm.n_ctx or shorten the request")
            reused = self._prefix_len(tokens)
            self._abort = False
            done = self._watch(cancel)
            t0 = time.perf_counter()
            got = Streamed(on_token)
            finish = "stop"
            try:
                stream = self.llm.create_completion(
                    tokens, max_tokens=max_tokens, temperature=temperature, top_k=1 if temperature == 0 else 40,
                    stop=list(stop) + list(self.stop_strings), grammar=g, stream=True, repeat_penalty=repeat_penalty)
                for chunk in stream:
                    if cancel is not None and cancel.cancelled:
                        finish = "cancelled"
                        break
                    choice = chunk["choices"][0]
                    got.add(choice.get("text", ""))
                    if choice.get("finish_reason"):
                        finish = choice["finish_reason"]
            except RuntimeError as e:
                if cancel is not None and cancel.cancelled:
                    finish = "cancelled"
                else:
                    raise LLMError(f"llama.cpp failed while generating: {e}") from None
            finally:
                done.set()
                self._abort = False
            if finish == "cancelled":
                raise TurnCancelled()
            return Completion(
                text=got.text, prompt_tokens=len(tokens), reused_tokens=reused,
                evaluated_tokens=len(tokens) - reused, completion_tokens=got.count, finish_reason=finish,
                timings=got.timings(t0))

    def _last_logits(self) -> np.ndarray:
        """Logits of the last evaluated token (not kept in llm.scores unless logits_all)."""
        ptr = self.llm._ctx.get_logits_ith(-1)
        return np.ctypeslib.as_array(ptr, shape=(self.llm.n_vocab(),)).astype(np.float32, copy=True)

    def score_options(self, prompt: str, options: Sequence[str]) -> list[float]:
        """Mean log-prob of each option after `prompt`; the shared prefix is evaluated once, the options
        together in one batch (option_scores.py) when the context has the sequences for it."""
        with self._using():
            llm = self.llm
            ptoks = self.tokenize(prompt)
            if not option_scores.holds_live(llm, ptoks):  # (after a prime the prompt's logits are live)
                keep = self._prefix_len(ptoks)
                llm.n_tokens = keep
                llm.eval(ptoks[keep:])
            base_logits = self._last_logits()
            n_prompt = llm.n_tokens
            tokenized = [self.tokenize(opt, add_bos=False) for opt in options]
            batched = option_scores.score(llm, base_logits, n_prompt, tokenized)
            if batched is not None:
                return batched
            out: list[float] = []
            for otoks in tokenized:
                logits = base_logits
                total = 0.0
                for i, t in enumerate(otoks):
                    total += option_scores.log_prob(logits, t)
                    if i + 1 < len(otoks):
                        llm.eval([t])
                        logits = self._last_logits()
                out.append(total / max(1, len(otoks)))
                llm.n_tokens = n_prompt
            llm._requires_eval = True  # the last logits are an option's, not the prompt's
            return out

    # -- persistent KV prefix (the logic lives in prefix_cache.py) ------------
    def warm_prefix(self, prefix_text: str, persist: bool = True,
                    cancel: CancelToken | None = None) -> dict[str, Any]:
        """Make the KV cache hold `prefix_text` (system + resident tools): reuse memory, else load it from
        cache_dir()/kv (~15 ms), else evaluate it once and save it. Returns {prefix_tokens, reused,
        evaluated, loaded_from_disk, saved, ms}. `persist` is the llm.prefix_cache setting."""
        from .prefix_cache import warm

        with self._using():
            return warm(self, prefix_text, persist=persist, cancel=cancel)

    def warm_memory(self, text: str, base_tokens: int, cancel: CancelToken | None = None) -> dict[str, Any]:
        """Make the KV cache hold `text` — the stable prefix and the long-term memory block after it — from
        a snapshot kept in RAM only (ram_prefix.py: the facts never reach the disk)."""
        from . import ram_prefix

        with self._using():
            return ram_prefix.warm(self, text, base_tokens, cancel)

    def close(self) -> None:
        with self.lock:
            if self._llm is not None:
                self._release()
