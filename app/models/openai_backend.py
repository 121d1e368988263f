"""LLM backend on an OpenAI-compatible server (llama.cpp server, llama_cpp.server, Ollama, vLLM).

Which endpoint, and why. The planner builds *raw, append-only* prompts (its
KV-prefix discipline, prefilled answers, option scoring), so the main path is
`/v1/completions` with a prompt we render ourselves in the model's format
(`llm.chat_format` = gemma or chatml; `auto` picks gemma for a model whose
name says gemma). Servers do their own prefix caching, so an append-only
prompt is cheap there too. `llm.chat_format = "server"` (and `auto` for
a non-Gemma model) uses `/v1/chat/completions` instead, with the server's own
chat template: then `render` encodes the messages one per line, and a prompt
must end at a message boundary (no prefilled answer).

Server dialects, probed once: llama_cpp.server (`/extras/tokenize`; GBNF
`grammar`, JSON schemas converted to GBNF here), llama.cpp server (`/props`;
`json_schema` / `grammar` fields, `/tokenize`, reuse counts from `timings`),
anything else (`response_format` json_schema, vLLM's `guided_grammar` /
`guided_choice`; token counts estimated and flagged). The API key comes from
the OS keyring only (service "metnos", user "openai-api-key:<base_url>").
"""
from __future__ import annotations

import json
import logging
import math
import threading
import time
from typing import Any, Sequence

from app.turn.cancel import CancelToken

from .base import Completion, LLMError, Message, Streamed, TokenCallback
from .remote_http import HTTPStatusError, RemoteHTTP
from .templates import CHATML_STOP, GEMMA_STOP, render_chatml, render_gemma

log = logging.getLogger(__name__)

KEYRING_SERVICE = "metnos"
FORMATS = ("auto", "gemma", "chatml", "server")
MSG_MARK = "\x1emetnos-msg "  # one encoded message per line in chat ("server") mode
CHARS_PER_TOKEN = 3.6  # estimate when the server cannot tokenize (flagged: token_count_exact = False)
NOT_CHOSEN = -1000.0  # score_options without logprobs: a ranking, not a probability


def keyring_user(base_url: str) -> str:
    return f"openai-api-key:{base_url.rstrip('/')}"


def read_api_key(base_url: str) -> str | None:
    """The key stored for this server, or None (no key, or no usable keyring: local servers need none)."""
    try:
        import keyring
        from keyring.errors import KeyringError
    except ImportError:
        return None
    try:
        return keyring.get_password(KEYRING_SERVICE, keyring_user(base_url)) or None
    except (KeyringError, RuntimeError) as e:
        log.info("no API key read for %s: %s", base_url, e)
        return None


def _raise_unless_absent(e: HTTPStatusError) -> None:
    """A probe may find an endpoint missing (404/405/422/501); a refused key or a broken server is an error."""
    if e.status not in (400, 404, 405, 422, 501):
        raise e


def _gbnf_literal(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)  # GBNF string literals use JSON escapes


