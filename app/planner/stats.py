"""Per-step cost of the planner's model calls, observable (issue 7: cache rate).

`PlannerStats` is a typed event so `metnos ask --json` and the bench show,
for every model call, how many prompt tokens were reused from the KV prefix
and how many were evaluated. It lives here until the engine adopts it into
app/engine/events.py; registering it in EVENT_TYPES keeps
`event_from_dict` working for it meanwhile.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from app.engine import events as ev


@dataclass(frozen=True)
class PlannerStats(ev.Event):
    phase: str = ""  # decide | args | answer
    prompt_tokens: int = 0
    reused_tokens: int = 0
    evaluated_tokens: int = 0
    completion_tokens: int = 0
    ms: float = 0.0
    choice: str = ""
    scores: dict[str, float] = field(default_factory=dict)  # final probability of each option (decide)
    model_consulted: bool = True  # decide: False when the structural margin made the model's vote moot
    type: ClassVar[str] = "planner_stats"


ev.EVENT_TYPES.setdefault(PlannerStats.type, PlannerStats)


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
