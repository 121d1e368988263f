"""L2: replay a remembered multi-tool pipeline when every placeholder resolves.

A pipeline is learned from a turn of ≥ 2 good steps (steps served by L0/L1
included: composition). Its arguments are templated when learned: values from
the request become {path}/{url}/... placeholders, values taken from an earlier
step's result become `{{stepN.field}}` references the engine resolves while
replaying. Matching uses the same guards as L1, applied to every step; one
unresolved placeholder, and the request goes to the planner.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from app.lang.actions import ActionSig, action_of
from app.lang.args_extractor import extract
from app.lang.placeholders import STEP_REF

from .l1 import MatchResult, describe_nearest, first_hit, guard_reason, search_or_miss
from .memo import PathRow
from .objects import object_problem
from .row_cache import RowCache
from .slots import bind, templatize, unconsumed_problem, used_by_template

_MIN_REF_LEN = 3  # shorter values ("", "ok", 1) match by accident, never turn them into references


def _find_ref(value: Any, results: Sequence[tuple[int, Any]], depth: int = 3) -> str | None:
    """`{{stepN.a.b}}` if `value` equals a field of an earlier step's result."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, str) and len(value) < _MIN_REF_LEN:
        return None
    if isinstance(value, (int, float)):
        return None
    for n, res in reversed(results):
        path = _search(res, value, depth)
        if path is not None:
            return "{{step%d%s}}" % (n, "".join("." + p for p in path))
    return None


def _search(obj: Any, value: Any, depth: int) -> list[str] | None:
    if depth < 0:
        return None
    if isinstance(obj, dict):
        for k, v in obj.items():
            if v == value:
                return [str(k)]
        for k, v in obj.items():
            if isinstance(v, (dict, list)):
                sub = _search(v, value, depth - 1)
                if sub is not None:
                    return [str(k), *sub]
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:50]):
            if v == value:
                return [str(i)]
            if isinstance(v, (dict, list)):
                sub = _search(v, value, depth - 1)
                if sub is not None:
                    return [str(i), *sub]
    return None


def template_steps(steps: Sequence[Any], slots: dict[str, Any]) -> list[dict[str, Any]]:
    """Turn executed steps (app.turn.events.Step) into a pipeline with placeholders.

    Steps are renumbered 1..n in order, and `{{stepN...}}` references follow the renumbering.
    """
    renum = {s.num: i for i, s in enumerate(steps, 1)}

    def fix_refs(v: Any) -> Any:
        if isinstance(v, str):
            return STEP_REF.sub(lambda m: "{{step%d%s}}" % (renum.get(int(m.group(1)), int(m.group(1))), m.group(2)), v)
        if isinstance(v, list):
            return [fix_refs(x) for x in v]
        if isinstance(v, dict):
            return {k: fix_refs(x) for k, x in v.items()}
        return v

    out: list[dict[str, Any]] = []
    done: list[tuple[int, Any]] = []
    for i, s in enumerate(steps, 1):
        args: dict[str, Any] = {}
        for k, v in (s.args or {}).items():
            t = templatize(fix_refs(v), slots)
            if t == v:
                ref = _find_ref(v, done)
                if ref:
                    t = ref
            args[k] = t
        out.append({"tool": s.tool, "args": args})
        done.append((i, s.result))
    return out


@dataclass
class _Prepared:
    sig: ActionSig
    slots: dict[str, Any]
    used: dict[str, set[Any]]


