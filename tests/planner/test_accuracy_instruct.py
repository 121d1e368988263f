"""The tool-choice suite with the instruct model as planner (the model's vote weighs more than the lite's):
the same >= 97 % as with the lite model."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.bench import planner_suite as suite
from app.planner import Planner
from app.turn.services import TurnServices

pytestmark = pytest.mark.slow
GOAL = 0.97


def test_first_tool_accuracy_with_the_instruct_model(instruct_llm: Any, embedder: Any, registry: Any, root: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    services = TurnServices(llm=lambda: instruct_llm, embedder=lambda: embedder)
    res = suite.run(Planner(), registry, services, root)
    report = suite.report(res)
    with capsys.disabled():
        print("\n[instruct] " + report)
    assert res.accuracy >= GOAL, report
