"""The state of one planner run: what it did (RunInfo, for tests and the details view), the pending clause's
plan, a chosen call, and the turn being planned — kept apart from the loop in planner.py that moves them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.lang.heads import Head, head_text
from app.lang.tokens import sentences
from app.tools.registry import Tool
from app.tools.runner import TurnContext

from . import prompt as pr
from .choose import Choice, Situation
from .evidence import Evidence
from .head_vote import head_asks
from .stats import StepStats
from .surface import ToolIndex


def clause_vectors(idx: ToolIndex, evd: Evidence, text: str) -> tuple[Any, Any]:
    """The clauses' vectors (structure scores each clause by its own), and what the intent head reads: per clause,
    the rows it reads (head_reading) — the clause's vector, or for a one-clause request the whole request's and
    each of its sentences'.

    The head learned whole requests; a one-clause request's clause can be a fragment of it ("store this for me"
    of "store this for me: my bike lock code is 0717", "senti" of "senti, ricordati che…"), so the head reads the
    whole text then. On the 24 tune requests of fresh and suite whose head reading changes, the first decision
    went from 8 to 13 right and lost none (resources/eval/heads/README.md). The head reads text as it learned it
    (lang.heads.head_text): quoted words as "…" ('salva in memoria: "cancella X"' read delete_files 0.60 whole),
    paths in the folder of its training data — the same rows in the same embedding call."""
    if idx.embedder is None or idx.matrix is None:
        return None, None
    focus = [c.text for c in evd.clauses] or [evd.text]
    if len(evd.clauses) <= 1:
        read = [[head_text(text), *(head_text(s) for s in _sentences(text))]]
    else:
        read = [[head_text(c)] for c in focus]
    vecs = idx.embedder.embed(focus + [r for rows in read for r in rows])
    if vecs is None or len(vecs) != len(focus) + sum(map(len, read)):
        return vecs, None
    out, i = [], len(focus)
    for rows in read:
        out.append(vecs[i:i + len(rows)])
        i += len(rows)
    return vecs[:len(focus)], out


def _sentences(text: str) -> list[str]:
    """The request's sentences of two words or more, when it has two or more such ("giulia quando fa gli anni?
    vorrei prenderle un pensierino"); none for a one-sentence request, which the whole already is."""
    out = [s.strip() for s in sentences(text) if len(s.split()) >= 2]
    return out if len(out) > 1 else []


def head_reading(head: Head, rows: Any) -> dict[str, float]:
    """What the head reads a clause as asking: the whole's reading, unless it is unsure (below head_vote.HEAD_ASKS)
    or reads `answer` while one sentence is sure of a tool — then that sentence's.

    A sentence of reason or feeling beside a question pulls the whole request's vector off what the question
    asks: "giulia quando fa gli anni? vorrei prenderle un pensierino" read recall 0.34, the question alone 0.83;
    "whit day is it the day? lost track working nights" answer 0.40, the question get_date 0.82. The head's first
    class on the held-out rows of the request sets (whole → this): everyday 60 → 63 of 80, everyday2 50 → 51 of
    60, everyday3 48 → 49 of 60, fresh held 253 → 253 of 324, suite held 142 → 143 of 178; read with ≥ 0.5 (what
    overrules an answer, head_vote.head_asks) right 44 → 47, 38 → 39, 38 → 41, 215 → 217, 114 → 116 and wrong
    20 → 22 (fresh: "remind me, when did the Second World War end?" and a question about ChatGPT read recall)
    and otherwise unchanged. Tune halves: fresh 294 → 294, suite 128 → 128."""
    whole = head.probs(rows[0])
    if len(rows) < 2 or head_asks(whole, list(whole)):
        return whole
    sure = [p for p in (head.probs(v) for v in rows[1:]) if head_asks(p, list(p))]
    return max(sure, key=lambda p: max(p.values())) if sure else whole


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
    live: float = 0.0  # the live head's probability that the request asks for the world's state now (live.py)


@dataclass
class Plan:
    candidates: list[str]
    structural: dict[str, float]
    prereq: str | None
    head: dict[str, float] | None = None  # the intent head's reading of the pending clause (veto, details)
    asked: str | None = None  # the offered tool the head is sure the clause asks for (head_vote.head_asks)


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
    head: Head | None = None  # the learned intent head for this embedder's vectors (head_vote.head_prior)
    head_vecs: Any = None  # what the head reads: rows per clause (clause_vectors, head_reading)
