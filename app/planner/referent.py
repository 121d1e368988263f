"""No referent, no guess: a tool that acts on a file, with nothing that names one, gets a question back.

"aprilo", "cancella quel file", "read it to me" said as the first words of a conversation: the model would
fill the path with whatever looks likely (measured: "Certo, posso aprire il file che hai fornito."). The
person is asked which, in their language, and nothing runs.
"""
from __future__ import annotations

from typing import Any, Sequence

from app.lang.asked_actions import asked_actions
from app.lang.followup import referent_in
from app.lang.messages import catalog, say
from app.tools.registry import Tool
from app.tools.slots import ADDRESS_NAMES, PATH_NAMES

from .evidence import Evidence
from .veto import tool_actions


class NoReferent(Exception):
    """The chosen tool needs a file and the request names none: the answer is a question back."""

    def __init__(self, tool: str):
        super().__init__(tool)
        self.tool = tool

    def question(self, lang: str) -> str:
        key = f"ask.which.{self.tool}"
        return say(key if key in catalog() else "ask.which", lang)


def no_referent(tool: Tool, args: dict[str, Any], evd: Evidence, steps_done: int,
                history: Sequence[tuple[str, str]]) -> bool:
    """True when `tool` needs a file or target that neither the request, the turn nor the conversation names."""
    need = [k for k in tool.required if k in PATH_NAMES or k in ADDRESS_NAMES]
    if not need or any(k in args for k in need) or steps_done or history:
        return False
    return not (evd.slots.get("path") or evd.slots.get("url") or evd.slots.get("ext") or evd.quoted or evd.inline)


def unnamed_object(t: Any) -> str | None:
    """The tool whose action the clause asks while naming nothing to act on, when the turn chose to answer: "ok
    read that one out to me", "read that one out to us again" as a conversation's first words (everyday13-53,
    everyday10-55) were answered "Sure, I'll read that out to you. Please provide the text…" — the model asked
    for text, the person meant a file. The question back names what is missing, like a chosen tool's would. Only
    a tool the request asks for by its action (lang.asked_actions: not "cos'è un file json?") on a thing it only
    points at (lang.followup.referent_in: "it", "that one", "leggimelo" — not "read me a poem"), that needs a file,
    best structural score first; `t` is the planner's turn."""
    if t.sit.steps_done or t.history:
        return None
    clause = t.evd.clause(t.clause_i)
    said = clause.text if clause is not None else t.text
    asked = asked_actions(said) & t.asked_all
    if not asked or referent_in(said) is None:  # "read me a poem", "elencami i pianeti": words, no thing pointed at
        return None
    affinity = t.idx.affinity_by_name()
    for name in sorted(t.plan.structural, key=t.plan.structural.__getitem__, reverse=True):
        tool = t.tools.get(name)
        if tool is not None and tool_actions(tool, affinity.get(name)) & asked and \
                no_referent(tool, {}, t.evd, 0, t.history):
            return str(name)
    return None
