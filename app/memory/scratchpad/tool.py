"""`scratchpad_read`: the builtin tool that reads slices of an offloaded observation.

Runtime-only (no package on disk); the engine lists it only while the turn's
owner has entries in this turn (`Scratchpad.has_entries`). It reads through
`Scratchpad.read`, which checks owner and turn on every call. No
duplicate-read guard applies: reading the same id with other modes or ranges
is its normal use.
"""
from __future__ import annotations

from typing import Any

from app.lang.messages import register
from app.store.db import StoreError
from app.tools.registry import Tool, ToolContext, ToolError
from app.turn.describe import StepSaid

from .slices import DEFAULT_N, MAX_CONTEXT, MAX_MATCHES, MODES

NAME = "scratchpad_read"
DEFAULT_CAP = 8192

SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["scratchpad_id"],
    "properties": {
        "scratchpad_id": {"type": "string",
                          "description": "The scratchpad_id shown in an earlier observation of this turn."},
        "mode": {"type": "string", "enum": list(MODES), "default": "head",
                 "description": "head/tail: first/last n characters; range: characters start..end; "
                                "lines: line numbers start..end (from 1, inclusive); grep: lines matching pattern; "
                                "full: everything, only for small entries."},
        "n": {"type": "integer", "description": f"head/tail: how many characters (default {DEFAULT_N})."},
        "start": {"type": "integer",
                  "description": "range: first character index (from 0); lines: first line number (from 1)."},
        "end": {"type": "integer",
                "description": "range: index after the last character; lines: last line number (inclusive)."},
        "pattern": {"type": "string", "description": "grep: a word or regular expression, e.g. ERROR."},
        "context": {"type": "integer",
                    "description": "grep: lines shown before and after each match "
                                   f"(default 0, at most {MAX_CONTEXT})."},
        "max_matches": {"type": "integer",
                        "description": f"grep: most matches returned (default 20, at most {MAX_MATCHES})."},
        "from_end": {"type": "boolean", "description": "grep: true returns the last matches (e.g. the latest error)."},
        "ignore_case": {"type": "boolean", "description": "grep: ignore upper/lower case."},
    },
}


def _cap(config: Any) -> int:
    try:
        return int(config.scratchpad.full_read_cap_bytes)
    except (AttributeError, TypeError, ValueError):
        return DEFAULT_CAP


def scratchpad_read(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    store = ctx.services.scratchpad
    if store is None:
        raise ToolError("scratchpad_read: the scratchpad is not available in this session")
    if not isinstance(args, dict):
        raise ToolError("scratchpad_read: arguments must be an object with scratchpad_id and mode")
    try:
        result: dict[str, Any] = store.read(args.get("scratchpad_id"), owner=ctx.owner, turn_id=ctx.turn_id,
                                            args=args, cap=_cap(ctx.config), check=ctx.cancel.check)
        return result
    except StoreError as e:
        raise ToolError(f"scratchpad_read: {e}") from None


register({"describe.scratchpad_read": {"it": "Ho riletto un risultato lungo", "en": "Re-read a long result"}})

TOOL = Tool(
    NAME,
    "Read part of a big tool output kept in the scratchpad (its observation showed a scratchpad_id). "
    "Use mode=tail for the end, mode=grep with a pattern to find lines, mode=lines or range for a part. "
    "Leggi una parte di un risultato grande salvato nello scratchpad.",
    SCHEMA, scratchpad_read, group="Scratchpad", risk="read",
    examples=("mostrami la fine del file", "cerca gli errori nel log", "show the last lines", "find ERROR lines"),
    reads_external=True, builtin=True, said=StepSaid(),
)
