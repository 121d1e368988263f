"""Every turn recorded (request, canonical form, steps, outcome): chat history and learning input."""
from __future__ import annotations

import json
import time
from typing import Any

from app.store import Migration, open_db
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
]


def _safe_json(v: Any) -> str:
    s = json.dumps(v, ensure_ascii=False, default=str)
    return s if len(s) < 20_000 else json.dumps({"_truncated": s[:20_000]})


class Journal:
    def __init__(self, path: Any = "history"):
        self.con = open_db(path, MIGRATIONS)

    def record(self, turn: Turn, started_at: float, elapsed_ms: float, session: str = "") -> None:
        with self.con:
            self.con.execute(
                "insert or replace into turns values(?,?,?,?,?,?,?,?,?,?,?)",
                (turn.id, turn.owner, session, turn.text, turn.canonical, turn.level, turn.answer, int(turn.ok),
                 int(turn.cancelled), started_at, elapsed_ms))
            for s in turn.steps:
                self.con.execute("insert or replace into steps values(?,?,?,?,?,?,?)",
                                 (turn.id, s.num, s.tool, _safe_json(s.args), int(s.ok), s.level,
                                  json.dumps(s.arg_sources)))

    def recent(self, owner: str, limit: int = 50, session: str | None = None) -> list[dict[str, Any]]:
        q = "select id, text, answer, level, ok, cancelled, started_at, session from turns where owner = ?"
        params: list[Any] = [owner]
        if session is not None:
            q += " and session = ?"
            params.append(session)
        q += " order by started_at desc limit ?"
        params.append(limit)
        rows = self.con.execute(q, params).fetchall()
        keys = ("id", "text", "answer", "level", "ok", "cancelled", "started_at", "session")
        return [dict(zip(keys, r)) for r in reversed(rows)]

    def steps(self, turn_id: str) -> list[dict[str, Any]]:
        rows = self.con.execute("select num, tool, args, ok, level from steps where turn_id = ? order by num",
                                (turn_id,)).fetchall()
        return [{"num": r[0], "tool": r[1], "args": json.loads(str(r[2])), "ok": bool(r[3]), "level": r[4]}
                for r in rows]

    def clear(self, owner: str) -> None:
        with self.con:
            self.con.execute("delete from turns where owner = ?", (owner,))

    def close(self) -> None:
        self.con.close()


def now() -> float:
    return time.time()
