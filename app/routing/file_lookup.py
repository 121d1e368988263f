"""The file-action rules that change nothing: open a page, search inside files, find files by kind or by name,
open a file or an application. Tried after the rules that change the disk (file_stage.py), in `LOOKUP_RULES`
order; each returns a Plan, NOT_A_FILE_ACTION (the clause is no file action: stop), or None (not mine).
"""
from __future__ import annotations

import re

from app.lang.lexicon import STOPWORDS
from app.lang.rules.app_names import APP_NAMES
from app.lang.rules.file_phrases import FILE_PHRASES
from app.lang.rules.search_phrases import SEARCH_PHRASES
from app.lang.tokens import has_word_char, split_elided
from app.lang.words import stem
from app.tools.catalog import core_tool

from .file_clause import NOT_A_FILE_ACTION, FileClause, Plan, leftover, step, words_of

# The words of requests these rules read are tables (app/lang/rules/file_phrases.py, search_phrases.py,
# app_names.py), each rule with the sentences it must and must not match.
DEFAULT_APP = FILE_PHRASES.pattern("default_app")
OPEN_VERBS = FILE_PHRASES.pattern("open_verbs")
GREP_CUES = SEARCH_PHRASES.word_of("grep_inside", "grep_mentions", "grep_named_text", "grep_talks_about")
PATTERN_AFTER = SEARCH_PHRASES.pattern("pattern_after")
WHERE_IS = SEARCH_PHRASES.pattern("where_is")
NOT_IN_A_NAME = words_of(APP_NAMES, "not_in_a_name")
APP_STOP = words_of(APP_NAMES, "app_stop_articles", "app_stop_program", "app_stop_courtesy")
# Files, mail, pronouns, parts of the machine, things in a house, programs in general: no application's name
NOT_APP = words_of(APP_NAMES, "not_app_files", "not_app_mail", "not_app_pronouns", "not_app_machine",
                   "not_app_house", "not_app_general")
# Words that say the text to look for comes next ("che contengono X", "which mention X"): a search by
# themselves. "il testo di X" / "the text of X" only name what a read shows, so they need a search verb.
CONTAIN_CUES = SEARCH_PHRASES.pattern("contain_cue")  # applied whole to the cue word (fullmatch)
# "cerca nei file di X": a search inside the files, which needs something to look for.
IN_FILES = SEARCH_PHRASES.pattern("in_files")
# "la parola X", "the word X": a literal to look for (unlike "il testo di X", which is what a read shows).
LITERAL_CUES = SEARCH_PHRASES.pattern("literal_cue")
_ASKS_WHICH = SEARCH_PHRASES.pattern("asks_which")
_WRITTEN_THERE = SEARCH_PHRASES.pattern("written_there")
_INDEFINITE = words_of(APP_NAMES, "indefinite")
# ...and what the open rules read: the program the person names as "the default one".
OPEN_WORDS = frozenset(stem(w) for w in APP_NAMES.rule("open_words").words)
# The tools these rules make calls of, and the verbs each may be asked with: its own declaration
# (app/tools/slots.py). Any other action said ("apri e modifica X") is more than the call does.
LOOKUP_TOOLS = ("open_path", "search_in_files", "find_files")
_OPEN_ASKED = frozenset(core_tool("open_path").slots.verbs)
_PAGE_ASKED = _OPEN_ASKED - {"play"}  # an address is opened, not played ("riproduci <url>" is the planner's)
_GREP_ASKED = frozenset(core_tool("search_in_files").slots.verbs)
_FIND_ASKED = frozenset(core_tool("find_files").slots.verbs)  # by kind; by name is "find" or "dov'è"
# Verbs whose object is the files' text ("leggi tutti i .md in X" reads them; finding them is not reading them).
_READS = FILE_PHRASES.pattern("reads")


def _installed(name: str) -> bool:
    from app.tools.opener import find_app

    try:
        return find_app(name) is not None
    except OSError:
        return False


def _page(c: FileClause) -> Plan | None:
    """An address and no path: reading a page is the planner's (get_urls); opening it in the browser is said so."""
    if not c.urls or c.paths:
        return None
    if DEFAULT_APP.search(c.text) and not c.acts - _PAGE_ASKED and c.has_tool("open_path"):
        return Plan([step("open_path", {"target": c.urls[0]})])
    return NOT_A_FILE_ACTION


