"""Reversing the file actions: back from the trash, moved back, copies to the trash, empty folders removed.

Every path is confined again with the allowed folders of now, and nothing is overwritten: if something
new stands where a file must go back, undo stops and says so.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

from app.lang.messages import Message

from .atomic import move_path
from .confine import allowed_roots, confine
from .registry import ToolContext, ToolError


def _check(path: str, ctx: ToolContext) -> Path:
    """The path as it was acted on (its folder resolved again): refused if it now leads elsewhere."""
    p = Path(path)
    parent = confine(str(p.parent), allowed_roots(ctx.config))
    if parent != p.parent:
        raise ToolError(Message("undo.moved_link", path=path))
    return p


def _said(m: Message) -> dict[str, Any]:
    return {"undone": True, "message_it": m.text("it"), "message_en": m.text("en"), "said": m.to_dict()}


def _declined() -> dict[str, Any]:
    m = Message("undo.declined")
    return {"undone": False, "message_it": m.text("it"), "message_en": m.text("en"), "said": m.to_dict()}


def reverse(kind: str, data: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """Undo one recorded action of `kind` (`_REVERSERS`): every path checked first, then one approval, then
    the files put back; a kind no reverser knows is refused."""
    rev = _REVERSERS.get(kind)
    if rev is None:
        raise ToolError(Message("undo.unknown_kind", kind=kind))
    return rev(data, ctx)


def _restore_from_trash(data: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """Deleted files come back from the trash, each to where it was, if that place is still free."""
    items = list(data.get("items") or [])
    for it in items:
        p = _check(it["path"], ctx)
        if os.path.lexists(p):
            raise ToolError(Message("undo.occupied", path=str(p)))
        if not it.get("trash_file") or not os.path.lexists(it["trash_file"]):
            raise ToolError(Message("undo.not_in_trash", path=str(p)))
    if not ctx.approve("undo", {"action": "restore from the trash", "paths": [i["path"] for i in items]}, "write"):
        return _declined()
    from .trash import restore

    for it in items:
        restore(it)
    return _said(Message("undo.restored", n=len(items), names=", ".join(Path(i["path"]).name for i in items[:3]),
                         folder=str(Path(items[0]["path"]).parent) if items else ""))


def _move_back(data: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """Moved or renamed files go back, last move first, if their old place is free and they are still there."""
    moves = [(Path(s), Path(d)) for s, d in data.get("moves") or []]
    for s, d in moves:
        _check(str(s), ctx)
        _check(str(d), ctx)
        if os.path.lexists(s):
            raise ToolError(Message("undo.occupied", path=str(s)))
        if not os.path.lexists(d):
            raise ToolError(Message("undo.gone", path=str(d)))
    if not ctx.approve("undo", {"action": "move back", "paths": [str(d) for _, d in moves]}, "write"):
        return _declined()
    for s, d in reversed(moves):
        move_path(d, s)
    return _said(Message("undo.moved_back", n=len(moves), names=", ".join(s.name for s, _ in moves[:3])))


def _trash_copies(data: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """The copies made go to the trash; a copy that is already gone is skipped."""
    created = [Path(p) for p in data.get("created") or []]
    for p in created:
        _check(str(p), ctx)
    present = [p for p in created if os.path.lexists(p)]
    if not ctx.approve("undo", {"action": "move the copies to the trash", "paths": [str(p) for p in present]},
                       "write"):
        return _declined()
    from .trash import send_to_trash

    for p in present:
        send_to_trash(p)
    return _said(Message("undo.copies_trashed", n=len(present), names=", ".join(p.name for p in present[:3])))


def _remove_folders(data: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    """The folders made are removed, only while they hold nothing but each other."""
    created = [Path(p) for p in data.get("created") or []]
    for p in created:
        _check(str(p), ctx)
        inside = {c.name for c in created if c.parent == p}
        if p.is_dir() and set(os.listdir(p)) - inside:
            raise ToolError(Message("undo.folder_not_empty", path=str(p)))
    if not ctx.approve("undo", {"action": "remove the empty folder", "paths": [str(p) for p in created]}, "write"):
        return _declined()
    for p in created:
        if p.is_dir():
            p.rmdir()
    return _said(Message("undo.folder_removed", path=", ".join(str(p) for p in created)))


# What each recorded kind of action (tools/undo.py) needs to be reversed.
_REVERSERS: dict[str, Callable[[dict[str, Any], ToolContext], dict[str, Any]]] = {
    "trash": _restore_from_trash, "move": _move_back, "copy": _trash_copies, "mkdir": _remove_folders}
