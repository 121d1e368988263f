"""Rank tools for a free-text description of a task: embeddings + BM25, fused.

Why both: the embedder catches paraphrases across IT/EN ("assegna un ticket a
qualcuno" ~ assign_ticket) but e5 cosines of unrelated texts sit high (0.75+),
so on its own it cannot say "nothing matches"; words catch exact names and
verbs, and an agreement of the two is what makes a confident match. A query
that clears neither bar returns nothing, and the caller says so.
"""
from __future__ import annotations

import logging
import math
import threading
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from app.lang.words import QUALIFIERS, content_stems

from .registry import Tool

log = logging.getLogger(__name__)

EmbedderProvider = Callable[[], Any]  # -> object with embed(texts) -> (n, d) float32, L2-normalised

# Raw e5 cosines do not separate "fits" from "unrelated" (measured: paraphrases 0.86-0.92,
# unrelated requests up to 0.90, because some tool texts are close to everything). So the
# score is CSLS (hubness-corrected cosine): 2*cos(q,t) - r_t - r_q, where r_t is how close
# tool t is to generic requests (BACKGROUND) and r_q how close the query is to every tool.
# Calibrated on the bundled multilingual-e5-small (4-bit) with the 34 searchable tools of the app's
# catalog + tests/tools/surface_catalog.py: 20 IT/EN paraphrases of a tool's purpose put their tool
# first or within WINDOW of the first (best scores 0.057-0.141; 0.031 with a word in common), 15
# unrelated requests scored at most 0.060. The margins are thin: re-run the calibration when the
# catalog grows. Requests sharing a verb with a tool ("count the sheep") can still pass: the model
# reads the descriptions, and a near miss costs less than a false "nothing exists".
CSLS_STRONG = 0.065
CSLS_WITH_WORDS = 0.025
CSLS_FLOOR = 0.0  # a tool returned beside the best one must still be closer than average
WINDOW = 0.06  # ...and within this of the best one: every returned schema costs prompt tokens
_HUB_K = 5
BACKGROUND = (
    "what is the capital of France", "tell me a joke", "how are you today", "write a poem about the sea",
    "who wrote Hamlet", "explain quantum physics simply", "what does serendipity mean", "good morning",
    "I am tired today", "what can you do", "spiegami la fotosintesi", "raccontami una storia", "ciao come stai",
    "grazie mille", "chi era Garibaldi", "perché il cielo è blu", "che bella giornata",
    "dimmi qualcosa di interessante", "hai una ricetta per la carbonara", "chi ha vinto la partita ieri",
)
_VEC_CACHE: dict[tuple[str, str], np.ndarray] = {}  # (model identity, text) -> vector
_VEC_LOCK = threading.Lock()
_VEC_CACHE_MAX = 20_000


def words(text: str) -> list[str]:
    """Stems of the content words (the app's one tokenizer and stemmer; snake_case split). Order and age
    qualifiers ("ultimo", "latest") are left out: sharing one says nothing about which tool fits."""
    return content_stems(text, QUALIFIERS)


def tool_texts(tool: Tool) -> list[str]:
    """What a tool is matched against: its purpose and its example requests."""
    name = tool.name.replace("_", " ")
    return [f"{name}: {tool.description}", *tool.examples]


@dataclass(frozen=True)
class Match:
    tool: Tool
    score: float  # fused score used for ordering
    cosine: float  # best cosine over description and examples (0 when the embedder is unavailable)
    lexical: float  # BM25 of the query words over the tool's words