class OpenAIBackend:
    name = "openai"

    def __init__(self, base_url: str, model: str = "", chat_format: str = "auto", n_ctx: int = 4096,
                 timeout_s: float = 60.0, retries: int = 2, api_key: str | None = None, dialect: str = "auto"):
        if chat_format not in FORMATS:
            raise LLMError(f"llm.chat_format = {chat_format!r} is not available with backend = \"openai\"; "
                           f"use one of {', '.join(FORMATS)}")
        self.http = RemoteHTTP(base_url, timeout_s, retries, api_key)
        self.base_url = self.http.base_url
        self.n_ctx = int(n_ctx)
        self._model = model
        self._entry: dict[str, Any] | None = None
        self._format_setting = chat_format
        self._dialect = None if dialect == "auto" else dialect
        self._lock = threading.Lock()
        self._bos: int | None = None  # tokens llama_cpp.server adds to any text (BOS)
        self._counts: dict[str, int] = {}
        self._logprobs_ok: bool | None = None
        self.ranked = False  # the last score_options was a constrained choice (a ranking), not log-probs
        self.token_count_exact = True

    @classmethod
    def from_config(cls, config: Any) -> "OpenAIBackend":
        llm = config.llm
        return cls(llm.base_url, llm.remote_model, llm.chat_format, llm.n_ctx, llm.timeout_s, llm.retries,
                   api_key=read_api_key(llm.base_url))

    # -- what the server is -----------------------------------------------------------------
    @property
    def dialect(self) -> str:
        if self._dialect is None:
            with self._lock:
                if self._dialect is None:
                    self._dialect = self._probe()
        return self._dialect

    def _probe(self) -> str:
        try:
            toks = self.http.post_json("/extras/tokenize", {"input": ""}, root=True, retry=True)
            if isinstance(toks, dict) and isinstance(toks.get("tokens"), list):
                return "llama_cpp_python"
        except HTTPStatusError as e:
            _raise_unless_absent(e)
        try:
            props = self.http.get_json("/props", root=True, retry=False)
            if isinstance(props, dict) and ("default_generation_settings" in props or "chat_template" in props):
                return "llama.cpp"
        except HTTPStatusError as e:
            _raise_unless_absent(e)
        return "openai"

    @property
    def bos(self) -> int:
        """Tokens llama_cpp.server's tokenizer adds to every text (it tokenizes with add_bos)."""
        if self._bos is None:
            self._bos = len(self.http.post_json("/extras/tokenize", {"input": ""}, root=True)["tokens"]) \
                if self.dialect == "llama_cpp_python" else 0
        return self._bos

    def _model_entry(self) -> dict[str, Any]:
        """The server's first /v1/models entry ({} when it lists none)."""
        if self._entry is None:
            try:
                data = self.http.get_json("/models").get("data") or []
                self._entry = data[0] if data and isinstance(data[0], dict) else {}
            except HTTPStatusError as e:
                _raise_unless_absent(e)
                self._entry = {}
            except (AttributeError, TypeError):
                self._entry = {}
        return self._entry

    @property
    def model(self) -> str:
        if not self._model:
            self._model = str(self._model_entry().get("id", "") or "")
        return self._model

    @property
    def metadata(self) -> dict[str, str]:
        """What the server says of its model, under GGUF metadata keys where it can (`general.name`,
        `general.size_label`): callers size their trust in the model from these, as for a local GGUF."""
        entry = self._model_entry()
        meta = {"general.name": self.model.replace("\\", "/").rsplit("/", 1)[-1]}
        n_params = (entry.get("meta") or {}).get("n_params") if isinstance(entry.get("meta"), dict) else None
        if isinstance(n_params, (int, float)) and n_params > 0:  # llama.cpp server
            meta["general.size_label"] = f"{n_params / 1e9:.2f}B" if n_params >= 1e9 else f"{n_params / 1e6:.0f}M"
        return meta

    @property
    def chat_format(self) -> str:
        if self._format_setting == "auto":
            self._format_setting = "gemma" if "gemma" in self.model.lower() else "server"
        return self._format_setting

    @property
    def chat_mode(self) -> bool:
        return self.chat_format == "server"

    # -- template ---------------------------------------------------------------------------
    def render(self, messages: Sequence[Message], add_generation_prompt: bool = True) -> str:
        fmt = self.chat_format
        if fmt == "gemma":
            return render_gemma(messages, add_generation_prompt)
        if fmt == "chatml":
            return render_chatml(messages, add_generation_prompt)
        return "".join(MSG_MARK + json.dumps({"role": m["role"], "content": m["content"]}, ensure_ascii=False) + "\n"
                       for m in messages)

    def _decode(self, prompt: str) -> list[dict[str, str]]:
        msgs: list[dict[str, str]] = []
        lines = prompt.split("\n")
        for i, line in enumerate(lines):
            if not line and i == len(lines) - 1:
                continue
            if not line.startswith(MSG_MARK):
                raise LLMError("llm.chat_format = \"server\" cannot continue a partial answer or a raw prompt; "
                               "set llm.chat_format to the model's format (gemma or chatml)")
            m = json.loads(line[len(MSG_MARK):])
            msgs.append({"role": "user" if m["role"] == "tool" else m["role"], "content": m["content"]})
        return msgs

    @property
    def stop_strings(self) -> tuple[str, ...]:
        return {"gemma": GEMMA_STOP, "chatml": CHATML_STOP}.get(self.chat_format, ())

    # -- tokens -------------------------------------------------------------------------------
    def _tokens(self, text: str) -> int:
        d = self.dialect
        if d == "llama_cpp_python":
            return len(self.http.post_json("/extras/tokenize", {"input": text}, root=True)["tokens"]) - self.bos
        if d == "llama.cpp":
            return len(self.http.post_json("/tokenize", {"content": text, "add_special": False}, root=True)["tokens"])
        if self.token_count_exact:
            log.warning("%s cannot tokenize: token counts are estimated (%.1f characters per token)",
                        self.base_url, CHARS_PER_TOKEN)
            self.token_count_exact = False
        return max(1, math.ceil(len(text) / CHARS_PER_TOKEN)) if text else 0

    def count_tokens(self, text: str) -> int:
        if self.chat_mode and text.startswith(MSG_MARK):
            return sum(self.count_tokens(m["content"]) + 4 for m in self._decode(text))
        n = self._counts.get(text)
        if n is None:
            n = self._tokens(text)
            if len(self._counts) > 512:
                self._counts.clear()
            self._counts[text] = n
        return n

    # -- request bodies ---------------------------------------------------------------------------
    def _constraint(self, json_schema: dict[str, Any] | None, grammar: str | None) -> dict[str, Any]:
        if json_schema is None and grammar is None:
            return {}
        d = self.dialect
        if d == "llama_cpp_python":
            if json_schema is not None:
                from llama_cpp.llama_grammar import json_schema_to_gbnf

                return {"grammar": json_schema_to_gbnf(json.dumps(json_schema))}
            return {"grammar": grammar}
        if d == "llama.cpp":
            return {"json_schema": json_schema} if json_schema is not None else {"grammar": grammar}
        if json_schema is not None:
            return {"response_format": {"type": "json_schema",
                                        "json_schema": {"name": "output", "schema": json_schema, "strict": True}}}
        return {"guided_grammar": grammar}

    def _body(self, prompt: str, max_tokens: int, stop: Sequence[str],
              temperature: float) -> tuple[str, dict[str, Any]]:
        body: dict[str, Any] = {"max_tokens": int(max_tokens), "temperature": float(temperature)}
        if self.model:
            body["model"] = self.model
        stops = [s for s in dict.fromkeys([*stop, *self.stop_strings]) if s]
        if stops:
            body["stop"] = stops[:4] if self.dialect == "openai" else stops  # OpenAI accepts at most 4
        if self.dialect != "openai":
            body.update(repeat_penalty=1.0, top_k=1 if temperature == 0 else 40)  # same sampling as local
        if self.chat_mode:
            body["messages"] = self._decode(prompt)
            return "/chat/completions", body
        body["prompt"] = prompt
        return "/completions", body

    # -- generation -------------------------------------------------------------------------------
    def complete(self, prompt: str, *, max_tokens: int = 256, stop: Sequence[str] = (),
                 json_schema: dict[str, Any] | None = None, grammar: str | None = None,
                 temperature: float = 0.0, cancel: CancelToken | None = None,
                 on_token: TokenCallback | None = None, repeat_penalty: float = 1.0) -> Completion:
        path, body = self._body(prompt, max_tokens, stop, temperature)
        body.update(self._constraint(json_schema, grammar))
        if repeat_penalty != 1.0:
            body["repeat_penalty" if self.dialect != "openai" else "frequency_penalty"] = \
                repeat_penalty if self.dialect != "openai" else min(2.0, 2 * (repeat_penalty - 1.0))
        if self.dialect in ("openai",):
            body["stream_options"] = {"include_usage": True}
        t0 = time.perf_counter()
        got = Streamed(on_token)
        finish = "stop"
        usage: dict[str, Any] = {}
        timings: dict[str, Any] = {}
        for chunk in self.http.stream(path, body, cancel):
            if isinstance(chunk.get("usage"), dict):
                usage = chunk["usage"]
            if isinstance(chunk.get("timings"), dict):
                timings = chunk["timings"]
            for choice in chunk.get("choices") or []:
                text = choice.get("text")
                if text is None:
                    text = (choice.get("delta") or {}).get("content") or ""
                got.add(text)
                if choice.get("finish_reason"):
                    finish = choice["finish_reason"]
        took = got.timings(t0)  # before asking the server to count tokens
        prompt_tokens = int(usage.get("prompt_tokens") or 0) or self._prompt_tokens(prompt)
        reused = int(timings.get("cache_n") or 0)
        evaluated = int(timings.get("prompt_n") or (prompt_tokens - reused))
        return Completion(text=got.text, prompt_tokens=prompt_tokens, reused_tokens=reused,
                          evaluated_tokens=evaluated,
                          completion_tokens=int(usage.get("completion_tokens") or got.count),
                          finish_reason=finish, timings=took)

    def _prompt_tokens(self, prompt: str) -> int:
        """Tokens as the server counts them (with BOS where it adds one)."""
        try:
            return self.count_tokens(prompt) + self.bos
        except LLMError:
            return 0

    # -- scoring ------------------------------------------------------------------------------------
    def score_options(self, prompt: str, options: Sequence[str]) -> list[float]:
        """Mean log-prob of each option after `prompt` where the server computes prompt logprobs cheaply
        (generic OpenAI-compatible servers such as vLLM: `echo` + `logprobs`); otherwise one constrained
        choice among the options (chosen 0.0, the others NOT_CHOSEN: a ranking, not probabilities).

        llama_cpp.server also answers echo + logprobs, but sorts the whole 262k vocabulary in Python for
        every prompt token (measured: minutes for a planner prompt), so it gets the constrained choice, as
        does llama.cpp's server (no echo)."""
        self.ranked = False
        if not options:
            return []
        if not self.chat_mode and self.dialect == "openai" and self._logprobs_ok is not False:
            try:
                scores = [self._option_logprob(prompt, o) for o in options]
                self._logprobs_ok = True
                return scores
            except (HTTPStatusError, KeyError, TypeError, ValueError, IndexError) as e:
                if self._logprobs_ok:
                    raise LLMError(f"{self.base_url}: scoring failed ({e})") from None
                log.info("%s gives no prompt logprobs (%s); scoring by constrained choice", self.base_url, e)
                self._logprobs_ok = False
        self.ranked = True
        return self._choose(prompt, options)

    def _option_logprob(self, prompt: str, option: str) -> float:
        body: dict[str, Any] = {"prompt": prompt + option, "max_tokens": 1, "echo": True, "logprobs": 1,
                                "temperature": 0.0}
        if self.model:
            body["model"] = self.model
        r = self.http.post_json("/completions", body)
        lp = r["choices"][0]["logprobs"]
        start, end = len(prompt), len(prompt) + len(option)
        vals = [float(v) for tok, off, v in zip(lp["tokens"], lp["text_offset"], lp["token_logprobs"])
                if v is not None and off < end and off + len(tok) > start]
        if not vals:
            raise ValueError("the server returned no logprobs for the option")
        return sum(vals) / len(vals)

    def _choose(self, prompt: str, options: Sequence[str]) -> list[float]:
        d = self.dialect
        path, body = self._body(prompt, 64, (), 0.0)
        if d == "openai":
            body["guided_choice"] = list(options)
        else:
            body["grammar"] = "root ::= " + " | ".join(_gbnf_literal(o) for o in options)
        text = "".join(c.get("text") or (c.get("message") or {}).get("content") or ""
                       for c in self.http.post_json(path, body).get("choices") or []).strip()
        return [0.0 if o.strip() == text else NOT_CHOSEN for o in options]

    def close(self) -> None:
        """Nothing to free: connections are per request."""