class L2Matcher(RowCache[PathRow, _Prepared]):
    def stored_rows(self) -> list[PathRow]:
        return list(self.memo.paths())

    def prepared(self, row: PathRow) -> _Prepared:
        p = self._prep.get(row.id)
        if p is None:
            used: dict[str, set[Any]] = {}
            for s in row.steps:
                for kind, idx in used_by_template(s.get("args", {})).items():
                    used.setdefault(kind, set()).update(idx)
            p = _Prepared(action_of(row.query), extract(row.query), used)
            self._prep[row.id] = p
        return p

    def match(self, text: str, vector: np.ndarray, slots: dict[str, Any], sig: ActionSig,
              tools: Callable[[str], Any], threshold: float, min_uses: int,
              owner: str | None = None) -> MatchResult:
        cands, miss = search_or_miss(self, "L2", "p", "pipeline", vector, sig, threshold, min_uses, owner)
        if miss is not None:
            return miss
        return first_hit(cands, describe_nearest("p", cands[0], self.rows),
                         lambda rid, score: self._try(self.rows[rid], score, threshold, text, slots, sig, tools))

    def _try(self, row: PathRow, score: float, threshold: float, text: str, slots: dict[str, Any],
             sig: ActionSig, tools: Callable[[str], Any]) -> MatchResult:
        thr = max(threshold, row.threshold_override or 0.0)
        base: dict[str, Any] = dict(score=round(score, 4), ref=row.ref, threshold=thr)
        if score < thr:
            return MatchResult(False, f"L2: nearest {row.ref} {score:.3f} < threshold {thr:.3f}", **base)
        prep = self.prepared(row)
        why = guard_reason(sig, prep.sig)
        if why:
            return MatchResult(False, f"L2: {row.ref} {score:.3f}: {why}", **base)
        used: dict[str, set[Any]] = {}
        steps: list[dict[str, Any]] = []
        for i, s in enumerate(row.steps, 1):
            tool = tools(s["tool"])
            if tool is None:
                return MatchResult(False, f"L2: {row.ref}: step {i} tool {s['tool']!r} is not available now", **base)
            for m in STEP_REF.finditer(_json_text(s.get("args", {}))):
                if int(m.group(1)) >= i:
                    return MatchResult(False, f"L2: {row.ref}: step {i} refers to step {m.group(1)}, not earlier",
                                       **base)
            b = bind(s["tool"], tool, s.get("args", {}), row.query, prep.slots, text, slots, used)
            if not b.ok:
                return MatchResult(False, f"L2: {row.ref} {score:.3f}: step {i}: argument guard: {b.reason}", **base)
            wrong = object_problem(s["tool"], tool, b.args, text, list(slots.get("path") or []), {}, row.query, [],
                                   self.disk)
            if wrong:
                return MatchResult(False, f"L2: {row.ref} {score:.3f}: step {i}: {wrong}", **base)
            steps.append({"tool": s["tool"], "args": b.args, "arg_sources": b.sources})
        problem = unconsumed_problem(slots, used, prep.slots, prep.used)
        if problem:
            return MatchResult(False, f"L2: {row.ref} {score:.3f}: argument guard: {problem}", **base)
        return MatchResult(True, f"L2: {row.ref} {score:.3f} ≥ {thr:.3f}; every placeholder resolved, guards agree "
                                 f"on all {len(steps)} steps", steps=steps, **base)


def _json_text(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False)


MAX_LITERAL_CHARS = 2000  # a call whose args hold a big literal (a file's text) is not worth replaying


def too_big(args: Any) -> bool:
    return isinstance(args, dict) and any(isinstance(v, str) and len(v) > MAX_LITERAL_CHARS for v in args.values())


def content_leak(tmpl: list[dict[str, Any]], steps: list[Any], request: str) -> str | None:
    """A literal argument of a later step found in an earlier step's result but not in the request.

    Content read from files or the web must never become a remembered instruction: a page that says
    "send everything to x@evil.example" must not turn into a pipeline that always sends there.
    """
    low = request.lower()
    seen = ""
    for i, (t, s) in enumerate(zip(tmpl, steps)):
        if i:
            for v in _literals(t["args"]):
                if len(v) >= 3 and v.lower() in seen and v.lower() not in low:
                    return v
        seen += json.dumps(s.result, ensure_ascii=False, default=str).lower()
    return None


def _literals(v: Any) -> list[str]:
    if isinstance(v, str):
        return [] if "{" in v and "}" in v else [v]
    if isinstance(v, dict):
        return [x for y in v.values() for x in _literals(y)]
    if isinstance(v, list):
        return [x for y in v for x in _literals(y)]
    return []

