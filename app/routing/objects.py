"""The object guard: a file tool never serves a folder, a folder tool never serves a file.

Cosine cannot tell "leggi il file X" from "leggi la cartella X" (0.97), so every
path a fast-path hit would pass to a tool is checked for its kind:

- in the request: the word right before it ("la cartella X", "il file X"), the
  disk (what X is, when it exists), its shape when it does not ("notes.md" is a
  file, "dir/" a folder); words and disk that disagree make the kind unknown
  and refuse any tool that cares;
- on the tool's side: what its schema says the argument is ("Folder path",
  "Absolute file paths"), else what its name says (make_folder, list_dir), else
  the kind of the same argument in the remembered request.
"""
from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Any, Callable, Literal

from app.lang.actions import action_of
from app.lang.file_kinds import is_media
from app.lang.normalize import normalize, split_words
from app.lang.path_shape import extension, last_part
from app.lang.rules.objects import OBJECTS
from app.lang.tokens import letter_runs

Kind = Literal["file", "folder"]


def _words(*ids: str) -> frozenset[str]:
    """The words of some rules of the objects table (app/lang/rules/objects.py), as one set: the guard looks each
    word of the request up whole."""
    return frozenset(w for i in ids for w in OBJECTS.rule(i).words)


FOLDER_WORDS = _words("folder_words")
FILE_WORDS = _words("file_words")
# Words that stand between a kind word and its path without changing whose kind it is.
_SKIP = _words("skip_determiners", "skip_naming", "skip_of", "skip_contents")
_DETERMINERS = _words("skip_determiners")
_KIND_WORDS = FOLDER_WORDS | FILE_WORDS
_HOLDING = _words("holding_in", "holding_of", "holding_from")
_PLURAL_BEFORE = _words("plural_before")
_SINGULAR_BEFORE = _words("singular_before")
_PLURAL_FILE_WORDS = _words("plural_file_words")


def _known_ext(path: str) -> bool:
    from app.lang.file_kinds import FILE_EXTS  # every extension the extractor knows, by kind

    ext = extension(last_part(path))
    return ext is not None and ext[1:].lower() in FILE_EXTS
DiskKind = Callable[[str], "Kind | None"]


def _place_names() -> frozenset[str]:
    from app.tools.places import ALIASES  # the user folders the app knows by name

    return frozenset(n for names in ALIASES.values() for n in names if " " not in n and n != "~")


_PLACE_NAMES = _place_names()


def disk_kind(path: str) -> Kind | None:
    """What `path` is on this computer, or None when it does not exist (or cannot be looked at)."""
    try:
        p = os.path.expanduser(path)
        if os.path.isdir(p):
            return "folder"
        if os.path.exists(p):
            return "file"
    except (OSError, ValueError):
        pass
    return None


def shape_kind(path: str) -> Kind | None:
    """The kind a path's spelling implies: a trailing slash, or a name with an extension."""
    if path.endswith(("/", "\\")) or path in ("~", ".", ".."):
        return "folder"
    name = last_part(path)
    if name.startswith(".") and name.count(".") == 1:
        return None  # ".config", ".ssh": dot-folders as often as dot-files
    if extension(name):
        return "file"
    return "folder" if name.lower() in _PLACE_NAMES else None  # "~/Downloads", "/home/luca/foto"


_IN_PLACE = _words("in_place")
# Words whose object is a text: "leggi X", "cat X", "cosa c'è scritto in X", "what does X say" (each word, whole)
_READS_TEXT = OBJECTS.pattern("reads_text")
Said = tuple[Kind | None, bool]  # (kind the words name, whether they name it outright)


