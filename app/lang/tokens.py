"""Plain tokens of a text by its shape alone — runs of word characters, sentences, spacing — for code that needs
words without the lexicon's reading (normalize.split_words) or stems (words.words).

Each reader names the tokens it returns, so a caller does not write its own `re.findall(r"\\w+", …)`: memory's
recall overlap, the answer checks, the fast path's leftovers and the compaction check read text the same way.
"""
from __future__ import annotations

import re

_WORD_RUN = re.compile(r"\w+")
_LONG_WORD = re.compile(r"\w{3,}")
_LETTER_RUN = re.compile(r"[a-zà-ù]+")
_WORD_CHAR = re.compile(r"\w")
_SPACES = re.compile(r"\s+")
_PIECE = re.compile(r"\S+\s*|\s+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_AFTER_END = re.compile(r"(?<=[.!?\n])")  # after a sentence's end or a line's, keeping it
_ENDS_WHOLE = re.compile(r"[.!?\n]\s*$")
# "l'app", "un'app": the article's apostrophe ends a word as a space would (Italian elision)
_SPACE_OR_ELISION = re.compile(r"\s+|(?<=\b[lL]')|(?<=\b[uU]n')")
# the first word at the start of a clause, five letters or more, followed by a space (a verb a slip may hide)
FIRST_LONG_WORD = re.compile(r"^(\s*)([^\W\d_]{5,})(?=\s)", re.UNICODE)


def word_runs(text: str) -> list[str]:
    """The runs of word characters of `text`, lowercased ("Log-2024.txt" -> ["log", "2024", "txt"])."""
    return _WORD_RUN.findall(text.lower())


def long_words(text: str) -> set[str]:
    """The runs of three or more word characters (as written: callers pass normalized text)."""
    return set(_LONG_WORD.findall(text))


def letter_runs(text: str) -> set[str]:
    """The runs of (Italian/English) letters of `text`, lowercased: digits and "_" split words."""
    return set(_LETTER_RUN.findall(text.lower()))


def has_word_char(text: str) -> bool:
    """Any letter or digit at all (an emoji or punctuation alone is no word)."""
    return _WORD_CHAR.search(text) is not None


def squash_spaces(text: str) -> str:
    """Every run of white space as one space (line breaks too)."""
    return _SPACES.sub(" ", text)


def spaced_pieces(text: str) -> list[str]:
    """`text` as words each with its following spaces: joined they give `text` back (for streaming)."""
    return _PIECE.findall(text)


def sentences(text: str) -> list[str]:
    """`text` split after ".", "!" or "?" followed by space (as written; callers strip)."""
    return _SENTENCE_END.split(text)


def word_spans(text: str) -> list[re.Match[str]]:
    """The runs of word characters of `text` with where they are (a caller that cuts the text at a word)."""
    return list(_WORD_RUN.finditer(text))


def whole_pieces(text: str) -> list[str]:
    """`text` split after each sentence end (". ! ?") and line end, each piece keeping its end: joined, `text`."""
    return _AFTER_END.split(text)


def ends_whole(piece: str) -> bool:
    """Does `piece` end a sentence or a line (a piece cut mid-sentence does not)?"""
    return _ENDS_WHOLE.search(piece) is not None


def split_elided(text: str) -> list[str]:
    """Words split at spaces and after an elided article ("l'app Spotify" -> ["l'", "app", "Spotify"])."""
    return _SPACE_OR_ELISION.split(text)


def find_word(word: str, text: str) -> re.Match[str] | None:
    """`word` in `text` as a whole word, any case ("marco" in "chiama Marco")."""
    return re.search(r"(?<!\w)" + re.escape(word) + r"(?!\w)", text, re.IGNORECASE)


_VALUE_TOKEN = re.compile(r"[\w@.:+-]+")


def value_tokens(text: str) -> list[str]:
    """Words with "@ . : + -" kept inside, so an address, a time or an amount stays one token ("10:30",
    "a@b.it", "+39"); for comparing what two sentences say."""
    return _VALUE_TOKEN.findall(text)


_CAPITALIZED = re.compile(r"(?<![\w'’])[A-ZÀ-Ý][a-zà-ÿ]{2,}")


def capitalized_words(text: str) -> list[str]:
    """Words of three letters or more written with a capital first ("Anna", "Roma"): the names a text carries.
    Not right after a letter or an apostrophe ("l'Italia" gives none: the elided article is glued to it)."""
    return _CAPITALIZED.findall(text)
