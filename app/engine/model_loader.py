"""Loads the models lazily and keeps them in step with runtime.toml: the planner LLM and the embedder.

Models load on first use (or in the background via `preload`) so an L0
answer never waits for them; a change of [llm] or [embed] in runtime.toml
drops the loaded model and the next request loads the new one. The local
planner model is released after [llm] keep_alive_minutes idle and reloads on
demand (app/models/keep_alive.py); `llm_loaded` / `llm_label` / `llm_note`
say what is in use, for the tray tooltip and `metnos doctor`.
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
        self._lock = threading.RLock()  # the planner model
        self._embed_lock = threading.RLock()  # the embedder: its own, so it never waits for the planner's load
        self._llm: LLMBackend | None = None
        self._embedder: Any = None
        self._small: dict[tuple[str, str], bool] = {}
        self.progress: list[ProgressFn] = []
        from app.models.keep_alive import KeepAlive

        self.keep_alive = KeepAlive(manager.config.llm.keep_alive_minutes)
        manager.subscribe(self._on_config)

    @property
    def config(self) -> Any:
        return self.manager.config

    def _on_config(self, change: ConfigChange) -> None:
        if not change.ok:
            return
        keys = change.changed
        if "llm.keep_alive_minutes" in keys:
            self.keep_alive.set_minutes(self.config.llm.keep_alive_minutes)
        with self._lock:
            if any(k.startswith("llm.") and k.split(".")[1] in ("backend", "model", "n_ctx", "threads", "chat_format",
                                                               "base_url", "remote_model") for k in keys):
                self._drop_llm()
        with self._embed_lock:
            if any(k.startswith("embed.") for k in keys):
                self._embedder = None

    def _drop_llm(self) -> None:
        self.keep_alive.watch(None)
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
                self.keep_alive.watch(self._llm)
            return self._llm

    @property
    def llm_loaded(self) -> bool:
        """The model's weights are in memory now (False before the first load and after an idle release)."""
        return self._llm is not None and bool(getattr(self._llm, "loaded", True))

    @property
    def llm_label(self) -> str:
        """Which model answers: its name ("Qwen2.5-Coder-1.5B-Instruct Q4_K_M", a GGUF file name, a server)."""
        return str(getattr(self._llm, "label", "")) if self._llm is not None else ""

    @property
    def llm_note(self) -> str:
        """Why the model in use is not the one asked for (less than 6 GB of RAM), or ""."""
        located = getattr(self._llm, "located", None)
        return located.note if located is not None else ""

    def planner_is_small(self) -> bool:
        """Is the planner the lite model (asked for, or the bundled choice on a machine under 6 GB of RAM) or a
        small GGUF of the user's? Decided from the settings without loading anything: the tool surface of every
        turn asks (a small model gets the short resident tool list, app/tools/surface.py)."""
        cfg = self.config.llm
        key = (str(cfg.backend), str(cfg.model))
        if key not in self._small:
            self._small[key] = cfg.backend == "llama_cpp" and _small_planner(str(cfg.model))
        return self._small[key]

    def embedder(self) -> Any:
        with self._embed_lock:
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


SMALL_GGUF_BYTES = 400_000_000  # Gemma 3 270M Q4 is ~250 MB; the smallest useful instruct model ~1 GB


def _small_planner(setting: str) -> bool:
    from app.models.bundle import SETTINGS, planner_path

    try:
        located = planner_path(setting, verify=False)
    except ModelError:
        return True  # no model yet: the turn will say so; the short list is the safe prompt
    if setting in SETTINGS:
        return located.key == "lite"
    try:
        return located.path.stat().st_size < SMALL_GGUF_BYTES
    except OSError:
        return True


def load_llm(config: Any, progress: Callable[[float], None] | None = None) -> LLMBackend:
    if config.llm.backend == "openai":
        from app.models.openai_backend import OpenAIBackend

        remote = OpenAIBackend.from_config(config)
        remote.label = f"{config.llm.remote_model or 'server'} ({config.llm.base_url})"  # type: ignore[attr-defined]
        backend: LLMBackend = remote
        return backend
    from app.models.bundle import planner_path
    from app.models.llm import LlamaBackend

    located = planner_path(config.llm.model)
    fmt = config.llm.chat_format if config.llm.chat_format != "auto" else located.chat_format
    backend = LlamaBackend(located.path, n_ctx=config.llm.n_ctx, threads=config.llm.threads,
                           chat_format=fmt, progress=progress)
    backend.label = located.name          # type: ignore[attr-defined]
    backend.located = located             # type: ignore[attr-defined]
    log.info("planner model: %s (%s, %d threads, loaded in %.1f s)%s", located.name, located.path,
             backend.threads, backend.load_s, f"; {located.note}" if located.note else "")
    return backend
