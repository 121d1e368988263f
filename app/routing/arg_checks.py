"""Argument values a tool could not take as the request means them, checked before a replay binds them."""
from __future__ import annotations

from typing import Any

from app.lang.path_shape import has_drive


def relative_path(args: dict[str, Any], sources: dict[str, str], path_args: tuple[str, ...]) -> str | None:
    """A file name read from the request with no folder ("leggi note.txt"): the app has no current folder to
    put in front of it, so a tool would refuse it; the planner asks or searches instead. A named folder
    ("Documenti/x.pdf") is a full path; an app's name ("firefox") is no path at all. `path_args`: the tool's
    arguments that hold paths, as it declares them (app/tools/slots.py `path_args`)."""
    from app.tools.places import expand_named

    for arg in path_args:
        if sources.get(arg) != "rules" or arg not in args:
            continue
        for v in args[arg] if isinstance(args[arg], list) else [args[arg]]:
            if not isinstance(v, str) or "://" in v or not ("/" in v or "." in v.strip(".")):
                continue
            if not expand_named(v).startswith(("/", "~")) and not has_drive(v):
                return v
    return None


def ends_before_now(window: dict[str, Any]) -> bool:
    """A whole day or week that is over ("ieri", "last week": midnight to midnight), not a span that runs up to
    the moment of the request ("oggi", "le ultime 24 ore") — hours counted back from now would be another span."""
    from datetime import datetime, time

    try:
        since, until = (datetime.fromisoformat(str(window.get(k))) for k in ("since", "until"))
    except ValueError:
        return False
    return since.time() == time(0) and until.time() == time(0)
