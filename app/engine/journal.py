"""Every turn recorded (request, canonical form, steps, outcome): the chat history the user controls.

Encrypted at rest (app.store.vault, key derived from the master key). A turn
is written when it starts ("running") and finished when it ends, so a turn cut
by a crash shows as interrupted instead of vanishing. `[history] keep_days`
prunes older turns at open; `forget_session` / `forget` delete on request
(secure_delete zeroes the freed pages).

One connection, one lock: the turn's thread writes a turn's start, the work after its answer writes its end,
and the UI reads the history, each on its own thread.
"""
from __future__ import annotations

import functools
import json
import os
import threading
import time
from pathlib import Path
from typing import Any, Callable, TypeVar

from app.store import Migration, open_db
from app.store.vault import open_encrypted
from app.turn.events import Turn

from . import conversations as convs
from .shown import listed

MIGRATIONS = [
    Migration(1, "turns and steps", """
        create table turns(
            id text primary key, owner text not null, session text not null default '',
            text text not null, canonical text not null default '', level text not null,
            answer text not null default '', ok integer not null, cancelled integer not null default 0,
            started_at real not null, elapsed_ms real not null default 0);
        create index turns_owner_started on turns(owner, started_at);
        create table steps(
            turn_id text not null references turns(id) on delete cascade, num integer not null,
            tool text not null, args text not null, ok integer not null, level text not null,
            arg_sources text not null default '{}', primary key(turn_id, num));
    """),
    Migration(2, "turn state: running until finished, interrupted after a crash", """
        alter table turns add column state text not null default 'done';
        alter table turns add column pid integer not null default 0;
        create index turns_session on turns(owner, session);
    """),
    Migration(3, "what a restored step says: why it failed (declined, the error, the person's sentence), "
                 "the counts its line shows", """
        alter table steps add column declined integer not null default 0;
        alter table steps add column error text not null default '';
        alter table steps add column message text not null default '';
        alter table steps add column counts text not null default '';
    """),
    Migration(4, "conversations: a name and a last time each; older turns without one join the desk's chat",
              convs.migrate),
    Migration(5, "the paths a listing or a search showed, so a follow-up after a restart counts in that list", """
        alter table steps add column shown text not null default '';
    """),
]
STATES = ("running", "done", "interrupted")
F = TypeVar("F", bound=Callable[..., Any])


def _locked(fn: F) -> F:
    @functools.wraps(fn)
    def run(self: "Journal", *a: Any, **kw: Any) -> Any:
        with self._lock:
            return fn(self, *a, **kw)

    return run  # type: ignore[return-value]


def _safe_json(v: Any) -> str:
    s = json.dumps(v, ensure_ascii=False, default=str)
    return s if len(s) < 20_000 else json.dumps({"_truncated": s[:20_000]})


COUNTED = ("count", "lines")  # the figures a step's line says (app/turn/describe.py); nothing else of a result is kept


def _counts(result: Any) -> str:
    if not isinstance(result, dict):
        return ""
    kept = {k: result[k] for k in COUNTED if isinstance(result.get(k), int) and not isinstance(result[k], bool)}
    return json.dumps(kept) if kept else ""


def _message_counts(raw: str) -> dict[str, int]:
    try:
        got = json.loads(raw) if raw else {}
    except ValueError:
        return {}
    return {k: v for k, v in got.items() if k in COUNTED and isinstance(v, int)} if isinstance(got, dict) else {}


def _shown(step: Any) -> str:
    paths = listed(step)
    return json.dumps(paths, ensure_ascii=False) if paths else ""


def _paths(raw: str) -> list[str]:
    try:
        got = json.loads(raw) if raw else []
    except ValueError:
        return []
    return [str(p) for p in got if isinstance(p, str)] if isinstance(got, list) else []


def _message(raw: str) -> dict[str, Any] | None:
    try:
        m = json.loads(raw) if raw else None
    except ValueError:
        return None
    return m if isinstance(m, dict) and isinstance(m.get("key"), str) else None


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # exists, owned by someone else
    return True


def conversation_of(row: dict[str, Any]) -> str:
    """A conversation is a session (one in the chat window); a one-off request is its own conversation."""
    return str(row.get("session") or row["id"])


