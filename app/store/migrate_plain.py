"""Encrypt a plaintext database made by an older version, in place and crash-safe.

Steps, and what a SIGKILL at each leaves on disk:
1. fold the -wal into the main file and switch it to a rollback journal, so the
   file alone is the whole database (SQLite's own recovery covers a kill here:
   still the old plaintext database);
2. copy every table, index and trigger into `<name>.db.encrypting`, a new
   encrypted file, in one transaction; compare row counts (killed: the old
   plaintext database, plus a temp file removed at the next start);
3. fsync the copy, rename it over the original, fsync the folder (the rename is
   atomic: before it the old plaintext database, after it the new encrypted one).
A lock file keeps two processes from migrating the same database at once.
The plaintext file's blocks are freed, not wiped: a file system keeps no
promise there (say so to anyone who needs forensic erasure).
"""
from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

import apsw

from app.config.atomic import fsync_dir

from .db import StoreError, create_private, keyed

log = logging.getLogger(__name__)

PLAIN_HEADER = b"SQLite format 3\x00"
TMP_SUFFIX = ".encrypting"


def is_plaintext(p: Path) -> bool:
    try:
        with open(p, "rb") as f:
            return f.read(len(PLAIN_HEADER)) == PLAIN_HEADER
    except OSError:
        return False


def _tmp(path: Path) -> Path:
    return path.with_name(path.name + TMP_SUFFIX)


def clear_leftovers(path: Path) -> None:
    """Remove the temp copy (and its journal) a killed migration left: the original is still whole."""
    t = _tmp(path)
    for p in (t, Path(f"{t}-journal"), Path(f"{t}-wal"), Path(f"{t}-shm")):
        try:
            p.unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            log.warning("could not remove %s: %s", p, e)


class _Lock:
    """An exclusive lock on `<db>.lock` for the migration (POSIX flock; Windows: msvcrt on one byte)."""

    def __init__(self, path: Path):
        self.path = path.with_name(path.name + ".lock")
        self.fd = -1

    def __enter__(self) -> "_Lock":
        self.fd = os.open(str(self.path), os.O_CREAT | os.O_RDWR, 0o600)
        try:
            import fcntl
            fcntl.flock(self.fd, fcntl.LOCK_EX)
        except ImportError:  # Windows
            import msvcrt
            msvcrt.locking(self.fd, msvcrt.LK_LOCK, 1)  # type: ignore[attr-defined]
        return self

    def __exit__(self, *exc: object) -> None:
        os.close(self.fd)  # closing releases the lock; the file stays (removing it would race another locker)


def _one(con: apsw.Connection, sql: str) -> Any:
    row = con.execute(sql).fetchone()
    return None if row is None else row[0]


def _copy(src: Path, dest: Path, key: bytes, kdf_iter: int | None) -> dict[str, int]:
    con = apsw.Connection(str(dest))
    try:
        keyed(con, key, kdf_iter)
        con.execute("attach database ? as old key ''", (str(src),))
        objs: list[tuple[str, str, str]] = [(str(a), str(b), str(c)) for a, b, c in con.execute(
            "select type, name, sql from old.sqlite_master where sql is not null and name not like 'sqlite_%' "
            "order by case type when 'table' then 0 when 'index' then 1 else 2 end, rowid")]
        counts: dict[str, int] = {}
        with con:
            for kind, name, sql in objs:
                if kind == "table" and sql.lower().startswith("create virtual"):
                    raise StoreError(f"{src}: virtual table {name} cannot be migrated by copy")
                con.execute(sql)
                if kind == "table":
                    q = name.replace('"', '""')
                    con.execute(f'insert into main."{q}" select * from old."{q}"')
                    n_old = _one(con, f'select count(*) from old."{q}"')
                    n_new = _one(con, f'select count(*) from main."{q}"')
                    if n_old != n_new:
                        raise StoreError(f"{src}: copy of table {name} has {n_new} rows, not {n_old}")
                    counts[name] = n_new
            if con.execute("select 1 from old.sqlite_master where name='sqlite_sequence'").fetchone():
                con.execute("delete from main.sqlite_sequence")
                con.execute("insert into main.sqlite_sequence select * from old.sqlite_sequence")
            uv = _one(con, "pragma old.user_version")
        con.execute(f"pragma user_version={int(uv)}")
        con.execute("detach database old")
        if _one(con, "pragma integrity_check") != "ok":
            raise StoreError(f"{dest}: the encrypted copy failed its integrity check")
        return counts
    finally:
        con.close()


def encrypt_in_place(path: Path, key: bytes, kdf_iter: int | None = None) -> dict[str, int]:
    """Replace the plaintext database at `path` by an encrypted copy; returns rows per table."""
    with _Lock(path):
        if not is_plaintext(path):  # another process did it while we waited
            return {}
        tmp = _tmp(path)
        clear_leftovers(path)
        try:
            con = apsw.Connection(str(path))
            try:
                con.execute("pragma wal_checkpoint(TRUNCATE)").fetchall()
                con.execute("pragma journal_mode=delete").fetchall()
            finally:
                con.close()
            create_private(tmp)
            counts = _copy(path, tmp, key, kdf_iter)
            with open(tmp, "rb+") as f:
                os.fsync(f.fileno())
            for side in (Path(f"{path}-wal"), Path(f"{path}-shm")):
                side.unlink(missing_ok=True)  # never replay the old database's -wal on the new file
            os.replace(tmp, path)
            fsync_dir(path.parent)
        except apsw.Error as e:
            clear_leftovers(path)
            raise StoreError(f"{path}: could not encrypt the old plaintext database ({e}); it was left as it "
                             f"was") from None
        except OSError as e:
            clear_leftovers(path)
            raise StoreError(f"{path}: could not encrypt the old plaintext database ({e}); it was left as it "
                             f"was — check free space and permissions") from None
        log.info("encrypted %s (%d tables)", path.name, len(counts))
        return counts
