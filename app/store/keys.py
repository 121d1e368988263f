"""Where the master key lives: the OS keyring, or (opt-in) a passphrase.

One master key encrypts everything the user said: the long-term memory uses
it as is, every other database a key derived from it (app.store.vault).

Rules:
* a random 256-bit key, generated on first use, kept hex-encoded in the OS
  keyring under service ``metnos`` — never in a file beside the database;
* no usable keyring → KeyUnavailable with a message that says how to get
  one; long-term memory is off, everything else keeps working;
* never plaintext silently: the fail/null backends, keyrings.alt (Plaintext is
  only base64) and keyrings.cryptfile (prompts on stdin when auto-selected)
  are refused, never chosen automatically;
* opt-in passphrase mode: scrypt(passphrase, salt); the kdf parameters and salt
  are stored beside the database, the key itself nowhere.

Key rotation is two-phase so a crash between "database rekeyed" and "new key
saved" never locks the data away: the new key is saved as *pending* first,
`candidates()` offers current then pending, and `commit()` promotes it.
"""
from __future__ import annotations

import hashlib
import json
import os
import secrets
from pathlib import Path
from typing import Any, Callable, Protocol

import keyring
import keyring.errors

from app.config.atomic import fsync_dir, write_atomic

from .db import StoreError

SERVICE = "metnos"
USERNAME = "memory-key"
PENDING_SUFFIX = ".pending"
KEY_BYTES = 32

HOW_TO_GET_A_KEYRING = (
    "Metnos keeps its encryption key in the OS keyring (history, learned requests and long-term memory are "
    "encrypted with it). Get one: on Linux a Secret Service — "
    "gnome-keyring (`sudo apt install gnome-keyring`, unlocked by your desktop login) or KWallet; on macOS the "
    "Keychain; on Windows the Credential Manager. Or opt in to a passphrase: set memory.passphrase_mode = true "
    "in runtime.toml. Until then long-term memory is off and nothing said is saved; everything else works.")


class KeyUnavailable(StoreError):
    """No key can be had right now (no keyring, locked, refused backend); the message says why and what to do."""


class KeyMissing(KeyUnavailable):
    """An encrypted database exists but its key is gone: nothing is created over it."""


class WrongKey(KeyUnavailable):
    """The key at hand does not open the database (file left untouched)."""


class KeyringLocked(KeyUnavailable):
    """The keyring exists but refused to answer (locked, or its service failed)."""


class PassphraseLocked(KeyUnavailable):
    """Passphrase mode, and no passphrase was (or can be) typed."""


class KeyStore(Protocol):
    kind: str

    def describe(self) -> str: ...

    def candidates(self) -> list[bytes]:
        """Keys to try, current first (a pending rotation second). Empty when none exists."""

    def create(self) -> bytes:
        """Make and save a brand-new key (first use only)."""

    def begin_rotation(self) -> bytes:
        """Make a new key and save it as pending; returns it."""

    def commit_rotation(self) -> None:
        """The database now uses the pending key: make it current."""

    def abort_rotation(self) -> None: ...


# -- OS keyring -----------------------------------------------------------------
def refusal_reason(backend: Any) -> str | None:
    """Why this keyring backend must not hold the key (None when it may)."""
    mod, name = type(backend).__module__, type(backend).__name__
    if mod.startswith("keyring.backends.fail"):
        return "no OS keyring is reachable (keyring found only its 'fail' backend)"
    if mod.startswith("keyring.backends.null"):
        return "the configured keyring is the 'null' backend, which stores nothing"
    if mod.startswith("keyrings.alt"):
        if "plaintext" in name.lower():
            return ("keyrings.alt PlaintextKeyring would keep the key base64-encoded in a file — that is "
                    "plaintext, so it is refused")
        return f"keyrings.alt {name} keeps secrets in a file guarded by its own prompt; it is refused"
    if mod.startswith("keyrings.cryptfile"):
        return ("keyrings.cryptfile asks for its password on standard input when auto-selected (it fails "
                "without a terminal) and keeps the key in a file; it is refused")
    return None


