"""Hybrid retrieval: the passages whose words match (BM25, app/docs/bm25.py) and those whose meaning is close
(cosine, app/docs/vectors.py), fused by reciprocal rank.

Why both: words find "E04" and "disdetta" exactly, where a 384-d vector blurs a code into its
neighbours; the vector finds "quanto pago di affitto?" in a passage that says "il canone mensile è di
800 euro", where no word is shared. Reciprocal rank fusion (Cormack et al. 2009) needs no score
calibration between the two lists: a passage near the top of both wins. Its constant and the vectors'
weight were chosen on the QA set's tune half (resources/eval/docs/README.md): half its questions share few
words with their document, so the vectors' ranking counts three times the words' (a first place in the
words' list alone no longer beats a first place in the vectors'), and k = 5 instead of the usual 60 lets
the first places decide (with 60, the 20th passage of one list weighs almost as much as the first).

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

from .bm25 import CANDIDATES, lexical
from .schema import ChunkRow
from .store import DocStore
from .terms import coverage, index_terms, query_terms
from .vectors import VectorCache

RRF_K = 5
VECTOR_WEIGHT = 3.0  # the vectors' ranking against the words' (1.0)
# e5-small, "query: " question vs "passage: " text. First measured on the test folder of tests/docs (the
# passage that answers 0.877–0.900, the best passage of a folder without the answer 0.755–0.830), then on the
# QA set's tune half with passages of 300–450 characters (resources/eval/docs/README.md): the right passage's
# cosine spreads 0.84–0.91 and the best passage for a question with no answer 0.82–0.87, so no threshold
# separates them; these keep 6 of 10 unanswerable questions refused and answer 62 of 75 from the right file
# (0.80 and half the words: 60 of 75; refusing 9 of 10 would refuse 28 of 75 answerable ones). The words'
# share of the question compared relative cosines (z-scores against all passages): no better.
COSINE_RELEVANT = 0.85
COSINE_WITH_WORDS = 0.82  # enough when WORDS_RELEVANT of the question's words are in the passage too
WORDS_RELEVANT = 0.4
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


def fuse(*ranked: tuple[list[int], float]) -> dict[int, float]:
    """Weighted reciprocal rank fusion of ranked lists of chunk ids, each with its weight."""
    scores: dict[int, float] = {}
    for ids, weight in ranked:
        for rank, cid in enumerate(ids):
            scores[cid] = scores.get(cid, 0.0) + weight / (RRF_K + rank + 1)
    return scores


USING = ("both", "words", "vectors")


def hybrid(store: DocStore, cache: VectorCache, query: str, query_vector: np.ndarray | None, model: str,
           k: int = 5, per_file: int = 2, using: str = "both", words: list[int] | None = None) -> list[Passage]:
    """The best `k` passages for `query` (at most `per_file` from one file, so three pages of one long
    contract do not hide the letter that answers). `using` "words" or "vectors" ranks by one list alone
    (what the QA set's BM25-only and vectors-only columns measure); the cosines are computed either way.
    `words`: the words' list when the caller already has it (DocIndex.search runs it beside the embedding)."""
    if using not in USING:
        raise ValueError(f"using: one of {USING}, not {using!r}")
    terms = query_terms(query)
    if using == "vectors":
        words = []
    elif words is None:
        words = lexical(store, cache, model, terms)
    scores = cache.scores(model, query_vector) if query_vector is not None else None
    near = scores.top(CANDIDATES) if scores is not None and using != "words" else []
    fused = fuse((words, 1.0), ([cid for cid, _ in near], VECTOR_WEIGHT))
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
