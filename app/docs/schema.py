"""The document index's tables, and the rows read back from them.

The words are stored as stems (app/docs/terms.py) in a contentless FTS5 table whose rowid is the chunk's
id: Italian and English forms meet ("affitti" finds "affitto") where FTS5's own tokenizers know only
English. A trigger removes a chunk's words with the chunk, so a file deleted by cascade leaves nothing.

Vectors are one float16 blob per file (its chunks in order): one row read per file instead of one per
chunk made loading 20,000 vectors 5x faster (measured: resources/eval/docs/README.md).

Why apart from the store (app/docs/store.py): the schema and the row types are what every reader of the
index shares (the indexer, the search, the vectors' cache); the store is the one connection and its queries.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Sequence

from app.lang.messages import Message
from app.store.db import Migration

MIGRATIONS = [
    Migration(1, "document index: folders, files, chunks, stemmed words (FTS5), vectors", """
        create table meta(key text primary key, value text not null);
        create table folders(
            id integer primary key,
            path text not null unique,
            added_at real not null,
            scanned_at real
        );
        create table files(
            id integer primary key,
            path text not null unique,
            kind text not null default '',
            size integer not null,
            mtime_ns integer not null,
            sha256 text not null,
            status text not null check (status in ('ok', 'problem')),
            problem text,
            pages integer not null default 0,
            indexed_at real not null
        );
        create index files_sha on files(sha256);
        create table chunks(
            id integer primary key,
            file_id integer not null references files(id) on delete cascade,
            ord integer not null,
            page integer,
            heading text not null default '',
            text text not null
        );
        create index chunks_file on chunks(file_id, ord);
        create virtual table chunk_terms using fts5(terms, content='', contentless_delete=1,
                                                    tokenize='unicode61 remove_diacritics 2');
        create trigger chunks_gone after delete on chunks begin
            delete from chunk_terms where rowid = old.id;
        end;
        create table vectors(
            file_id integer primary key references files(id) on delete cascade,
            model text not null,
            dim integer not null,
            data blob not null
        );
    """),
    Migration(2, "the words' document frequencies (fts5vocab over the FTS5 index: no copy of any text)", """
        create virtual table chunk_vocab using fts5vocab(chunk_terms, row);
    """),
    Migration(3, "each word's occurrences (fts5vocab 'instance' over the FTS5 index: no copy of any text)", """
        create virtual table chunk_postings using fts5vocab(chunk_terms, instance);
    """),
]


@dataclass(frozen=True)
class Bump:
    """One write's generations: a cache that was at `before` is at `after` once it applies that write."""

    before: int
    after: int


@dataclass(frozen=True)
class FileRow:
    id: int
    path: str
    kind: str
    size: int
    mtime_ns: int
    sha256: str
    status: str
    problem: Message | None
    pages: int
    indexed_at: float


@dataclass(frozen=True)
class ChunkRow:
    id: int
    file_id: int
    path: str
    kind: str
    ord: int
    page: int | None
    heading: str
    text: str


def _message(raw: str | None) -> Message | None:
    if not raw:
        return None
    try:
        data = json.loads(raw)
        return Message(str(data["key"]), **_params(dict(data.get("params") or {})))
    except (ValueError, KeyError, TypeError):
        return None


def _params(params: dict[str, Any]) -> dict[str, Any]:
    return {k: Message(v["key"], **_params(v.get("params") or {})) if isinstance(v, dict) and "key" in v else v
            for k, v in params.items()}


def file_row(row: Sequence[Any]) -> FileRow:
    return FileRow(int(row[0]), str(row[1]), str(row[2]), int(row[3]), int(row[4]), str(row[5]), str(row[6]),
                   _message(row[7]), int(row[8]), float(row[9]))


FILE_COLS = "id, path, kind, size, mtime_ns, sha256, status, problem, pages, indexed_at"


def under(folder: str) -> tuple[str, str]:
    """The key range of the paths inside `folder` ('/' sorts right before '0')."""
    base = folder.rstrip("/")
    return base + "/", base + "0"

