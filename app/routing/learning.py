"""What the router learns: turns that ended well become L1/L2 rows; undone hits make a row stricter.

A mixin of Router (router.py decides, this half remembers): it shares the router's memo, indexes and
lock, and never decides a route itself.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import datetime
from typing import Any, Callable, Iterable

import numpy as np

from app.lang.actions import stored_key
from app.lang.args_extractor import extract
from app.lang.normalize import canonical
from app.turn.decision import RouteResult

from .l1 import L1Matcher
from .l2 import L2Matcher, content_leak, template_steps, too_big
from .memo import Memo, export_lines, parse_import
from .slots import templatize

CONTRADICT_STEP = 0.01  # each contradiction asks this much more cosine of the entry (1.01 = never again)


class Learning:
    """The learning half of Router; the attributes below are the router's."""

    memo: Memo
    l1: L1Matcher
    l2: L2Matcher
    last_day_rank: int
    _cfg: Callable[[], Any]
    _served: OrderedDict[str, tuple[str, str, float | None]]
    _lock: threading.RLock

    def _embed(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError

    # -- learning ---------------------------------------------------------------------------------------------
    def _mark_day(self, now: datetime) -> int:
        rank = self.memo.mark_active_day(now.date())
        if rank != self.last_day_rank:
            self.last_day_rank = rank
            self.maintenance(rank)
        return rank

    def maintenance(self, rank: int | None = None) -> dict[str, Any]:
        """Expire rows unused for ttl_active_days active days; promote pipelines used k_synth times."""
        cfg = self._cfg().values
        q, p = self.memo.expire(int(cfg["multi_tool_fast_path.ttl_active_days"]), rank)
        for rid in q:
            self.l1.remove(rid)
        for rid in p:
            self.l2.remove(rid)
        promoted = self.memo.promote(int(cfg["multi_tool_fast_path.k_synth"]))
        return {"expired_l1": q, "expired_l2": p, "promoted": promoted}

    def learn(self, turn: Any, now: datetime | None = None) -> str:
        """Record a turn that ended well. Returns what was done (for logs and tests)."""
        if self._cfg().values["ui.pause_learning"]:
            return "paused"
        if not getattr(turn, "ok", False) or getattr(turn, "cancelled", False) or not turn.steps:
            return "not a good turn"
        if any(not s.ok for s in turn.steps):
            return "a step failed"
        now = now or datetime.now()
        rank = self._mark_day(now)
        done: list[str] = []
        with self._lock:
            served = self._served.pop(turn.text.strip(), None)
        if served and served[0] in ("L1", "L2") and turn.level == served[0]:
            self.memo.touch(served[1], rank)
            self._refresh(served[1])
            done.append(f"touched {served[1]}")
        steps = list(turn.steps)
        planned = [s for s in steps if s.level == "L3"]
        owner = getattr(turn, "owner", "") or ""
        if len(steps) == 1 and planned and too_big(steps[0].args):
            done.append("not recorded: it carries a large literal argument")
        elif len(steps) == 1 and planned:
            canon = canonical(turn.text)
            vec = self._embed([canon])[0]
            rid = self.memo.log_query(owner, canon, turn.text, steps[0].tool, dict(steps[0].args or {}), vec, rank,
                                      observed_at=now.replace(microsecond=0).isoformat(),
                                      action_key=stored_key(turn.text))
            self._refresh(f"q{rid}")
            done.append(f"L1 q{rid}")
        elif len(steps) >= 2 and planned:
            tmpl = template_steps(steps, extract(turn.text, now))
            if any(too_big(s["args"]) for s in tmpl):
                done.append("pipeline not recorded: it carries a large literal argument")
            elif (leak := content_leak(tmpl, steps, turn.text)) is not None:
                done.append(f"pipeline not recorded: {leak!r} came from what a step read, not from the request")
            else:
                canon = canonical(turn.text)
                vec = self._embed([canon])[0]
                pid = self.memo.log_path(owner, canon, turn.text, tmpl, vec, rank, action_key=stored_key(turn.text))
                self._refresh(f"p{pid}")
                done.append(f"L2 p{pid}")
        self.memo.flush()
        return ", ".join(done) or "nothing to learn"

    def _refresh(self, ref: str) -> None:
        if ref.startswith("q"):
            row = self.memo.query(int(ref[1:]))
            if row:
                self.l1.put(row)
        elif ref.startswith("p"):
            prow = self.memo.path(int(ref[1:]))
            if prow:
                self.l2.put(prow)

    def contradict(self, what: RouteResult | str, score: float | None = None) -> float | None:
        """A hit was wrong (undone, redone, or the planner disagreed): the entry now needs more cosine."""
        ref = what.entry_id if isinstance(what, RouteResult) else str(what)
        if isinstance(what, RouteResult) and score is None:
            score = what.score
        if not ref or ref[0] not in "qp":
            return None
        row = self.memo.query(int(ref[1:])) if ref[0] == "q" else self.memo.path(int(ref[1:]))
        if row is None:
            return None
        cfg = self._cfg().values
        key = "fast_path.canonical_query_threshold" if ref[0] == "q" else "multi_tool_fast_path.threshold"
        base = float(cfg[key])
        new = min(1.01, max(base, row.threshold_override or 0.0, score or 0.0) + CONTRADICT_STEP)
        self.memo.set_threshold(ref, new)
        self._refresh(ref)
        return new

    def contradict_last(self, text: str) -> float | None:
        """Contradict whatever served `text` last (the user pressed undo or asked again)."""
        with self._lock:
            served = self._served.get(text.strip())
        return self.contradict(served[1], served[2]) if served else None

    # -- memo management ------------------------------------------------------------------------------------
    def import_lines(self, lines: Iterable[str], owner: str = "", now: datetime | None = None) -> dict[str, int]:
        items = parse_import(lines)
        now = now or datetime.now()
        rank = max(1, self.memo.current_day_rank())
        canons = [canonical(it["query"]) for it in items]
        vecs = self._embed(canons) if items else np.zeros((0, self.l1.index.dim), dtype=np.float32)
        n1 = n2 = 0
        for it, canon, vec in zip(items, canons, vecs):
            uses = int(it.get("uses", 1))
            if "steps" in it:
                slots = extract(it["query"], now)
                steps = [{"tool": s["tool"],
                          "args": {k: templatize(v, slots) for k, v in (s.get("args") or {}).items()}}
                         for s in it["steps"]]
                pid = self.memo.log_path(owner, canon, it["query"], steps, vec, rank, uses, "max",
                                         action_key=stored_key(it["query"]))
                self._refresh(f"p{pid}")
                n2 += 1
            else:
                rid = self.memo.log_query(owner, canon, it["query"], it["tool"], dict(it.get("args") or {}), vec, rank,
                                          uses, "max", observed_at=now.replace(microsecond=0).isoformat(),
                                          action_key=stored_key(it["query"]))
                self._refresh(f"q{rid}")
                n1 += 1
        return {"l1": n1, "l2": n2}

    def export_lines(self, owner: str | None = None) -> Iterable[str]:
        return export_lines(self.memo, owner)

    def list_rows(self, owner: str | None = None) -> list[dict[str, Any]]:
        return self.memo.list_rows(owner)

    def forget(self, ref: str) -> bool:
        ok = self.memo.forget(ref)
        if ok:
            (self.l1 if ref.strip().lower().startswith("q") else self.l2).remove(int(ref.strip()[1:]))
        return ok
