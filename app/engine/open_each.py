"""A plural open — "aprili", "open them" after a search, or "apri /x/a.pdf e /x/b.pdf" typed — each file asked and
opened on its own.

Opening is a write (the desktop starts an application), so each file gets its own approval card, the way
`open_path` takes one target. A routed plan stops at its first failed step — its steps feed each other — but these
opens are independent: a "no" to one file is the person's choice about that file, not a cancel of the others
(Cancel is: the turn's token stops the loop before the next card). The answer says which were opened and which not,
in the request's language with its plurals; a failure is said in the tool's own words.

Called by engine/followup.py when the paths pointed at are more than one (a single open stays a routed call), and by
the engine before the router when a request names the files to open itself (`opens_said`): the model, given
"open /x/a.pdf and /x/b.pdf", opened b.pdf alone, and a "no" to it ended the turn with a.pdf never asked. Only a
request that says nothing but "open" and two or more full paths is read so; a chain whose later part needs an
earlier one ("crea X e spostaci Y"), another application ("con gedit") or a negation stay with the router and the
planner, where a declined step still ends the plan.
"""
from __future__ import annotations

from typing import Any

from app.lang.actions import action_of
from app.lang.args_extractor import extract
from app.lang.messages import say
from app.turn import events as ev
from app.turn.decision import RouteResult
from app.turn.rendering import render

from . import followup_messages as _messages  # noqa: F401  (registers followup.open.*)
from .finish import finish

TOOL = "open_path"
SAID = "request"  # the arguments' source when the request named the files
MIN_SAID = 2  # one file said is a routed call like any other
# what "apri A e B" may carry besides its paths: the words "file" / "cartella" ("apri i file A e B"); anything else
# (a named application, a place to open them in, a reason) is a request the rules here do not read
OBJECTS_OK = frozenset({"file", "folder"})


def names(paths: list[str], lang: str) -> str:
    """"a, b e c" / "a, b and c"."""
    if len(paths) < 2:
        return "".join(paths)
    return ", ".join(paths[:-1]) + say("followup.and", lang) + paths[-1]


def opens_said(text: str) -> list[str] | None:
    """The files a request asks to open when it says nothing else ("apri /x/a.pdf e /x/b.pdf", "open A, B and C",
    "apri A e apri B"), in the order said; None for any other request."""
    sig = action_of(text)
    if sig.actions != ("open",) or sig.negated or sig.content or sig.objects - OBJECTS_OK:
        return None
    slots = extract(text)
    paths = [str(p) for p in slots.get("path") or []]
    if len(paths) < MIN_SAID or any(r != "obj" for r in sig.roles) or slots.get("url") \
            or not all(p.startswith(("/", "~")) for p in paths):
        return None
    return paths


def open_each(engine: Any, ctx: Any, session: str, paths: list[str], source: str, stage: str = "followup") -> None:
    """Open every path, each with its approval; then the answer. `source`: where the arguments came from; `stage`:
    who decided (a follow-up, or the request's own words: "said")."""
    turn, lang = ctx.turn, ctx.lang
    steps: list[dict[str, Any]] = [{"tool": TOOL, "args": {"target": p}, "arg_sources": {"target": source}}
                                   for p in paths]
    turn.level = "L0"
    why = f"{'follow-up' if stage == 'followup' else 'plural open'}: open_path on {', '.join(paths)} ({source})"
    turn.route = RouteResult("L0", TOOL, {"target": paths[0]}, steps=steps, arg_sources={"target": source},
                             lang=lang, stage=stage, reason=why)
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
