"""The file-action stage: clear requests to delete, move, rename, copy, make a folder, search inside files,
find a file by name, open something or fetch a page become their tool call by rules, after L0, before L1/L2.

Embeddings cannot tell "cancella a.txt" from "leggi a.txt" (they are ~0.97 apart), and a tiny planner
model picks a reading tool for both: so an explicit action verb with explicit paths is decided here,
deterministically. A write action with no usable path gets a question back ("which file?"), never a
read in its place. Anything unclear returns None and goes on to the fast path and the planner. The
tools still ask for approval; nothing here executes.

A clause is read once (file_clause.py) and tried against one small rule per action, in order (`_RULES`): the
ones that change the disk here, then the lookups (file_lookup.py: a page, a search inside files, a find, open).
"""
from __future__ import annotations

import json
import re
from typing import Any, Callable

from app.lang.actions import ActionSig, action_of
from app.lang.args_extractor import LIST_KINDS, extract, masked_text
from app.lang.later import asks_later
from app.lang.lexicon import OBJECTS
from app.lang.messages import Message, register
from app.lang.path_shape import beside, has_short_extension, parent
from app.lang.rules.file_phrases import FILE_PHRASES
from app.tools.catalog import core_tool

from .file_clause import NOT_A_FILE_ACTION, RULE_WORDS, FileClause, Plan, leftover, named_place, read_clause, step
from .file_lookup import (
    DEFAULT_APP,
    GREP_CUES,
    IN_FILES,
    LOOKUP_RULES,
    LOOKUP_TOOLS,
    OPEN_WORDS,
    PATTERN_AFTER,
    WHERE_IS,
)

register({
    "route.need_path": {"it": "Per {what} mi serve il percorso completo di «{name}» (per esempio /home/tu/{name}): "
                              "dove si trova?",
                        "en": "To {what} I need the full path of “{name}” (for example /home/you/{name}): "
                              "where is it?"},
    # a question back ends with "?" — as a sentence ("Per cancellare dimmi quale file…") it read as an instruction
    # and everyday4-68 ("buttalo") counted it as no question
    "route.need_target": {"it": "Quale file o cartella vuoi {what}? Dimmi il percorso completo (per esempio "
                                "/home/tu/file.txt).",
                          "en": "Which file or folder should I {what}? Tell me its full path (for example "
                                "/home/you/file.txt)."},
    "route.need_dest": {"it": "Dove devo {what} {name}? Dimmi la cartella di destinazione o il nuovo nome.",
                        "en": "Where should I {what} {name}? Tell me the destination folder or the new name."},
    "route.what.delete": {"it": "cancellare", "en": "delete"},
    "route.what.move": {"it": "spostare", "en": "move"},
    "route.what.rename": {"it": "rinominare", "en": "rename"},
    "route.what.copy": {"it": "copiare", "en": "copy"},
})

# The tools these rules make calls of: the ones that change the disk here, the lookups in file_lookup.py. What
# each is asked with (its verbs) and what a request may call the thing it acts on (its object names) are in its
# own declaration (app/tools/slots.py), not here.
_CHANGE_TOOLS = ("delete_files", "move_files", "copy_files", "make_folder")
# Object words a file call can carry without changing it: the kind of thing named ("la foto X.jpg", "la cartella").
_PLAIN_OBJECTS = frozenset(n for t in (*_CHANGE_TOOLS, *LOOKUP_TOOLS) for n in core_tool(t).slots.names)
# Every other object class of the vocabulary (qualifiers such as "scope:all" aside) names something no file call
# acts on ("manda la mail", "cancella il promemoria"): not a clause for these rules.
NON_FILE_OBJECTS = frozenset(k for k in OBJECTS if ":" not in k) - _PLAIN_OBJECTS


