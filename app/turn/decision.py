"""A routing decision: which level answers a request, with which tool(s) and arguments, and why.

Shared by the router, the stages other packages plug into it (remember, recall), the engine that
executes it and `metnos route --json` that prints it, so all of them speak of the same decision.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Protocol


@dataclass
class RouteResult:
    level: str  # "L0" | "L1" | "L2" (a stage answers as L0 when it is a rule, L1 when it is a match)
    tool: str | None = None
    args: dict[str, Any] = field(default_factory=dict)
    steps: list[dict[str, Any]] | None = None  # L2: [{"tool", "args", "arg_sources"}]
    arg_sources: dict[str, str] = field(default_factory=dict)
    score: float | None = None
    reason: str = ""
    entry_id: str | None = None  # "q12", "p3", "l0:time"
    reply_template: str | None = None
    lang: str | None = None
    chain_rest: str | None = None  # text left for the planner after an L2 prefix (chain_to_planner)
    reply: str | None = None  # a stage's own answer (recall quotes the fact it matched)
    stage: str | None = None  # which stage decided ("remember", "recall"); None for L0/L1/L2
    notice: str | None = None  # said before the answer: the part of the request that cannot be done
    planner_text: str | None = None  # the planner works on this part only (the rest was answered by `notice`)
    said_args: tuple[str, ...] = ()  # arguments that are the person's own words of a task (what to remind): the
    # router drops the reason said after the task (lang/asides.py `trailing`, with the aside head)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class RouteStage(Protocol):
    """A deterministic decision another package contributes to the router (e.g. "ricordati che …").

    `decide` must be cheap for requests it does not recognise and must not execute anything: the
    engine executes what it returns, exactly as for an L0/L1/L2 hit."""

    name: str

    def decide(self, text: str, owner: str | None) -> RouteResult | None: ...
