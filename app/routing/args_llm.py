"""Optional third step of argument extraction: ask the LLM, under a JSON schema, cached on disk.

Off by default (`fast_path.canonical_query_args_llm`): the rules cover most
requests and a model call costs a second or more. When on, it is asked only for
required arguments the rules could not fill, and a value is accepted only if
it literally occurs in the request — the model may locate an argument, never
invent one. Answers are cached by (model, request, tool, arguments) for the
life of the process: the values are words of the user's requests, and nothing
the user says is written to disk unencrypted.
"""
from __future__ import annotations

import hashlib
import json
import logging
import threading
from pathlib import Path
from typing import Any, Callable

from app.config import paths

log = logging.getLogger(__name__)
MAX_ENTRIES = 2000
MAX_VALUE_CHARS = 60


def cache_file() -> Path:
    return paths.cache_dir() / "routing" / "args_llm.json"


class ArgsLLM:
    def __init__(self, llm_provider: Callable[[], Any], path: Path | None = None):
        self._llm = llm_provider
        self.path = path or cache_file()
        self._lock = threading.Lock()
        self._cache: dict[str, dict[str, Any]] | None = None
        self.calls = 0  # model calls made (not served from the cache)

    def _load(self) -> dict[str, dict[str, Any]]:
        if self._cache is None:
            self._cache = {}
        return self._cache

    def _save(self) -> None:
        cache = self._load()
        if len(cache) > MAX_ENTRIES:
            for k in list(cache)[: len(cache) - MAX_ENTRIES]:
                del cache[k]
        # in memory only (see the module docstring); a file left by an older version is removed
        try:
            self.path.unlink(missing_ok=True)
        except OSError:
            pass

    @staticmethod
    def key(model: str, text: str, tool: str, wanted: list[str]) -> str:
        raw = json.dumps([model, text, tool, sorted(wanted)], ensure_ascii=False)
        return hashlib.sha256(raw.encode("utf-8")).hexdigest()

    def extract(self, text: str, tool: Any, wanted: list[str]) -> dict[str, Any]:
        """Values for `wanted` args of `tool` found in `text` (only those occurring verbatim in it)."""
        if not wanted or not isinstance(text, str) or not text.strip():
            return {}
        backend = self._llm()
        model = str(getattr(backend, "model_path", getattr(backend, "name", "llm")))
        k = self.key(model, text, tool.name, wanted)
        with self._lock:
            cached = self._load().get(k)
        if cached is not None:
            return dict(cached)
        props = tool.properties
        schema = {"type": "object", "additionalProperties": False, "required": sorted(wanted), "properties": {
            a: {"type": "string", "maxLength": MAX_VALUE_CHARS} for a in sorted(wanted)}}
        described = "\n".join(f"- {a}: {props.get(a, {}).get('description', a)}" for a in sorted(wanted))
        prompt = backend.render([{"role": "user", "content": (
            f"Copy from the request the exact words for each argument of the tool {tool.name}. "
            f"Use an empty string when the request does not contain it.\nArguments:\n{described}\n"
            f"Request: {text}\nJSON:")}])
        try:
            out = backend.complete(prompt, max_tokens=24 + 40 * len(wanted), json_schema=schema, temperature=0.0)
            self.calls += 1
            data = json.loads(out.text)
        except Exception as e:  # a model problem costs the fast path, never the turn
            log.warning("args LLM fallback failed: %s", e)
            return {}
        texts = {a: v.strip() for a, v in data.items()
                 if a in wanted and isinstance(v, str) and v.strip() and v.strip().lower() in text.lower()}
        found: dict[str, Any] = {a: ([v] if props.get(a, {}).get("type") == "array" else v) for a, v in texts.items()}
        with self._lock:
            self._load()[k] = found
            self._save()
        return dict(found)
