"""Stored vectors belong to one embedder: switching embedders re-embeds the memo.

memo.db records the id of the embedder that made its vectors (memo_meta). When
the configured embedder differs (another model, or a memo from before ids were
recorded), every remembered request is embedded again from its canonical text
before any search, so vectors of two models (or two dimensions) are never
compared. New vectors are computed first, then written in one transaction: an
interrupted switch leaves the old vectors and the old id, and runs again.
"""
from __future__ import annotations

import logging
from typing import Any, Callable

import numpy as np

from .memo import Memo, _blob

log = logging.getLogger(__name__)
BATCH = 32
Progress = Callable[[int, int], None]


def stored_embedder(memo: Memo) -> str | None:
    with memo._lock:
        rows = list(memo.con.execute("select value from memo_meta where key = 'embedder'"))  # read to the end
    return str(rows[0][0]) if rows else None


def sync_embedder(memo: Memo, embedder: Any, ident: str, progress: Progress | None = None) -> int:
    """Make every stored vector `ident`'s; return how many rows were re-embedded (0: already in step)."""
    if stored_embedder(memo) == ident:
        return 0
    with memo._lock:
        rows = [("canonical_query_log", rid, text) for rid, text in
                memo.con.execute("select id, canonical from canonical_query_log order by id")]
        rows += [("multi_tool_paths", rid, text) for rid, text in
                 memo.con.execute("select id, canonical from multi_tool_paths order by id")]
    if rows:
        log.info("embedder changed to %s: re-embedding %d remembered requests", ident, len(rows))
    vectors: list[np.ndarray] = []
    for start in range(0, len(rows), BATCH):
        chunk = rows[start:start + BATCH]
        vectors.extend(embedder.embed([text for _, _, text in chunk]))
        if progress is not None:
            progress(min(start + BATCH, len(rows)), len(rows))
    with memo._lock, memo.con:
        for (table, rid, _), vec in zip(rows, vectors):
            memo.con.execute(f"update {table} set vector = ? where id = ?", (_blob(vec), rid))
        memo.con.execute("insert or replace into memo_meta(key, value) values('embedder', ?)", (ident,))
    return len(rows)
