"""The document index's database: folders, files, chunks, their words (FTS5) and their vectors (the tables:
app/docs/schema.py).

Why its own file (docs.db) and encrypted like the history: the chunks are the text of the person's
contracts, bills and letters. It opens through `app.store.vault.open_encrypted`, so the key is derived
from the keyring's master key and nothing is ever written in plaintext; `secure_delete` zeroes what a
re-index frees. `generation` goes up with every write, so a reader in another process (the CLI while the
app runs) sees that its cached matrix is stale.
"""
from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any, Iterable, Sequence

import numpy as np

from app.lang.messages import Message
from app.store.db import one_row
from app.store.vault import open_encrypted

from .schema import FILE_COLS, MIGRATIONS, Bump, ChunkRow, FileRow, file_row, under

DB_NAME = "docs"


def _varint(blob: bytes) -> int:
    """The first SQLite varint of `blob` (big-endian, 7 bits a byte, the high bit set while more follow)."""
    value = 0
    for byte in blob[:9]:
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            break
    return value


class DocStore:
    """The encrypted index database. One lock around the connection: the background indexer writes
    while a turn searches."""

    def __init__(self, path: Path | str | None = None):
        self.con = open_encrypted(path if path is not None else DB_NAME, MIGRATIONS, name=DB_NAME)
        self.con.execute("pragma secure_delete=on")
        self.lock = threading.RLock()

    def close(self) -> None:
        with self.lock:
            self.con.close()

    # -- meta ---------------------------------------------------------------------------------
    def meta(self, key: str) -> str | None:
        with self.lock:
            row = self.con.execute("select value from meta where key=?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        with self.lock, self.con:
            self.con.execute("insert or replace into meta(key, value) values(?, ?)", (key, value))

    def generation(self) -> int:
        return int(self.meta("generation") or 0)

    def _bump(self) -> Bump:
        """Inside a write transaction: readers' caches of the vectors are stale from now on. Returns the
        generation before and after, read in the same transaction (a cache at `before` may follow)."""
        after = int(one_row(self.con.execute(
            "insert into meta(key, value) values('generation', '1') on conflict(key) do update "
            "set value = cast(value as integer) + 1 returning value"))[0])
        return Bump(after - 1, after)

    # -- folders ------------------------------------------------------------------------------
    def folders(self) -> list[tuple[str, float, float | None]]:
        """(path, added_at, scanned_at) of every indexed folder."""
        with self.lock:
            return [(str(p), float(a), None if s is None else float(s))
                    for p, a, s in self.con.execute("select path, added_at, scanned_at from folders order by path")]

    def add_folder(self, path: str) -> bool:
        """True when the folder is new to the index."""
        with self.lock, self.con:
            new = bool(self.con.execute("insert into folders(path, added_at) values(?, ?) on conflict(path) do "
                                        "nothing returning id", (path, time.time())).fetchall())
        return new

    def scanned(self, path: str) -> None:
        with self.lock, self.con:
            self.con.execute("update folders set scanned_at=? where path=?", (time.time(), path))

    def remove_folder(self, path: str, keep: Iterable[str] = ()) -> int:
        """Forget a folder and its files, except those another folder in `keep` still covers. Returns the
        number of files removed."""
        kept = [under(k) for k in keep]
        with self.lock, self.con:
            self.con.execute("delete from folders where path=?", (path,))
            lo, hi = under(path)
            rows: list[Any] = self.con.execute("select id, path from files where path >= ? and path < ?",
                                               (lo, hi)).fetchall()
            gone = [int(i) for i, p in rows if not any(a <= str(p) < b for a, b in kept)]
            self.con.executemany("delete from files where id=?", [(i,) for i in gone])
            if gone:
                self._bump()
        return len(gone)

    # -- files --------------------------------------------------------------------------------
    def file(self, path: str) -> FileRow | None:
        with self.lock:
            row = self.con.execute(f"select {FILE_COLS} from files where path=?", (path,)).fetchone()
        return None if row is None else file_row(row)

    def files_under(self, folder: str) -> dict[str, FileRow]:
        lo, hi = under(folder)
        with self.lock:
            rows = self.con.execute(f"select {FILE_COLS} from files where path >= ? and path < ?", (lo, hi))
            return {str(r[1]): file_row(r) for r in rows}

    def same_content(self, sha256: str) -> list[FileRow]:
        """Indexed files with these bytes (a renamed file is found again without reading it)."""
        with self.lock:
            rows = self.con.execute(f"select {FILE_COLS} from files where sha256=? and status='ok'", (sha256,))
            return [file_row(r) for r in rows]

    def touch(self, file_id: int, size: int, mtime_ns: int, path: str | None = None) -> None:
        """Same bytes, new time stamp (or a new name): nothing to read again, no vector changes."""
        with self.lock, self.con:
            self.con.execute("update files set size=?, mtime_ns=?, path=coalesce(?, path) where id=?",
                             (size, mtime_ns, path, file_id))

    def delete_file(self, path: str) -> tuple[int, Bump] | None:
        """(the file's id, the write) when `path` was indexed."""
        gone: tuple[int, Bump] | None = None
        with self.lock, self.con:
            rows: list[Any] = self.con.execute("delete from files where path=? returning id", (path,)).fetchall()
            if rows:
                gone = (int(rows[0][0]), self._bump())
        return gone

    def delete_under(self, folder: str) -> int:
        """Every file below `folder` (a folder deleted or moved away)."""
        lo, hi = under(folder)
        with self.lock, self.con:
            n = len(self.con.execute("delete from files where path >= ? and path < ? returning id",
                                     (lo, hi)).fetchall())
            if n:
                self._bump()
        return n

    def put_file(self, path: str, *, kind: str, size: int, mtime_ns: int, sha256: str, pages: int = 0,
                 problem: Message | None = None, chunks: Sequence[tuple[int | None, str, str, str]] = (),
                 vectors: np.ndarray | None = None, model: str = "") -> tuple[int, list[int], Bump]:
        """Replace what is stored for `path` in one transaction: its row, its chunks (page, heading, text,
        stemmed words) and their vectors. A `problem` stores the reason instead of chunks. The file keeps
        its id (a cache of vectors replaces its rows). Returns the id, the chunk ids in order, the write."""
        status = "ok" if problem is None else "problem"
        raw_problem = json.dumps(problem.to_dict(), ensure_ascii=False) if problem is not None else None
        values = (path, kind, size, mtime_ns, sha256, status, raw_problem, pages, time.time())
        with self.lock, self.con:
            # one upsert first: the transaction starts by taking the write lock, so another process indexing
            # the same folder (the CLI while the app runs) waits for it instead of failing on a stale read
            file_id = int(one_row(self.con.execute(
                "insert into files(path, kind, size, mtime_ns, sha256, status, problem, pages, indexed_at) "
                "values(?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict(path) do update set kind=excluded.kind, "
                "size=excluded.size, mtime_ns=excluded.mtime_ns, sha256=excluded.sha256, status=excluded.status, "
                "problem=excluded.problem, pages=excluded.pages, indexed_at=excluded.indexed_at returning id",
                values))[0])
            self.con.execute("delete from chunks where file_id=?", (file_id,))
            self.con.execute("delete from vectors where file_id=?", (file_id,))
            chunk_ids = []
            for ord_, (page, heading, text, terms) in enumerate(chunks):
                chunk_id = int(one_row(self.con.execute(
                    "insert into chunks(file_id, ord, page, heading, text) values(?, ?, ?, ?, ?) returning id",
                    (file_id, ord_, page, heading, text)))[0])
                self.con.execute("insert into chunk_terms(rowid, terms) values(?, ?)", (chunk_id, terms))
                chunk_ids.append(chunk_id)
            if vectors is not None and len(chunks):
                self._put_vectors(file_id, vectors, model)
            bump = self._bump()
        return file_id, chunk_ids, bump

    def _put_vectors(self, file_id: int, vectors: np.ndarray, model: str) -> None:
        data = np.ascontiguousarray(vectors, dtype=np.float16)
        self.con.execute("insert or replace into vectors(file_id, model, dim, data) values(?, ?, ?, ?)",
                         (file_id, model, int(data.shape[1]), data.tobytes()))

    def put_vectors(self, file_id: int, vectors: np.ndarray, model: str) -> Bump:
        with self.lock, self.con:
            self._put_vectors(file_id, vectors, model)
            bump = self._bump()
        return bump

    def drop_vectors(self) -> None:
        """Vectors of another embedder mean nothing to this one: they are recomputed."""
        with self.lock, self.con:
            self.con.execute("delete from vectors")
            self._bump()

    def missing_vectors(self, model: str) -> list[tuple[int, str]]:
        """(file id, path) of readable files with chunks but no vectors of `model`."""
        with self.lock:
            return [(int(i), str(p)) for i, p in self.con.execute(
                "select f.id, f.path from files f where f.status='ok' "
                "and exists(select 1 from chunks c where c.file_id=f.id) "
                "and not exists(select 1 from vectors v where v.file_id=f.id and v.model=?)", (model,))]

    # -- chunks -------------------------------------------------------------------------------
    def file_vectors(self, path: str, model: str) -> list[tuple[str, str, np.ndarray]]:
        """(heading, text, vector) of the indexed passages of `path` that have vectors of `model`, in order:
        what an edit of the file may keep (its unchanged passages need no new embedding)."""
        with self.lock:
            row = self.con.execute("select f.id, v.dim, v.data from files f join vectors v on v.file_id = f.id "
                                   "where f.path=? and v.model=?", (path, model)).fetchone()
            if row is None:
                return []
            texts = [(str(h), str(t)) for h, t in self.con.execute(
                "select heading, text from chunks where file_id=? order by ord", (int(row[0]),))]
        mat = np.frombuffer(row[2], dtype=np.float16).reshape(-1, int(row[1])).astype(np.float32)
        return [(h, t, mat[i]) for i, (h, t) in enumerate(texts)] if len(texts) == len(mat) else []

    def chunk_texts(self, file_id: int) -> list[tuple[int, str, str]]:
        """(chunk id, heading, text) of a file's chunks, in order."""
        with self.lock:
            return [(int(i), str(h), str(t)) for i, h, t in self.con.execute(
                "select id, heading, text from chunks where file_id=? order by ord", (file_id,))]

    def chunks(self, ids: Sequence[int]) -> dict[int, ChunkRow]:
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        with self.lock:
            rows: list[Any] = self.con.execute(
                f"select c.id, c.file_id, f.path, f.kind, c.ord, c.page, c.heading, c.text from chunks c "
                f"join files f on f.id = c.file_id where c.id in ({marks})", tuple(ids)).fetchall()
        return {int(r[0]): ChunkRow(int(r[0]), int(r[1]), str(r[2]), str(r[3]), int(r[4]),
                                    None if r[5] is None else int(r[5]), str(r[6]), str(r[7])) for r in rows}

    def doc_freq(self, terms: Sequence[str]) -> dict[str, int]:
        """How many passages hold each of `terms` (absent terms are left out)."""
        if not terms:
            return {}
        marks = ",".join("?" * len(terms))
        with self.lock:
            return {str(t): int(n) for t, n in self.con.execute(
                f"select term, doc from chunk_vocab where term in ({marks})", tuple(terms))}

    def postings(self, term: str) -> tuple[np.ndarray, np.ndarray]:
        """The passages that hold `term` (chunk ids, ascending) and how often it occurs in each: what BM25 reads
        (app/docs/bm25.py). From the FTS5 index's own word list (fts5vocab 'instance': one row an occurrence),
        joined into one string inside SQLite and parsed by numpy: a Python object per occurrence cost 2.5x the
        whole listing (resources/eval/docs/README.md)."""
        with self.lock:
            joined = one_row(self.con.execute("select group_concat(doc, ' ') from chunk_postings where term=?",
                                              (term,)))[0]
        docs = np.fromstring(str(joined or ""), dtype=np.int64, sep=" ")  # text mode: parsed in C
        if not len(docs):
            return docs, np.zeros(0, dtype=np.float64)
        if np.any(docs[1:] < docs[:-1]):  # FTS5 lists them in order; a count must not depend on it
            docs.sort()
        first = np.flatnonzero(np.r_[True, docs[1:] != docs[:-1]])
        return docs[first], np.diff(np.r_[first, len(docs)]).astype(np.float64)

    def lengths(self, ids: Sequence[int] | None = None) -> tuple[np.ndarray, np.ndarray]:
        """(chunk ids, their lengths in words) of the given passages, or of all: what FTS5 itself keeps for
        bm25() in its %_docsize table (one varint a column; one column here)."""
        with self.lock:
            if ids is None:
                rows: list[Any] = self.con.execute("select id, sz from chunk_terms_docsize").fetchall()
            else:
                rows = []
                for at in range(0, len(ids), 10_000):  # within SQLite's limit of bound values
                    part = tuple(ids[at:at + 10_000])
                    rows += self.con.execute(f"select id, sz from chunk_terms_docsize where id in "
                                             f"({','.join('?' * len(part))})", part).fetchall()
        return (np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows)),
                np.fromiter((_varint(r[1]) for r in rows), dtype=np.float32, count=len(rows)))

    def passage_ids(self) -> dict[int, list[int]]:
        """Every file's chunk ids, in order."""
        ids: dict[int, list[int]] = {}
        with self.lock:
            pairs: Any = self.con.execute("select file_id, id from chunks order by file_id, ord")
            for file_id, chunk_id in pairs:
                ids.setdefault(int(file_id), []).append(int(chunk_id))
        return ids

    def vectors(self, model: str, ids: dict[int, list[int]] | None = None) -> list[tuple[int, list[int], np.ndarray]]:
        """(file id, its chunk ids in order, float32 matrix) for every file with vectors of `model` (`ids`: the
        files' chunk ids when the caller has them)."""
        ids = self.passage_ids() if ids is None else ids
        with self.lock:
            rows: list[Any] = self.con.execute("select file_id, dim, data from vectors where model=?",
                                               (model,)).fetchall()
        out = []
        for file_id, dim, data in rows:
            mat = np.frombuffer(data, dtype=np.float16).reshape(-1, int(dim)).astype(np.float32)
            chunk_ids = ids.get(int(file_id), [])
            if len(chunk_ids) == len(mat):
                out.append((int(file_id), chunk_ids, mat))
        return out

    # -- status -------------------------------------------------------------------------------
    def counts(self, folder: str) -> tuple[int, int, int]:
        """(files, chunks, unreadable files) below `folder`."""
        lo, hi = under(folder)
        with self.lock:
            files, bad = one_row(self.con.execute(
                "select count(*), coalesce(sum(status='problem'), 0) from files where path >= ? and path < ?",
                (lo, hi)))
            chunks = one_row(self.con.execute(
                "select count(*) from chunks c join files f on f.id=c.file_id where f.path >= ? and f.path < ?",
                (lo, hi)))[0]
        return int(files), int(chunks), int(bad)

    def total_chunks(self) -> int:
        with self.lock:
            return int(one_row(self.con.execute("select count(*) from chunks"))[0])

    def last_update(self) -> float | None:
        with self.lock:
            row = one_row(self.con.execute("select max(indexed_at) from files"))
        return None if row[0] is None else float(row[0])

    def problems(self) -> list[FileRow]:
        with self.lock:
            rows = self.con.execute(f"select {FILE_COLS} from files where status='problem' order by path")
            return [file_row(r) for r in rows]
