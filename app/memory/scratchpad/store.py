"""The scratchpad database: big observations kept whole, per owner and turn, for a while.

Every lookup takes (owner, turn_id) and matches both in the same query, so an
id belonging to another owner or turn, an expired id and an id that never
existed give the same "not found" (an opaque id is not a
credential). Expired rows are invisible at once and deleted by `gc`, which
the engine runs at every turn start.

One connection per thread (APSW, WAL): the GUI thread, the engine worker and
tests may all use the same Scratchpad object at once. The file is encrypted at
rest (app.store.vault); `Scratchpad.in_memory()` is the store for a session
without a key (nothing written to disk) and `plaintext=True` only serves the
storage benchmark's comparison arm.
"""
from __future__ import annotations

import json
import re
import secrets
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import apsw

from app.store.db import Migration, StoreError, one_row, open_db
from app.store.vault import open_encrypted
from app.tools.registry import ToolError

from . import slices, view

DEFAULT_TTL = 3600
WAL_LIMIT = 4 * 1024 * 1024
ID_RE = re.compile(r"[0-9a-f]{16}")

MIGRATIONS = [
    Migration(1, "scratchpad entries with owner and per-entry expiry", """
        create table entries(
            id text primary key,
            owner text not null,
            turn_id text not null,
            step_num integer,
            executor_name text,
            content_kind text not null check (content_kind in ('text', 'binary')),
            content blob not null,
            size_bytes integer not null,
            summary text,
            created_at real not null,
            expires_at real not null,
            observation text not null,  -- observation JSON; the content field nulled when content_path is set
            content_path text           -- JSON array: where content sits in the observation; null = rendering
        );
        create index entries_turn on entries(turn_id, step_num);
        create index entries_owner on entries(owner);
        create index entries_expires on entries(expires_at);
    """),
]


def not_found(scratchpad_id: str) -> str:
    """The one answer for unknown, expired, other-turn and other-owner ids alike."""
    return (f"scratchpad_read: no entry {scratchpad_id!r} in this turn (unknown or expired). "
            "Use a scratchpad_id shown in an observation of this turn.")


@dataclass(frozen=True)
class Entry:
    id: str
    owner: str
    turn_id: str
    step_num: int | None
    executor: str | None
    kind: str
    size_bytes: int
    summary: str
    created_at: float
    expires_at: float
    content: bytes | None = None  # loaded by get(), not by list_for_turn()


_COLS = "id, owner, turn_id, step_num, executor_name, content_kind, size_bytes, summary, created_at, expires_at"


def _entry(row: tuple[Any, ...], content: bytes | None = None) -> Entry:
    (id_, owner, turn_id, step_num, executor, kind, size_bytes, summary, created_at, expires_at) = row[:10]
    return Entry(id_, owner, turn_id, step_num, executor, kind, size_bytes, summary, created_at, expires_at,
                 content)