def _word_kinds(text: str) -> list[Said]:
    """Per path of the request: the kind its nearest words name, and how firmly. "il file X" and "la cartella X"
    say it outright; "i file in X", "the files of X" make X the place that holds them, and a lone "in X"
    ("che c'è in ~/Musica") a place too: a folder, but only when nothing firmer (disk, an extension) speaks."""
    from app.lang.args_extractor import masked_text  # the extractor imports normalize, which this module uses
    from app.lang.vocabulary import typo_object, verb_class

    toks = split_words(normalize(masked_text(text)))
    n_paths = toks.count("{path}")
    acts = action_of(text).actions
    shows = "read" in acts  # "what's in X", "mostrami X": then "in X" is no evidence of a folder
    writes = acts[:1] == ("write",)  # "scrivi 'ok' in X": then "in X" is where a text goes, a file
    out: list[Said] = []
    for i, t in enumerate(toks):
        if t != "{path}":
            continue
        said: Said = (None, False)
        j = i - 1
        while j >= 0 and toks[j] in _SKIP:
            j -= 1
        if j >= 0 and (toks[j] in FOLDER_WORDS or typo_object(toks[j]) == "folder"):  # "nella cartela X"
            said = ("folder", True)
        elif j >= 0 and toks[j] in FILE_WORDS and not (i >= 2 and toks[i - 1] in _HOLDING and
                                                         _plural_files(toks, i - 2)):
            said = ("file", True)
        elif i >= 2 and toks[i - 1] in _HOLDING and _plural_files(toks, i - 2):
            said = ("folder", False)
        elif i >= 1 and toks[i - 1] in _DETERMINERS and i + 1 < len(toks) and toks[i + 1] in _KIND_WORDS:
            # the kind word after the path: "whats in the ~/weddings/2024/clients folder?", "read the ~/notes/todo file"
            said = ("folder" if toks[i + 1] in FOLDER_WORDS else "file", True)
        elif n_paths == 1 and any(_READS_TEXT.fullmatch(w) for w in toks):
            said = ("file", False)  # "leggi /etc/hosts", "cosa c'è scritto in X": what is read is a file
        elif n_paths == 1 and i >= 1 and toks[i - 1] in _IN_PLACE and "{quoted}" in toks and writes:
            said = ("file", False)  # "scrivi 'ok' in X": a text goes into a file
        elif n_paths == 1 and i >= 1 and toks[i - 1] in _IN_PLACE and not shows:
            said = ("folder", False)  # "che file ci sono in X", "trova i pdf in X"; "what's in X" says neither
        elif n_paths == 1 and any(verb_class(w) == "list" for w in toks):
            said = ("folder", False)  # "ls ~/Music", "elenca /tmp/t": a list is of a folder
        out.append(said)
    return out


def _plural_files(toks: list[str], j: int) -> bool:
    """Is toks[j] "files"/"documenti", or an Italian "file" after a plural word ("i file", "quali file")?"""
    if toks[j] in _PLURAL_FILE_WORDS:
        return True
    if toks[j] != "file":
        return False
    # "i file di X", and a bare "file di X" ("lista file di /srv/backup"): Italian "file" without "il" is plural
    return (j > 0 and toks[j - 1] in _PLURAL_BEFORE) or j == 0 or toks[j - 1] not in _SINGULAR_BEFORE


@lru_cache(maxsize=4096)
def _words_cached(text: str) -> tuple[Said, ...]:
    return tuple(_word_kinds(text))


def request_kinds(text: str, paths: list[str], disk: DiskKind | None = disk_kind) -> list[Kind | None | str]:
    """The kind of each path of a request: "file", "folder", None (not said), "mixed" (evidence disagrees)."""
    words = _words_cached(text)
    out: list[Kind | None | str] = []
    for i, p in enumerate(paths):
        said, firm = words[i] if i < len(words) else (None, False)
        seen = disk(p) if disk is not None else None
        shaped = shape_kind(p) if seen is None else None
        if said and not firm:  # a place by its preposition only: what the disk or the spelling says wins
            out.append(seen or shaped or said)
            continue
        ev = {k for k in (said, seen, shaped) if k}
        if said and seen and said != seen:
            out.append("mixed")  # "il file X" where X is a folder: let the planner ask
        elif said and shaped and said != shaped:
            # the person's word beats the spelling ("la cartella backup.old"), except a known file type's: "la
            # cartella X.txt" is a slip one way or the other, and "la cartella X.zip" may mean what is inside it
            out.append("mixed" if _known_ext(p) else said)
        else:
            out.append(next(iter(ev)) if len(ev) == 1 else None)
    return out


_TOOL_FOLDER_WORDS = _words("tool_folder_words")
_TOOL_FILE_WORDS = _words("tool_file_words")


def _names(text: str) -> tuple[bool, bool]:
    """Does `text` name a folder, a file?"""
    words = letter_runs(text)
    return bool(words & _TOOL_FOLDER_WORDS), bool(words & _TOOL_FILE_WORDS)


def _both(text: str) -> bool:
    return all(_names(text))


def _says(text: str) -> Kind | None:
    folder, file = _names(text)
    if folder and not file:
        return "folder"
    if file and not folder:
        return "file"
    return None