# The words of requests these rules read are tables (app/lang/rules/file_phrases.py), each rule with the
# sentences it must and must not match; the search and open rules' are in file_lookup.py.
EDIT_WORDS = FILE_PHRASES.pattern("edit_words")
DUPLICATES = FILE_PHRASES.pattern("duplicates")
EMPTY_WORDS = FILE_PHRASES.pattern("empty_words")
# "cancella il contenuto della cartella X" empties X; "… del file X" would empty a file, which nothing does
CONTENTS_OF = FILE_PHRASES.pattern("contents_of")
MKDIR_WORDS = FILE_PHRASES.pattern("mkdir_words")  # "fai partire X" starts X, it makes nothing
# "metti X nella cartella Y", "put X into Y": two full paths and nothing else is a move.
PUT = FILE_PHRASES.pattern("put")
# Actions that change the disk (the only leftover words their rules may ignore: file_clause.RULE_WORDS).
CHANGES = frozenset(v for t in _CHANGE_TOOLS for v in core_tool(t).slots.verbs)
# "sposta", "rinomina", "copia": the verb picks the tool that takes a destination ("move" -> move_files)
_MOVERS = {v: t for t in _CHANGE_TOOLS if core_tool(t).slots.dest for v in core_tool(t).slots.verbs}
_INTO_FILE = FILE_PHRASES.rule("into_file")  # "sposta X dentro il file Y": the destination path follows
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
    said = leftover(clause, sig, (PATTERN_AFTER, GREP_CUES, IN_FILES, WHERE_IS, DEFAULT_APP, MKDIR_WORDS, PUT), values)
    plain = _PLAIN_OBJECTS | ({"recency:new"} if plan.steps[0]["tool"] == "make_folder" else set())  # "new folder"
    if plan.steps[0]["tool"] == "find_files" and plan.steps[0]["args"].get("ext"):
        plain |= {"scope:all"}  # "tutti i .csv in X": every file of a kind is what finding them gives
    said = (said - OPEN_WORDS) | (set(sig.objects) - plain)
    if said:  # "fammi una cartella X recursively", "cancella X in inglese": more than the call carries
        return Plan(hold=f"the request says more than the rules' call carries ({', '.join(sorted(said))})")
    unused = _unused_values(slots, plan.steps)
    if unused:
        return Plan(hold=f"the rules' call would leave out {unused}")
    return plan



def _unused_values(slots: dict[str, Any], steps: list[dict[str, Any]]) -> list[str]:
    """Values the clause carries (its `slots`) that no step's arguments contain."""
    args = json.dumps([s["args"] for s in steps], ensure_ascii=False).lower()
    out: list[str] = []
    for kind in LIST_KINDS:
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
    """The first rule that decides the clause (`_RULES`, in order), or None: no file action these rules take."""
    sig = sig or action_of(clause)
    if sig.negated or sig.objects & NON_FILE_OBJECTS:
        return None
    if not sig.actions and not _MAYBE.search(clause):
        return None
    c = read_clause(clause, sig, has_tool)
    for rule in _RULES:
        plan = rule(c)
        if plan is not None:
            return None if plan is NOT_A_FILE_ACTION else plan
    return None


def _change_says_more(c: FileClause) -> Plan | None:
    """A change the rules would make with less than was said: held for the planner."""
    if not c.acts & CHANGES or asks_later(c.text, c.slots):  # (a later time is the stage's: "cannot schedule")
        return None
    unread = c.sig.content - RULE_WORDS
    if unread:  # "distruggi in modo sicuro X", "crea una cartella condivisa X": more than these rules read
        return Plan(hold=f"the request says more than the rules read ({', '.join(sorted(unread))})")
    if c.slots.get("ext") or "scope:all" in c.sig.objects or c.slots.get("date") or c.slots.get("window"):
        # "sposta tutti i txt di X in Y", "cancella X ogni domenica": a choice of files or a day, not a path
        return Plan(hold="which files, or when: more than a path the rules act on")
    return None


def _delete(c: FileClause) -> Plan | None:
    """"cancella X", "svuota la cartella X": the named files or folders to the trash, or a folder's contents."""
    if c.first not in core_tool("delete_files").slots.verbs or not c.has_tool("delete_files"):
        return None
    if c.first == "empty" and ("trash" in c.sig.objects or "folder" not in c.sig.objects):
        return Plan(hold="emptying a file or the trash is not deleting it, and no tool truncates")
    said = masked_text(c.text)  # a file named "duplicate_track.mp3" is not the word "duplicates"
    if EDIT_WORDS.search(said) or DUPLICATES.search(said) or c.quoted or c.urls:
        return Plan(hold="deleting lines or words is editing a file's content")
    if not c.full:
        return Plan(question=Message("route.need_path", what=Message("route.what.delete"), name=c.bare[0])
                    if c.bare else Message("route.need_target", what=Message("route.what.delete")))
    if any(r == "loc" for r in c.sig.roles) or c.bare:
        return Plan(hold="which files to delete is a search")  # "cancella i file pdf nella home"
    args: dict[str, Any] = {"paths": c.full}
    contents = CONTENTS_OF.search(c.text) is not None
    if contents and "folder" not in c.sig.objects:
        return Plan(hold="deleting what a file holds is emptying it, not deleting it, and no tool truncates")
    if c.first == "empty" or EMPTY_WORDS.search(c.text) or contents:
        if len(c.full) != 1:
            return Plan(hold="emptying several folders at once")
        args["contents_only"] = True
    return Plan([step("delete_files", args)])


