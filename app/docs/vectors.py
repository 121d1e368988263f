"""The passages' vectors in memory: one float32 matrix, searched with one matrix-vector product.

Why numpy and not sqlite-vec: sqlite-vec (0.1.9) does load into apsw-sqlite3mc, but its brute-force
search read and decrypted the pages on every query — 53 ms at 20,000 passages against 3 ms for numpy
over a matrix held in memory, 434 ms against 42 ms at 200,000 (resources/eval/docs/README.md). The
matrix cannot be memory-mapped from a file without writing the vectors unencrypted, so it is loaded
from the encrypted database once (float16 blobs, one per file) and kept in step: a write of this
process updates its file's rows, a write of another process (seen through the store's generation)
reloads the whole matrix.

Why a shortlist before the product: the product reads the whole matrix, 1.5 KB a passage — 41 ms at 200,000
passages on one core, four times the embedding of the question it follows, where the goal is 1.6x
in all. Each passage also keeps one bit a dimension (above or below the dimension's mean: 48 bytes for
e5-small), and a question first counts differing bits against all of them (Hamming distance, ~1–3 ms at
200,000); only the nearest 1 % (at least SHORTLIST_MIN) get their exact cosine, and the ranking is by that
cosine. The bits only choose whom to measure; measured on the QA set at 20k and 200k passages
(`metnos bench docs`). Below PREFILTER_FROM passages the product is cheap and every cosine is computed.
"""
from __future__ import annotations

import threading

import numpy as np

from .store import DocStore

PREFILTER_FROM = 8192  # passages; below this every cosine is computed (one product, about 1 ms)
SHORTLIST_SHARE = 0.01  # of the passages, nearest by bits, get their exact cosine
SHORTLIST_MIN = 1024


class Matrix:
    """Every passage's vector, the ids in the same order, and (from PREFILTER_FROM on) one bit a dimension."""

    def __init__(self, ids: np.ndarray, mat: np.ndarray):
        self.ids, self.mat = ids, mat
        self.order = np.argsort(ids, kind="stable")
        self.sorted_ids = ids[self.order]
        self.mean: np.ndarray | None = None
        self.codes: np.ndarray | None = None  # (words, passages) uint64: one row per 64 dimensions
        if len(ids) >= PREFILTER_FROM:
            self.mean = mat.mean(axis=0)
            self.codes = np.ascontiguousarray(self._bits(mat).T)

    def _bits(self, m: np.ndarray) -> np.ndarray:
        packed = np.packbits(np.atleast_2d(m) > self.mean, axis=1)
        pad = -packed.shape[1] % 8
        if pad:
            packed = np.pad(packed, ((0, 0), (0, pad)))
        return packed.view(np.uint64)

    def row(self, chunk_id: int) -> int | None:
        i = int(np.searchsorted(self.sorted_ids, chunk_id))
        if i < len(self.sorted_ids) and self.sorted_ids[i] == chunk_id:
            return int(self.order[i])
        return None

    def shortlist(self, q: np.ndarray) -> np.ndarray | None:
        """The rows nearest to `q` by differing bits (ties at the cut kept), or None: measure them all."""
        if self.codes is None:
            return None
        want = max(SHORTLIST_MIN, int(len(self.ids) * SHORTLIST_SHARE))
        qbits = self._bits(q)[0]
        dist = np.bitwise_count(self.codes[0] ^ qbits[0]).astype(np.uint16)
        for j in range(1, len(qbits)):
            dist += np.bitwise_count(self.codes[j] ^ qbits[j])
        cut = int(np.searchsorted(np.cumsum(np.bincount(dist)), want))
        return np.flatnonzero(dist <= cut)


class VectorCache:
    def __init__(self, store: DocStore):
        self.store = store
        self.model = ""
        self._gen = -1
        self._files: dict[int, tuple[np.ndarray, np.ndarray]] = {}  # file id -> (chunk ids, matrix)
        self._built_matrix: Matrix | None = None
        self._lock = threading.Lock()

    def _reload(self, model: str, gen: int) -> None:
        self._files = {fid: (np.asarray(ids, dtype=np.int64), mat) for fid, ids, mat in self.store.vectors(model)}
        self.model, self._gen = model, gen
        self._built_matrix = None

    def _built(self) -> Matrix | None:
        if self._built_matrix is None:
            if not self._files:
                return None
            parts = list(self._files.values())
            self._built_matrix = Matrix(np.concatenate([ids for ids, _ in parts]),
                                        np.concatenate([mat for _, mat in parts]))
        return self._built_matrix

    def updated(self, file_id: int, chunk_ids: list[int], mat: np.ndarray | None, before: int, after: int) -> None:
        """This process wrote `file_id` (generation `before` → `after`): follow without reloading. A
        cache that was not at `before` missed another writer's change; the next search reloads it."""
        with self._lock:
            if self._gen != before:
                return
            if mat is None or not chunk_ids:
                self._files.pop(file_id, None)
            else:
                self._files[file_id] = (np.asarray(chunk_ids, dtype=np.int64), np.asarray(mat, dtype=np.float32))
            self._gen = after
            self._built_matrix = None

    def forget(self) -> None:
        with self._lock:
            self._gen = -1
            self._files, self._built_matrix = {}, None

    def scores(self, model: str, query: np.ndarray, exact: bool = False) -> Scores | None:
        """The cosines of `query` with the passages that have a vector of `model`: the shortlist's, or all
        of them when `exact` (the bench compares the two)."""
        gen = self.store.generation()
        with self._lock:
            if gen != self._gen or model != self.model:
                self._reload(model, gen)
            built = self._built()
        if built is None:
            return None
        return Scores(built, np.asarray(query, dtype=np.float32), exact)


class Scores:
    """Cosines of one question: the top ones among those measured, or the one of any given passage."""

    def __init__(self, m: Matrix, q: np.ndarray, exact: bool = False):
        self.m, self.q = m, q
        self.rows = None if exact else m.shortlist(q)
        self.values = (m.mat if self.rows is None else m.mat[self.rows]) @ q

    @property
    def measured(self) -> int:
        return len(self.values)

    def top(self, k: int) -> list[tuple[int, float]]:
        k = min(k, len(self.values))
        if k <= 0:
            return []
        top = np.argpartition(-self.values, k - 1)[:k]
        top = top[np.argsort(-self.values[top])]
        rows = top if self.rows is None else self.rows[top]
        return [(int(self.m.ids[r]), float(v)) for r, v in zip(rows, self.values[top])]

    def of(self, chunk_id: int) -> float | None:
        """One passage's exact cosine (found by its id: a binary search, then one dot product)."""
        row = self.m.row(chunk_id)
        return None if row is None else float(self.m.mat[row] @ self.q)
