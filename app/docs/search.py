"""Hybrid retrieval: the passages whose words match (BM25) and those whose meaning is close (cosine),
fused by reciprocal rank.

Why both: words find "E04" and "disdetta" exactly, where a 384-d vector blurs a code into its
neighbours; the vector finds "quanto pago di affitto?" in a passage that says "il canone mensile è di
800 euro", where no word is shared. Reciprocal rank fusion (Cormack et al. 2009, k = 60) needs no score
calibration between the two lists: a passage near the top of both wins.

Fusion ranks; it does not say whether the best passage answers at all. `relevant` does: the question's
words found in the passage, or a cosine that, on the bundled e5 model, only a passage about the same
thing reaches (thresholds measured on the test documents, tests/docs/test_search.py). When nothing is
relevant, the tool says "not found in your documents" instead of quoting a stranger passage.
"""
from __future__ import annotations

import os
import re
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from .store import ChunkRow, DocStore
from .terms import coverage, index_terms, match_expression, query_terms
from .vectors import VectorCache

RRF_K = 60
CANDIDATES = 50  # from each list
# e5-small, "query: " question vs "passage: " text, on the test folder (tests/docs): the passage that answers
# measured 0.877–0.900, the best passage of a folder that does not hold the answer 0.755–0.830 ("quando scade
# il passaporto?" against a lease, a boiler manual, bills and a policy), a passage beside the answer up to
# 0.838. A question in one language about a document in the other scores lower and less reliably
# (0.83–0.86): e5-small is weak across languages (resources/eval/docs/README.md).
COSINE_RELEVANT = 0.85
COSINE_WITH_WORDS = 0.80  # enough when at least half of the question's words are in the passage too
WORDS_RELEVANT = 0.5
SNIPPET_CHARS = 320
_SENTENCES = re.compile(r"(?<=[.!?;])\s+|\n+")


@dataclass
class Passage:
    chunk_id: int
    path: str
    page: int | None
    heading: str
    text: str
    snippet: str
    score: float  # the fused score (higher is better)
    cosine: float | None
    words: float  # the share of the question's words in the passage
    kind: str = ""

    @property
    def name(self) -> str:
        return os.path.basename(self.path)

    @property
    def relevant(self) -> bool:
        cos = self.cosine if self.cosine is not None else 0.0
        return cos >= COSINE_RELEVANT or (self.words >= WORDS_RELEVANT and (self.cosine is None or
                                                                             cos >= COSINE_WITH_WORDS))

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d.update(name=self.name, relevant=self.relevant, score=round(self.score, 5),
                 cosine=None if self.cosine is None else round(self.cosine, 4), words=round(self.words, 3))
        return d


def snippet(text: str, terms: list[str], limit: int = SNIPPET_CHARS) -> str:
    """The sentence that holds most of the question's words, with its neighbours while they fit."""
    sentences = [s.strip() for s in _SENTENCES.split(text) if s.strip()]
    if not sentences:
        return ""
    wanted = set(terms)
    scores = [len(wanted & set(index_terms(s).split())) for s in sentences]
    best = max(range(len(sentences)), key=lambda i: (scores[i], -i))
    lo = hi = best
    size = len(sentences[best])
    while True:
        grown = False
        for j in (hi + 1, lo - 1):
            if 0 <= j < len(sentences) and size + len(sentences[j]) + 1 <= limit:
                size += len(sentences[j]) + 1
                lo, hi = min(lo, j), max(hi, j)
                grown = True
        if not grown:
            break
    out = " ".join(sentences[lo:hi + 1])
    return out if len(out) <= limit else out[:limit - 1].rstrip() + "…"


def fuse(*ranked: list[int]) -> dict[int, float]:
    """Reciprocal rank fusion of ranked lists of chunk ids."""
    scores: dict[int, float] = {}
    for ids in ranked:
        for rank, cid in enumerate(ids):
            scores[cid] = scores.get(cid, 0.0) + 1.0 / (RRF_K + rank + 1)
    return scores


def hybrid(store: DocStore, cache: VectorCache, query: str, query_vector: np.ndarray | None, model: str,
           k: int = 5, per_file: int = 2) -> list[Passage]:
    """The best `k` passages for `query` (at most `per_file` from one file, so three pages of one long
    contract do not hide the letter that answers)."""
    terms = query_terms(query)
    lexical = store.match(match_expression(terms), CANDIDATES)
    scores = cache.scores(model, query_vector) if query_vector is not None else None
    near = scores.top(CANDIDATES) if scores is not None else []
    fused = fuse(lexical, [cid for cid, _ in near])
    near_cos = dict(near)
    # a tie (first in one list, second in the other) goes to the closer meaning: "is theft covered by my home
    # insurance?" shares its words with the policy's title page, but the theft page is what it asks
    order = sorted(fused, key=lambda cid: (-fused[cid], -near_cos.get(cid, 0.0)))
    rows: dict[int, ChunkRow] = store.chunks(order[:k * 4 + 8])
    out: list[Passage] = []
    taken: dict[str, int] = {}
    for cid in order:
        row = rows.get(cid)
        if row is None or taken.get(row.path, 0) >= per_file:
            continue
        taken[row.path] = taken.get(row.path, 0) + 1
        passage_terms = set(index_terms(f"{row.heading}\n{row.text}").split())
        cos = scores.of(cid) if scores is not None else None
        out.append(Passage(cid, row.path, row.page, row.heading, row.text, snippet(row.text, terms), fused[cid],
                           cos, coverage(terms, passage_terms), row.kind))
        if len(out) >= k:
            break
    return out
