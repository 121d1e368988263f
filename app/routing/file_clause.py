"""A clause as the file-action rules read it, and what they make of it (a `Plan`).

The rules themselves are in file_stage.py (the actions that change the disk: delete, empty, move, rename, copy,
make a folder) and file_lookup.py (search inside files, find files, open a file, a page or an application); both
read the clause through `read_clause` once, so every rule sees the same paths, names and addresses.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, Callable

from app.lang.actions import ActionSig, action_of, asked_part
from app.lang.args_extractor import extract
from app.lang.messages import Message
from app.lang.path_shape import has_drive, said_outside_paths
from app.lang.paths_said import resolve
from app.lang.rules.app_names import APP_NAMES
from app.lang.rules.search_phrases import SEARCH_PHRASES
from app.lang.rules.table import Table
from app.lang.tokens import word_runs
from app.lang.words import stem
from app.tools.catalog import core_tool


def words_of(table: Table, *ids: str) -> frozenset[str]:
    """The words of some rules of a table, as one set (the stage looks each word up whole)."""
    return frozenset(w for i in ids for w in table.rule(i).words)


_COMMON_FOLDER_NAMES = words_of(APP_NAMES, "common_folder_names")
# The only leftover words the rules of a change may ignore ("nuova cartella", "called X").
RULE_WORDS = frozenset({"nuov", "new", "call", "chiam", "nam", "nom", "scritt", "written", "~word"})
# What the search and open rules read besides their cue phrases: "la parola X", "which files mention X".
_SEARCH_WORDS = frozenset(stem(w) for w in SEARCH_PHRASES.rule("search_words").words) | {"~word"}


@dataclass
class Plan:
    """What a clause turns into: tool steps, or a question back, or nothing (not a file action)."""

    steps: list[dict[str, Any]] = field(default_factory=list)
    question: Message | None = None
    hold: str | None = None  # a file action the rules decline: the planner decides, never a fast-path replay


# A rule's answer that ends the search for one: the clause is no file action these rules take (None from a rule
# only means "not mine", and the next rule looks).
NOT_A_FILE_ACTION = Plan(hold="not a file action")


@dataclass
class FileClause:
    """The clause's words (`sig`) and values, split as the rules use them."""

    text: str
    sig: ActionSig
    has_tool: Callable[[str], bool]
    slots: dict[str, Any]
    paths: list[str]  # every path said, in order
    full: list[str]  # ...those written whole (from / or ~, or a drive)
    bare: list[str]  # ...and the bare names ("report.pdf": the folder is not said)
    urls: list[str]
    quoted: list[str]  # quoted text that is not a path
    acts: set[str]
    first: str  # the first action asked, "" when none

    @cached_property
    def root(self) -> str | None:
        """The place a search or a find looks in: the last full path, or a named folder ("in Documenti")."""
        return (self.full[-1] if self.full else None) or named_place(self.text)


# the actions of the tools that act on a named file (delete, move or rename, copy): their verbs, as declared
_ACTS_ON_A_FILE = frozenset(v for t in ("delete_files", "move_files", "copy_files") for v in core_tool(t).slots.verbs)


def read_clause(clause: str, sig: ActionSig, has_tool: Callable[[str], bool]) -> FileClause:
    slots = extract(clause)
    paths = list(slots.get("path") or [])
    if set(sig.actions) & _ACTS_ON_A_FILE:
        # paths as the person meant them, read as the planner reads them (app/lang/paths_said.py): "rinomina
        # lettera.txt in /x/Documenti come nuova.txt" asked for a full path the request had given (everyday4-16).
        # Not for a find, which wants the folder and the name apart ("find my file called rota.xlsx in ~/x").
        paths = resolve(clause, paths, list(slots.get("quoted") or []))
    full = _abs(paths)
    return FileClause(clause, sig, has_tool, slots, paths, full, [p for p in paths if p not in full],
                      list(slots.get("url") or []), [q for q in slots.get("quoted") or [] if q not in paths],
                      set(sig.actions), sig.actions[0] if sig.actions else "")


def step(tool: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"tool": tool, "args": args, "arg_sources": {k: "rules" for k in args}}


def leftover(clause: str, sig: ActionSig, cues: tuple[re.Pattern[str], ...], value: str | None = None) -> set[str]:
    """Content words of `clause` that neither its cue phrases nor its value account for."""
    asked = asked_part(clause)  # "mi serve un posto per le foto: crea la cartella X": the reason is no more to do
    rest = asked
    for rx in cues:
        rest = rx.sub(" ", rest)
    left: set[str] = set(action_of(rest).content) if rest != asked else set(sig.content)
    if value:
        left -= {stem(w) for w in word_runs(value)}
    return left - _SEARCH_WORDS - RULE_WORDS


def _abs(paths: list[str]) -> list[str]:
    return [p for p in paths if p.startswith(("/", "~")) or has_drive(p, forward_slash=False)]


@lru_cache(maxsize=1)
def _folder_names() -> list[tuple[str, re.Pattern[str]]]:
    """Each named folder's names, longest first, with its pattern (built once: this runs before every request)."""
    from app.tools.places import ALIASES

    out: list[tuple[str, re.Pattern[str]]] = []
    for names in ALIASES.values():
        for n in sorted(names, key=len, reverse=True):
            if n == "~" or n in _COMMON_FOLDER_NAMES:
                continue  # too common as plain words
            out.append((n, said_outside_paths(n)))
    return out


def named_place(text: str) -> str | None:
    """A named user folder in the clause ("in Documenti", "to my Desktop"), as a path."""
    from app.tools.places import named_folder

    low = text.lower()
    for n, rx in _folder_names():
        if n in low and rx.search(low):
            p = named_folder(n)
            if p is not None:
                return str(p)
    return None
