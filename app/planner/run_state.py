"""The state of one planner run: what it did (RunInfo, for tests and the details view), the pending clause's
plan, a chosen call, and the turn being planned — kept apart from the loop in planner.py that moves them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.lang.heads import Head, head_text
from app.tools.registry import Tool
from app.tools.runner import TurnContext

from . import prompt as pr
from .choose import Choice, Situation
from .evidence import Evidence
from .stats import StepStats
from .surface import ToolIndex


def clause_vectors(idx: ToolIndex, evd: Evidence, text: str) -> tuple[Any, Any]:
    """The clauses' vectors (structure scores each clause by its own), and what the intent head reads: one vector
    per clause, or the whole request's for a one-clause request.

    The head learned whole requests; a one-clause request's clause can be a fragment of it ("store this for me"
    of "store this for me: my bike lock code is 0717", "senti" of "senti, ricordati che…"), so the head reads the
    whole text then. On the 24 tune requests of fresh and suite whose head reading changes, the first decision
    went from 8 to 13 right and lost none (resources/eval/heads/README.md). The head reads text as it learned it
    (lang.heads.head_text): quoted words as "…" ('salva in memoria: "cancella X"' read delete_files 0.60 whole),
    paths in the folder of its training data — the same rows in the same embedding call."""
    if idx.embedder is None or idx.matrix is None:
        return None, None
    focus = [c.text for c in evd.clauses] or [evd.text]
    read = [head_text(text)] if len(evd.clauses) <= 1 else [head_text(c) for c in focus]
    vecs = idx.embedder.embed(focus + read)
    if vecs is not None and len(vecs) == len(focus) + len(read):
        return vecs[:len(focus)], vecs[len(focus):]
    return vecs, None


@dataclass
class RunInfo:
    """What the last run did, for tests, the bench and `metnos context --explain`."""

    choices: list[Choice] = field(default_factory=list)
    stats: list[StepStats] = field(default_factory=list)
    weight: float = 0.0
    answer_replaced: str = ""  # why the model's answer was replaced ('' when it was used)
    prompt: str = ""  # the last prompt sent to the model
    prompts: list[str] = field(default_factory=list)  # every prompt the model evaluated, in order
    prefix: dict[str, Any] = field(default_factory=dict)  # what warming the stable prefix did


@dataclass
class Plan:
    candidates: list[str]
    structural: dict[str, float]
    prereq: str | None
    head: dict[str, float] | None = None  # the intent head's reading of the pending clause (veto, details)
    asked: str | None = None  # the offered tool the head is sure the clause asks for (choose.head_asks)


@dataclass
class Decision:
    """A chosen tool call (not yet run): what `decide` returns and the loop executes."""

    tool: str
    args: dict[str, Any]
    sources: dict[str, str]
    choice: Choice
    error: str = ""


@dataclass
class PlanTurn:
    ctx: TurnContext
    text: str
    llm: Any
    weight: float
    evd: Evidence
    idx: ToolIndex
    vecs: Any
    info: RunInfo
    sit: Situation
    clause_i: int = 0
    plan: Plan = field(default_factory=lambda: Plan([], {}, None))
    ps: pr.PromptState = field(default_factory=pr.PromptState)
    last_sid: str | None = None
    tools: dict[str, Tool] = field(default_factory=dict)  # the permitted surface, looked up without loading
    surface: Any = None  # app.tools.surface.ToolSurface when the engine built one for this turn
    history: list[tuple[str, str]] = field(default_factory=list)  # earlier exchanges of the conversation
    asked_all: frozenset[str] = frozenset()  # the action classes the whole request asks (veto.py)
    head: Head | None = None  # the learned intent head for this embedder's vectors (choose.head_prior)
    head_vecs: Any = None  # what the head reads: one row per clause, or the whole request's (clause_vectors)
