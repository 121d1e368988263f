"""The answer-quality suite on the bundled instruct model: >= 90 % of the answers carry their fact in the
language of the request (tuning and held-out halves reported apart; the same run as `metnos bench answers`)."""
from __future__ import annotations

from typing import Any

import pytest
from instruct_model import instruct_model_path

from app.bench.answers import format_table, run_suite

GOAL = 0.90


@pytest.mark.slow
def test_answer_quality_on_the_instruct_model(bundled_embedder: Any, capsys: pytest.CaptureFixture[str]) -> None:
    res = run_suite(str(instruct_model_path()))
    table = format_table(res)
    with capsys.disabled():
        print("\n" + table)
    tune, held = res.rate("tune"), res.rate("held")
    assert tune[1] and held[1]
    assert res.accuracy >= GOAL, table
