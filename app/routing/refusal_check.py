"""A second opinion on "I can't …": a refusal stands only for an action the request asks for.

Why: the capability stage reads action words anywhere in a clause, so a reason or the person's own plan
("I'm sending this to Sara tomorrow - can you find any file that mentions her?") was refused as a send, and
the request itself — something a tool does — was never done. What the request asks is read as the write veto
reads it (lang.asked_actions): a refused action that no asking clause asks is the person's own business, unless
the learned intent head too reads the request as words (`answer`: "send a calendar invite to the team for
friday's standup" stays refused).

A refusal that guards rather than reads a verb — an action for later, live news, a restore from the trash —
always stands. Tried and not shipped: letting the head overrule a refusal of the whole request when it reads one
tool's call at p ≥ 0.6 (chosen on the tune halves, where it fixed 2 wrong refusals: "…could you add a line to X"
refused as a call, "fyi my boss … hates long emails - remember that" as a send); on the held halves it turned
"svuota il cestino" into delete_files (0.64) and "print X, I need two copies" into copy_files (0.70): the head
reads an unsupported request as its nearest tool, a substitute. The record: resources/eval/requests/README.md
(2026-12-04, eleventh session).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from app.lang.asked_actions import asked_actions

from .capability import Verdict

ANSWER = "answer"  # the intent head's class for words (an answer, or saying it cannot)

# Below this the head's likeliest tool is no reading of a tool's call: "whack the volume up on this thing boss, can't
# hear a sausage" read delete_files at 0.23 and the refusal was dropped (everyday19-32, declared; the capability
# set's tune half chose the bound, resources/eval/capability/README.md)
HEAD_READS = 0.3

IntentReader = Callable[[str], "dict[str, float] | None"]


@dataclass
class SecondOpinion:
    """The readings of one request, computed only when a refusal needs them (an embedding for the head)."""

    text: str
    intent: IntentReader | None
    _asked: frozenset[str] | None = None
    _head: dict[str, float] | None = None
    _read: bool = False
    dropped: list[str] = field(default_factory=list)  # the actions whose refusal did not stand (for the trace)

    def asked(self) -> frozenset[str]:
        if self._asked is None:
            self._asked = asked_actions(self.text)
        return self._asked

    def head_top(self) -> tuple[str, float]:
        """The head's likeliest class and its probability; ("answer", 1.0) without a head (the refusal stands)."""
        if not self._read:
            self._read = True
            try:
                self._head = self.intent(self.text) if self.intent is not None else None
            except Exception:  # noqa: BLE001 — no embedder, no head: the refusal stands as the rules read it
                self._head = None
        if not self._head:
            return ANSWER, 1.0
        best = max(self._head, key=self._head.__getitem__)
        return best, self._head[best]

    def stands(self, verdict: Verdict) -> bool:
        """Does this refusal stand for the request? A guard always does; a reading of an action verb when the
        action is asked, or when the head too reads words."""
        action = verdict.action
        if verdict.guard or not action or action in self.asked():
            return True
        best, p = self.head_top()
        if best == ANSWER or p < HEAD_READS:
            return True  # the head too reads words ("send a calendar invite for friday"), or reads nothing sure
        self.dropped.append(action)
        return False
