"""Numbers said in words where a count of time is read: "negli ultimi tre giorni", "in the past forty-eight hours".

Read by lang/when.py: a window's count is digits or one of these words (NUMBER_WORDS there is built from this
table, and routing/topic.py reads it so that "tre" is never a topic). Only the words people say for a count of
hours, days or weeks; longer numbers in words ("trecentoventi") are arithmetic, read by lang/numbers.py. Each
language is one rule, so the count is a group of two small groups; each word carries its value below.
"""
from __future__ import annotations

from collections.abc import Iterable

from .table import Rule, Table

# each word with its value ("da un mese", "since an hour": one)
COUNTS_IT: dict[str, int] = {
    "un": 1, "uno": 1, "una": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7,
    "otto": 8, "nove": 9, "dieci": 10, "undici": 11, "dodici": 12, "quindici": 15, "venti": 20,
    "trenta": 30, "quarantotto": 48, "settantadue": 72,
}
COUNTS_EN: dict[str, int] = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20,
    "thirty": 30, "forty-eight": 48, "seventy-two": 72,
}


def longest_first(words: Iterable[str]) -> tuple[str, ...]:
    """The words longest first, as the time patterns always listed them ("settimane" before "settimana")."""
    return tuple(sorted(words, key=len, reverse=True))


# a word of its own, as lang/when.py reads it (_B, _E there)
WHOLE_WORD = r"(?<!\w)(?:{words})(?!\w)"

NUMBERS_WORDS = Table("numbers_words", __doc__ or "", (
    Rule(
        id="count_it",
        effect="an Italian count of time units in words ('ultimi tre giorni', 'da due ore'): its value is the "
               "window's length in those units",
        pattern=WHOLE_WORD,
        words=longest_first(COUNTS_IT),
        match=("file modificati negli ultimi tre giorni", "cosa ho scaricato nelle ultime quarantotto ore",
               "i log da due settimane"),
        no_match=("trentatré file nella cartella ~/foto", "mostrami i file modificati di recente",
                  "quanti pdf ci sono in ~/Documenti?"),
    ),
    Rule(
        id="count_en",
        effect="an English count of time units in words ('last three days', 'past forty-eight hours'): its value "
               "is the window's length in those units",
        pattern=WHOLE_WORD,
        words=longest_first(COUNTS_EN),
        match=("files changed in the last three days", "what did I download in the past forty-eight hours",
               "logs since two weeks"),
        no_match=("show files changed recently", "list the last 10 downloads", "seventeen files in ~/docs"),
    ),
))
