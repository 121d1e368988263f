"""A plural open ("aprili", "open them", "aprili tutti" after a search): each item asked and opened on its own.

Opening is a write (the desktop starts an application), so each file gets its own approval card, the way
`open_path` takes one target. A routed plan stops at its first failed step — its steps feed each other — but these
opens are independent: a "no" to one file is the person's choice about that file, not a cancel of the others
(Cancel is: the turn's token stops the loop before the next card). The answer says which were opened and which not,
in the request's language with its plurals; a failure is said in the tool's own words.

Called by engine/followup.py when the paths pointed at are more than one; a single open stays a routed call.
"""
from __future__ import annotations

from typing import Any

from app.lang.messages import say
from app.turn import events as ev
from app.turn.decision import RouteResult
from app.turn.rendering import render

from . import followup_messages as _messages  # noqa: F401  (registers followup.open.*)
from .finish import finish

TOOL = "open_path"


def names(paths: list[str], lang: str) -> str:
    """"a, b e c" / "a, b and c"."""
    if len(paths) < 2:
        return "".join(paths)
    return ", ".join(paths[:-1]) + say("followup.and", lang) + paths[-1]


def open_each(engine: Any, ctx: Any, session: str, paths: list[str], source: str) -> None:
    """Open every path, each with its approval; then the answer. `source`: where the arguments came from."""
    turn, lang = ctx.turn, ctx.lang
    steps: list[dict[str, Any]] = [{"tool": TOOL, "args": {"target": p}, "arg_sources": {"target": source}}
                                   for p in paths]
    turn.level = "L0"
    why = f"follow-up: open_path on {', '.join(paths)} ({source})"
    turn.route = RouteResult("L0", TOOL, {"target": paths[0]}, steps=steps, arg_sources={"target": source},
                             lang=lang, stage="followup", reason=why)
    ctx.emit(ev.RouteDecision(ctx.turn_id, 0, level="L0", why=why, tool=TOOL,
                              args={"target": paths[0]}, steps=[{"tool": TOOL, "args": s["args"]} for s in steps]))
    opened: list[str] = []
    declined: list[str] = []
    failed: list[str] = []
    for s in steps:
        out = ctx.execute(TOOL, dict(s["args"]), dict(s["arg_sources"]), level="L0")  # Cancel stops here
        target = str(s["args"]["target"])
        if out.ok:
            opened.append(str((out.result or {}).get("opened") or target))
        elif out.declined:
            declined.append(target)
        else:
            failed.append(render(TOOL, out.step.result if out.step is not None else out.view, lang))
    finish(engine, ctx, answer(opened, declined, failed, lang), session, ok=bool(opened))


def answer(opened: list[str], declined: list[str], failed: list[str], lang: str) -> str:
    """What was opened, what was not approved, what failed — each said once."""
    if not opened and not failed:
        return say("open.declined", lang)  # every one declined: "Va bene, non ho aperto nulla."
    lines = []
    if opened:
        lines.append(say("followup.open.opened", lang, n=len(opened), names=names(opened, lang)))
    if declined:
        lines.append(say("followup.open.declined", lang, n=len(declined), names=names(declined, lang)))
    return "\n".join(lines + failed)
