"""Encrypted databases: one master key, one derived key per database, plaintext migrated once.

Why one place: every store that can hold what the user said (history, the
fast-path memo, the scratchpad, undo) opens through `open_encrypted`, so no
store can forget its key, fall back to plaintext or create a fresh empty file
over one it cannot read.

* The master key is the OS keyring entry metnos/memory-key (or, in passphrase
  mode, the key scrypt derives from the passphrase). The long-term memory
  uses it as is; every other database uses HKDF-SHA256(master, its name), so
  a key leaked from one file opens nothing else.
* Derived keys are 256 random-looking bits: the cipher's own PBKDF2 is set to
  one round (`kdf_iter=1`), which makes an open cost ~1 ms instead of ~100 ms.
* A database still in plaintext (made by an older version) is encrypted at
  first open (app.store.migrate_plain: copy, check, rename — a kill at any
  moment leaves the old plaintext file or the new encrypted one, whole).
* No key (keyring absent or locked): `KeyUnavailable` is raised and recorded
  in `fallbacks`; callers go on in memory and the engine tells the user once.
  An encrypted file whose key is missing or wrong is never opened for
  writing, never replaced, never re-keyed.
"""
from __future__ import annotations

import hashlib
import hmac
import threading
from pathlib import Path
from typing import Any, Callable, Sequence

import apsw

from app.config import paths

from .db import RAW_KEY, Migration, StoreError, _explain, db_path, in_memory, keyed, open_db, require_sqlite3mc, resolve
from .keys import KeyMissing, KeyringKeyStore, KeyStore, KeyUnavailable, PassphraseKeyStore, WrongKey
from .migrate_plain import PLAIN_HEADER, clear_leftovers, encrypt_in_place, is_plaintext

SALT = b"metnos-desk/database-keys/v1"
MASTER_DB = "memory"
DERIVED_KDF_ITER = RAW_KEY  # derived keys are random 256-bit keys: AEGIS, no key stretching (store/db.keyed)


def hkdf_sha256(ikm: bytes, info: bytes, length: int = 32, salt: bytes = SALT) -> bytes:
    """RFC 5869 HKDF with SHA-256 (extract, then expand)."""
    prk = hmac.new(salt, ikm, hashlib.sha256).digest()
    out, block, i = b"", b"", 1
    while len(out) < length:
        block = hmac.new(prk, block + info + bytes([i]), hashlib.sha256).digest()
        out += block
        i += 1
    return out[:length]


def derive(master: bytes, name: str) -> bytes:
    """The key of database `name` ("history", "memo", ...)."""
    return hkdf_sha256(master, b"database:" + name.encode("utf-8"))


def is_encrypted_file(p: Path) -> bool:
    """A non-empty file that is not a plaintext SQLite database (its header is random)."""
    try:
        if p.stat().st_size == 0:
            return False
        with open(p, "rb") as f:
            return f.read(len(PLAIN_HEADER)) != PLAIN_HEADER
    except OSError:
        return False


def _from_settings() -> KeyStore:
    """Until a front end configures it: what runtime.toml says (keyring, or passphrase mode with no way to
    ask, which reports the store locked)."""
    from app.config.loader import ConfigError, load_file

    try:
        passphrase = bool(load_file(paths.config_file()).memory.passphrase_mode) if paths.config_file().is_file() \
            else False
    except (ConfigError, OSError):
        passphrase = False
    if passphrase:
        return PassphraseKeyStore(db_path(MASTER_DB).with_name(MASTER_DB + ".kdf.json"), None)
    return KeyringKeyStore()


class Vault:
    """The process's key source and the record of stores that had to run in memory."""

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._source: Callable[[], KeyStore] = _from_settings
        self._keys: list[bytes] | None = None
        self.fallbacks: dict[str, KeyUnavailable | StoreError] = {}

    def configure(self, source: Callable[[], KeyStore]) -> None:
        """Where the master key comes from (engine and CLI call `use_config`)."""
        with self._lock:
            self._source, self._keys = source, None

    def forget_keys(self) -> None:
        """Drop the cached master key (after a rotation, or a keyring change)."""
        with self._lock:
            self._keys = None

    def key_store(self) -> KeyStore:
        return self._source()

    def master_keys(self) -> list[bytes]:
        """Current master key first (a pending rotation second). Creates the key only when no encrypted
        database exists: a lost key is reported, never silently replaced."""
        with self._lock:
            if self._keys:
                return list(self._keys)
            ks = self.key_store()
            keys = ks.candidates()
            if not keys:
                locked = encrypted_files()
                if locked:
                    raise KeyMissing(
                        f"no key: {', '.join(p.name for p in locked)} in {locked[0].parent} are encrypted but their "
                        f"key is not in the {ks.describe()}. Nothing was created over them and no new key was "
                        f"made. Restore the keyring entry (or the passphrase file), or move those files aside")
                keys = [ks.create()]
            self._keys = list(keys)
            return list(keys)

    def note_fallback(self, name: str, error: KeyUnavailable | StoreError) -> None:
        with self._lock:
            self.fallbacks[name] = error

    def clear_fallback(self, name: str) -> None:
        with self._lock:
            self.fallbacks.pop(name, None)


