"""The desktop trash: send to it through send2trash, and find an item again so `undo` can restore it.

On Linux the freedesktop Trash spec says where an item went (files/NAME plus info/NAME.trashinfo
with its original Path), so the item is found by its original path. On Windows and macOS the
item is in the Recycle Bin / Finder trash, restored from there by the person.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from urllib.parse import unquote


def _trash_dirs(p: Path) -> list[tuple[Path, Path]]:
    """(trash dir, top dir its relative Paths start from) where send2trash may have put `p`."""
    from send2trash import plat_other as po  # the same XDG_DATA_HOME send2trash itself read

    out = [(Path(po.HOMETRASH), Path(os.fsdecode(po.XDG_DATA_HOME)))]
    try:
        top = Path(os.fsdecode(po.find_mount_point(os.fsencode(str(p.parent)))))
    except OSError:
        return out
    uid = str(os.getuid())
    out += [(top / ".Trash" / uid, top), (top / f".Trash-{uid}", top)]
    return out


def _find(original: Path, since: float) -> tuple[Path, Path] | None:
    """(file in the trash, its .trashinfo) for `original`, the newest one recorded since `since`."""
    best: tuple[float, Path, Path] | None = None
    for trash, top in _trash_dirs(original):
        info_dir = trash / "info"
        try:
            infos = list(os.scandir(info_dir))
        except OSError:
            continue
        for e in infos:
            if not e.name.endswith(".trashinfo"):
                continue
            try:
                st = e.stat()
                if st.st_mtime < since - 2:
                    continue
                text = Path(e.path).read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            for line in text.splitlines():
                if line.startswith("Path="):
                    where = Path(unquote(line[5:].strip()))
                    if not where.is_absolute():
                        where = top / where
                    if where == original:
                        item = trash / "files" / e.name[: -len(".trashinfo")]
                        if os.path.lexists(item) and (best is None or st.st_mtime > best[0]):
                            best = (st.st_mtime, item, Path(e.path))
    return (best[1], best[2]) if best else None


def send_to_trash(p: Path) -> dict[str, str]:
    """Trash `p`; return where it went (empty on systems whose trash is not a folder we can read)."""
    import time

    from send2trash import send2trash

    since = time.time()
    send2trash(str(p))
    out = {"path": str(p), "trash_file": "", "info": ""}
    if sys.platform.startswith("linux") or (os.name == "posix" and sys.platform != "darwin"):
        found = _find(p, since)
        if found:
            out.update(trash_file=str(found[0]), info=str(found[1]))
    return out


def restore(item: dict[str, str]) -> None:
    """Put a trashed item back at its original path (same bytes, same name). Raises OSError."""
    trash_file = item.get("trash_file") or ""
    if not trash_file or not os.path.lexists(trash_file):
        raise FileNotFoundError(trash_file or item.get("path", ""))
    target = Path(item["path"])
    if os.path.lexists(target):
        raise FileExistsError(str(target))
    try:
        os.rename(trash_file, target)
    except OSError as e:
        import errno
        import shutil

        if e.errno != errno.EXDEV:
            raise
        shutil.move(trash_file, target)  # the home trash on another device: copy back, then remove
    info = item.get("info") or ""
    if info:
        try:
            os.unlink(info)  # the trash's own bookkeeping, not a user file
        except OSError:
            pass
