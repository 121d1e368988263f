"""Routing fixtures: the real bundled embedder (loaded once), a router on a fresh memo per test."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, Callable

import pytest

from app.config.loader import defaults
from app.models.bundle import ModelError
from app.routing.evaluate import build_tools, config_with, load_sets


@pytest.fixture(scope="session")
def embedder(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """multilingual-e5-small 4-bit, as shipped; its fastembed cache goes to a temp home."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("METNOS_HOME", str(tmp_path_factory.mktemp("embed-home")))
        from app.models.embed import get_embedder
        try:
            return get_embedder()
        except ModelError as e:
            pytest.skip(f"bundled embedder not installed ({e})")


@pytest.fixture(scope="session")
def sets() -> dict[str, Any]:
    return load_sets()


@pytest.fixture(scope="session")
def tools(sets: dict[str, Any]) -> dict[str, Any]:
    return build_tools(sets["tools"])


class Cfg:
    """A mutable holder of Config snapshots: tests change keys as runtime.toml would."""

    def __init__(self, **overrides: Any):
        self.config = config_with(defaults(), **overrides)

    def set(self, **overrides: Any) -> None:
        self.config = config_with(self.config, **overrides)

    def __call__(self) -> Any:
        return self.config


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
