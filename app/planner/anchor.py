"""Bare names in a tool's path arguments, anchored to the folders the request names (what is on disk decides).

A tool refuses a relative path — there is no current folder — so a name said bare ("porta app.log da /x in
archivio", "make us a copy of cv.txt, it's in the Documenti folder under /x") failed with "relative paths are
ambiguous" although the request had said where. Nothing is joined that is not on disk, and a name found in more
than one place stays as said (the tool's clear refusal, not a guess).
"""
from __future__ import annotations

import os
from typing import Any, Sequence

from app.lang.path_shape import parent
from app.lang.paths_said import bare_name, entries_below
from app.lang.tokens import find_word
from app.tools.places import named_folder
from app.tools.registry import Tool
from app.tools.slots import path_args, slots_of

from .evidence import Evidence


def anchor_bare_paths(tool: Tool, args: dict[str, Any], sources: dict[str, str],
                      evd: Evidence) -> tuple[dict[str, Any], dict[str, str]]:
    """A place the model wrote as a bare name ("porta app.log da /x in archivio" → dest "archivio") is that name in
    a folder the request names, or beside a file it names, when it exists there: the tool refuses a relative path
    (there is no current folder), and the move failed (fresh tune half). Nothing is joined that is not on disk.
    A file to act on named bare, by the rules or the model ("make us a copy of cv.txt, it's in the Documenti folder
    under /x", everyday14-20), is the one entry of that name within FOUND_DEPTH levels under those folders — only
    when there is exactly one: a destination or a new name the rules read is left as said."""
    named = [p for c in evd.clauses for p in c.paths] + list(evd.slots.get("path") or [])
    folders = [p for p in named if p.startswith(("/", "~")) and os.path.isdir(os.path.expanduser(p))]
    bases = folders + [parent(p) for p in named if p.startswith(("/", "~")) and os.path.isfile(os.path.expanduser(p))]
    bases = list(dict.fromkeys(bases))
    # the place a named folder is in, for a name said there and nowhere deeper: "fammi una cartella stagionatura
    # dentro /x e poi copiaci dentro il file lista spesa.txt" — the file is in /x, which the request named only as
    # the new folder's place (by the second clause the folder exists, so it is no clue that it was made)
    beside = [b for b in dict.fromkeys(parent(p) for p in named if p.startswith(("/", "~"))
                                       and not os.path.isfile(os.path.expanduser(p))
                                       and os.path.isdir(os.path.expanduser(parent(p)))) if b not in bases]
    out = dict(args)
    acted_on = set(slots_of(tool).paths or ())
    for k in path_args(tool):
        v = out.get(k)
        if k in acted_on and sources.get(k) != "ref" and isinstance(v, list):
            out[k] = [_anchored(x, bases, True, evd.text, beside) for x in v]
            continue
        if not isinstance(v, str) or (sources.get(k) != "model" and k not in acted_on):
            continue
        if sources.get(k) == "model":
            v = _invented_place(v, evd.text, bases, beside)
        out[k] = _anchored(v, bases, k in acted_on and sources.get(k) != "ref", evd.text, beside)
        if k in acted_on and "write" in (getattr(tool, "acts", None) or ()):
            out[k] = _new_file_in(out[k], folders)
    return out, sources


def _new_file_in(value: Any, folders: Sequence[str]) -> Any:
    """A file to be written, named bare ("crea X come cartella e poi scrivici dentro un file note.txt"), goes in the
    one folder the request names — it is not on disk yet, so `_anchored` cannot find it; the write failed as a
    relative path (everyday20-35). With two folders named, or none, it stays as said (the tool's clear refusal)."""
    if not isinstance(value, str) or not value.strip() or "/" in value or value.startswith("~"):
        return value
    places = list(dict.fromkeys(f.rstrip("/") for f in folders))
    return f"{places[0]}/{value.strip()}" if len(places) == 1 else value


def _invented_place(value: str, text: str, bases: Sequence[str], beside: Sequence[str]) -> str:
    """A place the model made up around a name the request said ("porta app.log da X in archivio" → dest
    "/home/user/archivio/app.log", a home that is not this one: fresh tune half) is that name anchored in the places
    the request names, when it is there; what the request said itself, or what exists, is left as it is."""
    if not value.startswith("/") or value in text or os.path.exists(parent(value)):
        return value
    parts = [p for p in value.split("/") if p]
    for n in (2, 1):
        if len(parts) > n:
            tail = "/".join(parts[-n:])
            got = _anchored(tail, bases, False, text, beside)
            if isinstance(got, str) and got != tail:
                return got
    return value


FOUND_DEPTH = 2  # levels under a named folder where a bare file name is looked for
FOUND_MAX_ENTRIES = 5000  # a look that would read more stops: a home folder's whole tree is not a place said


def _anchored(value: Any, bases: Sequence[str], deep: bool, text: str = "",
              beside: Sequence[str] = ()) -> Any:
    """`value` as the existing entry it names in one of `bases` (directly, else — `deep` — the one match below
    them, else directly in one of `beside`, the places around them), or unchanged. A name cut at a space
    ("spesa.txt" of "il file lista spesa.txt") is the longer name when that one is there."""
    if not isinstance(value, str) or not value.strip() or value.startswith(("/", "~")):
        return value
    name = value.strip().rstrip("/")
    names = tuple(dict.fromkeys((bare_name(text, name), name) if text and name in text else (name,)))

    def direct(places: Sequence[str]) -> str | None:
        return next((j for n in names for j in (f"{b.rstrip('/')}/{n}" for b in places)
                     if os.path.exists(os.path.expanduser(j))), None)

    hit = direct(bases) or _said_child(name, bases, text)
    if hit or "/" in name:
        return hit or value
    if deep:
        found = [m for b in bases for m in _below(os.path.expanduser(b), name)]
        if len(set(found)) == 1:
            return found[0]
        if found:
            return value  # two of them: not a guess
    return direct(beside) or value


def _said_child(name: str, bases: Sequence[str], text: str) -> str | None:
    """"Documents/contratto affitto.txt", the model's words for "into the Documenti folder in there", as the folder
    of a named place that the request calls by name (any case, or the same user folder in the other language): read
    as the home's Documents it was outside the allowed folders (everyday21-23). Only one such folder, only one said."""
    head, _, rest = name.partition("/")
    user_folder = named_folder(head)  # (each call reads the user-dirs file: once for the name, once per folder)
    hits = []
    for b in bases:
        try:
            children = [e.name for e in os.scandir(os.path.expanduser(b)) if e.is_dir()]
        except OSError:
            continue
        for child in children:
            if not find_word(child, text):
                continue
            if child.lower() == head.lower() or user_folder is not None and named_folder(child) == user_folder:
                hits.append(f"{b.rstrip('/')}/{child}" + (f"/{rest}" if rest else ""))
    return hits[0] if len(set(hits)) == 1 else None


def _below(folder: str, name: str) -> list[str]:
    """The entries called `name` (case as typed or not) within FOUND_DEPTH levels under `folder`."""
    entries = entries_below(folder, FOUND_DEPTH, FOUND_MAX_ENTRIES)
    return [e.path for _, e in entries or [] if e.name.lower() == name.lower()]
