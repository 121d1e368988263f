"""Paths as people say them: a name with spaces, a file named apart from its folder, "a folder called X in Y".

The argument extractor reads a path as a run of characters without spaces, so "leggi /tmp/x/lista spesa.txt"
gave "/tmp/x/lista" and "spesa.txt", "read the notes.md file in /tmp/x" gave a bare "notes.md" (refused as
ambiguous), "crea una cartella chiamata bozze dentro /tmp/x" created /tmp/x. `resolve` rewrites the extracted
paths with what the text and the disk say together:

- a path followed by words is the longer name when that name exists ("/tmp/x/Foto Vacanze");
- a bare name is joined to a folder the request names when the file is there, or when the text says so
  ("notes.md in /tmp/x", "scan.pdf da /tmp/a"); the folder that only said where it is drops out;
- "una cartella chiamata X dentro Y", "a folder named X in Y", "X inside Y" said of a new folder: Y/X.
Nothing is guessed: a name is joined only to a folder named in the same request.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable

from app.lang.actions import action_of
from app.lang.rules.place_names import PLACE_NAMES
from app.lang.tokens import find_word

MAX_EXTRA_WORDS = 4
# "X in/da/from/nella cartella Y": where a bare name is
_WHERE = PLACE_NAMES.rule("where").alternation()
# "chiamata X", "che si chiama X", "denominata X", "named X": the words that give a name (rules/place_names.py)
_CALLING = PLACE_NAMES.rule("calling").alternation()
_KIND = r"(?:(?:la|una|the|a|new|nuova)\s+)?(?:sotto)?(?:cartella|folder|directory|dir|file)"
_NAMED = re.compile(r"(?i)\b" + _KIND + r"(?:\s+(?:nuov[ao]|new))?\s+" + _CALLING + r"\s+[\"'“«]?"
                    r"(?P<name>[^\s\"'”»/,;]+(?:\s+[^\s\"'”»/,;]+){0,3}?)[\"'”»]?\s+" + _WHERE +
                    r"\s+(?:" + _KIND + r"\s+)?(?P<dir>[~/]\S*)")


# An existing folder named in words inside a folder given as a path: "la cartella Foto Vacanze dentro /x", "the
# progetti folder in /x" (everyday2 and everyday3 listed /x instead). Joined only when the folder is there.
_NAME_WORDS = r"[\"'“«]?(?P<name>[^\s\"'”»/,;~]+(?:\s+[^\s\"'”»/,;~]+){0,3}?)[\"'”»]?"
# "the documenti folder, it's inside /x", "la cartella Foto che è dentro /x": a few words of saying where it is
_SAID_WHERE = r"(?:,?\s*(?:it['’]?s|that['’]?s|which\s+is|è|che\s+è|che\s+sta|sta)\s+|,\s*)?"
_IN_WORDS = re.compile(r"(?i)\b(?:(?:sotto)?cartella|folder|directory)\s+" + _NAME_WORDS + r"\s*" + _SAID_WHERE +
                       r"\s*" + _WHERE +
                       r"\s+(?P<dir>[~/]\S*)|\bthe\s+" + _NAME_WORDS.replace("name", "name2") +
                       r"\s+(?:folder|directory|dir)\s*" + _SAID_WHERE + r"\s*" + _WHERE + r"\s+(?P<dir2>[~/]\S*)")


# the next word ends the name of a file to be made: a short extension, then at most a colon or a comma
_NEW_FILE = re.compile(r"[^\s/\"'“«]+\.[A-Za-z0-9]{1,5}[:,;]?")

# "crea una cartella fatture 2024 dentro /x", "make a folder Drafts in /x": said with a verb that makes it
_MADE = re.compile(r"(?i)\b(?:crea|creami|creare|create|make|fai|fammi|aggiungi|add)\s+(?:una\s+|la\s+|a\s+|the\s+)?"
                   r"(?:nuova\s+|new\s+)?(?:sotto)?(?:cartella|folder|directory)\s+[\"'“«]?(?P<name>[^\s\"'”»/,;~]+"
                   r"(?:\s+[^\s\"'”»/,;~]+){0,2}?)[\"'”»]?\s+" + _WHERE + r"\s+(?P<dir>[~/]\S*)")


# the new folder's name said after its place: "una cartela nuova in /x che si chiama scuola", "one new directory in
# /x, name it tractor manuals", "preparami in /x una cartella di nome tesi" (fresh tune half: created /x itself)
_NAME_AFTER = r"[\"'“«]?(?P<name>[^\s\"'”»/,;.?!]+(?:\s+(?!(?:e|ed|and|poi|then|per|for|grazie|thanks|please)\b)" \
              r"[^\s\"'”»/,;.?!]+){0,3})[\"'”»]?(?=\s*[,.;!?]|\s*$|\s+(?:e|ed|and|poi|then|per|for|grazie|thanks|please)\b)"
_NAMED_AFTER = re.compile(r"(?i)\b(?:cartell?[ae]|folder|directory|dir)\b(?:\s+\w+){0,2}?\s+" + _WHERE
                          + r"\s+(?P<dir>[~/][^\s,]*),?\s+(?:" + _CALLING + r"|name\s+it|call\s+it|chiamala)\s+"
                          + _NAME_AFTER
                          + r"|\b" + _WHERE + r"\s+(?P<dir2>[~/][^\s,]*)\s+(?:una|a|the|la)\s+(?:nuova\s+|new\s+)?"
                          r"(?:cartell?a|folder|directory)\s+" + _CALLING + r"\s+"
                          + _NAME_AFTER.replace("name", "name2"))


# a path said right after the words that give a new thing's name ("a folder called /x/…"), and the word after it
_CALLED_BEFORE = re.compile(r"(?i)\b" + _CALLING + r"\s*[\"'“«]?\s*$")
_NAME_ENDS = PLACE_NAMES.pattern("name_ends")
# a quoted text that may be a file's name: no slash, a short extension ("contratto affitto.txt")
_QUOTED_FILE = re.compile(r"[^/\\\n]{1,80}\.[A-Za-z0-9]{1,5}")


def _exists(p: str) -> bool:
    try:
        return Path(os.path.expanduser(p)).exists()
    except (OSError, ValueError):
        return False


def _join(folder: str, name: str) -> str:
    return folder.rstrip("/") + "/" + name


def _widen(text: str, path: str) -> tuple[str, list[str]]:
    """The longest existing name that starts with `path` and goes on with the words after it in `text`; or, for a
    path said right after a naming word ("a folder called /x/flash sheets and then…"), the new name up to the word
    that ends it (rules/place_names.py `name_ends`)."""
    i = text.find(path)
    if i < 0 or _exists(path):
        return path, []
    words = text[i + len(path):].split()
    best, used = path, []
    parent_there = _exists(os.path.dirname(path.rstrip("/")) or "/")
    if parent_there and _CALLED_BEFORE.search(text[:i]):
        named = []
        for w in words[:MAX_EXTRA_WORDS]:
            if _NAME_ENDS.match(w) or not w[:1].isalnum():
                break
            named.append(w.rstrip("?!,;:.\"'”»"))
            if w[-1:] in ",;:.?!":
                break
        if named and not _exists(path + " " + " ".join(named)):
            return path + " " + " ".join(named), named
    for n in range(1, min(MAX_EXTRA_WORDS, len(words)) + 1):
        cand = path + " " + " ".join(w.rstrip("?!,;:.\"'”»") if k == n - 1 else w for k, w in enumerate(words[:n]))
        if _exists(cand):
            best, used = cand, words[:n]
        elif not used and parent_there and n == 1 and _NEW_FILE.fullmatch(words[0]):
            best, used = cand.rstrip(":"), words[:1]  # a new file: "scrivi in /x/grocery run.txt: …"
    return best, [w.rstrip("?!,;:.\"'”»") for w in used]


def bare_name(text: str, name: str) -> str:
    """"lista spesa.txt" when the text says it before "spesa.txt" and the longer name is asked for."""
    i = text.find(name)
    before = text[:i].split() if i > 0 else []
    return " ".join([*before[-1:], name]) if before and before[-1][:1].isalnum() else name


def resolve(text: str, paths: list[str], quoted: list[str] | None = None) -> list[str]:
    """`paths` (as extracted from `text`) rewritten as the person meant them; the input when nothing applies.
    A quoted file name beside a folder ('copia "contratto affitto.txt" da /a a /b') is the file it names there,
    in the order said; a quoted text that names no existing file was content, and stays out."""
    if not paths or not isinstance(text, str):
        return paths
    names = [q for q in quoted or [] if isinstance(q, str) and _QUOTED_FILE.fullmatch(q) and q not in paths]
    if names:
        given = paths
        got = _resolve(text, sorted(paths + names, key=text.find))
        return [g for g in got if g not in names and (g in given or _exists(g))]
    return _resolve(text, paths)


def _resolve(text: str, paths: list[str]) -> list[str]:
    out: list[str] = []
    consumed: set[str] = set()
    for p in paths:
        if p in consumed:
            continue
        if p.startswith(("/", "~")):
            wide, used = _widen(text, p)
            consumed.update(used)
            out.append(wide)
        else:
            out.append(p)
    out = [p for p in out if p not in consumed or p.startswith(("/", "~"))]
    m = _NAMED.search(text) or _MADE.search(text)
    if m and m.group("dir").rstrip("?!,;:.") in out:
        folder = m.group("dir").rstrip("?!,;:.")
        return [(_join(folder, m.group("name")) if p == folder else p) for p in out]
    m = _NAMED_AFTER.search(text)
    if m:
        folder, name = _folder_and_name(m)
        if folder in out and name:
            return [(_join(folder, name) if p == folder else p) for p in out]
    out = _named_folders(text, out)  # before the folders a bare name joins: "cv.txt in the Documenti folder of /x"
    folders = [p for p in out if p.startswith(("/", "~")) and Path(os.path.expanduser(p)).is_dir()]
    joined: list[str] = []
    dropped: set[str] = set()
    for p in out:
        if p.startswith(("/", "~")) or "/" in p:
            joined.append(p)
            continue
        target = None
        for f in folders:
            for name in (bare_name(text, p), p):
                if _exists(_join(f, name)):
                    target = _join(f, name)
                    break
            target = target or _under(f, (bare_name(text, p), p), text)
            if target is None and re.search(re.escape(p) + r"[\"'”»]?\s+(?:\w+\s+){0,3}?" + _WHERE + r"\s+(?:"
                                            + _KIND + r"\s+)?" + re.escape(f), text, re.I):
                target = _join(f, p)  # a new file said to be in the folder ("crea nuovo.txt in /x")
            elif target is None:
                # named after its place ("un file nuovo in /x che si chiama turni.txt"), with a space in its name
                # ("a new file in /x called golf scores.txt": the bare "scores.txt" was written nowhere, everyday20-51)
                target = next((_join(f, n) for n in dict.fromkeys((bare_name(text, p), p))
                               if re.search(_WHERE + r"\s+" + re.escape(f) + r",?\s+" + _CALLING + r"\s+[\"'“«]?"
                                            + re.escape(n), text, re.I)), None)
            if target:
                dropped.add(f)
                break
        joined.append(target or p)
    # the folder that only said where a name is drops out ("sposta scan.pdf da /a a /b" -> /a/scan.pdf, /b)
    return _named_before(text, [p for p in joined if p not in dropped])


# actions with a place to go: what is named before the folder may be the destination ("sposta in archivio i file
# di /x"), so nothing is joined for them
_TWO_PLACES = frozenset({"move", "copy", "rename"})
MIN_NAME = 4  # a shorter name ("app", "cv") is too often a word of the sentence


def _named_before(text: str, paths: list[str]) -> list[str]:
    """The one entry of the one folder a request names, when the words before that folder name it: "elencami la
    roba dentro Documenti, quella cartella sotto /x", "open Foto Vacanze folder in /x", "leggere a me lista spesa,
    sta dentro /x" → /x/Documenti, /x/Foto Vacanze, /x/lista spesa.txt.

    Why the disk and the order, not another phrasing: each way of saying "the X folder in Y" had been one more
    pattern (_IN_WORDS, _CALLED_IN), and everyday21 brought three new ones in one set (X itself listed, opened).
    People name the thing first and then where it is; the folder's own entries say which words are a name. A file
    is named without its extension only by a name of more than one word ("lista spesa"): one word ("report") is
    too often just a word. Two entries named, or an action with a destination: nothing is joined."""
    if len(paths) != 1 or not paths[0].startswith(("/", "~")):
        return paths
    folder = paths[0]
    at = text.find(folder)
    base = Path(os.path.expanduser(folder))
    if at <= 0 or not base.is_dir() or set(action_of(text).actions) & _TWO_PLACES:
        return paths
    said = text[:at]
    entries = [e for _, e in entries_below(str(base), 1, MAX_SCAN) or [] if not e.name.startswith(".")]
    hits = []
    for e in entries:
        stem = Path(e.name).stem if e.is_file() else ""
        names = [e.name] + ([stem] if len(re.split(r"[\s_-]+", stem)) > 1 else [])
        if any(len(n) >= MIN_NAME and find_word(n, said) for n in names):
            hits.append(e.name)
    return [_join(folder, hits[0])] if len(hits) == 1 else paths


MAX_DEPTH = 3  # folders below the one said, at most, that a name is looked for in
MAX_SCAN = 2000  # entries looked at, at most: a folder that big is not searched (the name stays as said)


def entries_below(folder: str, depth: int, max_entries: int,
                  enter: Callable[[str], bool] = lambda _name: True) -> list[tuple[str, os.DirEntry[str]]] | None:
    """Every entry within `depth` levels under `folder`, with the folder it is in, entering only the folders
    whose name `enter` allows (never a hidden one, never through a link); None when more than `max_entries`
    would be looked at: a name is not searched for in a tree that big (it stays as said)."""
    out: list[tuple[str, os.DirEntry[str]]] = []
    level, seen = [folder], 0
    for _ in range(depth):
        nxt: list[str] = []
        for d in level:
            try:
                entries = list(os.scandir(d))
            except OSError:
                continue
            seen += len(entries)
            if seen > max_entries:
                return None
            out += [(d, e) for e in entries]
            nxt += [e.path for e in entries
                    if e.is_dir(follow_symlinks=False) and not e.name.startswith(".") and enter(e.name)]
        level = nxt
    return out


def _under(folder: str, names: tuple[str, ...], text: str) -> str | None:
    """The one existing `names` entry in a subfolder of `folder` whose every folder on the way the text names
    ("display lettera.txt, which is kept in the Documenti folder under /x" → /x/Documenti/lettera.txt).

    Why: a file said apart from its folder, with the folder said in words and its parent as a path, came back
    listed or answered in four request sets in a row (everyday14–17); each phrasing of "which is kept in the X
    folder under Y" was one more pattern. The disk says where the name is, and the text says the way there, so
    nothing is guessed: only folders the request names are entered, and two candidates join nothing."""
    base = os.path.expanduser(folder)
    entries = entries_below(base, MAX_DEPTH, MAX_SCAN, lambda name: find_word(name, text) is not None)
    hits = [e.path for d, e in entries or [] if d != base and e.name in names]
    if len(hits) != 1:
        return None
    return _join(folder, os.path.relpath(hits[0], base))


# "the folder with my vacation photos, it's called Foto Vacanze, it's in /x": the name said by "called", the folder
# given after it (everyday5-15 opened nothing)
_CALLED_IN = re.compile(r"(?i)\b" + _CALLING + r"\s+"
                        + _NAME_WORDS.replace("name", "name3") + r"\s*" + _SAID_WHERE + r"\s*" + _WHERE
                        + r"\s+(?P<dir3>[~/]\S*)")


def _named_folders(text: str, paths: list[str]) -> list[str]:
    """"la cartella Foto Vacanze dentro /x" → /x/Foto Vacanze, when that folder exists; the paths as they were
    otherwise."""
    for m in (*_IN_WORDS.finditer(text), *_CALLED_IN.finditer(text)):
        folder, name = _folder_and_name(m)
        child = _child_folder(folder, name) if folder in paths and name else None
        if child:
            paths = [(child if p == folder else p) for p in paths]
    return paths


def _folder_and_name(m: re.Match[str]) -> tuple[str, str]:
    """The folder and the name a match of one of the "a folder called X in Y" patterns read, whichever of its
    alternatives matched (groups dir/dir2/dir3, name/name2/name3)."""
    groups = m.groupdict()
    folder = next((v for k, v in groups.items() if k.startswith("dir") and v), "")
    name = next((v for k, v in groups.items() if k.startswith("name") and v), "")
    return folder.rstrip("?!,;:."), name.strip()


def _child_folder(folder: str, name: str) -> str | None:
    """`folder`/`name` when that folder exists, its case as on disk ("the documenti folder" is Documenti/ — people
    do not type a folder's capitals); None when there is none or more than one."""
    if Path(os.path.expanduser(_join(folder, name))).is_dir():
        return _join(folder, name)
    try:
        hits = [e.name for e in os.scandir(os.path.expanduser(folder)) if e.is_dir() and e.name.lower() == name.lower()]
    except OSError:
        return None
    return _join(folder, hits[0]) if len(hits) == 1 else None


def from_whole(paths: list[str], whole: list[str]) -> list[str]:
    """A bare name in one clause as the full path the whole request resolved it to, when exactly one fits.

    Why: a clause is read alone, and "copia contratto affitto.txt, che si trova nella cartella /x, in /x/archivio"
    is cut before "che si trova…" — the first clause said a bare "affitto.txt" (copied as an ambiguous relative
    path, everyday4-18) while the whole request names /x/contratto affitto.txt."""
    full = [w for w in whole if w.startswith(("/", "~"))]
    out = []
    for p in paths:
        fits = [] if p.startswith(("/", "~")) else [w for w in full if w.endswith(("/" + p, " " + p))]
        out.append(fits[0] if len(fits) == 1 else p)
    return out

