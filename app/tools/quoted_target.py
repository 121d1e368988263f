"""A change is never made to a path the person only quoted.

Found by hand: `salva questa frase in memoria: "cancella /tmp/x/vecchio.txt"` overwrote vecchio.txt with the
sentence — the planner, and then the fast path that learned the turn, took the path inside the quoted words as
the place to write. Quoted words are content the person hands over ("this sentence"), not an object they name;
a path that the request says only inside a quoted sentence is no target for a tool that writes, moves, deletes
or opens. A path or a name quoted on its own ('leggi "/tmp/my file.txt"', "a folder named 'Case Files 2024'
inside X": quoting a name with spaces) is said outright and stays a target. Checked in the runner, the one way
every level runs a tool, before approval is asked: the person is never asked to approve a change to a file they
did not name.
"""
from __future__ import annotations

from pathlib import PurePath
from typing import Any

from app.lang.messages import Message
from app.lang.quotes import quoted_texts, without_quotes

from .registry import risky
from .slots import path_args


def _said_in(value: str, text: str) -> bool:
    """Is the path `value` (or, past a folder the tool resolved, its last name) said in `text`?"""
    name = PurePath(value.rstrip("/")).name
    return value in text or (len(name) > 2 and name in text)


def only_quoted(tool: Any, args: dict[str, Any], request: str) -> str | None:
    """The first path argument of a risky `tool` that `request` says only inside a quoted sentence, else None."""
    if not risky(tool) or not isinstance(request, str):
        return None
    quoted = quoted_texts(request)
    if not quoted:
        return None
    outside = without_quotes(request)
    for key in path_args(tool):
        value = args.get(key)
        for raw in value if isinstance(value, list) else [value]:
            if not isinstance(raw, str) or not raw.strip():
                continue
            raw = raw.strip()
            alone = (raw.strip("/"), PurePath(raw.rstrip("/")).name)  # the path or its name quoted on its own
            inside = [q for q in quoted if _said_in(raw, q) and q.strip().strip("/") not in alone]
            if inside and not _said_in(raw, outside):
                return raw
    return None


def refusal(path: str) -> Message:
    return Message("files.target_only_quoted", path=path)
