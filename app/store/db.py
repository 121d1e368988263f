"""One APSW connection factory for every database: WAL, busy timeout, foreign keys,
ordered migrations recorded in the database itself.

One file per concern under the data dir (memo.db, scratchpad.db, memory.db,
history.db). Databases that can hold user text open through
`app.store.vault.open_encrypted`; a key here refuses to run unless SQLite3
Multiple Ciphers is really loaded (plain apsw would silently write plaintext).
Every database file is created 0600 before SQLite touches it, so its -wal and
-shm (which SQLite creates with the database's mode) are private too.
"""
from __future__ import annotations

import errno
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import apsw

from app.config import paths

BUSY_TIMEOUT_MS = 10_000


class StoreError(Exception):
    """A database could not be opened or written; the message says what to do."""


@dataclass(frozen=True)
class Migration:
    version: int
    description: str
    sql: str | Callable[[apsw.Connection], None]


def sqlite3mc_version() -> str | None:
    """The SQLite3 Multiple Ciphers version, or None when plain SQLite is loaded."""
    try:
        con = apsw.Connection(":memory:")
        row = con.execute("select sqlite3mc_version()").fetchone()
        con.close()
        return str(row[0]) if row else None
    except apsw.SQLError:
        return None


def require_sqlite3mc() -> str:
    v = sqlite3mc_version()
    if not v:
        raise StoreError(
            "the loaded apsw has no SQLite3 Multiple Ciphers: encrypted data would be written in plaintext. "
            "Fix: pip uninstall -y apsw apsw-sqlite3mc && pip install apsw-sqlite3mc")
    return v


def db_path(name: str) -> Path:
    return paths.data_dir() / f"{name}.db"


def _disk_state(folder: Path) -> str | None:
    """'read-only' or 'full' when the folder's file system is; SQLite itself only says "disk I/O error"
    (a WAL database cannot even be opened there: its -shm/-wal files cannot be created)."""
    while not folder.exists() and folder.parent != folder:
        folder = folder.parent
    try:
        st = os.statvfs(folder)
    except (OSError, AttributeError):
        return None
    if st.f_flag & getattr(os, "ST_RDONLY", 1):
        return "read-only"
    if st.f_bavail * st.f_frsize < 256 * 1024:
        return "full"
    return None


def _explain(e: BaseException, path: Path) -> StoreError:
    text = str(e)
    disk_errors = (apsw.IOError, apsw.FullError, apsw.ReadOnlyError, apsw.CantOpenError, OSError)
    disk = _disk_state(path.parent) if isinstance(e, disk_errors) else None
    if disk == "full":
        return StoreError(f"{path}: the disk is full; free some space — nothing already stored was changed")
    if disk == "read-only":
        return StoreError(f"{path}: the disk holding {path.parent} is read-only; nothing can be saved there "
                          f"(nothing already stored was changed). Remount it read-write or set METNOS_HOME")
    if isinstance(e, apsw.CantOpenError) or "unable to open" in text:
        return StoreError(f"{path}: cannot open the database (folder missing or not writable); "
                          f"check permissions of {path.parent} or set METNOS_HOME")
    if isinstance(e, apsw.FullError) or "full" in text.lower():
        return StoreError(f"{path}: the disk is full; free some space — nothing already stored was changed")
    if isinstance(e, apsw.ReadOnlyError) or "readonly" in text.lower():
        return StoreError(f"{path}: the database is read-only; check permissions of {path.parent}")
    if isinstance(e, apsw.NotADBError):
        return StoreError(f"{path}: not a database or the key is wrong (file left untouched)")
    if isinstance(e, apsw.CorruptError):
        return StoreError(f"{path}: the database is damaged; restore a backup (the file was left as it is)")
    if isinstance(e, OSError) and e.errno == errno.ENOSPC:
        return StoreError(f"{path}: the disk is full; free some space")
    return StoreError(f"{path}: {text}")


def _configure(con: apsw.Connection) -> None:
    con.set_busy_timeout(BUSY_TIMEOUT_MS)
    con.execute("pragma journal_mode=wal")
    con.execute("pragma synchronous=normal")
    con.execute("pragma foreign_keys=on")


