"""A request typed all in capitals, read as the same words in lower case.

Why: some people type everything in capitals ("WHATS MY USUAL HOT DRINK AGAIN, I TOLD YOU BEFORE BUT ITS GONE",
"MY BROTHER … SAYS ITS 50 F THERE TODAY, HOW MUCH IS THAT IN PROPER CELSIUS" — everyday22). The embedder, the
intent head and the model read capitals as other tokens: the first was answered "I have no information", the
second with today's date, while the same words in lower case ran recall and the calculator. Case carries no
meaning in such a request, except in what names a thing on the disk or a code: a path, a file name, an address,
a code with digits ("KL1602") are kept as typed.
"""
from __future__ import annotations

import re

from .quotes import quote_spans

MIN_LETTERS = 12  # "OK", "USB", "CIAO MAMMA": too short to tell shouting from an acronym
MIN_UPPER = 0.9  # the share of letters in capitals
_KEEP = re.compile(r"[/\\@{}~]|\.[A-Za-z0-9]{1,5}\b|[A-Za-z]\d|\d[A-Za-z]{2,}")  # paths, files, codes


def shouted(text: str) -> bool:
    """Is `text` typed in capitals (enough letters, nearly all upper case, paths and codes aside)?"""
    letters = [c for w in text.split() if not _KEEP.search(w) for c in w if c.isalpha()]
    if len(letters) < MIN_LETTERS:
        return False
    return sum(c.isupper() for c in letters) >= MIN_UPPER * len(letters)


def unshouted(text: str) -> str:
    """`text` in lower case when it is typed in capitals, its paths, file names, codes and quoted words as typed
    ("SCRIVI 'BUON NATALE' IN /tmp/x/a.txt" writes BUON NATALE); else `text`."""
    if not isinstance(text, str) or not shouted(text):
        return text
    out, pos = [], 0
    for a, b, _ in quote_spans(text):
        out += [_lower_words(text[pos:a]), text[a:b]]
        pos = b
    return "".join([*out, _lower_words(text[pos:])])


def _lower_words(text: str) -> str:
    return re.sub(r"\S+", lambda m: m.group(0) if _KEEP.search(m.group(0)) else m.group(0).lower(), text)
