"""Sentence embeddings from a bundled ONNX embedder via fastembed.

Two are bundled (resources/models.toml): multilingual-e5-small (4-bit, mean
pooled here) and EmbeddingGemma-300M (int8, the graph itself pools, projects
and normalises). Loaded from a local folder only; a model hub is never
contacted. Both were trained with prompts and match requests against requests
here, so *every* text gets the manifest's query_prefix ("query: " for e5,
"task: classification | query: " for Gemma): without it accuracy drops.

Document search is the other task both were trained for: a short question against long passages. There
the passages get the manifest's passage_prefix ("passage: " for e5) and the question its search_prefix
(`embed_passages`, `embed_search`); vectors of one task are never compared with the other's.
"""
from __future__ import annotations

import os

# One OpenBLAS thread: app/__init__.py (before numpy loads, whoever imports first).
# Before fastembed/huggingface_hub are loaded: offline is not optional for this app.
os.environ["HF_HUB_OFFLINE"] = "1"

import threading  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

from app.config import paths  # noqa: E402
from app.models import bundle  # noqa: E402
from app.models.bundle import ModelError  # noqa: E402

# fastembed knows models by name; ours are registered once per process as metnos/<name>.
_register_lock = threading.Lock()
_registered: set[str] = set()
# Texts per onnxruntime call: attention holds batch x 12 x seq^2 floats, so 16 texts of
# 512 tokens already need ~200 MB; short requests are unaffected.
_BATCH = 16


def _register(name: str, dim: int, pooled: bool) -> Any:
    """Import fastembed and register the custom model (once per name); return the TextEmbedding class."""
    try:
        from fastembed import TextEmbedding
        from fastembed.common.model_description import ModelSource, PoolingType
    except ImportError as e:
        raise ModelError(f"embedder: fastembed is not installed ({e}). "
                         f"Fix: pip install 'fastembed>=0.9,<0.10'") from None
    with _register_lock:
        if name not in _registered:
            TextEmbedding.add_custom_model(    # e5: mean pool + L2; Gemma's graph already pools and normalises
                model=name, pooling=PoolingType.DISABLED if pooled else PoolingType.MEAN, normalization=True,
                sources=ModelSource(hf=name),     # required by fastembed, never contacted
                dim=dim, model_file="model.onnx")
            _registered.add(name)
    return TextEmbedding


class Embedder:
    """One fastembed session; calls are serialised (a 7 ms call gains nothing from overlap)."""

    def __init__(self, path: Path | None = None, threads: int = 1, spec: dict[str, Any] | None = None,
                 ident: str | None = None) -> None:
        spec = spec or bundle.embedder_spec("bundled")
        self.path = Path(path) if path is not None else bundle.embedder_path("bundled").path
        self._prefix: str = spec.get("query_prefix", "query: ")
        self._passage_prefix: str = spec.get("passage_prefix", self._prefix)
        self._search_prefix: str = spec.get("search_prefix", self._prefix)
        self._dim = int(spec["dim"])
        # Gemma's int8 graph quantizes activations per call, so padding in a batch moves the vectors (cosine
        # down to 0.98): it embeds one text per call, which is also what a request costs.
        self._batch = int(spec.get("batch", _BATCH))
        self.ident = ident or f"{spec.get('name', spec['dir'])}:{self._dim}"   # whose vectors these are
        # its own calibrated L1 threshold, when the default one (e5-small's) does not fit its cosines
        self.l1_threshold: float | None = float(spec["l1_threshold"]) if "l1_threshold" in spec else None
        self._lock = threading.Lock()
        if not (self.path / "model.onnx").is_file():
            raise ModelError(f"embedder: {self.path} has no model.onnx. Fix: run `metnos models install` "
                             f"(or point embed.model at a fastembed ONNX folder)")
        fe_name = f"metnos/{spec.get('name', spec['dir'])}"
        text_embedding = _register(fe_name, self._dim, spec.get("pooling") == "in-graph")
        try:
            self._model = text_embedding(
                model_name=fe_name, specific_model_path=str(self.path), threads=max(1, threads),
                cache_dir=str(paths.cache_dir() / "fastembed"), local_files_only=True)
            probe = self.embed(["ok"])           # fail at load, not on the first request
        except ModelError:
            raise
        except Exception as e:
            raise ModelError(f"embedder: {self.path} could not be loaded ({type(e).__name__}: {e}). "
                             f"Fix: run `metnos models install --force`") from e
        if probe.shape != (1, self._dim):
            raise ModelError(f"embedder: {self.path} gives {probe.shape[1]}-d vectors, expected {self._dim}. "
                             f"Fix: point embed.model at a {self._dim}-d model or set it to \"bundled\"")

    @property
    def dim(self) -> int:
        return self._dim

    def embed(self, texts: Sequence[str], *, prefix: str | None = None) -> np.ndarray:
        """float32 (n, dim), L2-normalised, one batch. Vectors do not depend on the batch.
        `prefix` replaces the request prefix (the document index's passages and questions)."""
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts; use embed_one() for a single text")
        if len(texts) == 0:
            return np.zeros((0, self._dim), dtype=np.float32)
        lead = self._prefix if prefix is None else prefix
        prefixed = [lead + t for t in texts]
        with self._lock:
            vectors = list(self._model.embed(prefixed, batch_size=self._batch))
        return np.ascontiguousarray(np.stack(vectors), dtype=np.float32)

    def embed_one(self, text: str) -> np.ndarray:
        """float32 (dim,), L2-normalised."""
        row: np.ndarray = self.embed([text])[0]
        return row

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        """Passages of documents, to be found by `embed_search` questions (float32 (n, dim))."""
        return self.embed(texts, prefix=self._passage_prefix)

    def embed_search(self, text: str) -> np.ndarray:
        """A question asked of documents (float32 (dim,)), compared with `embed_passages` vectors."""
        row: np.ndarray = self.embed([text], prefix=self._search_prefix)[0]
        return row


_current: tuple[tuple[str, int], Embedder] | None = None
_current_lock = threading.Lock()


def get_embedder(setting: str = "bundled", threads: int = 1) -> Embedder:
    """The process-wide embedder (loaded on first use, ~1 s); a changed setting replaces it."""
    global _current
    key = (setting or "bundled", threads)
    current = _current
    if current is not None and current[0] == key:
        return current[1]
    with _current_lock:
        if _current is None or _current[0] != key:
            located = bundle.embedder_path(key[0])
            _current = (key, Embedder(located.path, threads, bundle.embedder_spec(key[0]), bundle.embedder_id(key[0])))
        return _current[1]
