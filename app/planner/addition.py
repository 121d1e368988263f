"""What a write adds is its own: never the file it is written into, never the file again with the new line.

Why: "ok read me X comma then put eggs at the bottom of it" (everyday8-67) appended X's own text by reference to
the read (the list doubled); asked what to add instead, the 1.5B model wrote the whole list again and then
"eggs". The planner's argument stage (planner.py) passes a write's arguments through `addition_args`.
"""
from __future__ import annotations

import os
from typing import Any, Callable, Sequence

from app.lang.placeholders import STEP_REF
from app.tools.slots import CONTENT_NAMES
from app.turn.events import Step


def addition_args(args: dict[str, Any], sources: dict[str, str], steps: Sequence[Step],
                  ask: Callable[[dict[str, Any], dict[str, str]], tuple[dict[str, Any], dict[str, str]]]
                  ) -> tuple[dict[str, Any], dict[str, str]]:
    """A write's arguments once what it adds is its own: a reference to a read of the very file written is
    dropped and `ask`ed of the model again (onto_itself), and a model's addition keeps only what is new
    (only_the_addition)."""
    if again := onto_itself(args, sources, steps):
        kept = {k: v for k, v in args.items() if k not in again}
        args, sources = ask(kept, {k: sources[k] for k in kept if k in sources})
    return only_the_addition(args, sources, steps), sources


def onto_itself(args: dict[str, Any], sources: dict[str, str], steps: Sequence[Step]) -> list[str]:
    """The content keys filled by reference to a step that read the very file being written: "read me X then put
    eggs at the bottom of it" would append X to itself (everyday8-67); what to add is the clause's, for the
    model to write."""
    target = args.get("path")
    if not isinstance(target, str):
        return []
    out = []
    for k in CONTENT_NAMES:
        m = STEP_REF.fullmatch(str(args.get(k, ""))) if sources.get(k) == "ref" else None
        step = next((s for s in steps if m and s.num == int(m.group(1))), None)
        if step is not None and _read(step, target):
            out.append(k)
    return out


def only_the_addition(args: dict[str, Any], sources: dict[str, str], steps: Sequence[Step]) -> dict[str, Any]:
    """An addition the model wrote as the whole file with the new line at its end (asked what to add to a
    shopping list it wrote the list again, then "eggs": appended, the list was doubled): only what is new. Only
    for a file a step of this turn read (the model saw it there; nothing else is opened for the comparison)."""
    path, content = args.get("path"), args.get("content")
    if args.get("mode") != "append" or sources.get("content") != "model" or not isinstance(path, str) or \
            not isinstance(content, str) or not any(s.ok and s.tool == "read_files" and _read(s, path) for s in steps):
        return args
    try:
        with open(os.path.expanduser(path), encoding="utf-8") as fh:
            old = fh.read(MAX_ADDITION_CHECK + 1).strip()
    except (OSError, UnicodeDecodeError):
        return args
    new = content.strip()
    if not old or len(old) > MAX_ADDITION_CHECK or not new.startswith(old) or not new[len(old):].strip():
        return args
    return {**args, "content": new[len(old):].strip("\n")}


MAX_ADDITION_CHECK = 20_000  # characters: a longer file is not compared


def _read(step: Step, path: str) -> bool:
    """Whether `step`'s path arguments name `path` (one path or a list of them)."""
    named = step.args.get("paths") or [step.args.get("path")]
    return any(isinstance(p, str) and _same_path(p, path) for p in named)


def _same_path(a: str, b: str) -> bool:
    return os.path.normpath(os.path.expanduser(a)) == os.path.normpath(os.path.expanduser(b))
