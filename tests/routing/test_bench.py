"""`metnos bench routing` runs end to end (small sizes here; the real run uses 10,000 + 1,000 rows)."""
from __future__ import annotations

import os
from typing import Any

import pytest

from app.bench.routing import format_bench, run_bench

pytestmark = pytest.mark.slow


def test_bench_reports_every_figure_and_restores_the_home(embedder: object,
                                                          generalization_figures: dict[str, Any]) -> None:
    before = os.environ.get("METNOS_HOME")
    d = run_bench(rounds=1, l1_rows=300, l2_rows=30, l1_rows_big=600, general=generalization_figures)
    assert os.environ.get("METNOS_HOME") == before
    assert d["rows"]["l1"] >= 300 and d["rows"]["l2"] >= 30 and d["rows"]["l1_big"] >= 600
    for k in ("l0_us", "embedding_ms", "l1_ms", "l2_ms", "l1_big_ms"):
        assert d[k]["n"] > 0 and d[k]["p50"] > 0 and d[k]["p95"] >= d[k]["p50"]
    assert d["l1_over_embedding"] > 0 and d["l1_big_over_embedding"] > 0
    assert set(d["targets"]) == {"l0_p50_le_20us", "l1_le_1.3x_embedding", "l2_le_l1_plus_1ms",
                                 "l1_big_le_1.5x_embedding"}
    assert d["quality"]["wrong_action_or_argument_hits"] == 0  # the sets stay clean with a big memo around them
    assert set(d["generalization"]) == {"tune", "heldout", "newest batch"}  # the newest batch: never tuned on
    text = format_bench(d)
    assert "L0 decision" in text and "L1/embedding" in text and "recall" in text
    assert "L1 at " in text and "heldout" in text and "tune" in text
    print("\n" + text)
