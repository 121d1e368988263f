"""The file-action stage: clear requests to delete, move, rename, copy, make a folder, search inside files,
find a file by name, open something or fetch a page become their tool call by rules, before L0/L1/L2.

Embeddings cannot tell "cancella a.txt" from "leggi a.txt" (they are ~0.97 apart), and a tiny planner
model picks a reading tool for both: so an explicit action verb with explicit paths is decided here,
deterministically. A write action with no usable path gets a question back ("which file?"), never a
read in its place. Anything unclear returns None and goes on to the fast path and the planner. The
tools still ask for approval; nothing here executes.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

from app.lang.actions import ActionSig, action_of, asked_part
from app.lang.args_extractor import extract, masked_text
from app.lang.later import asks_later
from app.lang.lexicon import STOPWORDS
from app.lang.messages import Message, register
from app.lang.rules.app_names import APP_NAMES
from app.lang.rules.file_phrases import FILE_PHRASES
from app.lang.rules.search_phrases import SEARCH_PHRASES
from app.lang.rules.table import Table
from app.lang.words import stem

register({
    "route.need_path": {"it": "Per {what} mi serve il percorso completo di «{name}» (per esempio /home/tu/{name}): "
                              "dove si trova?",
                        "en": "To {what} I need the full path of “{name}” (for example /home/you/{name}): "
                              "where is it?"},
    "route.need_target": {"it": "Per {what} dimmi quale file o cartella, con il percorso completo (per esempio "
                                "/home/tu/file.txt).",
                          "en": "To {what}, tell me which file or folder, with its full path (for example "
                                "/home/you/file.txt)."},
    "route.need_dest": {"it": "Dove devo {what} {name}? Dimmi la cartella di destinazione o il nuovo nome.",
                        "en": "Where should I {what} {name}? Tell me the destination folder or the new name."},
    "route.what.delete": {"it": "cancellare", "en": "delete"},
    "route.what.move": {"it": "spostare", "en": "move"},
    "route.what.rename": {"it": "rinominare", "en": "rename"},
    "route.what.copy": {"it": "copiare", "en": "copy"},
})

NON_FILE_OBJECTS = frozenset({"email", "message", "memory", "note", "calendar", "reminder", "alarm", "timer",
                              "contact", "task", "password", "volume", "light", "network", "weather", "news",
                              "battery", "screen"})  # object classes of the vocabulary, not words


def _words(table: Table, *ids: str) -> frozenset[str]:
    """The words of some rules of a table, as one set (the stage looks each word up whole)."""
    return frozenset(w for i in ids for w in table.rule(i).words)


def _alt(table: Table, *ids: str) -> str:
    """The words of some rules, joined in order into one alternation (no rule over 25 branches, split by
    meaning; joined they are the one pattern the stage has always used)."""
    return "|".join(w for i in ids for w in table.rule(i).words)


# The words of requests these rules read are tables (app/lang/rules/file_phrases.py, search_phrases.py,
# app_names.py), each rule with the sentences it must and must not match.
EDIT_WORDS = FILE_PHRASES.pattern("edit_words")
DUPLICATES = FILE_PHRASES.pattern("duplicates")
EMPTY_WORDS = FILE_PHRASES.pattern("empty_words")
# "cancella il contenuto della cartella X" empties X; "… del file X" would empty a file, which nothing does
CONTENTS_OF = FILE_PHRASES.pattern("contents_of")
MKDIR_WORDS = FILE_PHRASES.pattern("mkdir_words")  # "fai partire X" starts X, it makes nothing
DEFAULT_APP = FILE_PHRASES.pattern("default_app")
OPEN_VERBS = FILE_PHRASES.pattern("open_verbs")
GREP_CUES = re.compile(r"\b(" + _alt(SEARCH_PHRASES, "grep_inside", "grep_mentions", "grep_named_text",
                                      "grep_talks_about") + r")\b", re.IGNORECASE)
PATTERN_AFTER = SEARCH_PHRASES.pattern("pattern_after")
# "metti X nella cartella Y", "put X into Y": two full paths and nothing else is a move.
PUT = FILE_PHRASES.pattern("put")
WHERE_IS = SEARCH_PHRASES.pattern("where_is")
NOT_IN_A_NAME = _words(APP_NAMES, "not_in_a_name")
APP_STOP = _words(APP_NAMES, "app_stop_articles", "app_stop_program", "app_stop_courtesy")
# Files, mail, pronouns, parts of the machine, things in a house, programs in general: no application's name
NOT_APP = _words(APP_NAMES, "not_app_files", "not_app_mail", "not_app_pronouns", "not_app_machine", "not_app_house",
                 "not_app_general")
# Words that say the text to look for comes next ("che contengono X", "which mention X"): a search by
# themselves. "il testo di X" / "the text of X" only name what a read shows, so they need a search verb.
CONTAIN_CUES = SEARCH_PHRASES.pattern("contain_cue")  # applied whole to the cue word (fullmatch)
# "cerca nei file di X": a search inside the files, which needs something to look for.
IN_FILES = SEARCH_PHRASES.pattern("in_files")
# "la parola X", "the word X": a literal to look for (unlike "il testo di X", which is what a read shows).
LITERAL_CUES = SEARCH_PHRASES.pattern("literal_cue")
_ASKS_WHICH = SEARCH_PHRASES.pattern("asks_which")
_WRITTEN_THERE = SEARCH_PHRASES.pattern("written_there")
_INDEFINITE = _words(APP_NAMES, "indefinite")
_COMMON_FOLDER_NAMES = _words(APP_NAMES, "common_folder_names")
# Actions that change the disk, and the only leftover words their rules may ignore ("nuova cartella", "called X").
CHANGES = frozenset({"delete", "empty", "move", "rename", "copy", "write", "append"})
RULE_WORDS = frozenset({"nuov", "new", "call", "chiam", "nam", "nom", "scritt", "written", "~word"})


# What the search and open rules read besides their cue phrases: "la parola X", "which files mention X".
_SEARCH_WORDS = frozenset(stem(w) for w in SEARCH_PHRASES.rule("search_words").words) | {"~word"}
# ...and what the open rules read: the program the person names as "the default one".
_OPEN_WORDS = frozenset(stem(w) for w in APP_NAMES.rule("open_words").words)


def _leftover(clause: str, sig: ActionSig, cues: tuple[re.Pattern[str], ...], value: str | None = None) -> set[str]:
    """Content words of `clause` that neither its cue phrases nor its value account for."""
    asked = asked_part(clause)  # "mi serve un posto per le foto: crea la cartella X": the reason is no more to do
    rest = asked
    for rx in cues:
        rest = rx.sub(" ", rest)
    left: set[str] = set(action_of(rest).content) if rest != asked else set(sig.content)
    if value:
        left -= {stem(w) for w in re.findall(r"\w+", value.lower())}
    return left - _SEARCH_WORDS - RULE_WORDS


_INTO_FILE = FILE_PHRASES.rule("into_file")  # "sposta X dentro il file Y": the destination path follows


@dataclass
class Plan:
    """What a clause turns into: tool steps, or a question back, or nothing (not a file action)."""

    steps: list[dict[str, Any]] = field(default_factory=list)
    question: Message | None = None
    hold: str | None = None  # a file action the rules decline: the planner decides, never a fast-path replay


def _abs(paths: list[str]) -> list[str]:
    return [p for p in paths if p.startswith(("/", "~")) or re.match(r"^[A-Za-z]:\\", p)]


@lru_cache(maxsize=1)
def _folder_names() -> list[tuple[str, re.Pattern[str]]]:
    """Each named folder's names, longest first, with its pattern (built once: this runs before every request)."""
    from app.tools.places import ALIASES

    out: list[tuple[str, re.Pattern[str]]] = []
    for names in ALIASES.values():
        for n in sorted(names, key=len, reverse=True):
            if n == "~" or n in _COMMON_FOLDER_NAMES:
                continue  # too common as plain words
            out.append((n, re.compile(rf"(?<![\w/~.]){re.escape(n)}(?![\w/.])")))
    return out


