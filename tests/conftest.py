"""Shared fixtures. Every test runs with METNOS_HOME in a temp folder: nothing touches the real home."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from support import need
from vault_keys import default_key, keystore  # noqa: F401  (fixtures for every package: tests/vault_keys.py)

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


@pytest.fixture(autouse=True)
def metnos_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("metnos-home")
    monkeypatch.setenv("METNOS_HOME", str(home))
    for k in list(os.environ):
        if k.startswith("METNOS_") and k not in ("METNOS_HOME", "METNOS_MODELS_DIR", "METNOS_WHEEL_CACHE",
                                                 "METNOS_LONG_TESTS", "METNOS_REAL_HOME",
                                                 "METNOS_KV_CACHE"):
            monkeypatch.delenv(k, raising=False)
    return home



@pytest.fixture
def own_kv_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """The home's own cache/kv/ folder, not the one the test runner shares across homes (METNOS_KV_CACHE, set by
    installer/run-tests.sh): for tests that count or damage the cache's files (the privacy scan reads the shared
    folder too)."""
    monkeypatch.delenv("METNOS_KV_CACHE", raising=False)


@pytest.fixture(scope="session")
def session_home(tmp_path_factory: pytest.TempPathFactory):
    """A METNOS_HOME for session-scoped model fixtures (the verified-model stamps go there)."""
    with pytest.MonkeyPatch.context() as mp:
        home = tmp_path_factory.mktemp("session-home")
        mp.setenv("METNOS_HOME", str(home))
        yield home


def _bundled(setting: str) -> Path:
    from app.models.bundle import LITE_BELOW_BYTES, ModelError, planner_path

    try:   # the file itself, whatever this machine's RAM would choose
        return planner_path(setting, ram_total=LITE_BELOW_BYTES).path
    except ModelError as e:
        need(f"bundled {setting} model not installed ({e})")
        raise


@pytest.fixture(scope="session")
def bundled_gguf(session_home: Path) -> Path:
    """The GGUF the planner suites run on: the lite model (Gemma 3 270M) until they are tuned for the
    instruct one; switching them is this one line ("bundled")."""
    return _bundled("bundled-lite")


@pytest.fixture(scope="session")
def bundled_lite_gguf(session_home: Path) -> Path:
    return _bundled("bundled-lite")


@pytest.fixture(scope="session")
def bundled_instruct_gguf(session_home: Path) -> Path:
    """Qwen2.5-Coder-1.5B-Instruct, what llm.model = "bundled" means on a machine with 6 GB of RAM or more."""
    return _bundled("bundled")


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
