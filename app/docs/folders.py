"""Which folders may be indexed: real folders inside `[tools] allowed_roots`.

Why the file tools' roots: the index reads every document below a folder and answers from them, which
is reading those files; a folder the file tools may not read must not be readable through the index.
A refused folder comes back as a sentence that says how to allow it, never silently dropped.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from app.config import paths
from app.lang.messages import Message
from app.tools.confine import allowed_roots


class FolderRefused(Exception):
    """The folder cannot be indexed; `message` says why and what to do, in either language."""

    def __init__(self, message: Message):
        self.message = message
        super().__init__(message.text("en"))


def folder_key(raw: str | Path) -> str:
    """The one spelling of a folder: absolute, `~` expanded, symlinks resolved."""
    return str(Path(os.path.abspath(os.path.expanduser(str(raw)))).resolve())


def inside(path: Path, roots: list[Path]) -> bool:
    return any(path == r or path.is_relative_to(r) for r in roots)


def check_folder(raw: str | Path, config: Any) -> Path:
    """The resolved folder, or FolderRefused: not a folder, or outside the allowed roots."""
    path = Path(folder_key(raw))
    if not path.is_dir():
        raise FolderRefused(Message("docs.not_a_folder", path=str(path)))
    roots = allowed_roots(config)
    if not inside(path, roots):
        raise FolderRefused(Message("docs.outside", path=str(path), roots=", ".join(map(str, roots)) or "—",
                                    config=str(paths.config_file())))
    return path


def usable_folders(config: Any) -> list[str]:
    """The configured folders that may be indexed now (existing, inside the roots), each spelled once."""
    out: list[str] = []
    for raw in getattr(config.docs, "folders", []) or []:
        try:
            key = str(check_folder(raw, config))
        except FolderRefused:
            continue
        if key not in out:
            out.append(key)
    return out
