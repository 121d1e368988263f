"""Shared fixtures. Every test runs with METNOS_HOME in a temp folder: nothing touches the real home."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from support import need

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


@pytest.fixture(autouse=True)
def metnos_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("metnos-home")
    monkeypatch.setenv("METNOS_HOME", str(home))
    for k in list(os.environ):
        if k.startswith("METNOS_") and k not in ("METNOS_HOME", "METNOS_MODELS_DIR", "METNOS_WHEEL_CACHE",
                                                 "METNOS_LONG_TESTS", "METNOS_REAL_HOME"):
            monkeypatch.delenv(k, raising=False)
    return home



@pytest.fixture(scope="session")
def session_home(tmp_path_factory: pytest.TempPathFactory):
    """A METNOS_HOME for session-scoped model fixtures (the verified-model stamps go there)."""
    with pytest.MonkeyPatch.context() as mp:
        home = tmp_path_factory.mktemp("session-home")
        mp.setenv("METNOS_HOME", str(home))
        yield home


@pytest.fixture(scope="session")
def bundled_gguf(session_home: Path) -> Path:
    from app.models.bundle import ModelError, planner_path

    try:
        return planner_path("bundled").path
    except ModelError as e:
        need(f"bundled planner model not installed ({e})")
        raise


@pytest.fixture(scope="session")
def gemma_embedder(session_home: Path):
    """EmbeddingGemma-300M int8, as `metnos models install` builds it."""
    from app.models.bundle import ModelError
    from app.models.embed import get_embedder

    try:
        return get_embedder("embeddinggemma")
    except ModelError as e:
        need(f"bundled EmbeddingGemma not installed ({e})")
        raise


@pytest.fixture(scope="session")
def bundled_embedder(session_home: Path):
    from app.models.bundle import ModelError
    from app.models.embed import get_embedder

    try:
        return get_embedder()
    except ModelError as e:
        need(f"bundled embedder not installed ({e})")
        raise
