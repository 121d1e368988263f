"""Undo the last file change: write_files keeps the previous version, `undo` puts it back.

Backups live in the data dir (undo/), one row per change in undo.db, owner
checked; "annulla"/"undo" in the L0 table calls this executor.
"""
from __future__ import annotations

import os
import shutil
import time
import uuid
from pathlib import Path
from typing import Any

from app.config import paths
from app.store import Migration, StoreError
from app.store.vault import open_encrypted

from .confine import allowed_roots, confine
from .registry import Tool, ToolContext, ToolError

KEEP = 50  # changes remembered per owner

MIGRATIONS = [Migration(1, "file changes", """
    create table changes(id text primary key, owner text not null, path text not null,
        existed integer not null, backup text, created_at real not null, undone integer not null default 0);
    create index changes_owner on changes(owner, created_at);
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
            con.execute("insert into changes values(?,?,?,?,?,?,0)",
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


def undo(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    try:
        con = _db()
    except StoreError as e:
        raise ToolError(f"nothing to undo: {e}") from None
    try:
        row = con.execute("select id, path, existed, backup from changes where owner = ? and undone = 0 "
                          "order by created_at desc limit 1", (ctx.owner,)).fetchone()
        if row is None:
            return {"undone": False, "message_it": "Non c'è nessuna modifica da annullare.",
                    "message_en": "There is nothing to undo."}
        cid, path, existed, backup = row
        target = Path(path)
        # The path was confined when it was written; check again now: the allowed folders may have shrunk,
        # or a folder on the way may have been replaced by a link to somewhere else.
        try:
            now_at = confine(path, allowed_roots(ctx.config))
        except ToolError as e:
            raise ToolError(f"cannot undo the change to {path}: {e}; nothing was changed") from None
        if now_at != target:
            raise ToolError(f"cannot undo the change to {path}: that path now leads to {now_at} (a link was put "
                            f"in its place); nothing was changed")
        if target.is_symlink() or (target.exists() and not target.is_file()):
            raise ToolError(f"cannot undo the change to {path}: it is no longer a regular file; nothing was changed")
        what = "restore the previous version of" if existed else "remove the file created at"
        if not ctx.approve("undo", {"action": what, "path": path}, "write"):
            return {"undone": False, "path": path, "message_it": "Annullamento rifiutato: nulla è cambiato.",
                    "message_en": "Undo declined: nothing changed."}
        if existed:
            if not backup or not Path(backup).is_file():
                raise ToolError(f"the saved copy of {path} is missing; cannot undo")
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


TOOLS = [
    Tool("undo", "Undo the last file change made by Metnos (restore the previous version). Annulla.",
         {"type": "object", "properties": {}}, undo, group="Files", risk="write", self_approving=True,
         examples=("annulla", "undo", "annulla l'ultima modifica")),
]
