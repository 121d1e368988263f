"""Correggi/Fix: the table of frequent errors first, then the model, and only the model's changes that are
corrections.

Why: the bundled 1.5B model returns Italian text unchanged for most errors ("qual'è", "perchè", "se avrei
saputo") and, when it does change something, it may also reword what was right. So the correction is built in
three steps:
1. `first_pass`: the error tables of app/lang/rules (errors_it, errors_en) for the text's language, applied in
   order, then the dictionary (app/selection/spelling.py: a word no dictionary knows with one frequent word an
   edit away) — deterministic, each change recorded with its rule ("dictionary" for the latter);
2. the model corrects that text (what the tables cannot tell: agreement, rarer misspellings);
3. `merge`: a word-level diff (the one the quality check uses) between the text after step 1 and the model's;
   a change is kept only if it touches no word the tables fixed, changes no name or number, and looks like a
   correction — a word spelled nearly the same, an accent or apostrophe, or one grammar word for another
   ("was" → "were", "è" → "sia"). A model answer that is mostly another text (a rewrite, a translation) is
   ignored as a whole.
"""
from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass

from app.lang.detect import text_lang
from app.lang.rules.errors_en import ERRORS_EN
from app.lang.rules.errors_it import ERRORS_IT
from app.lang.rules.fix import Fix
from app.lang.rules.table import Table

TABLES: dict[str, Table] = {"it": ERRORS_IT, "en": ERRORS_EN}
TOKEN = re.compile(r"\w+|[^\w\s]")  # the quality check's tokens (app/bench/selection_checks.py)
SIMILAR = 0.8  # a changed word spelled at least this close to the old one (accents and case aside) is a fix
SAME_TEXT = 0.6  # below this token similarity the model's answer is another text, not a correction
MAX_WORDS = 3  # a correction replaces at most this many tokens
_APOSTROPHES = {"'", "’", "`"}
_SENTENCE_END = {".", "!", "?", "…", ":", "\n"}
# One grammar word for another is a correction even when they are spelled apart ("was" → "were", "è" → "sia").
GRAMMAR_WORDS = {
    "en": frozenset("am is are was were be been being has have had do does did done it's its they're their there "
                    "you're your than then who's whose a an this these that those much many less fewer me i "
                    "doesn't don't isn't aren't wasn't weren't hasn't haven't".split()),
    "it": frozenset("è e sia siano ha a abbia abbiano hanno ho o hai sono era erano fosse fossi fossero avesse avessi "
                    "avessero c'è ce ci gli le li lo la sta stia stai vada va faccia fa possa può debba deve "
                    "voglia vuole venga viene sappia sa".split()),
}


@dataclass(frozen=True)
class Change:
    """One fix of the tables: which rule, what was wrong, what it became."""

    rule: str
    wrong: str
    right: str


def first_pass(text: str, lang: str | None = None) -> tuple[str, list[Change]]:
    """`text` with the error table of its language applied (no table for a language other than IT/EN)."""
    lang = lang or text_lang(text)
    table = TABLES.get(lang or "")
    if table is None:
        return text, []
    changes: list[Change] = []
    for rule in table.rules:
        if not isinstance(rule, Fix):
            continue
        text, done = rule.apply(text)
        changes += [Change(rule.id, wrong, right) for _s, _e, wrong, right in done]
    from app.selection import spelling  # loads the dictionaries on the first correction, not at import

    text, done_words = spelling.fix(text, lang or "")
    changes += [Change("dictionary", wrong, right) for wrong, right in done_words]
    return text, changes


def _plain(s: str) -> str:
    """Lowercased, accents and apostrophes off: "Perché" and "perche", "po'" and "po" compare equal."""
    s = unicodedata.normalize("NFD", s.lower())
    return "".join(c for c in s if not unicodedata.combining(c) and c not in _APOSTROPHES and not c.isspace())


def _tokens(text: str) -> list[re.Match[str]]:
    return list(TOKEN.finditer(text))


