"""How a path is spelled: its last part, its extension, a Windows drive, whether a word looks like a path.

Shape only — no disk, no words of a request (paths as said in a request: paths_said.py; which extensions name
which kind of file: file_kinds.py). The fast path, the argument checks and memory ask these questions of a value,
and each of them used to keep its own pattern.
"""
from __future__ import annotations

import re

_SEPARATOR = re.compile(r"[\\/]")
_DRIVE = re.compile(r"^[A-Za-z]:[\\/]")  # "C:\x", "C:/x"
_DRIVE_BACKSLASH = re.compile(r"^[A-Za-z]:\\")  # "C:\x" only
_EXT = re.compile(r"\.[A-Za-z0-9]{1,8}$")  # ".pdf", ".tar", ".mp3"
_SHORT_EXT = re.compile(r"\.\w{1,5}$")
_PATH_OR_ADDRESS = re.compile(r"[/~\\@]|\w\.\w")  # "~/x", "a@b", "x.py", "C:\"


def last_part(path: str) -> str:
    """The name after the last "/" or "\\" (the whole text when there is none)."""
    return _SEPARATOR.split(path)[-1]


def parent(path: str) -> str:
    """The folder `path` is in, as written ("/x/a.txt" -> "/x"; "" for a name at the top)."""
    return path.rstrip("/").rsplit("/", 1)[0]


def beside(path: str, name: str) -> str:
    """`name` in the folder `path` is in ("/x/report.txt", "final.txt" -> "/x/final.txt"): a rename's new name."""
    return parent(path).rstrip("/") + "/" + name


def has_drive(path: str, forward_slash: bool = True) -> bool:
    """Does `path` start with a Windows drive ("C:\\", and "C:/" unless `forward_slash` is False)?"""
    return (_DRIVE if forward_slash else _DRIVE_BACKSLASH).match(path) is not None


def extension(name: str) -> str | None:
    """The extension of a file name with its dot (".pdf"): 1–8 letters or digits at the end, else None."""
    m = _EXT.search(name)
    return m.group(0) if m else None


def has_short_extension(name: str) -> bool:
    """Does `name` end in a dot and 1–5 word characters ("report.pdf", "a.md"): a file name, not a folder's?"""
    return _SHORT_EXT.search(name) is not None


def looks_like_path_or_address(text: str) -> bool:
    """A slash, "~", "@" or a dot between word characters: a path, an address or a file name, not a topic."""
    return _PATH_OR_ADDRESS.search(text) is not None


def said_outside_paths(name: str) -> re.Pattern[str]:
    """`name` as a word of its own, not part of a path or a file name ("Documenti" in "in Documenti", not in
    "/x/Documenti/a" nor "Documenti.txt")."""
    return re.compile(rf"(?<![\w/~.]){re.escape(name)}(?![\w/.])")
