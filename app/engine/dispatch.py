"""A request's own part of a turn: the router's decision run as the fast path, or else the planner.

The router (L0 phrase, L1 request, L2 pipeline and the stages plugins add) decides first; what it decides runs
here through `TurnContext.execute` like any call (approvals, references, offloading), and its answer is rendered
from the tool's result. A decision made before the router — an accepted offer (offers.py), a follow-up's call on
the previous turn (followup.py) — runs through the same `fast_path`. Nothing decided, or a decision that leaves a
part to do (`planner_text`, a pipeline's `chain_rest`): the planner answers, with the chat's history.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from app.lang.detect import detect_lang
from app.turn import events as ev
from app.turn.decision import RouteResult
from app.turn.rendering import render

from .finish import finish

if TYPE_CHECKING:
    from app.tools.runner import TurnContext

    from .engine import Engine

log = logging.getLogger(__name__)


def route_and_answer(engine: Engine, ctx: TurnContext, text: str, session: str) -> None:
    """Route `text`, run what was decided (fast path or planner) and answer: a request's own part of a turn
    (also a request run again after an accepted offer changed what stopped it: offer_again.py)."""
    turn = ctx.turn
    decided = fast_path(engine, ctx, text, session)
    if decided is not None and not decided:
        return  # fast path (or a routing stage: remember, recall) answered
    if decided is None:
        router = engine.router
        reason = getattr(router, "last_reason", "") if router is not None else "fast path unavailable"
        ctx.emit(ev.RouteDecision(ctx.turn_id, 0, level="L3", why=reason or "no fast-path match"))
    history = engine.history.get(session, []) if session else []
    route = turn.route if decided else None
    if route is not None and route.planner_text:  # the planner does only the part that can be done
        full, turn.text = turn.text, route.planner_text
        try:
            answer = engine.planner.run(ctx, history)
        finally:
            turn.text = full
        answer = "\n\n".join(x for x in (route.notice, answer) if x)
    else:
        answer = engine.planner.run(ctx, history)
    turn.level = "L3" if decided is None else turn.level
    finish(engine, ctx, answer, session)


def fast_path(engine: Engine, ctx: TurnContext, text: str, session: str = "",
              decided: RouteResult | None = None) -> bool | None:
    """None: not routed (planner decides). False: fully answered. True: prefix replayed, planner continues.
    `decided`: the decision is already made (an accepted offer): it runs as a routed one would."""
    router = engine.router
    res: RouteResult | None = decided
    if router is not None and decided is None:
        try:
            res = router.route(text, owner=ctx.owner)
        except Exception:
            log.exception("router failed; falling back to the planner")
            res = None
    if res is None:
        return None
    turn = ctx.turn
    turn.level = res.level
    turn.route = res
    one: list[dict[str, Any]] = (
        [{"tool": res.tool, "args": res.args, "arg_sources": res.arg_sources}] if res.tool else [])
    steps: list[dict[str, Any]] = res.steps or one
    ctx.emit(ev.RouteDecision(ctx.turn_id, 0, level=res.level, why=res.reason, score=res.score,
                              tool=res.tool, args=dict(res.args or {}),
                              steps=[{"tool": s["tool"], "args": s.get("args", {})} for s in steps]))
    if not steps and not res.planner_text:  # a stage's own answer ("I cannot send emails…"): no tool runs
        finish(engine, ctx, res.reply or res.notice or "", "")
        return False
    last = None
    for s in steps:
        out = ctx.execute(s["tool"], dict(s.get("args") or {}), s.get("arg_sources") or {}, level=res.level)
        if not out.ok:
            answer = render(s["tool"], out.step.result if out.step is not None else out.view, detect_lang(text),
                            question=text)
            finish(engine, ctx, "\n\n".join(x for x in (res.notice, answer) if x), session, ok=False)
            return False
        last = out
    if getattr(res, "chain_rest", None) or res.planner_text:
        return True
    lang = res.lang or detect_lang(text)
    template = res.reply_template
    result = last.result if last else {}
    if res.reply is not None:
        answer = res.reply
    else:
        try:
            answer = template.format(**result) if template else render(steps[-1]["tool"], result, lang, text)
        except (KeyError, IndexError, ValueError):
            answer = render(steps[-1]["tool"], result, lang, text)
        if len(steps) > 1 and res.stage in ("files", "capability"):  # each file action says what it did
            done = ctx.turn.steps[-len(steps):]
            answer = "\n".join(render(s["tool"], st.result, lang, text) for s, st in zip(steps, done))
    if res.notice:
        answer = f"{res.notice}\n\n{answer}"
    finish(engine, ctx, answer, session)
    return False
