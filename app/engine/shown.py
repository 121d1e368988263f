"""The paths a step showed the person, in the order shown: what "il primo", "aprilo" and "il secondo" point at.

Its own module because two readers need the same answer: the follow-ups (engine/followup.py) read it from a step
that just ran, and the journal (engine/journal.py) keeps a listing's paths from it, so that a follow-up in a new
process — the app restarted, another `metnos ask` — counts in the list the person saw, not in nothing.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from app.turn.events import Step

# a listing kept in the journal is cut here: "il trecentesimo" is not a follow-up anyone types, and a folder of
# 10,000 files should not make each of its listings' rows that long
MAX_KEPT = 200


def step_paths(step: Step) -> tuple[list[str], bool]:
    """The paths a step showed, in the order shown, and whether they were a list to point into by position."""
    r = step.result if isinstance(step.result, dict) else {}
    tool = step.tool
    if tool == "list_dir":
        base = str(r.get("path") or "")
        return [str(Path(base) / str(e.get("name"))) for e in r.get("entries") or [] if isinstance(e, dict)], True
    if tool in ("find_files", "search_in_files"):
        return unique(m.get("path") for m in r.get("matches") or [] if isinstance(m, dict)), True
    if tool == "search_documents":
        return unique(p.get("file") for p in r.get("passages") or [] if isinstance(p, dict)), True
    args = step.args or {}
    if tool == "read_files":
        files = r.get("files") if "files" in r else [r]
        said = args.get("paths") or [args.get("path")]
        return unique([f.get("path") for f in files or [] if isinstance(f, dict)] or said), False
    if tool == "open_path":
        if r.get("kind") == "path" and r.get("opened"):
            return [str(r["opened"])], False
        target = str(args.get("target") or "")  # not opened (declined, failed): still the one pointed at
        return ([target] if target.startswith(("/", "~")) else []), False
    if tool in ("write_files", "make_folder"):
        return ([str(r["path"])] if r.get("path") else []), False
    if tool in ("copy_files", "move_files"):
        done = r.get("copied") or r.get("moved") or []
        return unique(d.get("to") for d in done if isinstance(d, dict)), False
    return [], False


def listed(step: Step) -> list[str]:
    """The list a step that went well showed (a listing, a search), as the journal keeps it; else nothing."""
    if not step.ok:
        return []
    paths, is_list = step_paths(step)
    return paths[:MAX_KEPT] if is_list else []


def unique(paths: Any) -> list[str]:
    out: list[str] = []
    for p in paths:
        if p and str(p) not in out:
            out.append(str(p))
    return out
