"""The memo's exchange format: one JSON object per line (`metnos memo export` / `import`).

L1 rows are {"query", "tool", "args", "uses"}, L2 rows {"query", "steps": [{"tool", "args"}], "uses"};
args may hold placeholders. Import validates every line first and imports nothing if one is bad.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:
    from .memo import Memo


class MemoError(Exception):
    """Bad memo input (import line, id); the message says what was wrong and what to do."""


def export_lines(memo: Memo, owner: str | None = None) -> Iterable[str]:
    for q in memo.queries(owner):
        yield json.dumps({"query": q.query, "tool": q.executor, "args": q.args, "uses": q.uses}, ensure_ascii=False)
    for p in memo.paths(owner):
        yield json.dumps({"query": p.query, "steps": [{"tool": s["tool"], "args": s.get("args", {})} for s in p.steps],
                          "uses": p.uses}, ensure_ascii=False)


def parse_import(lines: Iterable[str]) -> list[dict[str, Any]]:
    """Validate every line first; raise MemoError listing each bad line (nothing is imported then)."""
    items: list[dict[str, Any]] = []
    problems: list[str] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            problems.append(f"line {n}: not JSON ({e.msg})")
            continue
        except RecursionError:
            problems.append(f"line {n}: JSON nested too deeply")
            continue
        problem = _check_item(obj)
        if problem:
            problems.append(f"line {n}: {problem}")
        else:
            items.append(obj)
    if problems:
        shown = "; ".join(problems[:10]) + (f"; … {len(problems) - 10} more" if len(problems) > 10 else "")
        raise _memo_error(f"nothing imported — fix these lines and retry: {shown}. Each line must be "
                        f'{{"query", "tool", "args", "uses"}} or {{"query", "steps": [{{"tool", "args"}}], "uses"}}')
    return items


def _check_item(obj: Any) -> str | None:
    if not isinstance(obj, dict):
        return "expected a JSON object"
    if not isinstance(obj.get("query"), str) or not obj["query"].strip():
        return '"query" must be a non-empty string'
    uses = obj.get("uses", 1)
    if isinstance(uses, bool) or not isinstance(uses, int) or uses < 1:
        return '"uses" must be a whole number ≥ 1'
    if "steps" in obj:
        steps = obj["steps"]
        if not isinstance(steps, list) or len(steps) < 2:
            return '"steps" must be a list of at least two {"tool", "args"} objects'
        for i, s in enumerate(steps, 1):
            if not isinstance(s, dict) or not isinstance(s.get("tool"), str) or not s["tool"]:
                return f'step {i}: "tool" must be a non-empty string'
            if not isinstance(s.get("args", {}), dict):
                return f'step {i}: "args" must be an object'
        return None
    if not isinstance(obj.get("tool"), str) or not obj["tool"]:
        return '"tool" must be a non-empty string (or give "steps" for a pipeline)'
    if not isinstance(obj.get("args", {}), dict):
        return '"args" must be an object'
    return None


def _memo_error(msg: str) -> Exception:
    return MemoError(msg)
