"""The words of a passage and of a question, as the FTS5 table stores and matches them.

Why stems and not FTS5's own tokenizer: the app's stemmer (app/lang/words.py: English Snowball, then
Italian) maps "affitti"/"affitto" and "contracts"/"contract" to one key, which FTS5's porter tokenizer
does only for English. A passage keeps every word (stopwords too: they cost little and BM25 weighs them
down); a question keeps the words that carry meaning, numbers and codes included ("E04", "2024"), so
"quanto pago di affitto?" asks for "pag" OR "affitt", never for "di".
"""
from __future__ import annotations

from app.lang.words import STOPWORDS, stem, words

MAX_QUERY_TERMS = 24


def index_terms(text: str) -> str:
    """The stemmed words of a passage, space-separated (what the FTS5 column holds)."""
    return " ".join(stem(w) for w in words(text))


def query_terms(text: str) -> list[str]:
    """The distinct stems of a question's meaningful words, in order."""
    out: list[str] = []
    for w in words(text):
        if len(w) < 2 or w in STOPWORDS:
            continue
        s = stem(w)
        if s not in out:
            out.append(s)
    return out[:MAX_QUERY_TERMS]


def match_expression(terms: list[str]) -> str:
    """An FTS5 query that any of the terms satisfies, each quoted so no word is read as syntax."""
    return " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)


def coverage(terms: list[str], passage_terms: set[str]) -> float:
    """The share of the question's terms the passage contains (0..1)."""
    return sum(t in passage_terms for t in terms) / len(terms) if terms else 0.0
