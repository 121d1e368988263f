"""Learned heads: small linear classifiers on the request (or fact) embedding the app already computes.

Why: a judgement of meaning (which category a fact is, whether a request asks for an action or for an answer)
written as rules grows one branch per missed sentence and never converges; a logistic regression over the
embedding, trained on labelled sentences, is a few KB of weights, costs ~0 ms on a vector that exists anyway,
and is measured on a held-out half nobody tuned on. Regexes stay for values (paths, numbers, times) and for
hard safety vetoes.

Each head ships as two files under resources/heads: `<name>.npz` (weights) and `<name>.json` (its manifest:
classes, the embedder whose vectors it reads, the hashes of the weights and of the training data, the
held-out score). app/bench/heads.py trains them; `metnos models verify` checks them (verify_heads).
"""
from __future__ import annotations

import hashlib
import json
import logging
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from app.config.paths import resources_dir

from .args_extractor import extract_spans
from .lexicon import SLIPS
from .quotes import without_quotes

log = logging.getLogger(__name__)

INTENT_HEAD = "intent"  # which action a request asks for first: a tool, or `answer` (app/bench/heads.py)
LIVE_HEAD = "live"  # whether a request asks for the world's state now (weather, prices…): LIVE or NOT_LIVE
LIVE, NOT_LIVE = "live", "not"
ASIDE_HEAD = "aside"  # whether a fragment of a request only says something aside (lang/asides.py): ASIDE or ASKS
ASIDE, ASKS = "aside", "asks"


class HeadError(Exception):
    """A head's files are missing, damaged or do not match their manifest; the message says which and what to do."""


@dataclass(frozen=True)
class Head:
    """softmax(W·v + b) over `classes`, for a vector of the embedder named `embedder`."""

    name: str
    classes: tuple[str, ...]
    weights: np.ndarray  # (classes, dim)
    bias: np.ndarray  # (classes,)
    embedder: str
    manifest: dict[str, Any] = field(default_factory=dict)

    def probs(self, vec: np.ndarray) -> dict[str, float]:
        z = self.weights @ np.asarray(vec, dtype=np.float32) + self.bias
        z = np.exp(z - z.max())
        p = z / z.sum()
        return {c: float(x) for c, x in zip(self.classes, p)}

    def predict(self, vec: np.ndarray) -> tuple[str, float]:
        """The likeliest class and its probability."""
        p = self.probs(vec)
        best = max(p, key=p.__getitem__)
        return best, p[best]


def heads_dir() -> Path:
    return resources_dir() / "heads"


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _read(name: str, folder: Path) -> Head:
    man_path, npz_path = folder / f"{name}.json", folder / f"{name}.npz"
    fix = f"Fix: reinstall Metnos Desk, or rebuild it with `metnos bench heads --train {name}`"
    try:
        manifest = json.loads(man_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise HeadError(f"head {name}: {man_path} cannot be read ({e}). {fix}") from e
    if not npz_path.is_file():
        raise HeadError(f"head {name}: {npz_path} is missing. {fix}")
    if sha256_of(npz_path) != manifest.get("weights_sha256"):
        raise HeadError(f"head {name}: {npz_path} does not match its manifest (sha256). {fix}")
    with np.load(npz_path) as z:
        weights, bias = z["weights"].astype(np.float32), z["bias"].astype(np.float32)
    classes = tuple(manifest["classes"])
    if weights.shape != (len(classes), int(manifest["dim"])) or bias.shape != (len(classes),):
        raise HeadError(f"head {name}: weights of shape {weights.shape} for {len(classes)} classes. {fix}")
    return Head(name, classes, weights, bias, str(manifest["embedder"]), manifest)


_cache: dict[tuple[str, str], Head | None] = {}
_lock = threading.Lock()


def load_head(name: str, embedder: str, folder: Path | None = None) -> Head | None:
    """The head `name` for vectors of `embedder`, or None (logged once) when it is missing, damaged or trained on
    another embedder's vectors: the caller then judges without it, as before the head existed."""
    key = (name, embedder)
    with _lock:
        if key in _cache and folder is None:
            return _cache[key]
        head: Head | None
        try:
            head = _read(name, folder or heads_dir())
            if head.embedder != embedder:
                log.warning("head %s reads %s vectors, not %s: not used", name, head.embedder, embedder)
                head = None
        except HeadError as e:
            log.warning("%s", e)
            head = None
        if folder is None:
            _cache[key] = head
        return head


_SLIP = re.compile(r"(?i)(?<![\w/.~-])(?:" + "|".join(map(re.escape, SLIPS)) + r")(?![\w/.-])")

# The folder every path in the heads' training requests is in ({root} of the evaluation sets, as a person's folder).
HEAD_ROOT = "/home/anna/lavoro"


def head_text(text: str) -> str:
    """`text` as a head reads it: quoted words as "…" (content, not the ask) and every path moved into HEAD_ROOT
    with its own last name ("/tmp/tmpk3j4h2l1/root/note.md" → "/home/anna/lavoro/note.md").

    Why: the intent head learned requests whose paths all sat in one folder, and its reading followed the folder's
    name. On the 214 held-out requests of the request sets that name a path, moving that folder elsewhere changed
    the head's likeliest class on 20–37 of them (right first class 154 → 142 under a /tmp folder); a folder's name
    says nothing about what is asked. A file's own name (note.md, spese.csv) is kept: it does."""
    text = without_quotes(text) if isinstance(text, str) else ""
    text = _SLIP.sub(lambda m: SLIPS[m.group(0).lower()], text)  # "whats the tiem" is "what's the time" to a head
    _, spans = extract_spans(text)
    for sp in sorted((s for s in spans if s.kind == "path"), key=lambda s: -s.start):
        raw = text[sp.start:sp.end].replace("\\", "/")
        name = raw.rstrip("/").rsplit("/", 1)[-1]
        if "/" in raw and name and name not in ("~", ".", ".."):  # a bare name ("spesa.txt") has no folder
            text = text[:sp.start] + f"{HEAD_ROOT}/{name}" + text[sp.end:]
    return text


def verify_heads(folder: Path | None = None) -> list[str]:
    """One line per shipped head (name, classes, held-out score); HeadError on the first bad one."""
    folder = folder or heads_dir()
    lines = []
    for man in sorted(folder.glob("*.json")):
        head = _read(man.stem, folder)
        score = head.manifest.get("held_out", {}).get("accuracy")
        held = f", held-out accuracy {score:.3f}" if isinstance(score, float) else ""
        lines.append(f"head {head.name}: {len(head.classes)} classes{held}")
    return lines