def resolve_backend() -> Any:
    """The one backend that would store the key (a chain is resolved to its first member), or raise."""
    try:
        kr = keyring.get_keyring()
    except Exception as e:  # a broken keyring config must not crash the app
        raise KeyUnavailable(f"the OS keyring could not be loaded ({e}). {HOW_TO_GET_A_KEYRING}") from None
    chain = getattr(kr, "backends", None)
    if type(kr).__name__ == "ChainerBackend" and chain is not None:
        members = list(chain)
        if not members:
            raise KeyUnavailable(f"no OS keyring is reachable. {HOW_TO_GET_A_KEYRING}")
        kr = members[0]
    reason = refusal_reason(kr)
    if reason:
        raise KeyUnavailable(f"{reason}. {HOW_TO_GET_A_KEYRING}")
    return kr


def _parse_key(value: str | None, where: str) -> bytes | None:
    if value is None:
        return None
    try:
        key = bytes.fromhex(value.strip())
    except ValueError:
        key = b""
    if len(key) != KEY_BYTES:
        raise KeyUnavailable(f"the keyring entry {where} is not a {KEY_BYTES * 8}-bit hex key; it was left as "
                                f"it is. Restore it from a backup of your keyring, or move the memory database "
                                f"aside to start a new memory")
    return key


class KeyringKeyStore:
    """The key as hex in the OS keyring (service `metnos`, username `memory-key`)."""

    kind = "keyring"

    def __init__(self, service: str = SERVICE, username: str = USERNAME):
        self.service, self.username = service, username

    def describe(self) -> str:
        try:
            t = type(resolve_backend())
            b = f"{t.__module__.rsplit('.', 1)[-1]} {t.__name__}"
        except KeyUnavailable:
            b = "unavailable"
        return f"OS keyring ({b}), entry {self.service}/{self.username}"

    def _call(self, what: str, fn: Callable[..., Any], *args: Any) -> Any:
        try:
            return fn(*args)
        except keyring.errors.NoKeyringError:
            raise KeyUnavailable(f"no OS keyring is reachable. {HOW_TO_GET_A_KEYRING}") from None
        except keyring.errors.PasswordDeleteError:
            return None
        except (keyring.errors.KeyringError, OSError, RuntimeError) as e:
            raise KeyringLocked(f"the OS keyring failed to {what} ({type(e).__name__}: {e}); unlock it (log in "
                                    f"to your desktop session) and try again. {HOW_TO_GET_A_KEYRING}") from None

    def _get(self, username: str) -> bytes | None:
        b = resolve_backend()
        return _parse_key(self._call("read the key", b.get_password, self.service, username),
                          f"{self.service}/{username}")

    def _set(self, username: str, key: bytes) -> None:
        b = resolve_backend()
        self._call("save the key", b.set_password, self.service, username, key.hex())
        if self._get(username) != key:
            raise KeyUnavailable(f"the OS keyring ({type(b).__name__}) did not keep the key; nothing was "
                                    f"encrypted with it. {HOW_TO_GET_A_KEYRING}")

    def _delete(self, username: str) -> None:
        b = resolve_backend()
        self._call("delete the key", b.delete_password, self.service, username)

    def candidates(self) -> list[bytes]:
        keys = [self._get(self.username), self._get(self.username + PENDING_SUFFIX)]
        return [k for k in keys if k is not None]

    def create(self) -> bytes:
        key = secrets.token_bytes(KEY_BYTES)
        self._set(self.username, key)
        return key

    def begin_rotation(self) -> bytes:
        key = secrets.token_bytes(KEY_BYTES)
        self._set(self.username + PENDING_SUFFIX, key)
        return key

    def commit_rotation(self) -> None:
        pending = self._get(self.username + PENDING_SUFFIX)
        if pending is None:
            return
        self._set(self.username, pending)
        self._delete(self.username + PENDING_SUFFIX)

    def abort_rotation(self) -> None:
        self._delete(self.username + PENDING_SUFFIX)

    def delete(self) -> None:
        """Remove the key (tests, and a user who deletes their memory on purpose)."""
        self._delete(self.username)
        self._delete(self.username + PENDING_SUFFIX)


# -- passphrase -----------------------------------------------------------------
AskPassphrase = Callable[[str, bool], str]  # (prompt, confirm_twice) -> passphrase

