"""Loads the models lazily and keeps them in step with runtime.toml: the planner LLM and the embedder.

Models load on first use (or in the background via `preload`) so an L0
answer never waits for them; a change of [llm] or [embed] in runtime.toml
drops the loaded model and the next request loads the new one.
"""
from __future__ import annotations

import logging
import threading
from typing import Any, Callable

from app.config import ConfigChange, ConfigManager
from app.models.base import LLMBackend, LLMError
from app.models.bundle import ModelError

log = logging.getLogger(__name__)

ProgressFn = Callable[[str, float], None]


class ModelLoader:
    def __init__(self, manager: ConfigManager):
        self.manager = manager
        self._lock = threading.RLock()
        self._llm: LLMBackend | None = None
        self._embedder: Any = None
        self.progress: list[ProgressFn] = []
        manager.subscribe(self._on_config)

    @property
    def config(self) -> Any:
        return self.manager.config

    def _on_config(self, change: ConfigChange) -> None:
        if not change.ok:
            return
        keys = change.changed
        with self._lock:
            if any(k.startswith("llm.") and k.split(".")[1] in ("backend", "model", "n_ctx", "threads", "chat_format",
                                                               "base_url", "remote_model") for k in keys):
                self._drop_llm()
            if any(k.startswith("embed.") for k in keys):
                self._embedder = None

    def _drop_llm(self) -> None:
        if self._llm is not None and hasattr(self._llm, "close"):
            try:
                self._llm.close()
            except Exception:
                pass
        self._llm = None

    def _report(self, what: str, frac: float) -> None:
        for fn in list(self.progress):
            try:
                fn(what, frac)
            except Exception:
                pass

    def llm(self) -> LLMBackend:
        with self._lock:
            if self._llm is None:
                self._llm = load_llm(self.config, lambda f: self._report("llm", f))
            return self._llm

    @property
    def llm_loaded(self) -> bool:
        return self._llm is not None

    def embedder(self) -> Any:
        with self._lock:
            if self._embedder is None:
                from app.models.embed import get_embedder

                self._report("embedder", 0.0)
                cfg = self.config
                self._embedder = get_embedder(cfg.embed.model, cfg.embed.threads)
                self._report("embedder", 1.0)
            return self._embedder

    def preload(self) -> None:
        """Load both models now (called from a background thread at app start)."""
        try:
            self.embedder()
        except (ModelError, Exception) as e:  # reported, never fatal
            log.warning("embedder not loaded: %s", e)
        try:
            self.llm()
        except (ModelError, LLMError, Exception) as e:
            log.warning("planner model not loaded: %s", e)


def load_llm(config: Any, progress: Callable[[float], None] | None = None) -> LLMBackend:
    if config.llm.backend == "openai":
        from app.models.openai_backend import OpenAIBackend

        remote: LLMBackend = OpenAIBackend.from_config(config)
        return remote
    from app.models.bundle import planner_path
    from app.models.llm import LlamaBackend

    located = planner_path(config.llm.model)
    return LlamaBackend(located.path, n_ctx=config.llm.n_ctx, threads=config.llm.threads,
                        chat_format=config.llm.chat_format, progress=progress)
