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


def write_atomic(path: Path | str, data: bytes | str, mode: int = PRIVATE_FILE) -> Path:
    """Replace `path` with `data` atomically and durably; the file gets `mode` (0600 by default)."""
    path = Path(path)
    folder = path.parent
    if not folder.exists():
        folder.mkdir(parents=True, exist_ok=True, mode=PRIVATE_DIR)
    blob = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")  # mkstemp: 0600 already
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(blob)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_dir(folder)
    return path