class Scratchpad:
    """Open with a concern name (data_dir/scratchpad.db) or an explicit path."""

    def __init__(self, name_or_path: str | Path = "scratchpad", *, plaintext: bool = False):
        self._where = name_or_path
        self._plaintext = plaintext
        self._local = threading.local()
        self._lock = threading.Lock()
        self._cons: list[apsw.Connection] = []
        self._closed = False
        self._con()  # create and migrate now, so a bad data dir fails at start-up

    def _con(self) -> apsw.Connection:
        if self._closed:
            raise StoreError("the scratchpad was closed")
        con = getattr(self._local, "con", None)
        if con is None:
            if isinstance(self._where, str) and self._where.startswith("file:"):  # shared in-memory database
                con = open_db(self._where, MIGRATIONS, flags=apsw.SQLITE_OPEN_URI | apsw.SQLITE_OPEN_READWRITE
                              | apsw.SQLITE_OPEN_CREATE)
            elif self._plaintext:
                con = open_db(self._where, MIGRATIONS)
            else:
                con = open_encrypted(self._where, MIGRATIONS)
            con.execute("pragma secure_delete=on")
            con.execute(f"pragma journal_size_limit = {WAL_LIMIT}")  # big rows come and go: keep the -wal small
            self._local.con = con
            with self._lock:
                self._cons.append(con)
        return con

    @classmethod
    def in_memory(cls) -> "Scratchpad":
        """A store that lives in this process only (every thread sees the same entries)."""
        return cls(f"file:/metnos-scratchpad-{secrets.token_hex(6)}?vfs=memdb")

    def close(self) -> None:
        with self._lock:
            self._closed = True
            cons, self._cons = self._cons, []
        for con in cons:
            try:
                con.close()
            except apsw.Error:
                pass

    def __enter__(self) -> "Scratchpad":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- writing ------------------------------------------------------------------
    def put(self, observation: Any, *, owner: str, turn_id: str, step_num: int | None, executor: str | None,
            ttl: float = DEFAULT_TTL, now: float | None = None) -> Entry:
        """Store an observation whole; returns its entry (with the summary the model will see)."""
        return self._put(observation, view.split(observation), owner=owner, turn_id=turn_id, step_num=step_num,
                         executor=executor, ttl=ttl, now=now)

    def _put(self, observation: Any, sp: view.Split, *, owner: str, turn_id: str, step_num: int | None,
             executor: str | None, ttl: float, now: float | None) -> Entry:
        if not isinstance(owner, str) or not owner:
            raise ValueError("scratchpad: owner must be a non-empty string")
        if not isinstance(turn_id, str) or not turn_id:
            raise ValueError("scratchpad: turn_id must be a non-empty string")
        if not ttl or ttl <= 0:
            raise ValueError("scratchpad: ttl must be greater than 0 seconds")
        now = time.time() if now is None else now
        summary = view.summary_of(observation, sp)
        path = json.dumps(list(sp.path)) if sp.path is not None else None
        con = self._con()
        for _ in range(5):
            eid = secrets.token_hex(8)
            try:
                con.execute("insert into entries values(?,?,?,?,?,?,?,?,?,?,?,?,?)",
                            (eid, owner, turn_id, step_num, executor, sp.kind, sp.content, len(sp.content), summary,
                             now, now + ttl, sp.stored_json, path))
                break
            except apsw.ConstraintError:
                continue  # 64-bit id collision: draw again
            except apsw.Error as e:
                raise StoreError(f"scratchpad: could not store the observation ({e}); "
                                 "it is shown truncated instead") from None
        else:
            raise StoreError("scratchpad: could not draw a free id")
        return Entry(eid, owner, turn_id, step_num, executor, sp.kind, len(sp.content), summary, now, now + ttl)

    def present(self, observation: Any, *, owner: str, turn_id: str, step_num: int, executor: str | None,
                threshold_bytes: int = 4096, inline_chars: int = 1500, ttl: float = DEFAULT_TTL,
                now: float | None = None) -> tuple[dict[str, Any], str | None]:
        """What the model sees of an observation, and the scratchpad id when it was offloaded."""
        if len(view.dumps(observation)) <= threshold_bytes:
            return view.inline(observation, inline_chars), None
        sp = view.split(observation)
        entry = self._put(observation, sp, owner=owner, turn_id=turn_id, step_num=step_num, executor=executor,
                          ttl=ttl, now=now)
        return view.synthetic(observation, sp, entry.id, step_num, max(inline_chars, 700)), entry.id

    def touch_turn(self, owner: str, turn_id: str, ttl: float = DEFAULT_TTL, now: float | None = None) -> int:
        """Keep a turn's entries at least `ttl` more seconds (a turn resumed after a long approval wait)."""
        now = time.time() if now is None else now
        con = self._con()
        con.execute("update entries set expires_at = max(expires_at, ?) where owner = ? and turn_id = ? "
                    "and expires_at > ?", (now + ttl, owner, turn_id, now))
        return con.changes()

    def gc(self, now: float | None = None) -> int:
        """Delete expired rows; returns how many."""
        con = self._con()
        con.execute("delete from entries where expires_at <= ?", (time.time() if now is None else now,))
        return con.changes()

    # -- reading (owner and turn always checked) -----------------------------------
    def get(self, scratchpad_id: str, *, owner: str, turn_id: str, now: float | None = None) -> Entry | None:
        if not isinstance(scratchpad_id, str):
            return None
        now = time.time() if now is None else now
        row = self._con().execute(
            f"select {_COLS}, content from entries where id = ? and owner = ? and turn_id = ? and expires_at > ?",
            (scratchpad_id.strip().lower(), owner, turn_id, now)).fetchone()
        return None if row is None else _entry(row, bytes(row[10]))

    def read(self, scratchpad_id: Any, *, owner: str, turn_id: str, args: dict[str, Any] | None = None,
             cap: int = 8192, check: Callable[[], None] | None = None, now: float | None = None) -> dict[str, Any]:
        """One scratchpad_read call: raises ToolError for a bad id or bad arguments, never anything else."""
        args = dict(args or {})
        if not isinstance(scratchpad_id, str) or not ID_RE.fullmatch(scratchpad_id.strip().lower()):
            raise ToolError(f"scratchpad_read: scratchpad_id must be the 16-character hex id shown in an "
                            f"observation, got {slices._show(scratchpad_id)}")
        try:
            entry = self.get(scratchpad_id, owner=owner, turn_id=turn_id, now=now)
        except apsw.Error as e:
            raise ToolError(f"scratchpad_read: the scratchpad database failed ({e}); try again") from None
        if entry is None or entry.content is None:
            raise ToolError(not_found(scratchpad_id))
        out = slices.read_entry(entry.kind, entry.content, args, int(cap), check)
        out["scratchpad_id"] = entry.id
        return out

    def list_for_turn(self, owner: str, turn_id: str, now: float | None = None) -> list[Entry]:
        now = time.time() if now is None else now
        rows = self._con().execute(
            f"select {_COLS} from entries where owner = ? and turn_id = ? and expires_at > ? "
            "order by created_at, step_num", (owner, turn_id, now)).fetchall()
        return [_entry(r) for r in rows]

    def has_entries(self, owner: str, turn_id: str, now: float | None = None) -> bool:
        """Whether scratchpad_read belongs in this turn's tool list."""
        now = time.time() if now is None else now
        return self._con().execute("select 1 from entries where owner = ? and turn_id = ? and expires_at > ? "
                                   "limit 1", (owner, turn_id, now)).fetchone() is not None

    def full_result(self, owner: str, turn_id: str, step_num: int, now: float | None = None) -> Any | None:
        """The whole observation step `step_num` returned, rebuilt from the store; None if not offloaded."""
        now = time.time() if now is None else now
        row = self._con().execute(
            "select content_kind, content, observation, content_path from entries where owner = ? and turn_id = ? "
            "and step_num = ? and expires_at > ? order by created_at desc limit 1",
            (owner, turn_id, step_num, now)).fetchone()
        if row is None:
            return None
        kind, content, stored, path = row
        return view.full_from_row(stored, tuple(json.loads(path)) if path else None, kind, bytes(content))

    # -- observability ----------------------------------------------------------------
    def stats(self, now: float | None = None) -> dict[str, Any]:
        """Rows, bytes, oldest entry, expired rows awaiting gc, rows per owner (`metnos scratchpad stats`)."""
        now = time.time() if now is None else now
        con = self._con()
        rows, size, oldest = one_row(con.execute(
            "select count(*), coalesce(sum(size_bytes), 0), min(created_at) from entries"))
        expired = one_row(con.execute("select count(*) from entries where expires_at <= ?", (now,)))[0]
        per_owner = {o: {"rows": n, "bytes": b} for o, n, b in con.execute(
            "select owner, count(*), coalesce(sum(size_bytes), 0) from entries group by owner order by owner")}
        db_file = con.filename
        disk = sum(Path(p).stat().st_size for p in (db_file, db_file + "-wal") if Path(p).exists())
        return {"path": db_file, "rows": rows, "bytes": size, "oldest_created_at": oldest,
                "oldest_age_s": None if oldest is None else round(now - oldest, 1), "expired_pending_gc": expired,
                "per_owner": per_owner, "disk_bytes": disk}
