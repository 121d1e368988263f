"""What a written answer states that must come from the observations: numbers, paths and file names, quotes.

A small model answering from tool results can invent a figure, a file or a quotation; the planner rejects an
answer that states one the results do not contain. These read the shapes of such claims (digits, a path, a
quoted line) — values, not words people say —, a script no conversation here uses (a model drifting into
Cyrillic or Chinese), and a day, date or time said about the person's own matters that nobody told (when_backed).
"""
from __future__ import annotations

import re
from typing import Sequence

from app.lang.rules.claimed_clock import CLAIMED_CLOCK
from app.lang.tokens import squash_spaces

# Cyrillic, Hebrew/Arabic, Indic, Japanese kana, CJK, Hangul
_FOREIGN = re.compile(r"[\u0400-\u04ff\u0590-\u06ff\u0900-\u0dff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)*(?![\w])")
_DIGITS = re.compile(r"\d+")
_PATHLIKE = re.compile(r"(?<![\w])(?:~|/)[\w.\-/]*[\w]|\b[\w\-]+\.(?:txt|md|log|csv|json|py|pdf|toml|yaml|yml|ini|"
                       r"conf|cfg|xml|html|docx?|xlsx?|sh)\b")
_QUOTE = re.compile(r"[\"“«`]([^\"”»`\n]{6,300})[\"”»`]")


def foreign_script(text: str) -> bool:
    """Does `text` use a script other than Latin (Cyrillic, Arabic, CJK…)?"""
    return _FOREIGN.search(text) is not None


def unbacked_claim(text: str, sources: str) -> str | None:
    """Why a written answer is not backed by the observations: a number, a path or file name, or a quoted
    line that appears nowhere in them (None when every such claim is found)."""
    src = sources.lower()
    flat = squash_spaces(src)
    digits = set(_DIGITS.findall(src))
    for m in _NUMBER.finditer(text):
        parts = _DIGITS.findall(m.group(0))
        if not all(p in digits or p.lstrip("0") in digits for p in parts):
            return f"the number {m.group(0)} is not in the results"
    for m in _PATHLIKE.finditer(text):
        p = m.group(0).lower().rstrip(".")
        if p not in src and p.rsplit("/", 1)[-1] not in src:
            return f"{m.group(0)} is not in the results"
    for m in _QUOTE.finditer(text):
        q = squash_spaces(m.group(1).lower().strip())
        if q not in flat:
            return "a quoted line is not in the results"
    return None


_WHEN = CLAIMED_CLOCK.pattern("when_stated")


def when_backed(text: str, facts: Sequence[str], question: str = "") -> bool:
    """Is every day, date and time the answer states in the question or the saved facts shown beside it? (True
    when it states none.) About the person's own matters, the model knows only what it was told."""
    said = " ".join((question, *facts)).lower()
    for m in _WHEN.finditer(text):
        bits = _DIGITS.findall(m.group(0)) or [m.group(0).lower()]
        if not all(re.search(rf"(?<!\d){re.escape(b)}(?!\d)", said) for b in bits):
            return False
    return True