def changed_tokens(before: str, after: str) -> set[int]:
    """The token indices of `after` that a word diff against `before` marks as changed or new."""
    a = [m.group(0) for m in _tokens(before)]
    b = [m.group(0) for m in _tokens(after)]
    out: set[int] = set()
    for op, _i1, _i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "delete":  # "qual'è" → "qual è": the words on both sides of what went are the fix
            out.update((j1 - 1, j1))
        elif op != "equal":
            out.update(range(j1, j2))
    return out


def _is_correction(old: list[str], new: list[str], sentence_start: bool, lang: str) -> bool:
    """Does replacing the tokens `old` by `new` look like fixing an error (not a rewording)?"""
    if len(old) > MAX_WORDS or len(new) > MAX_WORDS + 1:
        return False
    words_old = [t for t in old if t not in _APOSTROPHES]
    words_new = [t for t in new if t not in _APOSTROPHES]
    if not words_old or not words_new:  # only an apostrophe added or removed ("qual'è" → "qual è", "po" → "po'")
        return all(t in _APOSTROPHES for t in old + new)
    if any(ch.isdigit() for t in old + new for ch in t):
        return False  # numbers are never the model's to change
    first = words_old[0]
    if first[:1].isupper() and not sentence_start and _plain(first) != _plain(words_new[0]):
        return False  # a name: "Davide" is not "David"
    old_s, new_s = _plain("".join(old)), _plain("".join(new))
    if old_s == new_s or difflib.SequenceMatcher(a=old_s, b=new_s).ratio() >= SIMILAR:
        return True
    grammar = GRAMMAR_WORDS.get(lang, frozenset())
    return "".join(old).lower() in grammar and "".join(new).lower() in grammar


def merge(fixed: str, model: str, protected: set[int], lang: str) -> tuple[str, list[tuple[str, str]]]:
    """`fixed` with the model's corrections that pass `_is_correction` and touch no `protected` token; the kept
    changes as (old, new)."""
    ta, tb = _tokens(fixed), _tokens(model)
    a, b = [m.group(0) for m in ta], [m.group(0) for m in tb]
    sm = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    if not model.strip() or sm.ratio() < SAME_TEXT:
        return fixed, []
    edits: list[tuple[int, int, str]] = []
    kept: list[tuple[str, str]] = []
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            continue
        near = set(range(i1 - 1, i2 + 1)) if op == "insert" else set(range(i1, i2))
        if near & protected:
            continue
        start = i1 == 0 or a[i1 - 1] in _SENTENCE_END
        if not _is_correction(a[i1:i2], b[j1:j2], start, lang):
            continue
        # the stretch between the equal tokens around the change, spaces included, on both sides
        lo_a = ta[i1 - 1].end() if i1 > 0 else 0
        hi_a = ta[i2].start() if i2 < len(ta) else len(fixed)
        lo_b = tb[j1 - 1].end() if j1 > 0 else 0
        hi_b = tb[j2].start() if j2 < len(tb) else len(model)
        new = model[lo_b:hi_b]
        if i2 >= len(ta) and j2 >= len(tb):  # the text's own ending (spaces, a line break) stays
            new = new.rstrip() + fixed[len(fixed.rstrip()):]
        if i1 == 0 and j1 == 0:
            new = fixed[:len(fixed) - len(fixed.lstrip())] + new.lstrip()
        edits.append((lo_a, hi_a, new))
        kept.append((fixed[lo_a:hi_a].strip(), new.strip()))
    out = fixed
    for lo, hi, new in reversed(edits):
        out = out[:lo] + new + out[hi:]
    return out, kept


def combine(text: str, fixed: str, model: str | None, lang: str | None = None) -> tuple[str, list[tuple[str, str]]]:
    """The correction of `text`: `fixed` (the tables' pass) with what the model's answer adds to it, never
    undoing a fix of the tables."""
    lang = lang or text_lang(text) or "it"
    if not model:
        return fixed, []
    return merge(fixed, model, changed_tokens(text, fixed), lang)


__all__ = ["GRAMMAR_WORDS", "TABLES", "Change", "changed_tokens", "combine", "first_pass", "merge"]
