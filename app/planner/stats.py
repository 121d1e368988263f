"""Per-step cost of the planner's model calls, observable (the cache rate).

The typed event `PlannerStats` (app/engine/events.py) shows, for every model
call, how many prompt tokens were reused from the KV prefix and how many were
evaluated; StepStats is the planner's own record of the same figures.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from app.turn.events import PlannerStats as PlannerStats  # re-exported for planner modules


@dataclass
class StepStats:
    step: int
    phase: str
    prompt_tokens: int = 0
    reused_tokens: int = 0
    evaluated_tokens: int = 0
    completion_tokens: int = 0
    ms: float = 0.0
    choice: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def from_completion(step: int, phase: str, comp: Any, ms: float, choice: str = "") -> StepStats:
    return StepStats(step, phase, int(getattr(comp, "prompt_tokens", 0) or 0),
                     int(getattr(comp, "reused_tokens", 0) or 0), int(getattr(comp, "evaluated_tokens", 0) or 0),
                     int(getattr(comp, "completion_tokens", 0) or 0), ms, choice)