def migrate(con: apsw.Connection, migrations: Sequence[Migration]) -> int:
    """Apply migrations newer than the recorded version, each in its own transaction."""
    versions = [m.version for m in migrations]
    if versions != sorted(set(versions)):
        raise ValueError("migrations must have strictly increasing versions")
    con.execute("create table if not exists schema_migrations("
                "version integer primary key, description text not null, applied_at real not null)")
    current = int(one_row(con.execute("select coalesce(max(version), 0) from schema_migrations"))[0])
    for m in migrations:
        if m.version <= current:
            continue
        with con:
            if callable(m.sql):
                m.sql(con)
            else:
                con.execute(m.sql)
            con.execute("insert into schema_migrations values(?, ?, julianday('now'))", (m.version, m.description))
        current = m.version
    return current


_lock = threading.Lock()


def resolve(name_or_path: str | Path) -> Path:
    """A concern name ('memo') means data_dir/memo.db; anything with a slash (or a Path) is a path."""
    if isinstance(name_or_path, Path) or "/" in str(name_or_path) or in_memory(name_or_path):
        return Path(name_or_path)
    return db_path(str(name_or_path))


def in_memory(p: Path | str) -> bool:
    return str(p) == ":memory:" or str(p).startswith("file:")


def create_private(path: Path) -> None:
    """Make the folder (0700) and an empty 0600 file, or set 0600 on an existing one."""
    paths.ensure(path.parent)
    try:
        fd = os.open(str(path), os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        os.close(fd)
    except FileExistsError:
        if paths.POSIX:
            for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
                try:
                    if p.stat().st_mode & 0o077:
                        os.chmod(p, 0o600)
                except OSError:
                    pass


RAW_KEY = 1  # kdf_iter for a key that is already 256 random bits (derived from the keyring's master key)


def keyed(con: apsw.Connection, key: bytes, kdf_iter: int | None = None) -> None:
    """Give a fresh connection its key (set the cipher before the key: sqlite3mc stores no cipher id).

    `kdf_iter=RAW_KEY` for keys that are already 256 random bits: a key-stretching KDF only helps
    low-entropy passwords, so those databases use AEGIS-256 with the smallest Argon2 cost — AES-NI fast:
    measured 16 KB write + read 50 µs vs 70 µs with ChaCha20-Poly1305, 51 µs plaintext. Other keys (the
    long-term memory's own, passphrases) keep the default cipher, ChaCha20-Poly1305 with PBKDF2.
    """
    if kdf_iter == RAW_KEY:
        for pragma in ("cipher='aegis'", "algorithm='aegis-256'", "tcost=1", "mcost=8", "pcost=1"):
            con.execute(f"pragma {pragma}")
    elif kdf_iter is not None:
        con.execute(f"pragma kdf_iter={int(kdf_iter)}")
    con.execute(f"pragma hexkey='{key.hex()}'")


def open_db(name_or_path: str | Path, migrations: Sequence[Migration] = (),
            key: bytes | None = None, kdf_iter: int | None = None, flags: int | None = None) -> apsw.Connection:
    """Open (creating) a database by concern name ('memo') or explicit path, migrated.

    With `key`, the database is encrypted with SQLite3 Multiple Ciphers.
    """
    path = resolve(name_or_path)
    if not in_memory(path):
        try:
            create_private(path)
        except OSError as e:
            raise _explain(e, path) from None
    if key is not None:
        require_sqlite3mc()
    try:
        con = apsw.Connection(str(path)) if flags is None else apsw.Connection(str(path), flags=flags)
        if key is not None:
            keyed(con, key, kdf_iter)
            con.execute("select count(*) from sqlite_master").fetchone()  # wrong key fails here
        _configure(con)
        with _lock:
            migrate(con, migrations)
        return con
    except apsw.Error as e:
        raise _explain(e, path) from None


def integrity_ok(con: apsw.Connection) -> bool:
    return str(one_row(con.execute("pragma integrity_check"))[0]) == "ok"


def one_row(cursor: Any) -> Any:
    """The single row a statement must return (`insert … returning`, `select count(*)`); a bug otherwise."""
    rows = cursor.fetchall()  # runs the statement to its end, so the transaction can commit
    if not rows:
        raise StoreError("the database returned no row where one was expected; run `metnos doctor`")
    return rows[0]
