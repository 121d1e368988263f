"""The vault's master key for tests that open encrypted stores: a keyring entry of the test's own (or the
production entry the CLI uses), on the real Secret Service that installer/run-tests.sh starts. Fixtures, imported
by the conftest or test module that needs them."""
from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator

import pytest
from support import need

from app.store import vault
from app.store.keys import KeyringKeyStore, KeyUnavailable, resolve_backend


def keyring_or_need() -> None:
    try:
        resolve_backend()
    except KeyUnavailable as e:
        need(f"no Secret Service (run through installer/run-tests.sh): {e}")


@pytest.fixture
def keystore() -> Iterator[KeyringKeyStore]:
    """A keyring entry of this test's own as the vault's master key, removed afterwards."""
    keyring_or_need()
    ks = KeyringKeyStore(service=f"metnos-test-{uuid.uuid4().hex[:8]}")
    vault.VAULT.configure(lambda: ks)
    vault.VAULT.fallbacks.clear()
    yield ks
    with contextlib.suppress(Exception):
        ks.delete()
    vault.VAULT.configure(KeyringKeyStore)


@pytest.fixture
def default_key() -> Iterator[KeyringKeyStore]:
    """The production entry metnos/memory-key (what the CLI uses), cleared before and after."""
    keyring_or_need()
    ks = KeyringKeyStore()
    with contextlib.suppress(Exception):
        ks.delete()
    vault.VAULT.forget_keys()
    yield ks
    with contextlib.suppress(Exception):
        ks.delete()
    vault.VAULT.configure(KeyringKeyStore)