def _search_inside(c: FileClause) -> Plan | None:
    """"in quali file di X c'è la parola Y", "which files in X mention Y": a search for a text inside a folder."""
    clause, acts = c.text, c.acts
    if not (c.root and GREP_CUES.search(clause) and acts <= _GREP_ASKED
            and c.has_tool("search_in_files")):
        return None
    m = PATTERN_AFTER.search(clause)
    pattern = c.quoted[0] if c.quoted else (m.group(1) if m else None)
    if pattern and pattern.startswith(("/", "~")):
        pattern = None  # "elenca cosa contiene /tmp/x": the path is the place, not the text to look for
    if pattern and pattern.lower() not in STOPWORDS and _asks_to_look_for(c, m):
        extra = leftover(clause, c.sig, (PATTERN_AFTER, GREP_CUES, IN_FILES, WHERE_IS), pattern)
        if extra:  # "evidenzia la parola X nei file di Y": highlighting is not finding
            return Plan(hold=f"a search with words the rules do not read ({', '.join(sorted(extra))})")
        if c.slots.get("ext"):  # "solo nei pdf di X": the tool has no filter by kind, so it would search them all
            return Plan(hold="a search inside one kind of file: the search tool takes no such filter")
        return Plan([step("search_in_files", {"root": c.root, "pattern": pattern})])
    if IN_FILES.search(clause) and not c.slots.get("ext") and ("find" in acts or WHERE_IS.search(clause)):
        return Plan(hold="a search inside the files with nothing to look for")  # not "list every file"
    return None


def _asks_to_look_for(c: FileClause, m: re.Match[str] | None) -> bool:
    """Does the clause ask to look for its text, rather than name it ("metti dentro X la scritta Y" writes it)?"""
    clause, acts = c.text, c.acts
    cue = m.group(0).split()[0] if m else ""
    asked = "?" in clause or _ASKS_WHICH.search(clause) is not None
    # "c'è la parola timeout?" looks for it; "metti dentro X la scritta Y" writes it
    literal = m is not None and LITERAL_CUES.match(m.group(0)) is not None and (asked or bool(acts))
    return bool("find" in acts or WHERE_IS.search(clause) or (m is not None and CONTAIN_CUES.fullmatch(cue)) or (
        literal) or (bool(c.quoted) and _WRITTEN_THERE.search(clause) and "write" not in acts))


def _find_by_kind(c: FileClause) -> Plan | None:
    """"show me the gif files in X", "elenca tutti i .csv in X": the files of one kind in one folder."""
    exts = list(c.slots.get("ext") or [])
    if (len(exts) == 1 and len(c.full) == 1 and not c.bare and not c.quoted and not c.urls and c.acts
            and c.acts <= _FIND_ASKED and c.sig.roles == ("loc",) and not c.sig.content
            and not c.sig.objects - {"scope:all", "folder"} and not c.slots.get("date") and not c.slots.get("window")
            and not _READS.search(c.text)
            and c.has_tool("find_files")):
        return Plan([step("find_files", {"root": c.full[0], "ext": exts[0]})])
    return None


def _find_by_name(c: FileClause) -> Plan | None:
    """"trova report.pdf in Documenti", "dov'è X": a file by its name in a place; else not these rules' find."""
    if "find" not in c.acts and not WHERE_IS.search(c.text):
        return None
    if c.root and c.bare and c.has_tool("find_files"):
        return Plan([step("find_files", {"root": c.root, "pattern": c.bare[0]})])
    return NOT_A_FILE_ACTION


def _open(c: FileClause) -> Plan | None:
    """A file opened with its default application, or an application started by its name."""
    if not c.has_tool("open_path"):
        return None
    if c.full and DEFAULT_APP.search(c.text) and not c.acts - _OPEN_ASKED:
        extra = leftover(c.text, c.sig, (DEFAULT_APP,)) - OPEN_WORDS
        if extra:  # "show X in the file manager, highlighted in its folder"
            return Plan(hold=f"opening with words the rules do not read ({', '.join(sorted(extra))})")
        return Plan([step("open_path", {"target": p}) for p in c.full])  # each path asked for is opened
    if c.full and c.acts & {"start", "play"} and not c.acts - _OPEN_ASKED:
        return Plan([step("open_path", {"target": p}) for p in c.full])
    return _open_app(c)


def _open_app(c: FileClause) -> Plan | None:
    """"apri spotify", "open Firefox pls": an application's name after an open verb, nothing else."""
    m = OPEN_VERBS.match(c.text)
    if not m or c.paths or c.urls:
        return None
    words = [w for w in split_elided(m.group(2).strip())  # "open spotify pls 🎧", "apri l'app Spotify"
             if w and w.lower() not in APP_STOP and has_word_char(w)]
    name = " ".join(words)
    first = m.group(2).split()[0].lower()
    indefinite = first in _INDEFINITE or first.startswith("un'")
    if 1 <= len(words) <= 3 and not {w.lower() for w in words} & (NOT_APP | NOT_IN_A_NAME) and not indefinite \
            and not c.sig.objects - {"app"}:  # "apri un conto in banca", "open a ticket": not an app
        if m.group(1).lower() not in ("run", "esegui") or _installed(name):
            return Plan([step("open_path", {"target": name})])  # "esegui le istruzioni" is not an app
    return None


LOOKUP_RULES = (_page, _search_inside, _find_by_kind, _find_by_name, _open)
