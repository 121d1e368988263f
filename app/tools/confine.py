"""Keep file tools inside `[tools] allowed_roots`.

Resolved with symlinks followed, so a link inside a root that points outside
is refused; `..` segments and `~user` are refused outright rather than
interpreted, because a path the user did not type literally is suspicious.
"""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Iterable

from .registry import ToolError

_DRIVE = re.compile(r"^[A-Za-z]:([\\/]|$)")
MAX_NAME_BYTES = 255  # NAME_MAX of every common file system
MAX_PATH_CHARS = 4096  # PATH_MAX on Linux


def allowed_roots(config: object) -> list[Path]:
    roots = config.tools.allowed_roots
    out = []
    for r in roots:
        try:
            out.append(Path(os.path.expanduser(r)).resolve())
        except (OSError, RuntimeError):
            continue
    return out


def confine(raw: str, roots: Iterable[Path], must_exist: bool = False) -> Path:
    """Return the resolved path or raise ToolError saying why it is refused."""
    if not isinstance(raw, str) or not raw.strip():
        raise ToolError("empty path; give an absolute path such as /home/you/file.txt or ~/file.txt")
    if "\x00" in raw:
        raise ToolError("path contains a NUL byte; refused")
    text = raw.strip()
    shown = text if len(text) <= 200 else text[:200] + "…"
    if text.startswith("~") and not (text == "~" or text.startswith("~/")):
        raise ToolError(f"{shown}: '~user' paths are not allowed; use an absolute path inside the allowed folders")
    if text.startswith("\\\\"):
        raise ToolError(f"{shown}: network share paths (\\\\server\\share) are not allowed; copy the file into "
                        f"an allowed folder")
    if os.name != "nt" and _DRIVE.match(text):
        raise ToolError(f"{shown}: a Windows drive path; on this system paths start with / (or ~/ for your home)")
    parts = Path(text.replace("\\", "/")).parts
    if ".." in parts:
        raise ToolError(f"{shown}: '..' is not allowed in paths; give the full path")
    if len(text) > MAX_PATH_CHARS or any(len(x.encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES for x in parts):
        raise ToolError(f"{shown}: too long (a name over {MAX_NAME_BYTES} bytes or a path over {MAX_PATH_CHARS} "
                        f"characters); no such file can exist")
    p = Path(os.path.expanduser(text))
    if not p.is_absolute():
        raise ToolError(f"{shown}: relative paths are ambiguous; give an absolute path or start with ~/")
    try:
        resolved = p.resolve(strict=False)
    except (OSError, RuntimeError) as e:
        raise ToolError(f"{shown}: cannot resolve ({e})") from None
    roots = list(roots)
    if not any(resolved == r or resolved.is_relative_to(r) for r in roots):
        where = ", ".join(str(r) for r in roots) or "(none)"
        raise ToolError(f"{shown}: outside the allowed folders ({where}). Add its folder to [tools] allowed_roots "
                        f"in runtime.toml if you want Metnos to use it")
    if must_exist:
        try:
            exists = resolved.exists()
        except OSError as e:
            raise ToolError(f"{shown}: cannot be checked ({e.strerror})") from None
        if not exists:
            raise ToolError(f"{shown}: no such file or folder")
    return resolved


def require_regular(p: Path, raw: str) -> os.stat_result:
    """Device files, FIFOs and sockets are refused: reading them can block or leak."""
    try:
        st = p.stat()
    except FileNotFoundError:
        raise ToolError(f"{raw}: no such file") from None
    except PermissionError:
        raise ToolError(f"{raw}: permission denied") from None
    if stat.S_ISDIR(st.st_mode):
        raise ToolError(f"{raw}: is a folder, not a file (use list_dir)")
    if not stat.S_ISREG(st.st_mode):
        raise ToolError(f"{raw}: not a regular file (device, FIFO or socket); refused")
    return st