@lru_cache(maxsize=512)
def _tool_kinds_cached(name: str, props_key: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    out: dict[str, str] = {}
    path_args = [a for a, _ in props_key if re.search(r"(path|paths|root|dir|folder|src|dest|source|target)$", a)]
    by_name = _says(name.replace("_", " "))
    for arg, desc in props_key:
        if arg not in path_args:
            continue
        kind: str | None = _says(desc) if desc else None
        if kind is None and desc and _both(desc):
            kind = "any"  # "Folder (or one file) to search in": the tool takes either
        if kind is None and len(path_args) == 1 and by_name == "folder":
            kind = "folder"  # make_folder, list_dir: the name says what its one path is
        if kind:
            out[arg] = kind
    return tuple(sorted(out.items()))


def tool_kinds(name: str, tool: Any) -> dict[str, str]:
    """Argument -> "file"/"folder" for the path arguments whose kind the tool's own schema or name states."""
    props = (getattr(tool, "schema", None) or {}).get("properties") or getattr(tool, "properties", None) or {}
    key = tuple(sorted((a, str((s or {}).get("description", "")) if isinstance(s, dict) else "")
                       for a, s in props.items()))
    return dict(_tool_kinds_cached(name.replace("_dir", "_directory"), key))


def _path_values(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str)]
    return []


def _kinds_by_value(text: str, paths: list[str], disk: DiskKind | None) -> dict[str, Kind | None | str]:
    return dict(zip(paths, request_kinds(text, paths, disk)))


# A tool that reads text, by its description ("Read …", "Search … inside …"): bound to a picture, a recording or an
# archive (app/lang/file_kinds.py) it gives bytes, not what they show or play; the planner answers such a request
_TOOL_READS_TEXT = OBJECTS.pattern("tool_reads_text")


def _media_read(tool_name: str, tool: Any, args: dict[str, Any]) -> str | None:
    """A tool that reads or searches text, bound to a picture, a recording or an archive ("search for 'tempo' in the
    photo track.jpg"): its bytes are no text to read or search."""
    desc = str(getattr(tool, "description", "") or "")
    # (a search *for* files, "find the jpg files", is not a search of text: only reading, or searching inside)
    if not (tool_name.startswith(("read", "search_in")) or _TOOL_READS_TEXT.match(desc)):
        return None
    for value in args.values():
        for v in _path_values(value):
            if is_media(v.strip()) and not v.strip().startswith("*"):
                return (f"object guard: {v} is a picture, a recording or an archive; reading or searching it gives "
                        f"bytes, not its content")
    return None


def object_problem(tool_name: str, tool: Any, args: dict[str, Any], text: str, paths: list[str],
                   old_args: dict[str, Any], old_text: str, old_paths: list[str],
                   disk: DiskKind | None = disk_kind, sure: bool = False) -> str | None:
    """Why the bound call would act on the wrong kind of thing, or None when every path fits.

    `sure`: a learned head is sure the request asks for this tool (routing/l1_head.py); then a path nothing
    names as a file or a folder is taken as the kind the tool takes (the disk, when it knows, still refuses)."""
    if not paths:
        return None
    media = _media_read(tool_name, tool, args)
    if media:
        return media
    want = tool_kinds(tool_name, tool)
    new_k = _kinds_by_value(text, paths, disk)
    old_k = _kinds_by_value(old_text, old_paths, None)  # the old path's disk may have changed since
    for arg, value in args.items():
        old_vals = _path_values(old_args.get(arg))
        need = want.get(arg)
        if need is None:
            olds = {old_k.get(v) for v in old_vals} - {None}
            need = next(iter(olds)) if len(olds) == 1 and olds <= {"file", "folder"} else None
        if need is None or need == "any":
            continue
        for v in _path_values(value):
            got = new_k.get(v)
            if got == "mixed":
                return f"object guard: {v} is called one kind of thing and is another on disk"
            if got is not None and got != need:
                return f"object guard: {v} is a {got}, {tool_name} {arg!r} takes a {need}"
            if got is None and need in ("file", "folder") and getattr(tool, "risk", "read") == "read" and not sure:
                # "the contents of /var/www": either, by the words; a folder to make does not exist yet
                return (f"object guard: nothing says whether {v} is a file or a folder (no extension, not on disk, "
                        f"not called one); {tool_name} {arg!r} takes a {need}")
    return None
