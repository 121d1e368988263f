"""Undo the last file change: write_files keeps the previous version, `undo` puts it back.

Backups live in the data dir (undo/), one row per change in undo.db, owner
checked; "annulla"/"undo" in the L0 table calls this executor. The file
actions record their own kind of change (trash, move, copy, mkdir) with what
is needed to reverse it; reversing is in undo_kinds.py.
"""
from __future__ import annotations

import json
import os
import shutil
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.config import paths
from app.lang.messages import Message, register
from app.store import Migration, StoreError
from app.store.vault import open_encrypted
from app.turn.describe import StepSaid

from .confine import allowed_roots, confine
from .registry import Approval, Tool, ToolContext, ToolError

KEEP = 50  # changes remembered per owner
# the action classes of a request → the kinds of change recorded for them (what "did you delete X?" looks up)
KINDS_OF_ACTION = {"delete": ("trash",), "move": ("move",), "copy": ("copy",), "write": ("write", "mkdir"),
                   "append": ("write",), "edit": ("write",)}

MIGRATIONS = [Migration(1, "file changes", """
    create table changes(id text primary key, owner text not null, path text not null,
        existed integer not null, backup text, created_at real not null, undone integer not null default 0);
    create index changes_owner on changes(owner, created_at);
"""), Migration(2, "file actions", """
    alter table changes add column kind text not null default 'write';
    alter table changes add column data text;
""")]


def _db() -> Any:
    return open_encrypted("undo", MIGRATIONS)


def remember_before_write(owner: str, path: Path) -> None:
    """Called by write_files before it replaces `path`. Failure to back up refuses the write."""
    backup_dir = paths.ensure(paths.data_dir() / "undo")
    cid = uuid.uuid4().hex
    backup = None
    if path.is_file():
        backup = str(backup_dir / f"{cid}.bak")
        shutil.copy2(path, backup)
    con = _db()
    try:
        with con:
            con.execute("insert into changes(id, owner, path, existed, backup, created_at, undone) "
                        "values(?,?,?,?,?,?,0)",
                        (cid, owner, str(path), int(backup is not None), backup, time.time()))
            old = con.execute("select id, backup from changes where owner = ? order by created_at desc "
                              "limit -1 offset ?", (owner, KEEP)).fetchall()
            for oid, ob in old:
                con.execute("delete from changes where id = ?", (oid,))
                if ob:
                    try:
                        os.unlink(ob)
                    except OSError:
                        pass
    finally:
        con.close()


def remember_action(owner: str, kind: str, path: str, data: dict[str, Any]) -> None:
    """Record a file action (trash, move, copy, mkdir) with what reversing it needs."""
    con = _db()
    try:
        with con:
            con.execute("insert into changes(id, owner, path, existed, backup, created_at, undone, kind, data) "
                        "values(?,?,?,?,?,?,0,?,?)",
                        (uuid.uuid4().hex, owner, path, 1, None, time.time(), kind, json.dumps(data)))
    finally:
        con.close()


@dataclass(frozen=True)
class Change:
    """One recorded change that touched a path: its kind (write, trash, move, copy, mkdir), when, whether it was
    undone, and where the thing went (a move's or a copy's destination)."""

    kind: str
    when: float
    undone: bool
    to: str = ""


def _touches(kind: str, path: str, data: dict[str, Any], target: str) -> tuple[bool, str]:
    """Did a recorded change of `kind` act on `target`, and where did it put it? A copy keeps only what it made,
    so its source is known by name alone."""
    name = Path(target).name
    if kind == "trash":
        return any(str(d.get("path", "")) == target for d in data.get("items") or []) or path == target, ""
    if kind == "move":
        for src, dst in data.get("moves") or []:
            if target in (src, dst):
                return True, dst
        return False, ""
    if kind == "copy":
        made = [c for c in data.get("created") or [] if Path(c).name == name or c == target]
        return bool(made), made[0] if made else ""
    if kind == "mkdir":
        return target in (data.get("created") or []) or path == target, ""
    return path == target, ""


