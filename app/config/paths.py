"""Where config, data and cache live.

METNOS_HOME (or `--home DIR`) puts all three in one folder: tests, benchmarks
and portable installs. Bundled models never live there; they belong to the
installation (see app.models.bundle).

Privacy: every folder Metnos makes is 0700 and every file 0600, like ~/.ssh
and ~/.gnupg, so another account on the machine cannot read them; installs
made before that are fixed at start (`make_private`). On Windows the per-user
app folders (%APPDATA%, %LOCALAPPDATA%) and on macOS ~/Library/Application
Support and ~/Library/Caches are already readable only by their user; chmod
there only toggles the read-only flag, so nothing is changed on Windows.
"""
from __future__ import annotations

import getpass
import hashlib
import logging
import os
import stat
import sys
from pathlib import Path

import platformdirs

APP = "metnos"
PRIVATE_DIR = 0o700
PRIVATE_FILE = 0o600
POSIX = os.name == "posix"
RESOURCES = Path(__file__).resolve().parent.parent.parent / "resources"


def resources_dir() -> Path:
    """The shipped data folder (manifest, defaults, phrase table, heads): inside the bundle when frozen."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "resources"
    return RESOURCES
log = logging.getLogger(__name__)


def home_override() -> Path | None:
    h = os.environ.get("METNOS_HOME")
    return Path(h).expanduser() if h else None


def config_dir() -> Path:
    h = home_override()
    return (h / "config") if h else Path(platformdirs.user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    h = home_override()
    return (h / "data") if h else Path(platformdirs.user_data_dir(APP, appauthor=False))


def cache_dir() -> Path:
    h = home_override()
    return (h / "cache") if h else Path(platformdirs.user_cache_dir(APP, appauthor=False))


def kv_cache_dir() -> Path:
    """Where the prompt prefix's KV state is kept (app/models/prefix_cache.py): cache_dir()/kv, or the folder
    METNOS_KV_CACHE names. Why the override: evaluating the planner's ~2,400-token prefix costs ~2.5 min on a slow
    2-core CPU, and every test or benchmark run in a fresh home would pay it again; entries are keyed by model,
    prefix text and library version, so one shared folder is never a wrong reuse."""
    shared = os.environ.get("METNOS_KV_CACHE")
    return Path(shared).expanduser() if shared else cache_dir() / "kv"


def config_file() -> Path:
    return config_dir() / "runtime.toml"


def instance_name() -> str:
    """The single-instance socket's name: one running app per user and config folder (the tray app listens,
    `metnos --toggle` and `metnos ask` connect)."""
    try:
        user = getpass.getuser()
    except Exception:
        user = str(os.getuid()) if hasattr(os, "getuid") else "user"
    user = "".join(c for c in user if c.isalnum() or c in "-_")[:32] or "user"
    where = hashlib.sha1(str(config_dir().resolve()).encode()).hexdigest()[:10]
    return f"metnos-desk-{user}-{where}"


def instance_socket(name: str | None = None) -> Path | None:
    """Where Qt's QLocalServer puts the single-instance socket (its temp folder), or None where it is not a
    Unix socket (Windows: a named pipe)."""
    import socket
    import sys

    if sys.platform == "win32" or not hasattr(socket, "AF_UNIX"):
        return None
    tmp = (os.environ.get("TMPDIR") or "/tmp").rstrip("/") or "/tmp"
    return Path(tmp) / (name or instance_name())


def ensure(p: Path) -> Path:
    """Create a folder (and missing parents) readable by the user only. An existing folder is left as it
    is: it may be the user's own (a --config path); Metnos' folders are fixed by `make_private` at start."""
    missing = []
    q = p
    while not q.exists() and q.parent != q:
        missing.append(q)
        q = q.parent
    for d in reversed(missing):
        try:
            d.mkdir(mode=PRIVATE_DIR)
        except FileExistsError:
            continue
        if POSIX:
            _chmod(d, PRIVATE_DIR)
    return p


def _chmod(p: Path, mode: int) -> bool:
    try:
        st = p.lstat()
        if stat.S_ISLNK(st.st_mode) or st.st_uid != os.getuid() or stat.S_IMODE(st.st_mode) == mode:
            return False
        os.chmod(p, mode)
        return True
    except OSError:
        return False


def make_private(roots: list[Path] | None = None) -> int:
    """Folders 0700, files 0600 under the config, data and cache folders (an install older than this
    rule is fixed at start). Symlinks and files of other users are left alone. Returns how many changed."""
    if not POSIX:
        return 0  # Windows: the per-user app folders are private already
    changed = 0
    for root in roots if roots is not None else [config_dir(), data_dir(), cache_dir()]:
        if not root.is_dir():
            continue
        changed += _chmod(root, PRIVATE_DIR)
        for folder, dirs, files in os.walk(root):
            for d in dirs:
                changed += _chmod(Path(folder) / d, PRIVATE_DIR)
            for f in files:
                fp = Path(folder) / f
                try:
                    mode = fp.lstat().st_mode
                except OSError:
                    continue
                if stat.S_ISREG(mode):  # a bundled tool's executable bit is not ours to remove, but others' read is
                    changed += _chmod(fp, PRIVATE_FILE | (stat.S_IMODE(mode) & 0o100))
    if changed:
        log.info("made %d files and folders private (0700 folders, 0600 files)", changed)
    return changed


_made_private = False


def make_private_once() -> None:
    """`make_private` the first time a process asks (every front end builds a ConfigManager)."""
    global _made_private
    if not _made_private:
        _made_private = True
        make_private()