def _named(text: str) -> str | None:
    """A named user folder in the clause ("in Documenti", "to my Desktop"), as a path."""
    from app.tools.places import named_folder

    low = text.lower()
    for n, rx in _folder_names():
        if n in low and rx.search(low):
            p = named_folder(n)
            if p is not None:
                return str(p)
    return None


def _installed(name: str) -> bool:
    from app.tools.opener import find_app

    try:
        return find_app(name) is not None
    except OSError:
        return False


def _step(tool: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"tool": tool, "args": args, "arg_sources": {k: "rules" for k in args}}


def _join(folder: str, name: str) -> str:
    return folder.rstrip("/") + "/" + name


# Verbs whose object is the files' text ("leggi tutti i .md in X" reads them; finding them is not reading them).
_READS = FILE_PHRASES.pattern("reads")


# Without a verb, only these can make a clause a file action: a path or address, "metti/put X in Y", "dov'è",
# "che contengono": anything else goes on at once (this stage runs before every request, L0 phrases included).
_MAYBE = FILE_PHRASES.pattern("maybe")


def plan_clause(clause: str, has_tool: Callable[[str], bool], sig: ActionSig | None = None) -> Plan | None:
    """The clause's tool call by rules, a question back, a hold, or None; a call that would leave out something
    the clause says (a number, a day, a kind of file, a second path) is held for the planner instead."""
    plan = _plan_clause(clause, has_tool, sig)
    if plan is None or not plan.steps:
        return plan
    slots = extract(clause)
    if asks_later(clause, slots):
        return plan  # (a later time is the stage's to answer: "cannot schedule")
    sig = sig or action_of(clause)
    values = " ".join(str(v) for st in plan.steps for v in st["args"].values())  # "start firefox": the app's name
    said = _leftover(clause, sig, (PATTERN_AFTER, GREP_CUES, IN_FILES, WHERE_IS, DEFAULT_APP, MKDIR_WORDS, PUT), values)
    plain = _PLAIN_OBJECTS | ({"recency:new"} if plan.steps[0]["tool"] == "make_folder" else set())  # "new folder"
    if plan.steps[0]["tool"] == "find_files" and plan.steps[0]["args"].get("ext"):
        plain |= {"scope:all"}  # "tutti i .csv in X": every file of a kind is what finding them gives
    said = (said - _OPEN_WORDS) | (set(sig.objects) - plain)
    if said:  # "fammi una cartella X recursively", "cancella X in inglese": more than the call carries
        return Plan(hold=f"the request says more than the rules' call carries ({', '.join(sorted(said))})")
    unused = _unused_values(slots, plan.steps)
    if unused:
        return Plan(hold=f"the rules' call would leave out {unused}")
    return plan


