"""Fixtures of the memory tests: scratchpad stores, a real Secret Service, the real embedder and tokenizer.

METNOS_HOME is already a temp folder per test (tests/conftest.py). Model fixtures go through the shared
`bundled_gguf` / `bundled_embedder`, which fail (not skip) under REQUIRE_MODELS=1.
"""
from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import keyring
import keyring.backends.fail
import pytest

from app.memory.keys import KeyringKeyStore, MemoryUnavailable, resolve_backend
from app.memory.scratchpad import Scratchpad


@pytest.fixture
def sp() -> Iterator[Scratchpad]:
    """A scratchpad store in this test's home, closed afterwards."""
    s = Scratchpad()
    yield s
    s.close()


RUN_WITH_SECRET_SERVICE = ("HOME=$(mktemp -d) dbus-run-session -- bash -c 'echo -n pw | gnome-keyring-daemon "
                           "--unlock --components=secrets >/dev/null; .venv/bin/pytest tests/memory -q'")


def secret_service_problem() -> str | None:
    """None when a real keyring accepts, returns and deletes a secret; else why not."""
    try:
        b = resolve_backend()
        probe = KeyringKeyStore(service="metnos-test-probe", username=uuid.uuid4().hex)
        b.set_password(probe.service, probe.username, "00")
        ok = b.get_password(probe.service, probe.username) == "00"
        b.delete_password(probe.service, probe.username)
        return None if ok else "the keyring did not return what was stored"
    except (MemoryUnavailable, Exception) as e:  # any failure means: no usable Secret Service here
        return str(e).split(". ")[0]


@pytest.fixture
def secret_service() -> None:
    problem = secret_service_problem()
    if problem and os.environ.get("REQUIRE_SECRET_SERVICE") == "1":  # CI: a skip would hide the missing service
        pytest.fail(f"REQUIRE_SECRET_SERVICE=1 but no Secret Service is reachable ({problem})")
    if problem:
        pytest.skip(f"no Secret Service reachable ({problem}); run: {RUN_WITH_SECRET_SERVICE}")


@pytest.fixture
def key_store(secret_service: None) -> Iterator[KeyringKeyStore]:
    """A keyring entry of its own per test (service metnos-test-<random>), removed afterwards."""
    ks = KeyringKeyStore(service=f"metnos-test-{uuid.uuid4().hex[:8]}")
    yield ks
    with contextlib.suppress(Exception):
        ks.delete()


@pytest.fixture
def default_key_entry(secret_service: None) -> Iterator[KeyringKeyStore]:
    """The production entry metnos/memory-key, cleared before and after (tests of from_config and the CLI)."""
    ks = KeyringKeyStore()
    with contextlib.suppress(Exception):
        ks.delete()
    yield ks
    with contextlib.suppress(Exception):
        ks.delete()


@pytest.fixture
def fail_keyring() -> Iterator[None]:
    """keyring's real 'fail' backend, as on a headless machine without D-Bus."""
    before = keyring.get_keyring()
    keyring.set_keyring(keyring.backends.fail.Keyring())
    try:
        yield
    finally:
        keyring.set_keyring(before)


@pytest.fixture(scope="session")
def embedder(bundled_embedder: Any) -> Any:
    """The bundled embedder (the shared fixture fails under REQUIRE_MODELS=1 when it is missing)."""
    return bundled_embedder


@pytest.fixture(scope="session")
def count_tokens(bundled_lite_gguf: Path) -> Any:
    """The lite planner's own tokenizer (vocab only: no weights loaded)."""
    import llama_cpp

    llm = llama_cpp.Llama(model_path=str(bundled_lite_gguf), vocab_only=True, verbose=False)
    return lambda text: len(llm.tokenize(text.encode("utf-8"), add_bos=False, special=True))
