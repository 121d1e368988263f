"""Stored vectors belong to one embedder: switching embed.model re-embeds the memo (with progress), the old
model's vectors are never compared with the new one's, and what was learned keeps being served."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from routing_cfg import Cfg

from app.bench.routing_sets import REFERENCE_NOW, teach
from app.routing.memo import Memo
from app.routing.memo_vectors import stored_embedder, sync_embedder
from app.routing.router import Router

pytestmark = pytest.mark.slow

TAUGHT = [{"id": "read_a", "query": "leggi il file /tmp/t/a.txt", "tool": "read_files",
           "args": {"paths": ["/tmp/t/a.txt"]}},
          {"id": "list_t", "query": "elenca i file nella cartella /tmp/t", "tool": "list_dir",
           "args": {"path": "/tmp/t"}}]


def _dims(memo: Memo) -> set[int]:
    return {r.vector.shape[0] for r in memo.queries() if r.vector is not None}


def test_switching_embedders_reembeds_and_keeps_serving(tmp_path: Path, embedder: Any, gemma_embedder: Any,
                                                        tools: dict[str, Any]) -> None:
    current = {"e": embedder}
    cfg = Cfg()
    r = Router(cfg, lambda: current["e"], Memo(tmp_path / "memo.db"), tools)
    try:
        teach(r, TAUGHT)
        assert stored_embedder(r.memo) == embedder.ident and _dims(r.memo) == {384}
        hit = r.route("leggi il file /tmp/t/b.txt", now=REFERENCE_NOW)
        assert hit is not None and hit.tool == "read_files"

        progress: list[tuple[int, int]] = []
        r.reembed_progress = lambda done, total: progress.append((done, total))
        current["e"] = gemma_embedder
        hit = r.route("leggi il file /tmp/t/c.txt", now=REFERENCE_NOW)
        assert progress and progress[-1] == (2, 2)
        assert stored_embedder(r.memo) == gemma_embedder.ident and _dims(r.memo) == {768}
        assert r.l1.index.dim == 768 and len(r.l1.rows) == 2
        assert hit is not None and hit.tool == "read_files" and hit.args == {"paths": ["/tmp/t/c.txt"]}
        row = next(q for q in r.memo.queries() if q.executor == "list_dir")
        assert np.allclose(row.vector, gemma_embedder.embed([row.canonical])[0], atol=1e-5)

        progress.clear()
        current["e"] = embedder                   # and back: e5's vectors again, re-made
        r.route("leggi il file /tmp/t/d.txt", now=REFERENCE_NOW)
        assert progress and stored_embedder(r.memo) == embedder.ident and _dims(r.memo) == {384}
    finally:
        r.close()


def test_a_memo_reopened_with_the_same_embedder_is_not_reembedded(tmp_path: Path, embedder: Any,
                                                                   tools: dict[str, Any]) -> None:
    r = Router(Cfg(), lambda: embedder, Memo(tmp_path / "memo.db"), tools)
    teach(r, TAUGHT[:1])
    r.close()
    memo = Memo(tmp_path / "memo.db")
    try:
        assert sync_embedder(memo, embedder, embedder.ident) == 0
        assert sync_embedder(memo, embedder, "another:384") == 1      # an unknown id: re-made, then recorded
        assert stored_embedder(memo) == "another:384"
    finally:
        memo.close()
