"""Stand-in vectors for the generated documents of the cached query bench (`METNOS_DOCS_BENCH_STANDIN=1`).

Why: building the --query-cache index embeds ~20k passages with e5 (41 min under a load of 4–8; on 2026-12-04
evening, under a load of 5, it ran at 2.8 passages/s, about 2 h). The query bench times the search among 200k
passages, which needs vectors there but not e5's own for every stranger. With this, the QA documents' passages
get their real e5 vectors and every generated passage a stand-in: the e5 vectors of the QA passages mixed by how
many stems it shares with each (cubed, so the nearest few dominate), plus a little noise, unit length — a vector
in e5's populated region, clustered like the vocabulary it is drawn from. Words, FTS5 postings, passages and the
×10 growth are the full build's exactly; the questions are embedded by e5 at query time. The build takes ~3 min.

What it changes, measured (resources/eval/docs/README.md): the stand-ins sit nearer the questions than e5's own
vectors of the same text (mixtures lean to the centre), so the QA recall among them is a harsher stress (vectors
only 25 % instead of 71.5 %) and the shortlist keeps fewer of the exact 10 nearest; BM25-only recall is the
full build's to the decimal. Figures from a stand-in cache compare with each other, not with an e5-built one.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

import numpy as np

ENV = "METNOS_DOCS_BENCH_STANDIN"


class StandInEmbedder:
    """Embeds the QA documents' passages with `real` (once, at construction; `docs`: other documents, for the
    tests) and stands in for it on any other passage; questions go to `real`. Same `ident`, so the index takes
    the vectors as e5's."""

    def __init__(self, real: Any, qa_folder: Path, docs: list[dict[str, Any]] | None = None, seed: int = 4):
        from app.docs.terms import index_terms

        from .docs_qa import documents, write_folder
        from .docs_scale import passages_of

        self.real = real
        self.ident = real.ident
        files = write_folder(qa_folder, documents() if docs is None else docs)
        texts = [p for path in files for p in passages_of(path)]
        self.basis = np.vstack([real.embed_passages([t])[0] for t in texts]).astype(np.float32)
        self.known = dict(zip(texts, self.basis))
        self.stems = [set(index_terms(t).split()) for t in texts]
        self.norms = np.array([np.sqrt(len(s)) or 1.0 for s in self.stems], dtype=np.float32)
        self.rng = np.random.default_rng(seed)
        self._terms = index_terms

    def _one(self, text: str) -> np.ndarray:
        known = self.known.get(text)
        if known is not None:
            return np.asarray(known, dtype=np.float32)
        stems = set(self._terms(text).split())
        w = (np.array([len(stems & s) for s in self.stems], dtype=np.float32) / self.norms) ** 3
        noise = np.asarray(self.rng.standard_normal(self.basis.shape[1]), dtype=np.float32) * 0.01
        v: np.ndarray = (w @ self.basis) / float(w.sum() or 1.0) + noise
        return np.asarray(v / np.linalg.norm(v), dtype=np.float32)

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return np.vstack([self._one(t) for t in texts])

    embed = embed_passages

    def embed_search(self, text: str) -> np.ndarray:
        return np.asarray(self.real.embed_search(text))