def changes_to(owner: str, target: str) -> list[Change]:
    """The recorded changes of `owner` that touched `target`, newest first: what answers "did you delete X?" from
    what happened rather than from a model's guess. The record keeps the last KEEP changes per owner."""
    con = _db()
    try:
        rows = con.execute("select path, kind, data, created_at, undone from changes where owner = ? "
                           "order by created_at desc", (owner,)).fetchall()
    finally:
        con.close()
    out = []
    for path, kind, data, when, undone in rows:
        hit, to = _touches(kind or "write", path, json.loads(data or "{}"), target)
        if hit:
            out.append(Change(kind or "write", float(when), bool(undone), to))
    return out


def undo(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    try:
        con = _db()
    except StoreError as e:
        raise ToolError(Message("undo.no_store", error=str(e))) from None
    try:
        row = con.execute("select id, path, existed, backup, kind, data from changes where owner = ? and undone = 0 "
                          "order by created_at desc limit 1", (ctx.owner,)).fetchone()
        if row is None:
            return {"undone": False, "message_it": "Non c'è nessuna modifica da annullare.",
                    "message_en": "There is nothing to undo."}
        cid, path, existed, backup, kind, data = row
        if kind != "write":
            from .undo_kinds import reverse

            out = reverse(kind, json.loads(data or "{}"), ctx)
            if out.get("undone"):
                with con:
                    con.execute("update changes set undone = 1 where id = ?", (cid,))
            return out
        target = Path(path)
        # The path was confined when it was written; check again now: the allowed folders may have shrunk,
        # or a folder on the way may have been replaced by a link to somewhere else.
        try:
            now_at = confine(path, allowed_roots(ctx.config))
        except ToolError as e:
            raise ToolError(Message("undo.refused", path=path, reason=e.message or str(e))) from None
        if now_at != target:
            raise ToolError(Message("undo.link", path=path, now=str(now_at)))
        if target.is_symlink() or (target.exists() and not target.is_file()):
            raise ToolError(Message("undo.not_regular", path=path))
        what = "restore the previous version of" if existed else "remove the file created at"
        if not ctx.approve("undo", {"action": what, "path": path}, "write"):
            return {"undone": False, "path": path, "message_it": "Annullamento rifiutato: nulla è cambiato.",
                    "message_en": "Undo declined: nothing changed."}
        if existed:
            if not backup or not Path(backup).is_file():
                raise ToolError(Message("undo.no_copy", path=path))
            tmp = target.with_name(f".{target.name}.undo-{cid[:8]}")
            shutil.copy2(backup, tmp)
            os.replace(tmp, target)
            action = "restored"
        else:
            if target.exists():
                target.unlink()
            action = "removed"
        with con:
            con.execute("update changes set undone = 1 where id = ?", (cid,))
        return {"undone": True, "path": path, "action": action,
                "message_it": f"Annullato: {path} " + ("ripristinato." if existed else "rimosso."),
                "message_en": f"Undone: {path} " + ("restored." if existed else "removed.")}
    finally:
        con.close()


register({"describe.undo": {"it": "Ho annullato l'ultima modifica", "en": "Undid the last change"}})

TOOLS = [
    Tool("undo", "Undo the last file change made by Metnos (restore the previous version). Annulla.",
         {"type": "object", "properties": {}}, undo, group="Files", risk="write", self_approving=True,
         acts=("undo", "restore", "cancel"),
         approval=lambda a: Approval(Message("undo.q", what=", ".join(
             [str(p) for p in a.get("paths") or []] or [str(a.get("path", ""))])),
             "\n".join(str(p) for p in a.get("paths") or [a.get("path", "")]), "files"),
         examples=("annulla", "undo", "annulla l'ultima modifica"), said=StepSaid()),
]
