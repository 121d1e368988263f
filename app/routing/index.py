"""In-memory vector matrices for L1/L2: loaded once, updated row by row.

Rows are partitioned by action key ("read", "delete", "copy,find"...): a
request is only ever compared with rows asking the same action, so a lookup
scans one small matrix instead of all of them — with 10,000 rows a full scan
reads 15 MB (~1.5 ms), a partition a few hundred rows (~0.1 ms), far below the
~7 ms embedding it follows. `nearest_any` scans everything, for explanations
only. Each partition preallocates and doubles, so adding a row never copies
the whole matrix.
"""
from __future__ import annotations

import threading
from typing import NamedTuple

import numpy as np


class SearchOut(NamedTuple):
    candidates: list[tuple[int, float]]  # (id, cosine), best first, eligible rows of the same key
    nearest: tuple[int, float] | None  # nearest eligible row of any key (filled by nearest_any)
    nearest_other_key: tuple[int, float] | None  # nearest eligible row of another key (filled by nearest_any)


class _Part:
    def __init__(self, dim: int, capacity: int = 64):
        self.mat = np.zeros((capacity, dim), dtype=np.float32)
        self.uses = np.zeros(capacity, dtype=np.int64)
        self.owner = np.zeros(capacity, dtype=np.int32)
        self.ids: list[int] = []
        self.pos: dict[int, int] = {}

    def _grow(self, need: int) -> None:
        cap = self.mat.shape[0]
        if need <= cap:
            return
        new = max(need, cap * 2)
        n = len(self.ids)
        for name, old in list(vars(self).items()):
            if isinstance(old, np.ndarray):  # every array of the part has one row per slot
                arr = np.zeros((new, *old.shape[1:]), dtype=old.dtype)
                arr[:n] = old[:n]
                setattr(self, name, arr)

    def upsert(self, rid: int, v: np.ndarray, uses: int, owner: int) -> None:
        pos = self.pos.get(rid)
        if pos is None:
            pos = len(self.ids)
            self._grow(pos + 1)
            self.ids.append(rid)
            self.pos[rid] = pos
        self.mat[pos] = v
        self.uses[pos] = uses
        self.owner[pos] = owner

    def remove(self, rid: int) -> None:
        pos = self.pos.pop(rid, None)
        if pos is None:
            return
        last = len(self.ids) - 1
        if pos != last:  # swap the last row into the hole: order does not matter
            moved = self.ids[last]
            self.mat[pos] = self.mat[last]
            self.uses[pos] = self.uses[last]
            self.owner[pos] = self.owner[last]
            self.ids[pos] = moved
            self.pos[moved] = pos
        self.ids.pop()

    def scores(self, vector: np.ndarray, min_uses: int, owner: int | None) -> tuple[np.ndarray, np.ndarray]:
        n = len(self.ids)
        # einsum, not BLAS: right after an embedding call BLAS matvec fought onnxruntime's threads
        # (measured 17.9 ms vs 0.36 ms for 2,500 rows on 2 busy cores)
        s = np.einsum("ij,j->i", self.mat[:n], vector)
        ok = self.uses[:n] >= min_uses
        if owner is not None:
            ok &= self.owner[:n] == owner
        return s, ok


class VectorIndex:
    def __init__(self, dim: int = 384):
        self.dim = dim
        self._parts: dict[str, _Part] = {}
        self._key_of: dict[int, str] = {}
        self._owners: dict[str, int] = {}
        self._lock = threading.RLock()

    def __len__(self) -> int:
        return len(self._key_of)

    def __contains__(self, rid: object) -> bool:
        return rid in self._key_of

    def _owner_code(self, owner: str) -> int:
        code = self._owners.get(owner)
        if code is None:
            code = self._owners[owner] = len(self._owners) + 1
        return code

    def upsert(self, rid: int, vector: np.ndarray, uses: int, owner: str = "", key: str = "") -> None:
        v = np.asarray(vector, dtype=np.float32).reshape(-1)
        if v.shape[0] != self.dim:
            raise ValueError(f"vector of {v.shape[0]} dims for an index of {self.dim}")
        with self._lock:
            old = self._key_of.get(rid)
            if old is not None and old != key:
                self._parts[old].remove(rid)
            part = self._parts.get(key)
            if part is None:
                part = self._parts[key] = _Part(self.dim)
            part.upsert(rid, v, uses, self._owner_code(owner))
            self._key_of[rid] = key

    def remove(self, rid: int) -> None:
        with self._lock:
            key = self._key_of.pop(rid, None)
            if key is not None:
                self._parts[key].remove(rid)

    def clear(self) -> None:
        with self._lock:
            self._parts.clear()
            self._key_of.clear()

    def uses(self, rid: int) -> int:
        key = self._key_of.get(rid)
        if key is None:
            return 0
        part = self._parts[key]
        return int(part.uses[part.pos[rid]])

    def _owner_filter(self, owner: str | None) -> int | None:
        return None if owner is None else self._owners.get(owner, -1)

    def search(self, vector: np.ndarray, k: int = 5, min_uses: int = 1, owner: str | None = None,
               key: str = "") -> SearchOut:
        """Top-k (id, cosine) among rows of `key` with uses ≥ min_uses (and of `owner`)."""
        with self._lock:
            part = self._parts.get(key)
            if part is None or not part.ids:
                return SearchOut([], None, None)
            s, ok = part.scores(np.asarray(vector, dtype=np.float32), min_uses, self._owner_filter(owner))
            masked = np.where(ok, s, -2.0)
            n = len(part.ids)
            k = min(k, n)
            top = np.argpartition(-masked, k - 1)[:k] if k < n else np.arange(n)
            top = top[np.argsort(-masked[top])]
            return SearchOut([(part.ids[i], float(masked[i])) for i in top if masked[i] > -2.0], None, None)

    def key_of(self, rid: int) -> str:
        return self._key_of.get(rid, "")

    def keys(self) -> list[str]:
        with self._lock:
            return [k for k, part in self._parts.items() if part.ids]

    def search_keys(self, vector: np.ndarray, k: int, min_uses: int, owner: str | None,
                    keys: list[str]) -> SearchOut:
        """Top-k over the partitions of several keys (a request some tools of other keys may serve)."""
        found: list[tuple[int, float]] = []
        for key in dict.fromkeys(keys):
            found += self.search(vector, k, min_uses, owner, key).candidates
        found.sort(key=lambda c: -c[1])
        return SearchOut(found[:k], None, None)

    def nearest_any(self, vector: np.ndarray, min_uses: int = 1, owner: str | None = None,
                    key: str | None = None) -> SearchOut:
        """The nearest row of all (any uses) and the nearest eligible row of another key: for explanations."""
        best: tuple[int, float] | None = None
        other: tuple[int, float] | None = None
        v = np.asarray(vector, dtype=np.float32)
        with self._lock:
            of = self._owner_filter(owner)
            for pkey, part in self._parts.items():
                if not part.ids:
                    continue
                s, ok = part.scores(v, min_uses, of)
                i = int(np.argmax(s))
                if best is None or s[i] > best[1]:
                    best = (part.ids[i], float(s[i]))
                if key is not None and pkey != key and ok.any():
                    j = int(np.argmax(np.where(ok, s, -2.0)))
                    if other is None or s[j] > other[1]:
                        other = (part.ids[j], float(s[j]))
        return SearchOut([], best, other)
