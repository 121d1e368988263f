"""The router: L0 -> L1 -> L2, or None (the planner decides). Config is read on every call.

`route(text)` returns a RouteResult the engine executes; `explain(text)` is the
same decision as a dict for `metnos route --json` ("why did it do that?");
`learn(turn)` records a turn that ended well; `contradict(...)` makes an entry
stricter after a hit the user undid or redid. Nothing here executes a tool.
"""
from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

import numpy as np

from app.lang.actions import action_of, asked_question
from app.lang.args_extractor import extract
from app.lang.clauses import split_continuation
from app.lang.heads import ASIDE_HEAD, INTENT_HEAD, Head, head_text, load_head
from app.lang.normalize import canonical
from app.store.db import StoreError
from app.store.keys import KeyUnavailable
from app.turn.decision import RouteResult, RouteStage

from . import l1_head
from .action_stage import ActionStage
from .args_llm import ArgsLLM
from .aside_reading import AsideReader
from .l0 import L0Table, default_table
from .l1 import L1Matcher, MatchResult
from .l1_head import tool_probs, top_of
from .l2 import L2Matcher
from .learning import Learning
from .memo import Memo, MemoError
from .memo_vectors import sync_embedder
from .objects import DiskKind, disk_kind

log = logging.getLogger(__name__)


def _tool_lookup(tool_schemas: Any) -> Callable[[str], Any]:
    if tool_schemas is None:
        return lambda name: None
    if hasattr(tool_schemas, "get") and not isinstance(tool_schemas, dict):  # a Registry
        get: Callable[[str], Any] = tool_schemas.get
        return get
    if isinstance(tool_schemas, dict):
        return tool_schemas.get
    return lambda name: (tool_schemas() or {}).get(name)


def _acts_after(fact: str) -> bool:
    """Does a clause after the first one ask an action of its own ("... e avvisa mia moglie")?"""
    parts = split_continuation(fact)
    return len(parts) > 1 and any(action_of(p).known for p in parts[1:])