# Object words a file call can carry without changing it: the kind of thing named ("la foto X.jpg", "la cartella").
_PLAIN_OBJECTS = frozenset({"folder", "app", "web", "image", "music", "video", "trash"})


def _unused_values(slots: dict[str, Any], steps: list[dict[str, Any]]) -> list[str]:
    """Values the clause carries (its `slots`) that no step's arguments contain."""
    args = json.dumps([s["args"] for s in steps], ensure_ascii=False).lower()
    out: list[str] = []
    for kind in ("path", "url", "email", "number", "ext", "date", "time", "quoted"):
        for v in slots.get(kind) or []:
            text = str(v).lower()
            if kind == "ext":
                text = text.lstrip("*.")
            if kind == "path":
                text = text.rstrip("/").rsplit("/", 1)[-1] or text
            if text and text not in args:
                out.append(f"{kind} {v}")
    if slots.get("window") and not slots.get("date"):
        out.append("a time window")
    return out


def _plan_clause(clause: str, has_tool: Callable[[str], bool], sig: ActionSig | None = None) -> Plan | None:
    sig = sig or action_of(clause)
    if sig.negated or sig.objects & NON_FILE_OBJECTS:
        return None
    if not sig.actions and not _MAYBE.search(clause):
        return None
    slots = extract(clause)
    paths = list(slots.get("path") or [])
    full = _abs(paths)
    bare = [p for p in paths if p not in full]
    urls = list(slots.get("url") or [])
    quoted = [q for q in slots.get("quoted") or [] if q not in paths]
    acts = set(sig.actions)
    first = sig.actions[0] if sig.actions else ""
    if acts & CHANGES and not asks_later(clause, slots):  # (a later time is the stage's: "cannot schedule")
        unread = sig.content - RULE_WORDS
        if unread:  # "distruggi in modo sicuro X", "crea una cartella condivisa X": more than these rules read
            return Plan(hold=f"the request says more than the rules read ({', '.join(sorted(unread))})")
        if slots.get("ext") or "scope:all" in sig.objects or slots.get("date") or slots.get("window"):
            # "sposta tutti i txt di X in Y", "cancella X ogni domenica": a choice of files or a day, not a path
            return Plan(hold="which files, or when: more than a path the rules act on")

    if first in ("delete", "empty") and has_tool("delete_files"):
        if first == "empty" and ("trash" in sig.objects or "folder" not in sig.objects):
            return Plan(hold="emptying a file or the trash is not deleting it, and no tool truncates")
        said = masked_text(clause)  # a file named "duplicate_track.mp3" is not the word "duplicates"
        if EDIT_WORDS.search(said) or DUPLICATES.search(said) or quoted or urls:
            return Plan(hold="deleting lines or words is editing a file's content")
        if not full:
            return Plan(question=Message("route.need_path", what=Message("route.what.delete"), name=bare[0])
                        if bare else Message("route.need_target", what=Message("route.what.delete")))
        if any(r == "loc" for r in sig.roles) or bare:
            return Plan(hold="which files to delete is a search")  # "cancella i file pdf nella home"
        args: dict[str, Any] = {"paths": full}
        contents = CONTENTS_OF.search(clause) is not None
        if contents and "folder" not in sig.objects:
            return Plan(hold="deleting what a file holds is emptying it, not deleting it, and no tool truncates")
        if first == "empty" or EMPTY_WORDS.search(clause) or contents:
            if len(full) != 1:
                return Plan(hold="emptying several folders at once")
            args["contents_only"] = True
        return Plan([_step("delete_files", args)])

    put = PUT.match(clause)
    if put and not acts and len(full) == 2 and full == [put.group(1), put.group(2)] and has_tool("move_files"):
        return Plan([_step("move_files", {"paths": [full[0]], "dest": full[1]})])

    if first in ("move", "rename", "copy") and has_tool("copy_files" if first == "copy" else "move_files"):
        tool = "copy_files" if first == "copy" else "move_files"
        what = Message(f"route.what.{first}")
        if EDIT_WORDS.search(masked_text(clause)) or urls:
            return Plan(hold=f"{first} of lines, words or a page is not a file action")
        if not full:
            return Plan(question=Message("route.need_path", what=what, name=bare[0]) if bare
                        else Message("route.need_target", what=what))
        if len(full) >= 2:
            roles = list(sig.roles)
            if len(roles) != len(paths) or sum(r == "loc" for r in roles) > 1 or roles[-1] == "obj" and len(full) > 2:
                return Plan(hold="two destinations, or no clear one")  # the planner asks or plans
            dest_i = roles.index("loc") if roles.count("loc") == 1 and len(full) == len(roles) else len(full) - 1
            dest, srcs = full[dest_i], full[:dest_i] + full[dest_i + 1:]  # "sposta in Y il file X": Y is where
            if first == "rename" and dest.rstrip("/").rsplit("/", 1)[0] != srcs[0].rstrip("/").rsplit("/", 1)[0]:
                return Plan(hold="a rename into another folder is a move in disguise")  # not guessed
            into_dest = _INTO_FILE.source() + re.escape(dest)
            if re.search(into_dest, clause, _INTO_FILE.flags):
                return Plan(hold="moving or copying into a file is not possible")  # "sposta X dentro il file Y"
            return Plan([_step(tool, {"paths": srcs, "dest": dest})])
        src = full[0]
        if bare and paths.index(bare[0]) < paths.index(src):
            # "sposta foto.jpg in ~/Foto": the bare name is what moves, and its folder is unknown — never the
            # folder renamed to it
            return Plan(question=Message("route.need_path", what=what, name=bare[0]))
        if bare:
            folder = src.rstrip("/").rsplit("/", 1)[0] or "/"
            return Plan([_step(tool, {"paths": [src], "dest": _join(folder, bare[-1])})])
        named = _named(clause)
        if named:
            return Plan([_step(tool, {"paths": [src], "dest": named})])
        return Plan(question=Message("route.need_dest", what=what, name=src))

    if ("folder" in sig.objects and MKDIR_WORDS.search(clause) and (acts <= {"write", "append"})
            and has_tool("make_folder") and len(full) == 1 and not quoted):
        last = full[0].rstrip("/").rsplit("/", 1)[-1]
        if not re.search(r"\.\w{1,5}$", last):
            return Plan([_step("make_folder", {"path": full[0]})])

    if urls and not paths:  # reading a page is the planner's (get_urls); opening it in the browser is said so
        if DEFAULT_APP.search(clause) and not acts - {"read", "open", "start"} and has_tool("open_path"):
            return Plan([_step("open_path", {"target": urls[0]})])
        return None

    root = (full[-1] if full else None) or _named(clause)
    if root and GREP_CUES.search(clause) and acts <= {"find", "read", "list"} and has_tool("search_in_files"):
        m = PATTERN_AFTER.search(clause)  # "in quali file di X c'è la parola Y", "which files in X mention Y"
        pattern = quoted[0] if quoted else (m.group(1) if m else None)
        cue = m.group(0).split()[0] if m else ""
        if pattern and pattern.startswith(("/", "~")):
            pattern = None  # "elenca cosa contiene /tmp/x": the path is the place, not the text to look for
        asked = "?" in clause or _ASKS_WHICH.search(clause) is not None
        # "c'è la parola timeout?" looks for it; "metti dentro X la scritta Y" writes it
        literal = m is not None and LITERAL_CUES.match(m.group(0)) is not None and (asked or bool(acts))
        searched = "find" in acts or WHERE_IS.search(clause) or (m is not None and CONTAIN_CUES.fullmatch(cue)) or (
            literal) or (bool(quoted) and _WRITTEN_THERE.search(clause) and "write" not in acts)
        if pattern and pattern.lower() not in STOPWORDS and searched:
            extra = _leftover(clause, sig, (PATTERN_AFTER, GREP_CUES, IN_FILES, WHERE_IS), pattern)
            if extra:  # "evidenzia la parola X nei file di Y": highlighting is not finding
                return Plan(hold=f"a search with words the rules do not read ({', '.join(sorted(extra))})")
            if slots.get("ext"):  # "solo nei pdf di X": the tool has no filter by kind, so it would search them all
                return Plan(hold="a search inside one kind of file: the search tool takes no such filter")
            return Plan([_step("search_in_files", {"root": root, "pattern": pattern})])
        if IN_FILES.search(clause) and not slots.get("ext") and ("find" in acts or WHERE_IS.search(clause)):
            return Plan(hold="a search inside the files with nothing to look for")  # not "list every file"
    exts = list(slots.get("ext") or [])
    if (len(exts) == 1 and len(full) == 1 and not bare and not quoted and not urls and acts
            and acts <= {"read", "get", "list"} and sig.roles == ("loc",) and not sig.content
            and not sig.objects - {"scope:all", "folder"} and not slots.get("date") and not slots.get("window")
            and not _READS.search(clause)
            and has_tool("find_files")):  # "show me the gif files in X", "elenca tutti i .csv in X"
        return Plan([_step("find_files", {"root": full[0], "ext": exts[0]})])
    if "find" in acts or WHERE_IS.search(clause):
        if root and bare and has_tool("find_files"):
            return Plan([_step("find_files", {"root": root, "pattern": bare[0]})])
        return None

    if has_tool("open_path"):
        if full and DEFAULT_APP.search(clause) and not acts - {"read", "open", "start", "play"}:
            extra = _leftover(clause, sig, (DEFAULT_APP,)) - _OPEN_WORDS
            if extra:  # "show X in the file manager, highlighted in its folder"
                return Plan(hold=f"opening with words the rules do not read ({', '.join(sorted(extra))})")
            return Plan([_step("open_path", {"target": full[0]})])
        if full and acts & {"start", "play"} and not acts - {"read", "open", "start", "play"}:
            return Plan([_step("open_path", {"target": full[0]})])
        m = OPEN_VERBS.match(clause)
        if m and not paths and not urls:
            words = [w for w in re.split(r"\s+|(?<=\b[lL]')|(?<=\b[uU]n')", m.group(2).strip())  # "open spotify
                     if w and w.lower() not in APP_STOP and re.search(r"\w", w)]  # pls 🎧", "apri l'app Spotify"
            name = " ".join(words)
            first = m.group(2).split()[0].lower()
            indefinite = first in _INDEFINITE or first.startswith("un'")
            if 1 <= len(words) <= 3 and not {w.lower() for w in words} & (NOT_APP | NOT_IN_A_NAME) and not indefinite \
                    and not sig.objects - {"app"}:  # "apri un conto in banca", "open a ticket": not an app
                if m.group(1).lower() not in ("run", "esegui") or _installed(name):
                    return Plan([_step("open_path", {"target": name})])  # "esegui le istruzioni" is not an app
    return None
