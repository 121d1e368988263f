"""The words a request may open with before what it asks: "tu ricorda che …", "ehm allora ricordati che …",
"ok remember that …", "scusa, cosa ricordi di …" — a word or two in front changes nothing.

Memory's triggers (memory/facts.py) and recall questions (memory/recall_question.py) read a rule of theirs as the
whole text after these words. The words are the courtesy table's lead rules (app/lang/rules/courtesy.py, with
their examples); this module is how they are put in front of another rule, read one way for every caller.
"""
from __future__ import annotations

import re

from app.lang.rules.courtesy import COURTESY, LEAD_RULES
from app.lang.rules.table import Rule

# one or more lead words from the start, each with its separator
LEAD = r"(?:" + COURTESY.either(*LEAD_RULES) + r"[\s,?!]+)*"
_LEAD_AT_START = re.compile(r"^\s*" + LEAD, re.IGNORECASE)
# the first word after the lead words (group 2), where a slip in a trigger verb is looked for
FIRST_WORD = re.compile(r"^(\s*" + LEAD + r")([^\W\d_]+)", re.IGNORECASE)


def after_lead(rule: Rule) -> re.Pattern[str]:
    """`rule` as the whole text after any lead words (case-insensitive, "." across lines): the rule's own
    groups are the caller's to read."""
    return re.compile(r"^\s*" + LEAD + rule.source() + r"$", re.IGNORECASE | re.DOTALL)


def without_lead(text: str) -> str:
    """`text` from its first word after any lead words: "ciao, mi dici quanto pago …?" → "quanto pago …?"."""
    m = _LEAD_AT_START.match(text)
    return text[m.end():] if m else text
