"""Tool retrieval: which few tools fit a request (embedding + lexical + action affinity).

The bundled model cannot choose among a dozen tools (measured), so the
planner shows it only the top-k. Each tool is represented by its description
and its example requests, embedded once per (embedder, tool texts) and kept in
memory and on disk. The action affinity of a tool is read from its own
examples (`action_of`), so tools added by other parts need no planner edit.
"""
from __future__ import annotations

import hashlib
import logging
import math
import threading
from collections import Counter
from pathlib import Path
from typing import Any, Iterable, Sequence

import numpy as np

from app.config import paths
from app.lang.actions import action_of
from app.lang.lexicon import STOPWORDS
from app.lang.normalize import FILLER_WORDS, tokens
from app.lang.rules.planner_evidence import PLANNER_EVIDENCE
from app.lang.words import stem
from app.tools.registry import Tool

log = logging.getLogger(__name__)

_CACHE: dict[str, np.ndarray] = {}
# Routing drops "ora"/"ore" as "now"; for choosing a tool they mean "hour(s)".
_KEEP = frozenset(PLANNER_EVIDENCE.rule("hour_words").words)
_CACHE_LOCK = threading.Lock()


def content_words(text: str) -> set[str]:
    """Stemmed words that carry meaning (no stopwords, fillers, numbers, placeholders)."""
    out = set()
    for w in tokens(text):
        w = w.strip("'")
        if len(w) < 2 or (w in STOPWORDS and w not in _KEEP) or w in FILLER_WORDS or w.isdigit():
            continue
        out.add(stem(w))
    return out


def tool_texts(tool: Tool) -> list[str]:
    """What represents a tool for retrieval: its description (with its name) and each example."""
    return [f"{tool.name.replace('_', ' ')}: {tool.description}", *tool.examples]


DECLARED_AFFINITY = 0.75


class ToolIndex:
    """Embedding matrix and lexical profile of a set of tools; built once, queried per request."""

    def __init__(self, tools: Iterable[Tool], embedder: Any = None, cache_dir: Path | None = None):
        self.tools = list(tools)
        self.names = [t.name for t in self.tools]
        self._owner: list[int] = []
        texts: list[str] = []
        for i, t in enumerate(self.tools):
            for s in tool_texts(t):
                texts.append(s)
                self._owner.append(i)
        self._owner_arr = np.array(self._owner, dtype=np.int64)
        self.embedder = embedder
        self.matrix: np.ndarray | None = None
        if embedder is not None:
            self.matrix = self._matrix(embedder, texts, cache_dir)
        # lexical profile: content words with an idf over tools
        self.words = [set().union(*(content_words(s) for s in tool_texts(t))) for t in self.tools]
        df: Counter[str] = Counter(w for ws in self.words for w in ws)
        n = max(1, len(self.tools))
        self.idf = {w: math.log(1.0 + n / c) for w, c in df.items()}
        self.max_idf = math.log(1.0 + n)
        # action affinity: share of a tool's texts that carry each action class
        self.affinity: list[dict[str, float]] = []
        for t in self.tools:
            counts: Counter[str] = Counter()
            texts_with = 0
            for s in tool_texts(t):
                acts = set(action_of(s).actions)
                if acts:
                    texts_with += 1
                    counts.update(acts)
            aff = {a: c / texts_with for a, c in counts.items()} if texts_with else {}
            # what a tool declares it performs is its action whatever its examples say: open_path's examples are
            # mostly "avvia X", so "apri la cartella X" scored it 0.38 on "open" and a listing of X won. At least
            # DECLARED_AFFINITY, not 1.0: a tool whose examples all carry the action stays ahead of one that also
            # declares it (remember 1.0 on "remember", set_reminder's examples 0.5 -> 0.75)
            aff.update({a: max(aff.get(a, 0.0), DECLARED_AFFINITY) for a in getattr(t, "acts", ()) or ()})
            self.affinity.append(aff)

    # -- embeddings --------------------------------------------------------------------
    @staticmethod
    def _key(embedder: Any, texts: Sequence[str]) -> str:
        h = hashlib.sha256()
        h.update(str(getattr(embedder, "path", type(embedder).__name__)).encode())
        for s in texts:
            h.update(b"\x00" + s.encode("utf-8"))
        return h.hexdigest()[:24]

    def _matrix(self, embedder: Any, texts: list[str], cache_dir: Path | None) -> np.ndarray:
        key = self._key(embedder, texts)
        with _CACHE_LOCK:
            m = _CACHE.get(key)
            if m is not None:
                return m
            folder = cache_dir or (paths.cache_dir() / "planner")
            f = folder / f"tools-{key}.npy"
            try:
                m = np.load(f)
                if m.shape[0] != len(texts):
                    m = None
            except (OSError, ValueError):
                m = None
            if m is None:
                m = np.asarray(embedder.embed(texts), dtype=np.float32)
                try:
                    folder.mkdir(parents=True, exist_ok=True)
                    tmp = folder / f".tools-{key}.{threading.get_ident()}.npy"
                    np.save(tmp, m)
                    tmp.replace(f)
                except OSError as e:  # a read-only cache costs one re-embedding per start
                    log.debug("tool vectors not cached: %s", e)
            _CACHE[key] = m
            return m

    def embed_scores(self, vec: np.ndarray | None) -> dict[str, float]:
        """Per tool, the best cosine between the request and its description/examples."""
        if self.matrix is None or vec is None or not len(self.tools):
            return {n: 0.0 for n in self.names}
        sims = self.matrix @ np.asarray(vec, dtype=np.float32)
        best = np.full(len(self.tools), -1.0, dtype=np.float32)
        np.maximum.at(best, self._owner_arr, sims)
        return {n: float(best[i]) for i, n in enumerate(self.names)}

    # -- words and actions ---------------------------------------------------------------
    def lexical_scores(self, words: set[str]) -> dict[str, float]:
        """Share of the request's (idf-weighted) content words that the tool's texts contain."""
        if not words:
            return {n: 0.0 for n in self.names}
        total = sum(self.idf.get(w, self.max_idf) for w in words)
        out = {}
        for i, n in enumerate(self.names):
            got = 0.0
            for w in words:
                if w in self.words[i]:
                    got += self.idf[w]
                elif len(w) >= 3 and any(v != w and (v.startswith(w) or v.endswith(w)) and len(v) <= len(w) + 6
                                         for v in self.words[i]):
                    got += 0.5 * self.idf.get(w, self.max_idf)  # "day" in "weekday", "today"
            out[n] = got / total
        return out

    def action_scores(self, actions: Sequence[str]) -> dict[str, float]:
        """Best affinity of each tool with the request's action classes (0 when none)."""
        return {n: max((self.affinity[i].get(a, 0.0) for a in actions), default=0.0)
                for i, n in enumerate(self.names)}

    def affinity_by_name(self) -> dict[str, dict[str, float]]:
        """Each tool's action affinity by name (what the write veto reads)."""
        return dict(zip(self.names, self.affinity))

    def actions_with_tools(self) -> set[str]:
        return {a for aff in self.affinity for a, v in aff.items() if v >= 0.5}
