"""The folders people name instead of typing a path: "la home", "Documenti", "Desktop", "Scaricati".

XDG user folders are read from `$XDG_CONFIG_HOME/user-dirs.dirs` (so a localized desktop's "Scrivania"
or "Documenti" is found under its real name), with the usual English names as the fallback; on
Windows and macOS the English names under the home are what exists. Also: the closest existing
names to a path that does not exist, so "non trovo /x/y" can say what was probably meant.
"""
from __future__ import annotations

import difflib
import os
import re
from pathlib import Path

# What people call each folder (lower case, IT/EN), by its XDG key.
ALIASES: dict[str, tuple[str, ...]] = {
    "HOME": ("~", "home", "la home", "la mia home", "my home", "home folder", "cartella home", "la cartella home",
             "casa"),
    "DOCUMENTS": ("documenti", "i documenti", "i miei documenti", "documents", "my documents", "docs"),
    "DESKTOP": ("scrivania", "la scrivania", "desktop", "il desktop", "the desktop"),
    "DOWNLOAD": ("download", "downloads", "i download", "scaricati", "la cartella download", "the downloads"),
    "PICTURES": ("immagini", "le immagini", "pictures", "my pictures", "foto", "le foto"),
    "MUSIC": ("musica", "la musica", "music", "my music"),
    "VIDEOS": ("video", "i video", "videos", "my videos"),
}
FALLBACK = {"HOME": "", "DOCUMENTS": "Documents", "DESKTOP": "Desktop", "DOWNLOAD": "Downloads",
            "PICTURES": "Pictures", "MUSIC": "Music", "VIDEOS": "Videos"}
_LINE = re.compile(r'^\s*XDG_(\w+)_DIR\s*=\s*"([^"]*)"\s*$')


def user_dirs(home: Path | None = None) -> dict[str, Path]:
    """XDG key -> folder. Read on every call: the file is tiny and the user may rename a folder."""
    home = home or Path(os.path.expanduser("~"))
    out = {k: (home / v if v else home) for k, v in FALLBACK.items()}
    cfg = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config") / "user-dirs.dirs"
    try:
        lines = cfg.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return out
    for line in lines:
        m = _LINE.match(line)
        if not m:
            continue
        value = m.group(2).replace("$HOME", str(home))
        if value.startswith("/"):
            out[m.group(1)] = Path(value)
    return out


def named_folder(text: str, home: Path | None = None) -> Path | None:
    """The folder a name means ("Documenti", "la home", the localized XDG name itself), else None."""
    key = " ".join(text.strip().strip("/").lower().split())
    if not key:
        return None
    dirs = user_dirs(home)
    for xdg, names in ALIASES.items():
        if key in names:
            return dirs.get(xdg)
    for path in dirs.values():  # the folder's own (localized) name: "Scrivania", "Immagini"
        if path.name.lower() == key and path.name:
            return path
    return None


def expand_named(text: str, home: Path | None = None) -> str:
    """"Documenti/report.pdf" -> "/home/u/Documenti/report.pdf"; anything else is returned unchanged."""
    t = text.strip()
    if not t or t.startswith(("/", "~", ".", "\\")):
        return text
    head, sep, rest = t.replace("\\", "/").partition("/")
    folder = named_folder(head, home)
    if folder is None:
        return text
    return str(folder / rest) if sep and rest else str(folder)


def closest(missing: Path, limit: int = 3) -> list[str]:
    """Existing paths whose names are close to the part of `missing` that does not exist."""
    parent = missing
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    try:
        rel = missing.relative_to(parent)
    except ValueError:
        return []
    if not rel.parts:
        return []
    want = rel.parts[0]
    try:
        names = [e.name for e in os.scandir(parent)][:5000]
    except OSError:
        return []
    low = {n.lower(): n for n in names}
    hits = difflib.get_close_matches(want.lower(), list(low), n=limit, cutoff=0.6)
    base = want.lower().split(".")[0]
    stem_hits = [n for k, n in low.items() if base and k.split(".")[0] == base]
    out: list[str] = []
    for n in [*(low[h] for h in hits), *stem_hits]:
        p = str(parent / n)
        if p not in out and n != want:
            out.append(p)
    return out[:limit]
