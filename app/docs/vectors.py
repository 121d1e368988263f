"""The passages' vectors in memory: one float32 matrix, searched with one matrix-vector product.

Why numpy and not sqlite-vec: sqlite-vec (0.1.9) does load into apsw-sqlite3mc, but its brute-force
search read and decrypted the pages on every query — 53 ms at 20,000 passages against 3 ms for numpy
over a matrix held in memory, 434 ms against 42 ms at 200,000 (resources/eval/docs/README.md). The
matrix cannot be memory-mapped from a file without writing the vectors unencrypted, so it is loaded
from the encrypted database once (float16 blobs, one per file) and kept in step: a write of this
process updates its file's rows, a write of another process (seen through the store's generation)
reloads the whole matrix.
"""
from __future__ import annotations

import threading

import numpy as np

from .store import DocStore


class VectorCache:
    def __init__(self, store: DocStore):
        self.store = store
        self.model = ""
        self._gen = -1
        self._files: dict[int, tuple[np.ndarray, np.ndarray]] = {}  # file id -> (chunk ids, matrix)
        self._ids: np.ndarray | None = None
        self._mat: np.ndarray | None = None
        self._lock = threading.Lock()

    def _reload(self, model: str, gen: int) -> None:
        self._files = {fid: (np.asarray(ids, dtype=np.int64), mat) for fid, ids, mat in self.store.vectors(model)}
        self.model, self._gen = model, gen
        self._ids = self._mat = None

    def _built(self) -> tuple[np.ndarray, np.ndarray] | None:
        if self._ids is None or self._mat is None:
            if not self._files:
                return None
            parts = list(self._files.values())
            self._ids = np.concatenate([ids for ids, _ in parts])
            self._mat = np.concatenate([mat for _, mat in parts])
        return self._ids, self._mat

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
            self._ids = self._mat = None

    def forget(self) -> None:
        with self._lock:
            self._gen = -1
            self._files, self._ids, self._mat = {}, None, None

    def scores(self, model: str, query: np.ndarray) -> Scores | None:
        """The cosine of `query` with every passage that has a vector of `model` (one product)."""
        gen = self.store.generation()
        with self._lock:
            if gen != self._gen or model != self.model:
                self._reload(model, gen)
            built = self._built()
        if built is None:
            return None
        ids, mat = built
        return Scores(ids, mat @ np.asarray(query, dtype=np.float32))


class Scores:
    """Cosines of one question with every passage: the top ones, or the one of a given passage."""

    def __init__(self, ids: np.ndarray, values: np.ndarray):
        self.ids, self.values = ids, values

    def top(self, k: int) -> list[tuple[int, float]]:
        k = min(k, len(self.values))
        if k <= 0:
            return []
        top = np.argpartition(-self.values, k - 1)[:k]
        top = top[np.argsort(-self.values[top])]
        return [(int(self.ids[i]), float(self.values[i])) for i in top]

    def of(self, chunk_id: int) -> float | None:
        """One passage's cosine (a comparison over the ids: ~0.1 ms at 200,000, no index to build)."""
        rows = np.flatnonzero(self.ids == chunk_id)
        return float(self.values[rows[0]]) if len(rows) else None
