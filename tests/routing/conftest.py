"""Routing fixtures: the real bundled embedder (loaded once), a router on a fresh memo per test."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, Callable

import pytest
from routing_cfg import Cfg

from app.bench.routing_sets import build_tools, load_sets


@pytest.fixture(scope="session")
def embedder(bundled_embedder: Any) -> Any:
    """multilingual-e5-small 4-bit, as shipped (loaded once for the session)."""
    return bundled_embedder


@pytest.fixture(scope="session")
def generalization_figures(embedder: Any, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The generalization set through the fast path, measured once: its figures test checks the floors and the
    routing bench test reports them (each pass is ~7,000 probes, a minute or two on 2 cores)."""
    from app.bench import generalization
    from app.config.loader import defaults

    return generalization.run(tmp_path_factory.mktemp("general") / "memo.db", embedder, defaults())


@pytest.fixture(scope="session")
def sets() -> dict[str, Any]:
    return load_sets()


@pytest.fixture(scope="session")
def tools(sets: dict[str, Any]) -> dict[str, Any]:
    return build_tools(sets["tools"], sets["taught"])


@pytest.fixture
def make_router(tmp_path: Path, embedder: Any, tools: dict[str, Any]) -> Iterator[Callable[..., Any]]:
    from app.routing.memo import Memo
    from app.routing.router import Router

    made: list[Any] = []

    def make(cfg: Cfg | None = None, memo_name: str = "memo.db", **kw: Any) -> Any:
        r = Router(cfg or Cfg(), lambda: embedder, Memo(tmp_path / memo_name), kw.pop("tool_schemas", tools), **kw)
        made.append(r)
        return r

    yield make
    for r in made:
        try:
            r.close()
        except Exception:
            pass
