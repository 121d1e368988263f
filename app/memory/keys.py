"""The long-term memory's view of the master key (the key management itself lives in app.store.keys).

`MemoryUnavailable` is the store's KeyUnavailable under the name the memory
code and its callers use: long-term memory cannot be used right now, and the
message says why and how to fix it.
"""
from __future__ import annotations

from app.store.keys import (
    HOW_TO_GET_A_KEYRING,
    KEY_BYTES,
    PENDING_SUFFIX,
    SCRYPT_DEFAULTS,
    SERVICE,
    USERNAME,
    AskPassphrase,
    KeyMissing,
    KeyringKeyStore,
    KeyringLocked,
    KeyStore,
    KeyUnavailable,
    PassphraseKeyStore,
    PassphraseLocked,
    WrongKey,
    derive_key,
    key_store_for,
    refusal_reason,
    resolve_backend,
)

MemoryUnavailable = KeyUnavailable

__all__ = ["HOW_TO_GET_A_KEYRING", "KEY_BYTES", "PENDING_SUFFIX", "SCRYPT_DEFAULTS", "SERVICE", "USERNAME",
           "AskPassphrase", "KeyMissing", "KeyStore", "KeyringKeyStore", "KeyringLocked", "MemoryUnavailable",
           "PassphraseKeyStore", "PassphraseLocked", "WrongKey", "derive_key", "key_store_for", "refusal_reason",
           "resolve_backend"]
