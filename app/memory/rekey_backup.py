"""Key rotation, encrypted backups and imports of the long-term memory.

Kept apart from the fact logic: these touch keys and files, not meaning.
"""
from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

import apsw

from app.store import vault
from app.store.db import one_row

from .keys import MemoryUnavailable
from .records import FactRejected

if TYPE_CHECKING:
    from .longterm import LongTermMemory


def rekey(mem: LongTermMemory) -> None:
    """Rotate the key: new key saved as pending, database rekeyed, then the new key made current."""
    with mem.lock:
        old = mem.key
        new = mem.store.begin_rotation()
        try:
            mem.con.execute(f"pragma hexrekey='{new.hex()}'")
            mem.con.execute("select count(*) from facts").fetchone()
        except apsw.Error as e:
            mem.store.abort_rotation()
            raise MemoryUnavailable(f"rekey failed ({e}); the old key still opens the memory") from None
        # the history, memo and scratchpad keys derive from this one: they follow before the old key goes
        # (a kill in between: the next open finds the memory on the pending key and finishes this)
        vault.align(new, [old, new])
        mem.store.commit_rotation()
        vault.VAULT.forget_keys()
        mem.key = new


def backup(mem: LongTermMemory, dest: str | Path, overwrite: bool = False) -> dict[str, Any]:
    """Write an encrypted copy (same key) and check that it opens and holds every fact."""
    target = Path(dest).expanduser().resolve()
    if target.exists() and not overwrite:
        raise ValueError(f"{target} exists; choose another path (nothing was written)")
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    with mem.lock:
        n = int(one_row(mem.con.execute("select count(*) from facts"))[0])
        try:
            mem.con.execute("vacuum into ?", (str(tmp),))
            with open(tmp, "rb") as fh:
                if fh.read(16) == b"SQLite format 3\x00":
                    raise MemoryUnavailable("backup refused: the copy came out unencrypted")
            check = apsw.Connection(str(tmp), flags=apsw.SQLITE_OPEN_READONLY)
            try:
                check.execute(f"pragma hexkey='{mem.key.hex()}'")
                copied = int(one_row(check.execute("select count(*) from facts"))[0])
            finally:
                check.close()
            if copied != n:
                raise MemoryUnavailable(f"backup check failed: {copied} of {n} facts in the copy")
            os.chmod(tmp, 0o600)
            os.replace(tmp, target)
        finally:
            for p in (tmp, Path(str(tmp) + "-wal"), Path(str(tmp) + "-shm")):
                p.unlink(missing_ok=True)
    kdf = getattr(mem.store, "params_path", None)
    if kdf is not None and Path(kdf).exists():  # passphrase mode: the salt is needed to open the copy
        Path(str(target) + ".kdf.json").write_bytes(Path(kdf).read_bytes())
    return {"path": str(target), "facts": n, "bytes": target.stat().st_size}


def import_facts(mem: LongTermMemory, items: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Add facts from an export (dicts with text, category, source, created_at...).

    Duplicates are confirmed; a rejected item is reported and skipped, the rest still imported.
    """
    added = confirmed = 0
    rejected: list[str] = []
    for it in items:
        try:
            res = mem.remember(it["text"], it.get("category", "general"), it.get("source", "user"))
        except FactRejected as e:
            rejected.append(f"{str(it.get('text', ''))[:60]!r}: {e}")
            continue
        if res.action == "confirmed":
            confirmed += 1
            continue
        added += 1
        if it.get("created_at"):
            with mem.lock, mem.con:
                mem.con.execute("update facts set created_at=?, last_confirmed=? where id=?",
                                (it["created_at"], it.get("last_confirmed") or it["created_at"], res.fact.id))
    return {"added": added, "confirmed": confirmed, "rejected": rejected}
