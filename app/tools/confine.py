"""Keep file tools inside `[tools] allowed_roots`.

Resolved with symlinks followed, so a link inside a root that points outside
is refused; `..` segments and `~user` are refused outright rather than
interpreted, because a path the user did not type literally is suspicious.
The folders people name ("Documenti", "la home", "Desktop") are read as their XDG folders.
"""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any, Iterable

from app.lang.messages import Message

from . import messages as _messages  # noqa: F401  (registers the sentences used below)
from .places import closest, expand_named
from .registry import ToolError
from .slots import path_args

_DRIVE = re.compile(r"^[A-Za-z]:([\\/]|$)")
MAX_NAME_BYTES = 255  # NAME_MAX of every common file system
MAX_PATH_CHARS = 4096  # PATH_MAX on Linux


def allowed_roots(config: Any) -> list[Path]:
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
        raise ToolError(Message("files.empty_path"))
    if "\x00" in raw:
        raise ToolError(Message("files.nul"))
    text = expand_named(raw.strip())
    shown = text if len(text) <= 200 else text[:200] + "…"
    if text.startswith("~") and not (text == "~" or text.startswith("~/")):
        raise ToolError(Message("files.tilde_user", path=shown))
    if text.startswith("\\\\"):
        raise ToolError(Message("files.unc", path=shown))
    if os.name != "nt" and _DRIVE.match(text):
        raise ToolError(Message("files.drive", path=shown))
    parts = Path(text.replace("\\", "/")).parts
    if ".." in parts:
        raise ToolError(Message("files.dotdot", path=shown))
    if len(text) > MAX_PATH_CHARS or any(len(x.encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES for x in parts):
        raise ToolError(Message("files.too_long", path=shown, name_max=MAX_NAME_BYTES, path_max=MAX_PATH_CHARS))
    p = Path(os.path.expanduser(text))
    if not p.is_absolute():
        raise ToolError(Message("files.relative", path=shown))
    try:
        resolved = p.resolve(strict=False)
    except (OSError, RuntimeError) as e:
        raise ToolError(Message("files.unresolvable", path=shown, error=str(e))) from None
    roots = list(roots)
    if not any(resolved == r or resolved.is_relative_to(r) for r in roots):
        raise ToolError(outside(shown, resolved, roots))
    if must_exist:
        try:
            exists = resolved.exists()
        except OSError as e:
            raise ToolError(Message("files.cannot_check", path=shown, error=e.strerror)) from None
        if not exists:
            raise not_found(shown, resolved)
    return resolved


def folder_of(resolved: Path) -> Path:
    """The folder a refused path is in: itself when it is one, else its parent (what allowing it would open)."""
    try:
        return resolved if resolved.is_dir() else resolved.parent
    except OSError:
        return resolved.parent


def is_disk_root(folder: Path) -> bool:
    """"/" (or a drive's root): never allowed as a whole, it would open every file."""
    return folder == Path(folder.anchor)


def outside(shown: str, resolved: Path, roots: list[Path]) -> Message:
    """Why a path outside the allowed folders is refused, naming the settings page; a path whose folder is the
    disk's root says that the root itself cannot be allowed (no offer follows: app/tools/allow.py)."""
    where = ", ".join(str(r) for r in roots)
    folder = folder_of(resolved)
    if is_disk_root(folder):
        return Message("files.outside_root", path=shown)
    if not roots:  # `folder`: what "Consenti questa cartella" would add
        return Message("files.outside_none", path=shown, folder=str(folder))
    return Message("files.outside", path=shown, roots=where, n=len(roots), folder=str(folder))


OUTSIDE_KEYS = ("files.outside", "files.outside_none", "files.outside_root")


def path_arguments(tool: Any) -> tuple[str, ...]:
    """The arguments a tool declares that name files or folders — what it acts on and where it goes: `path`,
    `paths`, `dest`, open_path's `target` — as the tool's slots say (tools/slots.py: declared, else read from its
    schema's argument names the way routing reads them)."""
    return path_args(tool)


def refused_before_asking(tool: Any, args: dict[str, Any], config: Any) -> ToolError | None:
    """A file tool's change on a path plainly outside the allowed folders: refused before its approval is asked
    (it would be refused after the yes anyway, and the person approved something that could not happen — then
    "Consenti questa cartella" asked again). Every path argument the tool declares is checked (`path_arguments`);
    a value that is not a path of ours (open_path's web address or application name) is left to the tool.
    "Plainly": the path and its folder both lie outside, so a link inside a root, which the file actions act on as
    a link, is left to the tool as before. None: ask as usual."""
    roots = allowed_roots(config)
    for key in path_arguments(tool):
        value = args.get(key)
        for raw in (value if isinstance(value, list) else [value]):
            if not isinstance(raw, str) or not raw.strip():
                continue
            try:
                confine(raw, roots)
            except ToolError as e:
                if e.message is None or e.message.key not in OUTSIDE_KEYS:
                    continue  # a path of the wrong shape: the tool says so, as before
                try:
                    confine(str(Path(expand_named(raw.strip())).parent), roots)
                except ToolError:
                    return e
    return None


def not_found(shown: str, resolved: Path) -> ToolError:
    """"non trovo /x/y", with the closest existing names when there are some."""
    near = closest(resolved)
    if near:
        return ToolError(Message("files.not_found_near", path=shown, near=", ".join(near)))
    return ToolError(Message("files.not_found", path=shown))


def require_regular(p: Path, raw: str) -> os.stat_result:
    """Device files, FIFOs and sockets are refused: reading them can block or leak."""
    try:
        st = p.stat()
    except FileNotFoundError:
        raise not_found(raw, p) from None
    except PermissionError:
        raise ToolError(Message("files.permission", path=raw)) from None
    if stat.S_ISDIR(st.st_mode):
        raise ToolError(Message("files.is_folder", path=raw))
    if not stat.S_ISREG(st.st_mode):
        raise ToolError(Message("files.not_regular", path=raw))
    return st
