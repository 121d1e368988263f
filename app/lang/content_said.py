"""Content a request carries itself, besides its ask: the text after "riassumi questo testo:", and quoted text.

"riassumi questo testo: <content>" asks about the content; the content is data, not part of what is asked, so
the planner reads its clauses from the head alone. A colon is also part of a URL ("https://"), a Windows drive
("C:\\") and a time ("14:05"): those are no split. The words that announce content are a rule table
(app/lang/rules/planner_evidence.py); these readers are the shapes around them.
"""
from __future__ import annotations

import re

from app.lang.actions import action_of
from app.lang.path_shape import looks_like_path_or_address
from app.lang.rules.planner_evidence import PLANNER_EVIDENCE
from app.lang.rules.search_phrases import SEARCH_PHRASES

# a short head, a colon, then at least a sentence of content
_INLINE = re.compile(r"^(?P<head>[^:\n]{3,120}?):[ \t]*\n?(?P<body>\S[\s\S]{19,})$")
_SCHEME_OR_DRIVE = re.compile(r"(https?|ftp)$|[A-Za-z]$")  # the head's end, before "//" or "\"
_SLASHES = re.compile(r"//|\\")
_DIGIT_END = re.compile(r"\d$")
_DIGIT = re.compile(r"\d")
# "riassumi questo testo: …": words before a colon that announce content
_CONTENT_HEAD = PLANNER_EVIDENCE.pattern("content_head")


def split_inline(text: str) -> tuple[str, str | None]:
    """Split "riassumi questo testo: <content>" into (head, content); paths/times/URLs are not splits."""
    m = _INLINE.match(text.strip())
    if not m:
        return text, None
    head, body = m.group("head").strip(), m.group("body").strip()
    if _SCHEME_OR_DRIVE.search(head) and _SLASHES.match(body):
        return text, None  # a URL or a Windows drive, not a colon of speech
    if _DIGIT_END.search(head) and _DIGIT.match(body):
        return text, None  # a time such as 14:05
    if not action_of(head).known and not _CONTENT_HEAD.search(head):
        return text, None
    if _asks_on_its_own(head, body):
        return text, None
    return head, body


def _asks_on_its_own(head: str, body: str) -> bool:
    """Is what follows the colon a request of its own — an action on a path it names, after a head that names none
    ("Prima di archiviarlo desidererei rileggerlo: mi mostrerebbe il testo di X?")? Then the colon announces the
    request; read as content, the head's "rileggerlo" was answered and X never read (everyday20-13). Content to
    write or keep follows a head that says where ("scrivi in note.txt: …") or names no file at all."""
    return not looks_like_path_or_address(head) and looks_like_path_or_address(body) and \
        bool(action_of(body).actions) and not _CONTENT_HEAD.search(head) and \
        not set(action_of(head).actions) & _TAKES_TEXT


# actions whose object is a text said after the colon ("traduci in inglese: leggi il file X…", "scrivi a Marco: mi
# mandi X?"): what follows is that text, even when it reads like a request
_TAKES_TEXT = frozenset({"translate", "write", "append", "edit", "summarize", "remember", "send", "reply",
                         "calculate"})


_INSIDE = tuple(SEARCH_PHRASES.pattern(r) for r in ("grep_mentions", "grep_named_text", "grep_talks_about",
                                                      "written_there"))


def names_text_inside(text: str) -> bool:
    """Does the request name a text to look for inside files ("in quali file c'è la parola X", "which files mention
    Roma", "che parlano di tasse")? Then the search is of the files' text, not of their names
    (app/lang/rules/search_phrases.py)."""
    return any(p.search(text) for p in _INSIDE)
