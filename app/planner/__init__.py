"""The L3 planner: retrieval, constrained choice, rule-first arguments, append-only prompts."""
from . import messages  # noqa: F401  (registers the planner's sentences)
from .planner import Planner
from .run_state import RunInfo
from .stats import PlannerStats, StepStats

__all__ = ["Planner", "PlannerStats", "RunInfo", "StepStats"]
