"""Writing and copying files so that a crash, a kill or a full disk never leaves half a file.

Everything is written to a temporary name in the destination folder, flushed to disk, then renamed
over the final name (one atomic step on every local file system). A file the tools create gets the
mode a program of the user would give it (0666 less the umask, e.g. 0644) — not mkstemp's 0600 —
and a replaced file keeps its mode and owner.
"""
from __future__ import annotations

import errno
import os
import shutil
import stat
import tempfile
import threading
from pathlib import Path
from typing import Callable

from app.config.atomic import fsync_dir, replace_via_temp, write_all

_UMASK_LOCK = threading.Lock()


def current_umask() -> int:
    """The process umask (read from /proc where it exists: setting it to read it is not thread-safe)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    with _UMASK_LOCK:
        old = os.umask(0o022)
        os.umask(old)
    return old


def new_file_mode() -> int:
    return 0o666 & ~current_umask()


def _give_mode(tmp: str, final: Path) -> None:
    """The mode (and owner) the final file should have: the replaced file's, or the user's default."""
    try:
        st = final.stat()
    except OSError:
        st = None
    if st is not None and stat.S_ISREG(st.st_mode):
        os.chmod(tmp, stat.S_IMODE(st.st_mode))
        if hasattr(os, "chown"):
            try:
                os.chown(tmp, st.st_uid, st.st_gid)
            except OSError:
                pass  # not allowed to give it away: it stays the user's own, which it is anyway
    else:
        os.chmod(tmp, new_file_mode())


def write_via_temp(final: Path, fill: Callable[[int], None], keep_mode_of: Path | None = None) -> None:
    """Create a temporary file beside `final`, let `fill(fd)` write it, fsync, rename over `final`."""
    replace_via_temp(final, fill, lambda tmp: _give_mode(tmp, keep_mode_of or final))


def write_bytes(final: Path, data: bytes) -> None:
    write_via_temp(final, lambda fd: write_all(fd, data))


def copy_file(src: Path, final: Path) -> None:
    """Copy bytes, mode and modification time; `final` appears whole or not at all."""
    def fill(fd: int) -> None:
        with open(src, "rb") as f:
            while chunk := f.read(1 << 20):
                write_all(fd, chunk)

    # mode and times of the source, as `cp -p`
    replace_via_temp(final, fill, lambda tmp: shutil.copystat(src, tmp, follow_symlinks=True))


def copy_tree(src: Path, final: Path) -> None:
    """Copy a folder: built under a temporary name, renamed into place when complete."""
    tmp = Path(tempfile.mkdtemp(dir=final.parent, prefix=f".{final.name}.", suffix=".tmp"))
    dirs: list[tuple[str, Path]] = []
    try:
        for dirpath, dirnames, filenames in os.walk(src, followlinks=False):
            rel = Path(dirpath).relative_to(src)
            dest_dir = tmp / rel
            dest_dir.mkdir(exist_ok=True)
            for d in list(dirnames):
                if (Path(dirpath) / d).is_symlink():
                    dirnames.remove(d)  # a link inside is copied as a link, never followed
                    os.symlink(os.readlink(Path(dirpath) / d), dest_dir / d)
            for name in filenames:
                s = Path(dirpath) / name
                if s.is_symlink():
                    os.symlink(os.readlink(s), dest_dir / name)
                elif s.is_file():
                    copy_file(s, dest_dir / name)
            dirs.append((dirpath, dest_dir))
        for s_dir, d_dir in reversed(dirs):  # deepest first: filling a folder changes its time
            shutil.copystat(s_dir, d_dir)
        os.rename(tmp, final)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    fsync_dir(final.parent)


def move_path(src: Path, final: Path) -> None:
    """One rename on one device; across devices a complete copy first, and only then the source goes."""
    try:
        os.rename(src, final)
        fsync_dir(final.parent)
        return
    except OSError as e:
        if e.errno != errno.EXDEV:
            raise
    if src.is_dir() and not src.is_symlink():
        copy_tree(src, final)
        shutil.rmtree(src)
    elif src.is_symlink():
        os.symlink(os.readlink(src), final)
        src.unlink()
    else:
        copy_file(src, final)
        src.unlink()
