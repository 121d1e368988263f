"""`{{stepN.field}}` references in tool arguments, resolved from the real step result.

The model sees a summary (or a truncated view) of a big observation; a
reference must resolve from what the tool actually returned (a
14 KB download written whole through {{step1.content}}).
"""
from __future__ import annotations

import json
import re
from typing import Any, Callable

from app.lang.placeholders import STEP_REF

MAX_DEPTH = 8


class RefError(Exception):
    """A reference names a step or field that does not exist."""


def _lookup(result: Any, path: list[str], ref: str) -> Any:
    cur = result
    for part in path:
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        elif isinstance(cur, list) and part.isdigit() and int(part) < len(cur):
            cur = cur[int(part)]
        elif isinstance(cur, dict) and part == "content" and "files" in cur and cur["files"]:
            # several files read: "content" means all their texts, in order
            cur = "\n".join(str(f.get("content", "")) for f in cur["files"])
        else:
            have = ", ".join(sorted(cur)) if isinstance(cur, dict) else type(cur).__name__
            raise RefError(f"{ref}: no field {part!r} (available: {have})")
    return cur


def _as_text(v: Any) -> str:
    return v if isinstance(v, str) else json.dumps(v, ensure_ascii=False)


def resolve(value: Any, results: Callable[[int], Any], _depth: int = 0) -> Any:
    """Substitute refs in strings, lists and dicts. A string that is exactly one ref keeps the typed value."""
    if _depth > MAX_DEPTH:
        raise RefError("arguments nested too deeply")
    if isinstance(value, dict):
        return {k: resolve(v, results, _depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [resolve(v, results, _depth + 1) for v in value]
    if not isinstance(value, str) or "{{" not in value:
        return value

    def get(m: re.Match[str]) -> Any:
        n = int(m.group(1))
        res = results(n)
        if res is None:
            raise RefError(f"{m.group(0)}: step {n} has no result in this turn")
        path = [p for p in m.group(2).split(".") if p]
        return _lookup(res, path, m.group(0)) if path else res

    whole = STEP_REF.fullmatch(value.strip())
    if whole:
        return get(whole)
    return STEP_REF.sub(lambda m: _as_text(get(m)), value)


def has_refs(value: Any) -> bool:
    if isinstance(value, dict):
        return any(has_refs(v) for v in value.values())
    if isinstance(value, list):
        return any(has_refs(v) for v in value)
    return isinstance(value, str) and bool(STEP_REF.search(value))
