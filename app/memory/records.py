"""What the long-term memory stores: the schema, the Fact record, and a read-only key probe."""
from __future__ import annotations

import datetime as dt
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable

import apsw

from app.store.db import Migration

MIGRATIONS = [
    Migration(1, "facts", """
        create table facts(
            id integer primary key,
            text text not null,
            category text not null default 'general',
            created_at text not null,
            source text not null,
            last_confirmed text not null,
            supersedes integer references facts(id) on delete set null,
            active integer not null default 1,
            vector blob
        );
        create index facts_active on facts(active, category);
        create table meta(key text primary key, value text not null);
    """),
]


class FactRejected(ValueError):
    """A fact was not stored (empty, too long, bad source, or an instruction); the message says why."""


@dataclass
class Fact:
    id: int
    text: str
    category: str
    created_at: str
    source: str
    last_confirmed: str
    supersedes: int | None = None
    active: bool = True
    score: float | None = None  # recall ranking: similarity + word overlap + recency
    similarity: float | None = None  # recall: cosine with the query alone

    @property
    def date(self) -> str:
        return self.created_at[:10]

    def prompt_line(self) -> str:
        return f"[{self.id}] ({self.date}, {self.source}) {self.text}"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class RememberResult:
    fact: Fact
    action: str  # added | confirmed | superseded
    replaced: Fact | None = None


Clock = Callable[[], dt.datetime]
COLUMNS = "id, text, category, created_at, source, last_confirmed, supersedes, active"


def now_local() -> dt.datetime:
    return dt.datetime.now().astimezone()


def row_to_fact(r: tuple[Any, ...]) -> Fact:
    return Fact(r[0], r[1], r[2], r[3], r[4], r[5], r[6], bool(r[7]))


def probe_key(path: Path, key: bytes) -> bool:
    """Does `key` open `path`? Read-only, so a wrong key cannot change a byte of the file."""
    con = apsw.Connection(str(path), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        con.execute(f"pragma hexkey='{key.hex()}'")
        con.execute("select count(*) from sqlite_master").fetchone()
        return True
    except apsw.NotADBError:
        return False
    finally:
        con.close()