def _put(c: FileClause) -> Plan | None:
    """"metti X nella cartella Y", "put X into Y": two full paths and no verb is a move."""
    put = PUT.match(c.text)
    full = c.full
    if put and not c.acts and len(full) == 2 and full == [put.group(1), put.group(2)] and c.has_tool("move_files"):
        return Plan([step("move_files", {"paths": [full[0]], "dest": full[1]})])
    return None


def _move(c: FileClause) -> Plan | None:
    """Move, rename or copy: the files and where they go, or the question that asks for the missing path."""
    tool = _MOVERS.get(c.first)
    if tool is None or not c.has_tool(tool):
        return None
    what = Message(f"route.what.{c.first}")
    if EDIT_WORDS.search(masked_text(c.text)) or c.urls:
        return Plan(hold=f"{c.first} of lines, words or a page is not a file action")
    if not c.full:
        return Plan(question=Message("route.need_path", what=what, name=c.bare[0]) if c.bare
                    else Message("route.need_target", what=what))
    if len(c.full) >= 2:
        return _move_between(c, tool)
    return _move_one(c, tool, what)


def _move_between(c: FileClause, tool: str) -> Plan:
    """Two full paths or more: which one is the destination, by the paths' roles ("sposta in Y il file X")."""
    full, roles = c.full, list(c.sig.roles)
    if len(roles) != len(c.paths) or sum(r == "loc" for r in roles) > 1 or roles[-1] == "obj" and len(full) > 2:
        return Plan(hold="two destinations, or no clear one")  # the planner asks or plans
    dest_i = roles.index("loc") if roles.count("loc") == 1 and len(full) == len(roles) else len(full) - 1
    dest, srcs = full[dest_i], full[:dest_i] + full[dest_i + 1:]  # "sposta in Y il file X": Y is where
    if c.first == "rename" and parent(dest) != parent(srcs[0]):
        return Plan(hold="a rename into another folder is a move in disguise")  # not guessed
    into_dest = _INTO_FILE.source() + re.escape(dest)
    if re.search(into_dest, c.text, _INTO_FILE.flags):
        return Plan(hold="moving or copying into a file is not possible")  # "sposta X dentro il file Y"
    return Plan([step(tool, {"paths": srcs, "dest": dest})])


def _move_one(c: FileClause, tool: str, what: Message) -> Plan:
    """One full path: a bare name said with it is the new name, a named folder is where; else ask where."""
    src, bare = c.full[0], c.bare
    if bare and c.paths.index(bare[0]) < c.paths.index(src):
        # "sposta foto.jpg in ~/Foto": the bare name is what moves, and its folder is unknown — never the
        # folder renamed to it
        return Plan(question=Message("route.need_path", what=what, name=bare[0]))
    if bare:
        return Plan([step(tool, {"paths": [src], "dest": beside(src, bare[-1])})])
    named = named_place(c.text)
    if named:
        return Plan([step(tool, {"paths": [src], "dest": named})])
    return Plan(question=Message("route.need_dest", what=what, name=src))


def _make_folder(c: FileClause) -> Plan | None:
    """"crea la cartella X": one full path whose last part is no file name."""
    if ("folder" in c.sig.objects and MKDIR_WORDS.search(c.text) and c.acts <= set(core_tool("make_folder").slots.verbs)
            and c.has_tool("make_folder") and len(c.full) == 1 and not c.quoted):
        last = c.full[0].rstrip("/").rsplit("/", 1)[-1]
        if not has_short_extension(last):
            return Plan([step("make_folder", {"path": c.full[0]})])
    return None


# The rules in the order they are tried, the first that decides wins: the changes, then the lookups (file_lookup.py).
_RULES: tuple[Callable[[FileClause], Plan | None], ...] = (
    _change_says_more, _delete, _put, _move, _make_folder, *LOOKUP_RULES)
