"""The words' list: the passages that hold the question's words, ranked by BM25 computed here.

Why not FTS5's bm25(): it reads every matching passage's length from the index, row by row, and walks each
word's postings a second time to count them — about 1 µs a passage, which at 200,000 passages was most of a
question's cost past its embedding (6 of 11 ms; resources/eval/docs/README.md). Here FTS5 only lists each
kept word's passages (and how often the word occurs in each); the passages' lengths are kept in memory beside
the vectors (app/docs/vectors.py: VectorCache), the words' document frequencies come from fts5vocab, and the
sum is a few numpy operations. The formula and its constants are FTS5's (k1 = 1.2, b = 0.75, idf = ln((N - n +
0.5) / (n + 0.5)) floored at 1e-6), so the ranking is the one bm25() gave (ties by the smaller id).

Why a budget of postings: a question of common words would list most of the index. The rarest words are kept
until the passages to score would pass POSTINGS_BUDGET; the common ones weigh little in BM25 anyway, and a
code or a name is never the one dropped. A question whose every word is that common gets no words' list at all
(its vectors rank alone). At 20,000 passages a median question lists ~2,700 and keeps every word.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .store import DocStore
    from .vectors import VectorCache

K1 = 1.2
B = 0.75
CANDIDATES = 50  # the words' list's length (the fusion takes as many from each list)
POSTINGS_BUDGET = 10_000


@dataclass(frozen=True)
class Lengths:
    """Every passage's length in words (`words[chunk id]`), how many passages there are and their mean length."""

    words: np.ndarray
    passages: int
    mean: float


def kept_terms(terms: list[str], df: dict[str, int], budget: int | None = None) -> list[str]:
    """The question's words present in the index, rarest first, while their passages fit the budget."""
    budget = POSTINGS_BUDGET if budget is None else budget
    keep: list[str] = []
    total = 0
    for t in sorted((t for t in terms if df.get(t)), key=lambda t: df[t]):
        if total + df[t] > budget:
            break
        keep.append(t)
        total += df[t]
    return keep


def rank(postings: list[tuple[np.ndarray, np.ndarray, int]], lengths: Lengths, limit: int = CANDIDATES) -> list[int]:
    """Chunk ids by BM25, best first. `postings`: per word, its passages' ids, how often it occurs in each,
    and in how many passages of the index it occurs."""
    if not postings or lengths.passages == 0:
        return []
    n_all, mean = lengths.passages, max(lengths.mean, 1e-9)
    ids, parts = [], []
    for docs, tf, df in postings:
        if not len(docs):
            continue
        idf = max(math.log((n_all - df + 0.5) / (df + 0.5)), 1e-6)
        norm = K1 * (1.0 - B + B * lengths.words[docs].astype(np.float64) / mean)
        f = np.asarray(tf, dtype=np.float64)
        ids.append(docs)
        parts.append(idf * f * (K1 + 1.0) / (f + norm))
    if not ids:
        return []
    docs = np.concatenate(ids)
    score = np.concatenate(parts)
    order = np.argsort(docs, kind="stable")
    docs, score = docs[order], score[order]
    first = np.flatnonzero(np.r_[True, docs[1:] != docs[:-1]])
    # a stable sort keeps each passage's words in the same order, so passages with the same words and length sum
    # to the same score to the last bit, and the smaller id goes first among them (as FTS5 lists them)
    docs, total = docs[first], np.add.reduceat(score, first)
    if len(docs) > limit:  # the best `limit`; at the cut, the smaller ids among equal scores
        cut = np.partition(total, len(total) - limit)[len(total) - limit]
        above = np.flatnonzero(total > cut)
        top = np.concatenate([above, np.flatnonzero(total == cut)[:limit - len(above)]])
    else:
        top = np.arange(len(docs))
    top = top[np.lexsort((docs[top], -total[top]))]
    return [int(d) for d in docs[top]]


def lexical(store: DocStore, cache: VectorCache, model: str, terms: list[str]) -> list[int]:
    """The words' list: chunk ids by BM25 over the question's rarest words within POSTINGS_BUDGET."""
    df = store.doc_freq(terms)
    keep = kept_terms(terms, df)
    if not keep:
        return []
    lengths = cache.lengths(model)
    return rank([(*store.postings(t), df[t]) for t in keep], lengths)