VAULT = Vault()


def use_config(config: Any, ask: Callable[[str, bool], str] | None = None) -> None:
    """Take the master key from where the settings say (memory.passphrase_mode)."""
    mem = getattr(config, "memory", None)
    if mem is not None and getattr(mem, "passphrase_mode", False):
        params = db_path(MASTER_DB).with_name(MASTER_DB + ".kdf.json")
        store = PassphraseKeyStore(params, ask)  # one object: the typed passphrase is asked once
        VAULT.configure(lambda: store)
    else:
        VAULT.configure(KeyringKeyStore)


def derived_names() -> list[str]:
    """Databases in the data folder keyed by a derived key (every .db but the long-term memory)."""
    d = paths.data_dir()
    if not d.is_dir():
        return []
    return sorted(p.stem for p in d.glob("*.db") if p.stem != MASTER_DB)


def encrypted_files() -> list[Path]:
    d = paths.data_dir()
    return [p for p in sorted(d.glob("*.db")) if is_encrypted_file(p)] if d.is_dir() else []


def _opens(path: Path, key: bytes) -> bool:
    """Does `key` open `path`? Read-only first: a wrong key cannot change a byte. A WAL database left by a
    crash needs its -wal recovered, which a read-only connection cannot do: then a read-write probe (a wrong
    key still fails on the header, before anything is written; the cipher authenticates every page)."""
    for flags in (apsw.SQLITE_OPEN_READONLY, apsw.SQLITE_OPEN_READWRITE):
        con = apsw.Connection(str(path), flags=flags)
        try:
            keyed(con, key, DERIVED_KDF_ITER)
            con.execute("select count(*) from sqlite_master").fetchone()
            return True
        except apsw.NotADBError:
            return False
        except (apsw.ReadOnlyError, apsw.CantOpenError):
            if flags == apsw.SQLITE_OPEN_READWRITE:
                raise  # a read-only disk or folder: not a key problem, the caller says what it is
        finally:
            con.close()
    return False


def key_for(path: Path, name: str) -> bytes:
    """The derived key that opens `path` (or will create it). Raises KeyUnavailable / WrongKey."""
    keys = [derive(m, name) for m in VAULT.master_keys()]
    if not is_encrypted_file(path):
        return keys[0]
    for k in keys:
        try:
            if _opens(path, k):
                return k
        except apsw.Error as e:
            raise _explain(e, path) from None
    VAULT.forget_keys()  # the keyring may have changed under us (another process rotated the key): look once more
    try:
        for k in (derive(m, name) for m in VAULT.master_keys()):
            if k not in keys and _opens(path, k):
                return k
    except apsw.Error as e:
        raise _explain(e, path) from None
    raise WrongKey(f"{path}: the key in the {VAULT.key_store().describe()} does not open this database (wrong key "
                   f"or passphrase, or a damaged file). The file was left untouched; restore the right key or a "
                   f"backup, or move the file aside to start empty")


def open_encrypted(name_or_path: str | Path, migrations: Sequence[Migration] = (), *,
                   name: str | None = None) -> apsw.Connection:
    """Open (creating, migrating from plaintext) an encrypted database. `name` picks the derived key
    (default: the file's stem). Raises KeyUnavailable (recorded in VAULT.fallbacks) or StoreError."""
    path = resolve(name_or_path)
    if in_memory(path):
        return open_db(path, migrations)
    name = name or path.stem
    require_sqlite3mc()
    try:
        key = key_for(path, name)
    except KeyUnavailable as e:
        VAULT.note_fallback(name, e)
        raise
    clear_leftovers(path)
    if is_plaintext(path):
        encrypt_in_place(path, key, DERIVED_KDF_ITER)
    con = open_db(path, migrations, key=key, kdf_iter=DERIVED_KDF_ITER)
    VAULT.clear_fallback(name)
    return con


def align(target: bytes, candidates: Sequence[bytes]) -> list[str]:
    """After a master-key rotation: re-key every derived database that still opens with another candidate
    to `target`'s derived key. Each re-key is one SQLite transaction (journaled: a kill leaves old or new).
    Returns the names re-keyed. Needs the databases closed by other processes."""
    done = []
    for name in derived_names():
        path = db_path(name)
        if not is_encrypted_file(path):
            continue
        new = derive(target, name)
        if _opens(path, new):
            continue
        old = next((derive(c, name) for c in candidates if _opens(path, derive(c, name))), None)
        if old is None:
            continue  # keyed by another master (not this rotation's): not ours to re-key
        con = apsw.Connection(str(path))
        try:
            keyed(con, old, DERIVED_KDF_ITER)
            con.execute("pragma journal_mode=delete").fetchall()  # the cipher cannot re-key a WAL database
            con.execute(f"pragma hexrekey='{new.hex()}'")
            con.execute("pragma journal_mode=wal").fetchall()
        except apsw.Error as e:
            raise StoreError(f"{path}: could not re-key ({e}); close Metnos in other windows and retry") from None
        finally:
            con.close()
        done.append(name)
    VAULT.forget_keys()
    return done