class Router(Learning):
    def __init__(self, config_provider: Any, embedder_provider: Callable[[], Any], memo: Memo | None = None,
                 tool_schemas: Any = None, llm_provider: Callable[[], Any] | None = None,
                 l0_table: L0Table | None = None):
        if callable(config_provider):
            self._cfg: Callable[[], Any] = config_provider
        elif hasattr(config_provider, "values") and not hasattr(config_provider, "subscribe"):
            self._cfg = lambda: config_provider  # a fixed Config snapshot (tests, benchmarks)
        else:
            self._cfg = lambda: config_provider.config  # a ConfigManager: the live snapshot
        self._embedder_provider = embedder_provider
        self._vectors_of: str | None = None  # the embedder whose vectors the memo holds, once checked
        self.reembed_progress: Callable[[int, int], None] | None = None  # (done, total) while switching embedders
        self.memo = memo or Memo()
        self._tool = _tool_lookup(tool_schemas)
        self.l0 = l0_table or default_table()
        self.disk: DiskKind | None = disk_kind  # what a path is on disk; None judges paths by words and spelling
        self.l1 = L1Matcher(self.memo, disk=self.disk)
        self.l2 = L2Matcher(self.memo, disk=self.disk)
        self._args_llm = ArgsLLM(llm_provider) if llm_provider is not None else None
        self._served: OrderedDict[str, tuple[str, str, float | None]] = OrderedDict()
        self._lock = threading.RLock()
        self.last_reason = ""
        self.last_day_rank = 0
        # stages other packages plug in: after L0, before L1 (explicit commands) and after L2 (before the planner)
        self.stages_before: list[RouteStage] = []
        self.stages_after: list[RouteStage] = []
        self.staged = False
        # the router's own stage, after the explicit commands of other packages ("ricordati di mandare…"
        # is a fact to remember) and before L1: unsupported actions and clear file actions
        self.actions = ActionStage(self._tools_list, lambda name: self._tool(name) is not None, self._intent)
        self._asides = AsideReader(lambda: self._head(ASIDE_HEAD))  # loads the head on first use
        self._tool_schemas = tool_schemas

    def l1_threshold(self) -> float:
        """L1's cosine threshold: the setting when the person set it, else the embedder's own calibrated value
        (EmbeddingGemma's cosines are lower than e5-small's, for whom the default 0.82 was chosen)."""
        conf = self._cfg()
        key = "fast_path.canonical_query_threshold"
        if (getattr(conf, "sources", None) or {}).get(key, "default") == "default":
            own = getattr(self._embedder_provider(), "l1_threshold", None)
            if isinstance(own, (int, float)):
                return float(own)
        return float(conf.values[key])

    def _l1_head(self) -> Head | None:
        """L1's learned head for the current embedder's vectors (l1_head.py), or None."""
        return l1_head.head_for(self._embedder_provider())

    def _head(self, name: str) -> tuple[Any, Head] | None:
        """The embedder and the learned head `name` for its vectors, or None without either."""
        emb = self._embedder_provider()
        head = load_head(name, str(getattr(emb, "ident", "") or "")) if emb is not None else None
        return None if head is None else (emb, head)

    def _intent(self, text: str) -> dict[str, float] | None:
        """The intent head's reading of the whole request (a refusal's second opinion: refusal_check.py), or None
        without an embedder or a head for its vectors."""
        got = self._head(INTENT_HEAD)
        if got is None:
            return None
        return got[1].probs(np.asarray(got[0].embed([head_text(text)]))[0])

    def _tools_list(self) -> list[Any]:
        """The registered tools, for what their examples say they can do (a Registry, or the app's own list)."""
        ts = self._tool_schemas
        if isinstance(ts, dict):
            return [t for t in ts.values() if hasattr(t, "examples")]
        if ts is not None and hasattr(ts, "__iter__"):
            return [t for t in ts if hasattr(t, "examples")]
        from app.tools.catalog import core_tools

        return [t for t in core_tools() if self._tool(t.name) is not None]

    def set_stages(self, before: list[RouteStage], after: list[RouteStage]) -> None:
        """Stages other packages contribute (the engine hands over its plugins' stages once)."""
        self.stages_before, self.stages_after, self.staged = list(before), list(after), True

    # -- embedding -----------------------------------------------------------------------------------------
    def _embed(self, texts: list[str]) -> np.ndarray:
        emb = self._embedder_provider()
        ident = getattr(emb, "ident", None)
        if ident is not None and ident != self._vectors_of:   # first use, or embed.model changed
            if sync_embedder(self.memo, emb, ident, self.reembed_progress) or int(emb.dim) != self.l1.index.dim:
                self.l1 = L1Matcher(self.memo, int(emb.dim), self.disk)
                self.l2 = L2Matcher(self.memo, int(emb.dim), self.disk)
            self._vectors_of = ident
        vecs = emb.embed(texts)
        dim = int(vecs.shape[1])
        if dim != self.l1.index.dim:  # another embedder in runtime.toml: rows of the old one cannot be compared
            log.warning("embedder dimension %d differs from the memo's %d: rows of the old model are skipped",
                        dim, self.l1.index.dim)
            self.l1 = L1Matcher(self.memo, dim, self.disk)
            self.l2 = L2Matcher(self.memo, dim, self.disk)
        return np.asarray(vecs)

    # -- deciding -------------------------------------------------------------------------------------------
    def route(self, text: str, now: datetime | None = None, owner: str | None = None) -> RouteResult | None:
        res, trace = self._decide(text, now, owner, record=True)
        self.last_reason = trace["reason"]
        return res

    def explain(self, text: str, now: datetime | None = None, owner: str | None = None) -> dict[str, Any]:
        """The decision as `metnos route --json` prints it; nothing is executed or logged."""
        res, trace = self._decide(text, now, owner, record=False)
        out: dict[str, Any] = {"level": res.level if res else "L3", "tool": res.tool if res else None,
                               "args": res.args if res else {}, "score": res.score if res else None,
                               "reason": trace["reason"]}
        if res is not None:
            out.update({"steps": res.steps, "arg_sources": res.arg_sources, "id": res.entry_id,
                        "lang": res.lang, "reply_template": res.reply_template, "chain_rest": res.chain_rest,
                        "stage": res.stage, "reply": res.reply, "notice": res.notice,
                        "planner_text": res.planner_text})
        out["checks"] = trace["checks"]
        out.update({k: trace[k] for k in ("canonical", "slots", "action", "head", "nearest", "tried_L1", "tried_L2")
                    if k in trace})
        return out

    def _decide(self, text: str, now: datetime | None, owner: str | None,
                record: bool) -> tuple[RouteResult | None, dict[str, Any]]:
        """The decision on the request, else on what is left of it without its asides ("delete X, the tenant
        moved out": the guards refuse words they cannot place; the aside head says these ask nothing)."""
        res, trace = self._decide_once(text, now, owner, record)
        if not isinstance(text, str) or not text.strip():
            return res, trace  # (an empty request: nothing to route again, nothing to log)
        if res is not None and res.said_args:
            self._asides.trim_said(res, trace)  # "…, tide's turning": what to remind, without the reason
        if res is None and (f := self._asides.focus(text)) is not None:
            note = f"asides: {list(f.asides)} ask nothing (the aside head): routed {f.text!r}"
            res2, trace2 = self._decide_once(f.text, now, owner, record)
            if res2 is not None and "remember" not in {res2.tool, *(s.get("tool") for s in res2.steps or [])}:
                res2.reason = f"{note}; {res2.reason}"  # (a fact keeps its reason: "…, perché…" is part of it)
                trace2["checks"][:0] = [*trace["checks"], note]
                trace2["reason"] = res2.reason
                if record:
                    self._served_as(f.text, text)
                return res2, trace2
            trace["checks"].append(f"{note}: not served either")
            trace["reason"] = "; ".join(trace["checks"])
        if res is None and record:
            near = trace.get("nearest") or {}
            best = max((v["score"] for v in near.values() if v), default=None)
            self.memo.log_route(text, "L3", best, trace["reason"])
        return res, trace

    def _served_as(self, routed: str, said: str) -> None:
        """What served the words routed also served the request as said: an undo or a good turn names the
        request as the person said it (learning.py)."""
        with self._lock:
            served = self._served.get(routed.strip())
            if served is not None:
                self._served[said.strip()] = served

    def _decide_once(self, text: str, now: datetime | None, owner: str | None,
                     record: bool) -> tuple[RouteResult | None, dict[str, Any]]:
        checks: list[str] = []
        trace: dict[str, Any] = {"checks": checks, "reason": ""}
        if not isinstance(text, str) or not text.strip():
            trace["reason"] = "empty request"
            return None, trace
        cfg = self._cfg().values
        # L0 first: an exact phrase of the closed table is its owner's word, and no stage may read it otherwise
        # (tests/routing/test_l0_first.py checks every phrase against the stages); the stages' reading of a
        # request (clauses, file actions, reminders) cost 30-40 µs that an exact phrase never needed
        hit = self._l0(text, cfg, checks, trace, record)
        if hit is not None:
            return hit, trace
        hit = self._stages([*self.stages_before, self.actions], text, owner, checks, trace)
        if hit is not None:
            return hit, trace
        held = self.actions.held(text)  # after L0: an exact phrase of the table is its owner's word
        if held is not None:  # a file action the rules declined: only the planner decides it (no look-alike)
            checks.append(held)
            trace["reason"] = "; ".join(checks)
            return None, trace
        l1_on = bool(cfg["fast_path.canonical_query_enabled"])
        l2_on = bool(cfg["multi_tool_fast_path.enabled"])
        if not l1_on:
            checks.append("L1: off (fast_path.canonical_query_enabled = false)")
        if not l2_on:
            checks.append("L2: off (multi_tool_fast_path.enabled = false)")
        if (l1_on and len(self.l1.rows)) or (l2_on and len(self.l2.rows)):
            res = self._semantic(text, now, owner, cfg, l1_on, l2_on, checks, trace, record)
            if res is not None:
                trace["reason"] = res.reason
                return res, trace
        elif l1_on or l2_on:
            checks.append("L1/L2: nothing learned yet")
        hit = self._stages(self.stages_after, text, owner, checks, trace)
        if hit is None and (focus := asked_question(text)) != text:  # "…wait, no. When is it? I'm supposed to…"
            hit = self._stages(self.stages_after, focus, owner, checks, trace)
        if hit is not None:
            return hit, trace
        trace["reason"] = "; ".join(checks)
        return None, trace

    def _l0(self, text: str, cfg: Any, checks: list[str], trace: dict[str, Any], record: bool) -> RouteResult | None:
        """L0: an exact phrase of the table, when its tool is there."""
        if not cfg["fast_path.l0_enabled"]:
            checks.append("L0: off (fast_path.l0_enabled = false)")
            return None
        m = self.l0.match(text)
        if m is None:
            checks.append("L0: no exact phrase")
            return None
        if self._tool(m.intent.executor) is None:
            checks.append(f"L0: '{m.phrase}' means {m.intent.id}, but {m.intent.executor!r} is not available")
            return None
        reason = f"L0: exact phrase '{m.phrase}' ({m.intent.id}, {m.lang})"
        trace["reason"] = reason
        if record:
            self.memo.log_route(text, "L0", None, reason, f"l0:{m.intent.id}")
        return RouteResult("L0", m.intent.executor, dict(m.intent.args), reason=reason,
                           entry_id=f"l0:{m.intent.id}", reply_template=m.template, lang=m.lang)

    @staticmethod
    def _stages(stages: list[RouteStage], text: str, owner: str | None, checks: list[str],
                trace: dict[str, Any]) -> RouteResult | None:
        for st in stages:
            try:
                res = st.decide(text, owner)
            except Exception as e:  # a failing stage (memory locked, store error) must not lose the turn
                log.warning("route stage %s failed: %s", st.name, e)
                checks.append(f"{st.name}: failed ({e})")
                continue
            if res is not None and res.tool == "remember" and _acts_after(str(res.args.get("fact") or "")):
                checks.append(f"{st.name}: the fact goes on with another action: left to the planner")
                continue  # "ricordati che X e avvisa mia moglie": storing X alone would drop the rest
            if res is not None:
                res.stage = res.stage or st.name
                trace["reason"] = res.reason
                return res
        return None

    def _semantic(self, text: str, now: datetime | None, owner: str | None, cfg: Any, l1_on: bool, l2_on: bool,
                  checks: list[str], trace: dict[str, Any], record: bool) -> RouteResult | None:
        canon = canonical(text)
        try:
            vec = self._embed([canon])[0]
        except Exception as e:  # no embedder: the planner still works
            checks.append(f"L1/L2: embedder unavailable ({e})")
            return None
        slots = extract(text, now)
        sig = action_of(text)
        head = tool_probs(self._l1_head(), vec)
        trace.update(canonical=canon, slots={k: v for k, v in slots.items() if v and not k.startswith("_")},
                     action=sig.to_dict(), nearest={}, head=top_of(head))
        misses: list[tuple[str, MatchResult]] = []
        if l1_on:
            fill = self._fill if cfg["fast_path.canonical_query_args_llm"] and self._args_llm else None
            r1 = self.l1.match(text, vec, slots, sig, self._tool, self.l1_threshold(),
                               int(cfg["fast_path.canonical_query_min_uses"]), owner, fill, head)
            if r1.hit:
                trace["nearest"]["L1"] = r1.nearest
                trace["tried_L1"] = r1.tried
                return self._hit("L1", text, r1, record)
            misses.append(("L1", r1))
        res = None
        if l2_on:
            thr2 = float(cfg["multi_tool_fast_path.threshold"])
            mu2 = int(cfg["multi_tool_fast_path.min_uses"])
            r2 = self.l2.match(text, vec, slots, sig, self._tool, thr2, mu2, owner)
            if r2.hit:
                res = self._hit("L2", text, r2, record)
                trace["nearest"]["L2"] = r2.nearest
                trace["tried_L2"] = r2.tried
            else:
                misses.append(("L2", r2))
        for level, r in misses:  # the full-scan diagnosis only when the request goes to the planner
            if res is None:
                r.finish()
            checks.append(r.reason)
            trace["nearest"][level] = r.nearest
            trace[f"tried_{level}"] = r.tried
        if res is None and l2_on and cfg["multi_tool_fast_path.chain_to_planner"] and len(self.l2.rows):
            res = self._chain(text, now, owner, thr2, mu2, checks, record)
        return res

    def _chain(self, text: str, now: datetime | None, owner: str | None, thr: float, min_uses: int,
               checks: list[str], record: bool) -> RouteResult | None:
        """A known pipeline as the prefix of a longer request; the planner gets the rest."""
        parts = split_continuation(text)
        for cut in range(len(parts) - 1, 0, -1):
            prefix, rest = " ".join(parts[:cut]), " ".join(parts[cut:])
            vec = self._embed([canonical(prefix)])[0]
            r = self.l2.match(prefix, vec, extract(prefix, now), action_of(prefix), self._tool, thr, min_uses, owner)
            if r.hit:
                res = self._hit("L2", text, r, record)
                res.chain_rest = rest
                res.reason += f"; chain_to_planner: the planner continues with {rest!r}"
                return res
            r.finish()
            checks.append(f"chain prefix {prefix!r}: {r.reason}")
        return None

    def _hit(self, level: str, text: str, r: MatchResult, record: bool) -> RouteResult:
        if record:
            self.memo.log_route(text, level, r.score, r.reason, r.ref)
            with self._lock:
                self._served[text.strip()] = (level, r.ref or "", r.score)
                while len(self._served) > 64:
                    self._served.popitem(last=False)
        if level == "L1":
            return RouteResult("L1", r.tool, r.args, arg_sources=r.sources, score=r.score, reason=r.reason,
                               entry_id=r.ref)
        return RouteResult("L2", None, {}, steps=r.steps, score=r.score, reason=r.reason, entry_id=r.ref)

    def _fill(self, text: str, tool: Any, wanted: list[str]) -> dict[str, Any]:
        """The third extraction step (fast_path.canonical_query_args_llm): the model, cached on disk."""
        if not wanted or self._args_llm is None:
            return {}
        return self._args_llm.extract(text, tool, wanted)

    def close(self) -> None:
        self.memo.close()


def build_router(engine: Any) -> Router:
    """The engine's router: its config manager, embedder, registry and LLM."""
    models = engine.models
    try:
        memo = Memo()
    except StoreError as e:  # no key, full or read-only disk: L0 still answers; what is learned now is not kept
        log.log(logging.INFO if isinstance(e, KeyUnavailable) else logging.WARNING,
                "fast-path memo not available (%s); L0 phrases still answer, nothing learned now is kept", e)
        memo = Memo(Path(":memory:"))
    return Router(engine.manager, models.embedder, memo, engine.registry, llm_provider=models.llm)


__all__ = ["Router", "RouteResult", "build_router", "MemoError"]