class Journal:
    def __init__(self, path: str | Path = "history", keep_days: float = 0, *, plaintext: bool = False):
        """`plaintext=True` only for the storage benchmark's comparison arm."""
        self._lock = threading.RLock()
        # conversations deleted while this process runs: a turn of one still running when it was deleted is not
        # written back when it ends (its conversation would come back in the list with that one turn)
        self._gone: set[tuple[str, str]] = set()
        self.con = open_db(path, MIGRATIONS) if plaintext else open_encrypted(path, MIGRATIONS, name="history")
        self.con.execute("pragma secure_delete=on")
        self._mark_interrupted()
        if keep_days and keep_days > 0:
            self.prune(keep_days)

    # -- writing --------------------------------------------------------------------------------------
    @_locked
    def start(self, turn: Turn, started_at: float, session: str = "") -> None:
        """The turn began: written now, so a crash leaves it visible as interrupted. Its conversation is
        `session` (a one-off request without one is a conversation of its own)."""
        session = session or turn.id
        if (turn.owner, session) in self._gone:
            return
        with self.con:
            convs.touch(self.con, turn.owner, session, started_at)
            self.con.execute(
                "insert or replace into turns(id, owner, session, text, canonical, level, answer, ok, cancelled, "
                "started_at, elapsed_ms, state, pid) values(?,?,?,?,?,?,?,0,0,?,0,'running',?)",
                (turn.id, turn.owner, session, turn.text, turn.canonical, turn.level or "", "", started_at,
                 os.getpid()))

    @_locked
    def record(self, turn: Turn, started_at: float, elapsed_ms: float, session: str = "") -> None:
        """The turn ended (also works without `start`): its answer, outcome and steps — unless its conversation was
        deleted meanwhile."""
        session = session or turn.id
        if (turn.owner, session) in self._gone:
            return
        with self.con:
            convs.touch(self.con, turn.owner, session, started_at)
            self.con.execute(
                "insert or replace into turns(id, owner, session, text, canonical, level, answer, ok, cancelled, "
                "started_at, elapsed_ms, state, pid) values(?,?,?,?,?,?,?,?,?,?,?,'done',?)",
                (turn.id, turn.owner, session, turn.text, turn.canonical, turn.level, turn.answer, int(turn.ok),
                 int(turn.cancelled), started_at, elapsed_ms, os.getpid()))
            for s in turn.steps:
                failed = s.result if not s.ok and isinstance(s.result, dict) else {}
                message = failed.get("message")
                self.con.execute(
                    "insert or replace into steps(turn_id, num, tool, args, ok, level, arg_sources, declined, error, "
                    "message, counts, shown) values(?,?,?,?,?,?,?,?,?,?,?,?)",
                    (turn.id, s.num, s.tool, _safe_json(s.args), int(s.ok), s.level, json.dumps(s.arg_sources),
                     int(bool(failed.get("declined"))), str(failed.get("error") or "")[:2000],
                     _safe_json(message) if isinstance(message, dict) else "", _counts(s.result) if s.ok else "",
                     _shown(s)))

    def _mark_interrupted(self) -> None:
        rows = self.con.execute("select id, pid from turns where state = 'running'").fetchall()
        dead = [(str(tid),) for tid, pid in rows if not _alive(int(str(pid)))]
        if dead:
            with self.con:
                self.con.executemany("update turns set state = 'interrupted' where id = ?", dead)

    # -- reading ---------------------------------------------------------------------------------------
    _KEYS = ("id", "text", "answer", "level", "ok", "cancelled", "started_at", "session", "state", "elapsed_ms")

    @_locked
    def recent(self, owner: str, limit: int = 50, session: str | None = None) -> list[dict[str, Any]]:
        q = ("select id, text, answer, level, ok, cancelled, started_at, session, state, elapsed_ms from turns "
             "where owner = ?")
        params: list[Any] = [owner]
        if session is not None:
            q += " and session = ?"
            params.append(session)
        q += " order by started_at desc limit ?"
        params.append(limit)
        rows = self.con.execute(q, params).fetchall()
        return [dict(zip(self._KEYS, r)) for r in reversed(rows)]

    @_locked
    def steps(self, turn_id: str) -> list[dict[str, Any]]:
        """A turn's steps; a failed one says why: `declined` (the person said no), `error` (English, for the
        details view) and `message` (the person's sentence as {key, params}, shown in the UI's language); a
        done one keeps the `counts` its line shows ("4 righe"), and a listing or a search the paths it `shown`, in
        order (what "il secondo" counts in)."""
        rows = self.con.execute("select num, tool, args, ok, level, declined, error, message, counts, shown "
                                "from steps where turn_id = ? order by num", (turn_id,)).fetchall()
        return [{"num": r[0], "tool": r[1], "args": json.loads(str(r[2])), "ok": bool(r[3]), "level": r[4],
                 "declined": bool(r[5]), "error": str(r[6] or ""), "message": _message(str(r[7] or "")),
                 "counts": _message_counts(str(r[8] or "")), "shown": _paths(str(r[9] or ""))} for r in rows]

    @_locked
    def conversations(self, owner: str, limit: int = 200, words: list[str] | None = None) -> list[dict[str, Any]]:
        """One row per conversation, the most recently used first: id, title (a name given by hand, else the first
        request), first request, turns, first/last time, interrupted turns. `words`: only those that contain them."""
        return convs.listing(self.con, owner, words or (), limit)

    @_locked
    def conversation(self, owner: str, conv: str, limit: int | None = None,
                     before: float | None = None) -> list[dict[str, Any]]:
        """The turns of one conversation, oldest first, with steps; `limit`: only its newest turns (`before`: of
        those that started before that time — the ones above what is on screen)."""
        rows = self.con.execute(
            "select id, text, answer, level, ok, cancelled, started_at, session, state, elapsed_ms from turns "
            "where owner = ? and session = ? and started_at < ? order by started_at desc limit ?",
            (owner, conv, float("inf") if before is None else before, -1 if limit is None else limit)).fetchall()
        out = [dict(zip(self._KEYS, r)) for r in reversed(rows)]
        for r in out:
            r["steps"] = self.steps(str(r["id"]))
        return out

    @_locked
    def rename(self, owner: str, conv: str, title: str) -> bool:
        """Name a conversation (an empty name brings back its first request as its name)."""
        with self.con:
            done = convs.rename(self.con, owner, conv, title)
        return done

    @_locked
    def resolve(self, owner: str, prefix: str) -> list[str]:
        """Conversation ids starting with `prefix` (people type the first few characters)."""
        like = prefix.strip().replace("%", "").replace("_", "") + "%"
        if len(like) < 2:
            return []
        rows = self.con.execute("select id from conversations where owner = ? and id like ?",
                                (owner, like)).fetchall()
        return [str(r[0]) for r in rows]

    # -- forgetting ---------------------------------------------------------------------------------------
    @_locked
    def forget_session(self, owner: str, conv: str) -> list[str]:
        """Delete one conversation (its turns and steps). Returns the texts of its requests (the caller
        removes them from the other logs) — empty when nothing matched. A turn of it still running is not written
        when it ends."""
        self._gone.add((owner, conv))
        with self.con:
            rows = self.con.execute("delete from turns where owner = ? and session = ? returning text",
                                    (owner, conv)).fetchall()
            self.con.execute("delete from conversations where owner = ? and id = ?", (owner, conv))
        return [str(r[0]) for r in rows]

    @_locked
    def prune(self, keep_days: float, now: float | None = None) -> int:
        """Forget turns older than `keep_days` days; returns how many."""
        cutoff = (time.time() if now is None else now) - float(keep_days) * 86400
        with self.con:
            n = self.con.execute("delete from turns where started_at < ? returning id", (cutoff,)).fetchall()
            convs.drop_empty(self.con)
        return len(n)

    @_locked
    def clear(self, owner: str) -> None:
        with self.con:
            self.con.execute("delete from turns where owner = ?", (owner,))
            self.con.execute("delete from conversations where owner = ?", (owner,))

    @_locked
    def close(self) -> None:
        self.con.close()


def now() -> float:
    return time.time()
