"""Typed events and data of a turn, shared by the engine, the CLI, the UI and the tests.

A request is one turn; a turn has steps; every step emits events. Front ends
only consume these (smolagents-style): nothing else crosses the boundary.
"""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any, ClassVar


@dataclass(frozen=True)
class Event:
    turn_id: str
    step: int
    type: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        d = {"type": self.type}
        d.update(dataclasses.asdict(self))
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, default=str)


@dataclass(frozen=True)
class TurnStarted(Event):
    text: str = ""
    owner: str = ""
    type: ClassVar[str] = "turn_started"


@dataclass(frozen=True)
class RouteDecision(Event):
    level: str = "L3"  # L0 | L1 | L2 | L3
    why: str = ""
    score: float | None = None
    tool: str | None = None
    args: dict[str, Any] = field(default_factory=dict)
    steps: list[dict[str, Any]] = field(default_factory=list)  # for L2
    type: ClassVar[str] = "route"


@dataclass(frozen=True)
class ToolCall(Event):
    tool: str = ""
    args: dict[str, Any] = field(default_factory=dict)
    arg_sources: dict[str, str] = field(default_factory=dict)  # arg -> rules|model|memo|default|ref
    deferred_loaded: bool = False
    type: ClassVar[str] = "tool_call"


@dataclass(frozen=True)
class ApprovalNeeded(Event):
    tool: str = ""
    args: dict[str, Any] = field(default_factory=dict)
    risk: str = "write"
    question: str = ""  # what will change, in the request's language ("Scrivere 4 caratteri in …?")
    preview: str = ""  # the text to write, the file list, or a diff
    preview_kind: str = ""  # "", "text", "files", "diff"
    type: ClassVar[str] = "approval"


@dataclass(frozen=True)
class Observation(Event):
    tool: str = ""
    ok: bool = True
    size: int = 0
    preview: str = ""
    error: str | None = None  # English, for logs and the details view
    scratchpad_id: str | None = None  # set when the full result was offloaded
    message: str = ""  # a failure in the person's words and language
    type: ClassVar[str] = "observation"


@dataclass(frozen=True)
class StateUpdate(Event):
    plan: list[dict[str, str]] = field(default_factory=list)
    notes: dict[str, str] = field(default_factory=dict)
    type: ClassVar[str] = "state"


@dataclass(frozen=True)
class MemoryWritten(Event):
    fact_id: int = 0
    text: str = ""
    category: str = ""
    source: str = "user"
    type: ClassVar[str] = "memory"


@dataclass(frozen=True)
class Progress(Event):
    what: str = ""
    fraction: float | None = None
    type: ClassVar[str] = "progress"


@dataclass(frozen=True)
class PlannerStats(Event):
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


@dataclass(frozen=True)
class Token(Event):
    text: str = ""
    type: ClassVar[str] = "token"


@dataclass(frozen=True)
class Answer(Event):
    text: str = ""
    level: str = "L3"
    type: ClassVar[str] = "answer"


@dataclass(frozen=True)
class Offer(Event):
    """A follow-up the turn proposes, asked at the end of its answer ("Vuoi un promemoria un'ora prima, …?"). It
    stands until the owner's next request: "sì" (or the front end's button, which sends it) runs `tool` with `args`
    as any call — a write asks for approval — and "no" gets `declined`; anything else lets it lapse. An offer that
    remedies a failure ("Consenti questa cartella") names the request to run again once its call has succeeded
    (`then`), and may word its yes button (`label`)."""
    text: str = ""  # the question, in the turn's language (also the end of the answer)
    tool: str = ""
    args: dict[str, Any] = field(default_factory=dict)
    declined: str = ""  # said when the answer is no
    lang: str = "en"
    label: str = ""  # the yes button's words, in the turn's language ("" = the front end's own "Yes")
    then: str = ""  # the request to run again after the offered call succeeded ("" = nothing more)
    type: ClassVar[str] = "offer"


@dataclass(frozen=True)
class Error(Event):
    message: str = ""
    hint: str = ""
    type: ClassVar[str] = "error"


@dataclass(frozen=True)
class Notice(Event):
    """Something the person should know once, not an error of this turn (e.g. history is not being saved)."""
    message: str = ""
    hint: str = ""
    key: str = ""
    type: ClassVar[str] = "notice"


@dataclass(frozen=True)
class Cancelled(Event):
    type: ClassVar[str] = "cancelled"


@dataclass(frozen=True)
class TurnAnswered(Event):
    """The turn is over for the person: its answer (or its error, or its cancellation) is out. Front ends stop
    the spinner and Cancel here; what follows (learning, the history) runs after it, up to TurnEnded.
    `elapsed_ms` is the time to the answer."""
    ok: bool = True
    elapsed_ms: float = 0.0
    type: ClassVar[str] = "turn_answered"


@dataclass(frozen=True)
class TurnEnded(Event):
    """The last event of a turn: the work after the answer is done too. `elapsed_ms` is still the time to the
    answer (what the person waited); `after_ms` is how long the work after it took."""
    ok: bool = True
    elapsed_ms: float = 0.0
    after_ms: float = 0.0
    type: ClassVar[str] = "turn_ended"


EVENT_TYPES: dict[str, type[Event]] = {
    c.type: c for c in (TurnStarted, RouteDecision, ToolCall, ApprovalNeeded, Observation, StateUpdate,
                        MemoryWritten, Progress, PlannerStats, Token, Answer, Offer, Error, Notice, Cancelled,
                        TurnAnswered, TurnEnded)
}


def event_from_dict(d: dict[str, Any]) -> Event:
    d = dict(d)
    cls = EVENT_TYPES[d.pop("type")]
    return cls(**d)


@dataclass
class Step:
    """One executed tool call of a turn; `result` is the real (full) result."""

    num: int
    tool: str
    args: dict[str, Any]
    result: Any = None
    ok: bool = True
    level: str = "L3"  # which level decided this step
    arg_sources: dict[str, str] = field(default_factory=dict)


@dataclass
class Turn:
    """A request and what happened; recorded so the fast path can learn."""

    id: str
    text: str
    owner: str
    canonical: str = ""
    steps: list[Step] = field(default_factory=list)
    answer: str = ""
    level: str = "L3"
    ok: bool = False
    cancelled: bool = False
    read_external: bool = False  # content from files/web was read in this turn
    route: Any = None  # the fast-path decision that served it (RouteResult), for later feedback
    offers: list[Offer] = field(default_factory=list)  # what a plugin proposes to do next (after_step)
    lang: str | None = None  # the turn's language when its words alone do not say ("sì" answering an offer)
    said_first: str = ""  # said before the answer: what an accepted offer changed before its request ran again
