"""One way to write a user file: private, whole or not at all.

Every writer of a file that belongs to the user (settings, the passphrase
parameters, exports, caches) goes through `write_atomic`: a temp file in the
same folder (so the rename never crosses file systems), written and fsynced,
given mode 0600 before it holds a byte, renamed over the target, then the
folder fsynced so the rename itself survives a power cut. A crash at any
moment leaves the old file or the new one, never half of either.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable

PRIVATE_FILE = 0o600
PRIVATE_DIR = 0o700


def fsync_dir(folder: Path) -> None:
    """Make a rename or create in `folder` durable (no-op where folders cannot be opened, e.g. Windows)."""
    try:
        fd = os.open(str(folder), os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_all(fd: int, data: bytes) -> None:
    """os.write until every byte is out (a short write is legal on any descriptor)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def replace_via_temp(final: Path, fill: Callable[[int], None], finish: Callable[[str], None]) -> None:
    """The one atomic replace: a temp file beside `final` (mkstemp: 0600 before it holds a byte), `fill(fd)`,
    fsync, `finish(tmp)` (its mode, owner, times), rename over `final`, fsync the folder. On any error the
    temp file goes and `final` is untouched."""
    fd, tmp = tempfile.mkstemp(dir=final.parent, prefix=f".{final.name}.", suffix=".tmp")
    try:
        try:
            fill(fd)
            os.fsync(fd)
        finally:
            os.close(fd)
        finish(tmp)
        os.replace(tmp, final)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_dir(final.parent)


def write_atomic(path: Path | str, data: bytes | str, mode: int = PRIVATE_FILE) -> Path:
    """Replace `path` with `data` atomically and durably; the file gets `mode` (0600 by default)."""
    path = Path(path)
    if not path.parent.exists():
        path.parent.mkdir(parents=True, exist_ok=True, mode=PRIVATE_DIR)
    blob = data.encode("utf-8") if isinstance(data, str) else data
    replace_via_temp(path, lambda fd: write_all(fd, blob), lambda tmp: os.chmod(tmp, mode))
    return path
