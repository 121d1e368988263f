"""The in-memory side of a memo table, shared by L1 and L2: rows by id, their
vectors in a VectorIndex (partitioned by action key), and per-row prepared
guard data computed lazily and dropped whenever the row changes."""
from __future__ import annotations

from typing import Any, Generic, Iterable, TypeVar

from app.lang.actions import key_of_stored
from app.lang.lexicon import LEXICON_VERSION

from .index import VectorIndex
from .memo import Memo
from .objects import DiskKind, disk_kind

R = TypeVar("R")  # QueryRow | PathRow
P = TypeVar("P")  # the matcher's prepared guard data


class RowCache(Generic[R, P]):
    def __init__(self, memo: Memo, dim: int = 384, disk: DiskKind | None = disk_kind):
        self.disk = disk  # what a path is on disk (None: judged by its words and spelling only)
        self.memo = memo
        self.index = VectorIndex(dim)
        self.rows: dict[int, R] = {}
        self._prep: dict[int, P] = {}
        self.reload()

    def stored_rows(self) -> Iterable[R]:
        """The memo rows this cache mirrors (L1: queries, L2: paths)."""
        raise NotImplementedError

    def reload(self) -> None:
        self.index.clear()
        self.rows.clear()
        self._prep.clear()
        for r in self.stored_rows():
            self.put(r)

    def put(self, row: Any) -> None:
        """Add or refresh one row (after learning, importing, touching)."""
        if row.vector is None or row.vector.shape[0] != self.index.dim:
            return
        self.rows[row.id] = row
        self._prep.pop(row.id, None)
        key, recomputed = key_of_stored(row.action_key, row.query)
        if recomputed:  # stored under an older lexicon: re-key it once
            self.memo.set_action_key(row.ref, f"{LEXICON_VERSION}|{key}")
        self.index.upsert(row.id, row.vector, row.uses, row.owner, key)

    def remove(self, rid: int) -> None:
        self.rows.pop(rid, None)
        self._prep.pop(rid, None)
        self.index.remove(rid)
