"""The fast-path memory (memo.db): what L1 and L2 learned, active days, and the route log.

Tables:
* canonical_query_log — one row per (owner, canonical request, executor): the
  last query and args observed, uses, last active day rank, the learned
  per-entry threshold and how often a hit was contradicted, the vector.
* multi_tool_paths — one row per (owner, canonical request, step signature):
  steps with placeholders, uses, last active day rank, promotion time, vector.
* system_active_days — day -> day_rank, a counter that advances only on days
  Metnos was used; expiry counts these, not calendar days.
* synthesis_candidates — pipelines promoted after k_synth uses (idempotent).
* route_log — the nearest score and the reason of every lookup.

Storage only: no embedding, no matching. Vectors are float32 blobs. The file
is encrypted at rest (app.store.vault: key derived from the master key);
`plaintext=True` exists only for the storage benchmark's comparison arm.
"""
from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from app.store.db import one_row, open_db
from app.store.vault import open_encrypted

from .memo_io import MemoError as MemoError  # noqa: F401  (re-exported)
from .memo_io import export_lines as export_lines
from .memo_io import parse_import as parse_import
from .memo_migrations import MIGRATIONS

log = logging.getLogger(__name__)
ROUTE_LOG_KEEP = 5000


@dataclass
class QueryRow:
    id: int
    owner: str
    canonical: str
    query: str
    executor: str
    args: dict[str, Any]
    observed_at: str  # when args were observed: dates in them are relative to this
    action_key: str  # "<lexicon version>|<action classes>", see actions.action_key
    uses: int
    first_seen: str
    last_used_day_rank: int
    threshold_override: float | None
    contradicted: int
    hits: int
    vector: np.ndarray | None = field(default=None, repr=False)

    @property
    def ref(self) -> str:
        return f"q{self.id}"


@dataclass
class PathRow:
    id: int
    owner: str
    canonical: str
    query: str
    steps: list[dict[str, Any]]
    signature: str
    action_key: str
    uses: int
    first_seen: str
    last_used_day_rank: int
    promoted_at: str | None
    threshold_override: float | None
    contradicted: int
    hits: int
    vector: np.ndarray | None = field(default=None, repr=False)

    @property
    def ref(self) -> str:
        return f"p{self.id}"


def _vec(blob: bytes | None) -> np.ndarray | None:
    return None if blob is None else np.frombuffer(blob, dtype=np.float32).copy()


def _blob(v: np.ndarray | None) -> bytes | None:
    return None if v is None else np.ascontiguousarray(v, dtype=np.float32).tobytes()


def _now() -> str:
    return datetime.now().replace(microsecond=0).isoformat()


class RouteLine(NamedTuple):
    """A line of the route log (table route_log): its columns, once for the insert, the select and the rows read.
    A tuple already: the buffered lines go to executemany as they are (dataclasses.astuple deep-copied each field,
    a third of an L0 decision's time)."""
    ts: str
    text: str
    level: str
    score: float | None
    entry: str | None
    reason: str


_ROUTE_FIELDS = RouteLine._fields
_ROUTE_COLUMNS = ", ".join(_ROUTE_FIELDS)
_ROUTE_INSERT = f"insert into route_log({_ROUTE_COLUMNS}) values({', '.join('?' * len(_ROUTE_FIELDS))})"


def signature(steps: list[dict[str, Any]]) -> str:
    """Identity of a pipeline: its tools and templated args, canonical JSON."""
    return json.dumps([{"tool": s["tool"], "args": s.get("args", {})} for s in steps], sort_keys=True,
                      ensure_ascii=False, separators=(",", ":"))


_Q_COLS = ("id, owner, canonical, query, executor, args_observed, observed_at, action_key, uses, first_seen, "
           "last_used_day_rank, "
           "threshold_override, contradicted, hits, vector")
_P_COLS = ("id, owner, canonical, query, steps, signature, action_key, uses, first_seen, last_used_day_rank, "
           "promoted_at, "
           "threshold_override, contradicted, hits, vector")