SCRYPT_DEFAULTS = {"n": 2 ** 15, "r": 8, "p": 1}


def derive_key(passphrase: str, params: dict[str, Any]) -> bytes:
    n, r, p = int(params["n"]), int(params["r"]), int(params["p"])
    return hashlib.scrypt(passphrase.encode("utf-8"), salt=bytes.fromhex(params["salt"]), n=n, r=r, p=p,
                          maxmem=256 * n * r + (1 << 20), dklen=KEY_BYTES)


class PassphraseKeyStore:
    """Opt-in: the key is scrypt(passphrase, salt); only kdf parameters + salt are written (JSON beside the db)."""

    kind = "passphrase"
    MIN_CHARS = 8

    def __init__(self, params_path: Path, ask: AskPassphrase | None, kdf: dict[str, int] | None = None):
        self.params_path = Path(params_path)
        self.pending_path = self.params_path.with_name(self.params_path.name + PENDING_SUFFIX)
        self.ask = ask
        self.kdf = dict(kdf or SCRYPT_DEFAULTS)
        self._keys: list[bytes] | None = None  # derived keys, so the passphrase itself is not kept

    def describe(self) -> str:
        return f"passphrase (scrypt parameters in {self.params_path})"

    def _passphrase(self, prompt: str, confirm: bool) -> str:
        if self.ask is None:
            raise PassphraseLocked("long-term memory is locked: passphrase mode is on (memory.passphrase_mode) "
                                    "and no passphrase was given. Unlock it from the app or use `metnos memory ...` "
                                    "in a terminal")
        pw = self.ask(prompt, confirm)
        if not pw:
            raise PassphraseLocked("no passphrase typed; long-term memory stays locked")
        if confirm and len(pw) < self.MIN_CHARS:
            raise KeyUnavailable(f"the passphrase is too short: use at least {self.MIN_CHARS} characters")
        return pw

    @staticmethod
    def _read(path: Path) -> dict[str, Any] | None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as e:
            raise KeyUnavailable(f"{path}: the passphrase parameters cannot be read ({e}); restore the file "
                                    f"from a backup — without it the passphrase cannot open the memory") from None
        needed = ("n", "r", "p", "salt")
        if not isinstance(data, dict) or data.get("kdf") != "scrypt" or not all(k in data for k in needed):
            raise KeyUnavailable(f"{path}: not a scrypt parameter file; restore it from a backup")
        return data

    def _write(self, path: Path, params: dict[str, Any]) -> None:
        write_atomic(path, json.dumps(params, indent=1) + "\n")

    def _new_params(self) -> dict[str, Any]:
        return {"kdf": "scrypt", **self.kdf, "salt": secrets.token_hex(16), "dklen": KEY_BYTES}

    def candidates(self) -> list[bytes]:
        params = [p for p in (self._read(self.params_path), self._read(self.pending_path)) if p]
        if not params:
            return []
        if self._keys is None:
            pw = self._passphrase("Memory passphrase: ", False)
            self._keys = [derive_key(pw, p) for p in params]
        return list(self._keys)

    def create(self) -> bytes:
        pw = self._passphrase("New memory passphrase: ", True)
        params = self._new_params()
        key = derive_key(pw, params)
        self._write(self.params_path, params)
        self._keys = [key]
        return key

    def begin_rotation(self) -> bytes:
        pw = self._passphrase("New memory passphrase: ", True)
        params = self._new_params()
        key = derive_key(pw, params)
        self._write(self.pending_path, params)
        self._keys = None
        return key

    def commit_rotation(self) -> None:
        if self.pending_path.exists():
            os.replace(self.pending_path, self.params_path)
            fsync_dir(self.params_path.parent)
        self._keys = None

    def abort_rotation(self) -> None:
        self.pending_path.unlink(missing_ok=True)


def key_store_for(config: Any, db_file: Path, ask: AskPassphrase | None = None) -> KeyStore:
    """The key store the settings ask for (memory.passphrase_mode)."""
    mem = getattr(config, "memory", None) if config is not None else None
    if mem is not None and getattr(mem, "passphrase_mode", False):
        return PassphraseKeyStore(db_file.with_name(db_file.stem + ".kdf.json"), ask)
    return KeyringKeyStore()