class ToolRanker:
    """Ranks a fixed list of tools. Built per surface; tool vectors are cached per process."""

    def __init__(self, tools: Sequence[Tool], embedder_provider: EmbedderProvider | None = None,
                 k1: float = 1.2, b: float = 0.75):
        self.tools = list(tools)
        self._provider = embedder_provider
        self._k1, self._b = k1, b
        self._docs = [Counter(words(" ".join([*tool_texts(t), t.group]))) for t in self.tools]
        self._lens = [sum(d.values()) for d in self._docs]
        self._avg = (sum(self._lens) / len(self._lens)) if self._lens else 1.0
        df: Counter[str] = Counter()
        for d in self._docs:
            df.update(d.keys())
        n = len(self._docs)
        self._idf = {w: math.log(1 + (n - c + 0.5) / (c + 0.5)) for w, c in df.items()}
        self.embedder_error: str | None = None
        self._hub: np.ndarray | None = None

    # -- lexical -----------------------------------------------------------------
    def bm25(self, query: str) -> list[float]:
        q = set(words(query))
        out = []
        for d, ln in zip(self._docs, self._lens):
            s = 0.0
            for w in q:
                f = d.get(w, 0)
                if f:
                    s += self._idf[w] * f * (self._k1 + 1) / (f + self._k1 * (1 - self._b + self._b * ln / self._avg))
            out.append(s)
        return out

    # -- semantic ----------------------------------------------------------------
    def _embedder(self) -> Any:
        if self._provider is None:
            return None
        try:
            return self._provider()
        except Exception as e:  # ModelError and friends: rank by words, say so
            if self.embedder_error is None:
                log.warning("search_tools ranks by words only: embedder unavailable (%s)", e)
            self.embedder_error = str(e)
            return None

    def _vectors(self, emb: Any, texts: list[str]) -> np.ndarray:
        key = str(getattr(emb, "path", "") or id(emb))  # same model folder, same vectors
        with _VEC_LOCK:
            have = {t: _VEC_CACHE[(key, t)] for t in texts if (key, t) in _VEC_CACHE}
        missing = [t for t in dict.fromkeys(texts) if t not in have]
        if missing:
            vecs = emb.embed(missing)
            fresh = {t: np.asarray(v, dtype=np.float32) for t, v in zip(missing, vecs)}
            have.update(fresh)
            with _VEC_LOCK:
                if len(_VEC_CACHE) + len(fresh) > _VEC_CACHE_MAX:
                    _VEC_CACHE.clear()
                _VEC_CACHE.update({(key, t): v for t, v in fresh.items()})
        return np.stack([have[t] for t in texts])

    def _hubness(self, emb: Any, per_tool: list[np.ndarray]) -> np.ndarray:
        """r_t: mean of each tool's _HUB_K highest cosines with the generic BACKGROUND requests."""
        if self._hub is None:
            bg = self._vectors(emb, list(BACKGROUND))  # (nb, d)
            sims = np.stack([(m @ bg.T).max(axis=0) for m in per_tool])  # (tools, nb)
            k = min(_HUB_K, sims.shape[1])
            self._hub = np.sort(sims, axis=1)[:, -k:].mean(axis=1)
        return self._hub

    def semantic(self, query: str) -> tuple[np.ndarray, np.ndarray] | None:
        """(best cosine per tool, CSLS per tool), or None without an embedder."""
        emb = self._embedder()
        if emb is None or not self.tools:
            return None
        texts = [tool_texts(t) for t in self.tools]
        flat = self._vectors(emb, [x for ts in texts for x in ts])
        per_tool, i = [], 0
        for ts in texts:
            per_tool.append(flat[i:i + len(ts)])
            i += len(ts)
        q = np.asarray(emb.embed([query])[0], dtype=np.float32)
        cos = np.array([float((m @ q).max()) for m in per_tool])
        r_t = self._hubness(emb, per_tool)
        r_q = float(np.sort(cos)[-min(_HUB_K, len(cos)):].mean())
        return cos, 2 * cos - r_t - r_q

    # -- fused ---------------------------------------------------------------------
    def rank(self, query: str, k: int = 5) -> list[Match]:
        """Tools that match `query`, best first; empty when nothing clears the bar."""
        if not query.strip() or not self.tools:
            return []
        lex = self.bm25(query)
        sem = self.semantic(query)
        top_lex = max(lex)
        if sem is None:  # words only: keep clear lexical hits
            hits = [Match(t, lex[i], 0.0, lex[i]) for i, t in enumerate(self.tools)
                    if lex[i] > 0 and lex[i] >= 0.5 * top_lex]
            return sorted(hits, key=lambda m: (-m.score, m.tool.name))[:k]
        cos, csls = sem
        fused = [float(csls[i]) + (0.01 * lex[i] / top_lex if top_lex > 0 else 0.0) for i in range(len(self.tools))]
        b = int(np.argmax(fused))
        best = float(csls[b])
        if not (best >= CSLS_STRONG or (lex[b] > 0 and best >= CSLS_WITH_WORDS)):
            return []
        out = [Match(t, fused[i], float(cos[i]), lex[i]) for i, t in enumerate(self.tools)
               if i == b or (csls[i] >= CSLS_FLOOR and csls[i] >= best - WINDOW)]
        out.sort(key=lambda m: (-m.score, m.tool.name))
        return out[:k]

    def warm(self) -> None:
        """Embed every tool's texts now (~1 s for 30 tools), so the first search is fast."""
        self.semantic("warm up")
