"""Every turn recorded (request, canonical form, steps, outcome): the chat history the user controls.

Encrypted at rest (app.store.vault, key derived from the master key). A turn
is written when it starts ("running") and finished when it ends, so a turn cut
by a crash shows as interrupted instead of vanishing. `[history] keep_days`
prunes older turns at open; `forget_session` / `forget` delete on request
(secure_delete zeroes the freed pages).
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from app.store import Migration, open_db
from app.store.vault import open_encrypted
from app.turn.events import Turn

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
]
STATES = ("running", "done", "interrupted")


def _safe_json(v: Any) -> str:
    s = json.dumps(v, ensure_ascii=False, default=str)
    return s if len(s) < 20_000 else json.dumps({"_truncated": s[:20_000]})


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
    """A conversation is a session (chat window); a one-off request is its own conversation."""
    return str(row.get("session") or row["id"])


class Journal:
    def __init__(self, path: str | Path = "history", keep_days: float = 0, *, plaintext: bool = False):
        """`plaintext=True` only for the storage benchmark's comparison arm."""
        self.con = open_db(path, MIGRATIONS) if plaintext else open_encrypted(path, MIGRATIONS, name="history")
        self.con.execute("pragma secure_delete=on")
        self._mark_interrupted()
        if keep_days and keep_days > 0:
            self.prune(keep_days)

    # -- writing --------------------------------------------------------------------------------------
    def start(self, turn: Turn, started_at: float, session: str = "") -> None:
        """The turn began: written now, so a crash leaves it visible as interrupted."""
        with self.con:
            self.con.execute(
                "insert or replace into turns(id, owner, session, text, canonical, level, answer, ok, cancelled, "
                "started_at, elapsed_ms, state, pid) values(?,?,?,?,?,?,?,0,0,?,0,'running',?)",
                (turn.id, turn.owner, session, turn.text, turn.canonical, turn.level or "", "", started_at,
                 os.getpid()))

    def record(self, turn: Turn, started_at: float, elapsed_ms: float, session: str = "") -> None:
        """The turn ended (also works without `start`): its answer, outcome and steps."""
        with self.con:
            self.con.execute(
                "insert or replace into turns(id, owner, session, text, canonical, level, answer, ok, cancelled, "
                "started_at, elapsed_ms, state, pid) values(?,?,?,?,?,?,?,?,?,?,?,'done',?)",
                (turn.id, turn.owner, session, turn.text, turn.canonical, turn.level, turn.answer, int(turn.ok),
                 int(turn.cancelled), started_at, elapsed_ms, os.getpid()))
            for s in turn.steps:
                self.con.execute("insert or replace into steps values(?,?,?,?,?,?,?)",
                                 (turn.id, s.num, s.tool, _safe_json(s.args), int(s.ok), s.level,
                                  json.dumps(s.arg_sources)))

    def _mark_interrupted(self) -> None:
        rows = self.con.execute("select id, pid from turns where state = 'running'").fetchall()
        dead = [(str(tid),) for tid, pid in rows if not _alive(int(str(pid)))]
        if dead:
            with self.con:
                self.con.executemany("update turns set state = 'interrupted' where id = ?", dead)

    # -- reading ---------------------------------------------------------------------------------------
    _KEYS = ("id", "text", "answer", "level", "ok", "cancelled", "started_at", "session", "state", "elapsed_ms")

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

    def steps(self, turn_id: str) -> list[dict[str, Any]]:
        rows = self.con.execute("select num, tool, args, ok, level from steps where turn_id = ? order by num",
                                (turn_id,)).fetchall()
        return [{"num": r[0], "tool": r[1], "args": json.loads(str(r[2])), "ok": bool(r[3]), "level": r[4]}
                for r in rows]

    def conversations(self, owner: str, limit: int = 100) -> list[dict[str, Any]]:
        """One row per conversation, newest first: id, first request, turns, first/last time, interrupted turns."""
        rows = self.con.execute(
            "with t as (select case when session = '' then id else session end as conv, started_at, state, text "
            "from turns where owner = ?) "
            "select conv, min(started_at), max(started_at), count(*), sum(state = 'interrupted'), "
            "(select t2.text from t t2 where t2.conv = t.conv order by t2.started_at limit 1) "
            "from t group by conv order by max(started_at) desc limit ?", (owner, limit)).fetchall()
        return [{"id": r[0], "first_at": r[1], "last_at": r[2], "turns": r[3], "interrupted": r[4] or 0,
                 "first_text": r[5] or ""} for r in rows]

    def conversation(self, owner: str, conv: str) -> list[dict[str, Any]]:
        """The turns of one conversation (a session id, or a one-off turn's id), oldest first, with steps."""
        rows = self.con.execute(
            "select id, text, answer, level, ok, cancelled, started_at, session, state, elapsed_ms from turns "
            "where owner = ? and (session = ? or (session = '' and id = ?)) order by started_at",
            (owner, conv, conv)).fetchall()
        out = [dict(zip(self._KEYS, r)) for r in rows]
        for r in out:
            r["steps"] = self.steps(str(r["id"]))
        return out

    def resolve(self, owner: str, prefix: str) -> list[str]:
        """Conversation ids starting with `prefix` (people type the first few characters)."""
        like = prefix.strip().replace("%", "").replace("_", "") + "%"
        if len(like) < 2:
            return []
        rows = self.con.execute(
            "select distinct case when session = '' then id else session end from turns where owner = ? and "
            "((session = '' and id like ?) or session like ?)", (owner, like, like)).fetchall()
        return [str(r[0]) for r in rows]

    # -- forgetting ---------------------------------------------------------------------------------------
    def forget_session(self, owner: str, conv: str) -> list[str]:
        """Delete one conversation (its turns and steps). Returns the texts of its requests (the caller
        removes them from the other logs) — empty when nothing matched."""
        with self.con:
            rows = self.con.execute(
                "delete from turns where owner = ? and (session = ? or (session = '' and id = ?)) returning text",
                (owner, conv, conv)).fetchall()
        return [str(r[0]) for r in rows]

    def prune(self, keep_days: float, now: float | None = None) -> int:
        """Forget turns older than `keep_days` days; returns how many."""
        cutoff = (time.time() if now is None else now) - float(keep_days) * 86400
        with self.con:
            n = self.con.execute("delete from turns where started_at < ? returning id", (cutoff,)).fetchall()
        return len(n)

    def clear(self, owner: str) -> None:
        with self.con:
            self.con.execute("delete from turns where owner = ?", (owner,))

    def close(self) -> None:
        self.con.close()


def now() -> float:
    return time.time()