def _qrow(r: tuple[Any, ...]) -> QueryRow:
    return QueryRow(r[0], r[1], r[2], r[3], r[4], json.loads(r[5] or "{}"), r[6], r[7], r[8], r[9], r[10], r[11],
                    r[12], r[13], _vec(r[14]))


def _prow(r: tuple[Any, ...]) -> PathRow:
    return PathRow(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5], r[6], r[7], r[8], r[9], r[10], r[11], r[12],
                   r[13], _vec(r[14]))


class Memo:
    """One connection to memo.db; methods are thread-safe (one lock, short transactions)."""

    def __init__(self, name_or_path: str | Path = "memo", *, plaintext: bool = False):
        self.con = open_db(name_or_path, MIGRATIONS) if plaintext else open_encrypted(name_or_path, MIGRATIONS)
        self.con.execute("pragma secure_delete=on")
        self._lock = threading.RLock()
        self._log_buf: list[RouteLine] = []
        self._day_cache: tuple[str, int] | None = None

    @property
    def in_memory(self) -> bool:
        """True for the fallback a session without a key (or a disk) runs on: nothing here is kept."""
        return self.con.filename in ("", ":memory:")

    def close(self) -> None:
        self.flush()
        self.con.close()

    # -- L1 ----------------------------------------------------------------------------------------------
    def log_query(self, owner: str, canonical: str, query: str, executor: str, args: dict[str, Any],
                  vector: np.ndarray | None, day_rank: int, uses: int = 1, merge: str = "add",
                  observed_at: str | None = None, action_key: str = "") -> int:
        """Record `uses` observations; an existing row keeps its id and gets the latest query/args.

        merge="add" adds the uses (learning); merge="max" keeps the larger count (import, idempotent).
        """
        args_json = json.dumps(args, ensure_ascii=False, sort_keys=True)
        upd = "uses + excluded.uses" if merge == "add" else "max(uses, excluded.uses)"
        with self._lock, self.con:
            rid = int(one_row(self.con.execute(
                f"insert into canonical_query_log(owner, canonical, query, executor, args_observed, observed_at, uses, "
                f"first_seen, last_used_day_rank, vector, action_key) values(?,?,?,?,?,?,?,?,?,?,?) on conflict(owner, "
                f"canonical, executor) do update set uses = {upd}, query = excluded.query, "
                f"args_observed = excluded.args_observed, observed_at = excluded.observed_at, "
                f"action_key = excluded.action_key, "
                f"last_used_day_rank = max(last_used_day_rank, excluded.last_used_day_rank), "
                f"vector = coalesce(vector, excluded.vector) returning id",
                (owner, canonical, query, executor, args_json, observed_at or _now(), uses, _now(), day_rank,
                 _blob(vector), action_key)))[0])  # fetched inside the transaction: no statement open at commit
        return rid

    def _rows(self, sql: str, owner: str | None) -> list[Any]:
        """All rows of a select, or one owner's; in id order (the in-memory indexes rely on it)."""
        with self._lock:
            if owner is None:
                return list(self.con.execute(sql + " order by id"))
            return list(self.con.execute(sql + " where owner = ? order by id", (owner,)))

    def queries(self, owner: str | None = None) -> list[QueryRow]:
        return [_qrow(r) for r in self._rows(f"select {_Q_COLS} from canonical_query_log", owner)]

    def query(self, qid: int) -> QueryRow | None:
        with self._lock:
            r = self.con.execute(f"select {_Q_COLS} from canonical_query_log where id = ?", (qid,)).fetchone()
        return _qrow(r) if r else None

    # -- L2 ----------------------------------------------------------------------------------------------
    def log_path(self, owner: str, canonical: str, query: str, steps: list[dict[str, Any]],
                 vector: np.ndarray | None, day_rank: int, uses: int = 1, merge: str = "add",
                 action_key: str = "") -> int:
        sig = signature(steps)
        upd = "uses + excluded.uses" if merge == "add" else "max(uses, excluded.uses)"
        with self._lock, self.con:
            rid = int(one_row(self.con.execute(
                f"insert into multi_tool_paths(owner, canonical, query, steps, signature, uses, first_seen, "
                f"last_used_day_rank, vector, action_key) values(?,?,?,?,?,?,?,?,?,?) on conflict(owner, canonical, "
                f"signature) do update set uses = {upd}, query = excluded.query, action_key = excluded.action_key, "
                f"last_used_day_rank = max(last_used_day_rank, excluded.last_used_day_rank), "
                f"vector = coalesce(vector, excluded.vector) returning id",
                (owner, canonical, query, json.dumps(steps, ensure_ascii=False), sig, uses, _now(), day_rank,
                 _blob(vector), action_key)))[0])  # fetched inside the transaction: no statement open at commit
        return rid

    def paths(self, owner: str | None = None) -> list[PathRow]:
        return [_prow(r) for r in self._rows(f"select {_P_COLS} from multi_tool_paths", owner)]

    def path(self, pid: int) -> PathRow | None:
        with self._lock:
            r = self.con.execute(f"select {_P_COLS} from multi_tool_paths where id = ?", (pid,)).fetchone()
        return _prow(r) if r else None

    # -- both ----------------------------------------------------------------------------------------------
    @staticmethod
    def _table(ref: str) -> tuple[str, int]:
        ref = str(ref).strip().lower()
        if len(ref) < 2 or ref[0] not in "qp" or not ref[1:].isdigit():
            raise MemoError(f"{ref!r} is not a memo id: use the id shown by `metnos memo list`, e.g. q12 (a single "
                            f"request) or p3 (a pipeline)")
        return ("canonical_query_log" if ref[0] == "q" else "multi_tool_paths"), int(ref[1:])

    def touch(self, ref: str, day_rank: int, hit: bool = True) -> None:
        """A served hit that ended well: one more use, used today."""
        table, rid = self._table(ref)
        with self._lock, self.con:
            self.con.execute(f"update {table} set uses = uses + 1, hits = hits + ?, "
                             f"last_used_day_rank = max(last_used_day_rank, ?) where id = ?", (int(hit), day_rank, rid))

    def set_threshold(self, ref: str, threshold: float) -> None:
        """A hit was contradicted: this entry now needs `threshold` to be served again."""
        table, rid = self._table(ref)
        with self._lock, self.con:
            self.con.execute(f"update {table} set threshold_override = ?, contradicted = contradicted + 1 "
                             f"where id = ?", (float(threshold), rid))

    def set_action_key(self, ref: str, key: str) -> None:
        """Store a recomputed action key (after the lexicon changed)."""
        table, rid = self._table(ref)
        with self._lock, self.con:
            self.con.execute(f"update {table} set action_key = ? where id = ?", (key, rid))

    def forget(self, ref: str) -> bool:
        table, rid = self._table(ref)
        with self._lock, self.con:
            n = self.con.execute(f"delete from {table} where id = ? returning id", (rid,)).fetchall()
        return bool(n)

    # -- active days, expiry, promotion -----------------------------------------------------------------------
    def mark_active_day(self, today: date | None = None) -> int:
        """Record that Metnos was used on `today`; return its day_rank (1, 2, ... skipping unused days)."""
        day = (today or date.today()).isoformat()
        if self._day_cache and self._day_cache[0] == day:
            return self._day_cache[1]
        with self._lock, self.con:
            r: Any = self.con.execute("select day_rank from system_active_days where day = ?", (day,)).fetchone()
            if r is None:
                r = one_row(self.con.execute(
                    "insert into system_active_days(day, day_rank) select ?, coalesce(max(day_rank), 0) + 1 "
                    "from system_active_days returning day_rank", (day,)))
        self._day_cache = (day, int(r[0]))
        return int(r[0])

    def current_day_rank(self) -> int:
        with self._lock:
            return int(one_row(self.con.execute("select coalesce(max(day_rank), 0) from system_active_days"))[0])

    def expire(self, ttl_active_days: int, today_rank: int | None = None) -> tuple[list[int], list[int]]:
        """Forget rows unused for more than `ttl_active_days` active days. Returns the removed (L1, L2) ids."""
        rank = self.current_day_rank() if today_rank is None else today_rank
        limit = rank - int(ttl_active_days)
        with self._lock, self.con:
            q = [r[0] for r in self.con.execute(
                "delete from canonical_query_log where last_used_day_rank < ? returning id", (limit,))]
            p = [r[0] for r in self.con.execute(
                "delete from multi_tool_paths where last_used_day_rank < ? returning id", (limit,))]
        return q, p

    def promote(self, k_synth: int) -> list[int]:
        """Mark pipelines used ≥ k_synth times as synthesis candidates; already promoted ones are left alone."""
        now = _now()
        with self._lock, self.con:
            ids = [r[0] for r in self.con.execute(
                "select id from multi_tool_paths where uses >= ? and promoted_at is null", (int(k_synth),))]
            for pid in ids:
                self.con.execute(
                    "insert or ignore into synthesis_candidates(path_id, canonical, steps, uses_at_promotion, "
                    "created_at) select id, canonical, steps, uses, ? from multi_tool_paths where id = ?", (now, pid))
                self.con.execute("update multi_tool_paths set promoted_at = ? where id = ?", (now, pid))
        return ids

    def synthesis_candidates(self) -> list[dict[str, Any]]:
        with self._lock:
            return [{"path_id": r[0], "canonical": r[1], "steps": json.loads(r[2]), "uses_at_promotion": r[3],
                     "created_at": r[4]} for r in self.con.execute(
                "select path_id, canonical, steps, uses_at_promotion, created_at from synthesis_candidates "
                "order by path_id")]

    # -- route log (buffered: a lookup must not wait for a write) ------------------------------------------------
    def log_route(self, text: str, level: str, score: float | None, reason: str, entry: str | None = None) -> None:
        with self._lock:
            line = RouteLine(_now(), text[:500], level, None if score is None else float(score), entry, reason)
            self._log_buf.append(line)
            if len(self._log_buf) >= 64:
                self.flush()

    def flush(self) -> None:
        with self._lock:
            if not self._log_buf:
                return
            buf, self._log_buf = self._log_buf, []
            try:
                with self.con:
                    self.con.executemany(_ROUTE_INSERT, buf)
                    self.con.execute("delete from route_log where id <= (select max(id) from route_log) - ?",
                                     (ROUTE_LOG_KEEP,))
            except Exception as e:  # the log is diagnostics: losing it must not break routing
                log.warning("route log not written: %s", e)

    def forget_texts(self, texts: list[str]) -> int:
        """Drop route-log lines of these requests (a conversation the user asked to forget)."""
        cut = sorted({t[:500] for t in texts if t})
        if not cut:
            return 0
        self.flush()
        n = 0
        with self._lock, self.con:
            for t in cut:
                n += len(self.con.execute("delete from route_log where text = ? returning id", (t,)).fetchall())
        return n

    def route_log(self, limit: int = 50) -> list[dict[str, Any]]:
        self.flush()
        with self._lock:
            rows = self.con.execute(f"select {_ROUTE_COLUMNS} from route_log order by id desc limit ?",
                                    (limit,)).fetchall()
        return [dict(zip(_ROUTE_FIELDS, r)) for r in rows]

    # -- listing -------------------------------------------------------------------------------------------
    def list_rows(self, owner: str | None = None) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for q in self.queries(owner):
            out.append({"id": q.ref, "query": q.query, "tool": q.executor, "args": q.args, "uses": q.uses,
                        "last_used_day_rank": q.last_used_day_rank, "contradicted": q.contradicted,
                        "threshold": q.threshold_override})
        for p in self.paths(owner):
            out.append({"id": p.ref, "query": p.query, "steps": p.steps, "uses": p.uses,
                        "last_used_day_rank": p.last_used_day_rank, "contradicted": p.contradicted,
                        "threshold": p.threshold_override, "promoted": p.promoted_at is not None})
        return out


