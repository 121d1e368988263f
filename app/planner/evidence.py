"""What the request itself says, read by rules: clauses, actions, argument values, inline content.

The planner leans on this structure because the bundled model cannot: a path
in a clause favours file tools, "leggi X e scrivilo in Y" is two clauses with
two actions, and text after "riassumi questo testo:" is content (data), not
part of the request's intent.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from app.lang.actions import ActionSig, action_of
from app.lang.args_extractor import extract
from app.lang.clauses import split_continuation
from app.lang.content_said import split_inline
from app.lang.paths_said import from_whole, resolve
from app.lang.quotes import quoted_texts
from app.lang.rules.planner_evidence import PLANNER_EVIDENCE

FILE_WORDS = PLANNER_EVIDENCE.pattern("file_words")  # a clause about files
TELL_WORDS = PLANNER_EVIDENCE.pattern("tell")  # "dimmi…", "tell me…": an answer is asked
MAX_TASK_CHARS = 4000
# Italian reflexive "trovarsi" means "to be (somewhere)", not "to find": "dove mi trovo?"
_BE_LOCATED = PLANNER_EVIDENCE.pattern("be_located")


def plain(text: str) -> str:
    """The text that action and word matching read: idioms that look like other verbs rewritten."""
    return _BE_LOCATED.sub("sono", text)


@dataclass
class Clause:
    text: str
    sig: ActionSig
    slots: dict[str, Any]
    tell: bool = False  # "dimmi ...", "tell me ...": asks for an answer, not an action on its own

    @property
    def paths(self) -> list[str]:
        return list(self.slots.get("path") or [])

    @property
    def has_file_context(self) -> bool:
        return bool(self.paths or self.slots.get("ext") or FILE_WORDS.search(self.text))


@dataclass
class Evidence:
    text: str  # the request (its head when inline content was split off)
    inline: str | None  # content given in the request itself, after "…:"
    quoted: list[str]
    clauses: list[Clause]
    slots: dict[str, Any] = field(default_factory=dict)
    now: datetime = field(default_factory=datetime.now)  # the reference time of every relative date

    def clause(self, i: int) -> Clause | None:
        return self.clauses[i] if 0 <= i < len(self.clauses) else None


def analyze(text: str, now: datetime | None = None) -> Evidence:
    """Read a request by rules. Never raises; long requests are read from their first MAX_TASK_CHARS."""
    text = (text or "").strip()
    now = (now or datetime.now()).replace(microsecond=0)
    head, inline = split_inline(text[:MAX_TASK_CHARS * 4] if len(text) > MAX_TASK_CHARS * 4 else text)
    if inline is None and len(head) > MAX_TASK_CHARS:
        head = head[:MAX_TASK_CHARS]
    quoted = quoted_texts(head)
    parts = split_continuation(head) or ([head] if head else [])
    whole = _with_paths(head, extract(head, now))
    clauses: list[Clause] = []
    for p in parts:
        slots = _with_paths(p, extract(p, now))
        if slots.get("path") and whole.get("path"):
            slots["path"] = from_whole(list(slots["path"]), list(whole["path"]))
        clause = Clause(p, action_of(plain(p)), slots, bool(TELL_WORDS.match(p)))
        if clauses and _only_says_where(clause, clauses[-1], list(whole.get("path") or [])):
            last = clauses[-1]  # "…lettera.txt, which is kept in the Documenti folder under /x": one clause
            clauses[-1] = Clause(f"{last.text}, {p}", last.sig, last.slots, last.tell)
            continue
        clauses.append(clause)
    return Evidence(head, inline, quoted, clauses, whole, now)


def _only_says_where(clause: Clause, before: Clause, whole: list[str]) -> bool:
    """Does `clause` only say where the thing of the clause `before` it is? No action and no "tell me" of its own,
    and every path it names is a folder the whole request read as the place of `before`'s path (an ancestor of it,
    dropped from the whole's paths). Why: "display lettera.txt, which is kept in the Documenti folder under /x"
    was split in two, and the second clause, owed an action, listed the folder (everyday17-25, a substitute)."""
    paths = clause.paths
    if not paths or clause.sig.actions or clause.tell:
        return False
    return all(p not in whole and any(q.startswith(p.rstrip("/") + "/") for q in before.paths) for p in paths)


def _with_paths(text: str, slots: dict[str, Any]) -> dict[str, Any]:
    """The slots with their paths as the person meant them (names with spaces, a file named apart from its
    folder, "a folder called X in Y": app/lang/paths_said.py)."""
    if slots.get("path"):
        slots = {**slots, "path": resolve(text, list(slots["path"]), list(slots.get("quoted") or []))}
    return slots


def window_hours(window: dict[str, Any] | None, now: datetime | None = None) -> float | None:
    """Hours from the window's start to now: "ieri" includes all of yesterday."""
    if not window:
        return None
    try:
        since = datetime.fromisoformat(str(window["since"]))
        ref = now or datetime.now()
        hours = (ref.replace(tzinfo=None) - since.replace(tzinfo=None)).total_seconds() / 3600
        return float(max(1, int(hours + 0.999)))
    except (KeyError, ValueError, TypeError):
        h = window.get("hours") if isinstance(window, dict) else None
        return float(h) if isinstance(h, (int, float)) else None
