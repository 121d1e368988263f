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

from .bm25 import Lengths
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
    """The passages as a search reads them, in memory and in step with the store: every file's chunk ids, their
    vectors of the embedder (one Matrix) and their lengths in words (app/docs/bm25.py: Lengths, for BM25).

    Why the lengths here: BM25 needs each matched passage's length, and FTS5's bm25() reads it from the index
    row by row (~1 µs a passage, most of a words' list at 200,000 passages); kept beside the vectors they follow
    the same writes with the same generations. A file without vectors (no embedder yet, or another embedder's
    dropped) still counts for BM25."""

    def __init__(self, store: DocStore):
        self.store = store
        self.model = ""
        self._gen = -1
        self._files: dict[int, tuple[np.ndarray, np.ndarray | None]] = {}  # file id -> (chunk ids, matrix)
        self._words = np.zeros(0, dtype=np.float32)  # a passage's length in words, by chunk id
        self._built_matrix: Matrix | None = None
        self._built_lengths: Lengths | None = None
        self._lock = threading.Lock()

    def _reload(self, model: str, gen: int) -> None:
        every = self.store.passage_ids()
        mats = {fid: mat for fid, _ids, mat in self.store.vectors(model, every)} if model else {}
        self._files = {fid: (np.asarray(ids, dtype=np.int64), mats.get(fid)) for fid, ids in every.items()}
        self._words = np.zeros(0, dtype=np.float32)
        self._set_words(*self.store.lengths())
        self.model, self._gen = model, gen
        self._built_matrix = self._built_lengths = None

    def _set_words(self, ids: np.ndarray, lengths: np.ndarray) -> None:
        if not len(ids):
            return
        top = int(ids.max()) + 1
        if top > len(self._words):
            grown = np.zeros(max(top, len(self._words) * 5 // 4), dtype=np.float32)
            grown[:len(self._words)] = self._words
            self._words = grown
        self._words[ids] = lengths

    def _built(self) -> Matrix | None:
        if self._built_matrix is None:
            parts = [(ids, mat) for ids, mat in self._files.values() if mat is not None]
            if not parts:
                return None
            self._built_matrix = Matrix(np.concatenate([ids for ids, _ in parts]),
                                        np.concatenate([mat for _, mat in parts]))
        return self._built_matrix

    def _lengths(self) -> Lengths:
        if self._built_lengths is None:
            ids = [ids for ids, _ in self._files.values()]
            n = sum(len(i) for i in ids)
            total = float(sum(self._words[i].sum(dtype=np.float64) for i in ids))
            self._built_lengths = Lengths(self._words, n, total / n if n else 0.0)
        return self._built_lengths

    def updated(self, file_id: int, chunk_ids: list[int], mat: np.ndarray | None, before: int, after: int) -> None:
        """This process wrote `file_id` (generation `before` → `after`): its passages are now `chunk_ids` (none:
        the file is gone or unreadable), with vectors `mat` when it has them. Followed without reloading; a
        cache that was not at `before` missed another writer's change, and the next search reloads it."""
        ids = np.asarray(chunk_ids, dtype=np.int64)
        got = self.store.lengths(chunk_ids) if chunk_ids else None
        with self._lock:
            if self._gen != before:
                return
            if not chunk_ids:
                self._files.pop(file_id, None)
            else:
                self._files[file_id] = (ids, None if mat is None else np.asarray(mat, dtype=np.float32))
                if got is not None:
                    self._set_words(*got)
            self._gen = after
            self._built_matrix = self._built_lengths = None

    def forget(self) -> None:
        with self._lock:
            self._gen = -1
            self._files, self._built_matrix, self._built_lengths = {}, None, None

    def current(self, model: str) -> tuple[Matrix | None, Lengths]:
        """The vectors of `model` (None: no passage has any) and every passage's length, as the store is now."""
        gen = self.store.generation()
        with self._lock:
            if gen != self._gen or model != self.model:
                self._reload(model, gen)
            return self._built(), self._lengths()

    def lengths(self, model: str) -> Lengths:
        return self.current(model)[1]

    def scores(self, model: str, query: np.ndarray, exact: bool = False) -> Scores | None:
        """The cosines of `query` with the passages that have a vector of `model`: the shortlist's, or all
        of them when `exact` (the bench compares the two)."""
        built = self.current(model)[0]
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
