"""Planner fixtures: the real bundled Gemma and embedder, each loaded once per session.

Every model file lookup and cache write happens under a temporary METNOS_HOME.
The bundled GGUF comes from the installed bundle; only for development, when
the bundle is not installed yet, /tmp/gemma.gguf (the same file, assembled by
hand) is used.
"""
from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

import pytest

from app.bench import planner_suite as suite
from app.tools.runner import TurnContext
from app.turn.events import Turn
from app.turn.services import TurnServices


@pytest.fixture(scope="session")
def gguf(bundled_gguf: Path) -> Path:
    return bundled_gguf


@pytest.fixture(scope="session")
def llm(gguf: Path) -> Iterator[Any]:
    from app.models.llm import LlamaBackend

    backend = LlamaBackend(gguf, n_ctx=4096, threads=0, chat_format="auto")
    yield backend
    backend.close()


@pytest.fixture(scope="session")
def instruct_llm() -> Iterator[Any]:
    """The bundled instruct model, for what only a model that writes can show (answers, their cancellation)."""
    from instruct_model import instruct_model_path

    from app.models.llm import LlamaBackend

    backend = LlamaBackend(instruct_model_path(), n_ctx=4096, threads=0, chat_format="auto")
    yield backend
    backend.close()


@pytest.fixture(scope="session")
def embedder(bundled_embedder: Any) -> Any:
    return bundled_embedder


@pytest.fixture(scope="session")
def registry() -> Any:
    from app.engine.catalog import build_registry

    return build_registry()


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """The only allowed root of a test, with the files the suite's requests name."""
    return suite.make_root(tmp_path / "root")


@pytest.fixture
def services(llm: Any, embedder: Any) -> TurnServices:
    return TurnServices(llm=lambda: llm, embedder=lambda: embedder)


class Run:
    """One turn's context and everything it emitted."""

    def __init__(self, ctx: TurnContext, events: list[Any]):
        self.ctx = ctx
        self.events = events

    def of(self, kind: str) -> list[Any]:
        return [e for e in self.events if e.type == kind]

    @property
    def streamed(self) -> str:
        return "".join(e.text for e in self.of("token"))


@pytest.fixture
def make_ctx(root: Path, registry: Any, services: TurnServices) -> Callable[..., Run]:
    def make(text: str, *, approve: Any = None, config: Any = None, reg: Any = None,
             extra_services: dict[str, Any] | None = None, cancel: Any = None) -> Run:
        events: list[Any] = []
        ctx = TurnContext(turn=Turn(uuid.uuid4().hex, text.replace("{root}", str(root)), "tester"),
                          config=config or suite.config_for(root), registry=reg or registry, emit=events.append,
                          approve=approve or (lambda *a: False), services=replace(services, **(extra_services or {})))
        if cancel is not None:
            ctx.cancel = cancel
        return Run(ctx, events)
    return make
