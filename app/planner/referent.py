"""No referent, no guess: a tool that acts on a file, with nothing that names one, gets a question back.

"aprilo", "cancella quel file", "read it to me" said as the first words of a conversation: the model would
fill the path with whatever looks likely (measured: "Certo, posso aprire il file che hai fornito."). The
person is asked which, in their language, and nothing runs.
"""
from __future__ import annotations

from typing import Any, Sequence

from app.lang.messages import catalog, say
from app.tools.registry import Tool
from app.tools.slots import PATH_NAMES

from .evidence import Evidence


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
    need = [k for k in tool.required if k in PATH_NAMES or k == "target"]
    if not need or any(k in args for k in need) or steps_done or history:
        return False
    return not (evd.slots.get("path") or evd.slots.get("url") or evd.slots.get("ext") or evd.quoted or evd.inline)
