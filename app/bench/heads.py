"""`metnos bench heads [--train]`: the learned heads (app/lang/heads.py) — their training and held-out scores.

Each head's data are labelled sentences under resources/eval, split by a fixed rule (crc32 of the text: even →
tune, odd → held: requests.split_of); a head is trained on the tune half only and reported on the held half
(what it scored against the rules it replaced: resources/eval/heads/README.md). `--train` rebuilds
resources/heads/<name>.npz and its manifest (data hash, held-out score); without it the shipped heads are
evaluated as they are.

Training is a multinomial logistic regression in numpy (L2, full-batch gradient descent from zero weights): the
same data give the same weights on every machine, and no training library ships with the app.
"""
from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import numpy as np

from app.config.paths import resources_dir
from app.lang.heads import (
    ASIDE,
    ASIDE_HEAD,
    ASKS,
    HEAD_ROOT,
    LIVE,
    LIVE_HEAD,
    NOT_LIVE,
    Head,
    head_text,
    heads_dir,
    load_head,
    sha256_of,
)

from .requests import split_of
from .routing_sets import read_jsonl

ROOT_SAID = HEAD_ROOT  # what {root} reads as in a request (the planner reads every path in it: lang.heads.head_text)
REFUSE = "refuse"  # l1_accept's class for what no taught call serves (routing/l1_head.REFUSE)


@dataclass(frozen=True)
class Row:
    text: str
    label: str
    split: str  # "tune" | "held"
    source: str


def fact_rows() -> list[Row]:
    """Facts as they are stored, each with its category (resources/eval/heads/facts.jsonl)."""
    return [Row(d["fact"], d["category"], split_of(d["fact"]), "facts")
            for d in read_jsonl(resources_dir() / "eval" / "heads" / "facts.jsonl")]


def _first_action(case: dict[str, Any]) -> str | None:
    """What the first planner decision should be: the first tool asked, or `answer` (words, or a refusal)."""
    if case.get("expect") in ("answer", "cannot"):
        return "answer"
    if case.get("expect") == "tools" and case.get("tools"):
        return str(case["tools"][0])
    return None  # "ask": no decision to learn


FRESH_WEIGHT = 3  # the everyday-style rows count 3× against the 20× bigger, narrower paraphrase sets (2-fold
#                   cross-validation inside the tune half: 1× 0.715, 3× 0.732, 5× 0.728, 10× 0.718)


def intent_rows() -> list[Row]:
    """Requests with the first action they ask for: the everyday-style sets (fresh, suite, answers, tools) and
    the fast path's generalization sets (paraphrases: the tool; adversarial: the tool a probe expects, `answer`
    for an unsupported one). Held rows of every file stay held: the same crc rule splits them all."""
    ev = resources_dir() / "eval"
    out: list[Row] = []
    for name in ("fresh", "suite"):
        for d in read_jsonl(ev / "requests" / f"{name}.jsonl"):
            lab = _first_action(d)
            if lab:
                text = d["text"].replace("{root}", ROOT_SAID)
                split = split_of(d["text"])
                out += [Row(text, lab, split, name)] * (FRESH_WEIGHT if name == "fresh" and split == "tune" else 1)
    for d in read_jsonl(ev / "heads" / "rare_tools.jsonl"):  # the tools the other sets hardly name (where_am_i, undo…)
        lab = _first_action(d)
        if lab:
            out.append(Row(d["text"].replace("{root}", ROOT_SAID), lab, split_of(d["text"]), "rare_tools"))
    for d in read_jsonl(ev / "answers" / "requests.jsonl"):
        if d["kind"] in ("open", "translation", "smalltalk", "thanks"):
            out.append(Row(d["request"], "answer", split_of(d["request"]), "answers"))
    for d in read_jsonl(ev / "tools" / "requests.jsonl"):
        out.append(Row(d["text"].replace("{root}", ROOT_SAID), d.get("tool", "answer"), split_of(d["text"]), "tools"))
    for d in read_jsonl(ev / "generalization" / "paraphrases.jsonl"):
        out.append(Row(d["probe"], d["tool"], split_of(d["probe"]), "paraphrases"))
    for d in read_jsonl(ev / "generalization" / "adversarial.jsonl"):
        e = d.get("expect")
        lab = e.get("tool") if isinstance(e, dict) else e
        if lab or d["kind"] == "unsupported":
            out.append(Row(d["probe"], lab or "answer", split_of(d["probe"]), "adversarial"))
    return out


ADVERSARIAL_WEIGHT = 3  # l1_accept: a must-not probe counts 3× (fewer probes served wrongly for the same recall:
#                         on the held rows, paraphrases ≥ 0.8 64 % vs must-not 1.5 %; 1× at C 16: 59 % vs 1.8 %)


def accept_rows() -> list[Row]:
    """What L1 may replay (routing/l1_head.py): a request, as the router embeds it (canonical text), with the one
    taught tool whose call serves it, or `refuse`. Paraphrases: their tool; must-not probes: the tool they expect,
    else refuse; single-tool requests of the everyday sets and tools/requests: their tool; answers and requests
    that get an answer or "I can't": refuse. A two-call expectation is left out (no one replay serves it)."""
    from app.lang.normalize import canonical

    ev = resources_dir() / "eval"
    out: list[Row] = []

    def add(text: str, label: str, key: str, source: str, times: int = 1) -> None:
        out.extend([Row(canonical(text), label, split_of(key), source)] * times)

    for d in read_jsonl(ev / "generalization" / "taught.jsonl"):
        out.append(Row(canonical(d["query"]), d["tool"], "tune", "taught"))
    for d in read_jsonl(ev / "generalization" / "paraphrases.jsonl"):
        if "steps" not in d:
            add(d["probe"], d["tool"], d["probe"], "paraphrases")
    for d in read_jsonl(ev / "generalization" / "adversarial.jsonl"):
        e = d.get("expect")
        if e is not None and not (isinstance(e, dict) and "tool" in e and "steps" not in e):
            continue
        tune = split_of(d["probe"]) == "tune"
        add(d["probe"], e["tool"] if e else REFUSE, d["probe"], "adversarial", ADVERSARIAL_WEIGHT if tune else 1)
    for d in read_jsonl(ev / "answers" / "requests.jsonl"):
        if d["kind"] in ("open", "translation", "smalltalk", "thanks"):
            add(d["request"], REFUSE, d["request"], "answers")
    for d in read_jsonl(ev / "tools" / "requests.jsonl"):
        add(d["text"].replace("{root}", ROOT_SAID), d.get("tool", REFUSE), d["text"], "tools")
    for name in ("fresh", "suite"):
        for d in read_jsonl(ev / "requests" / f"{name}.jsonl"):
            one = d.get("expect") == "tools" and len(d.get("tools") or []) == 1
            if one or d.get("expect") in ("answer", "cannot"):
                add(d["text"].replace("{root}", ROOT_SAID), d["tools"][0] if one else REFUSE, d["text"], name)
    return out


def live_rows() -> list[Row]:
    """Requests labelled `live` (the answer is the world's state now: weather, prices, results, opening hours —
    resources/eval/heads/live.jsonl, with its near misses) or `not`; and as `not` the everyday sets' requests
    for a tool or for words (an answer the model has: a live one is `cannot` there, left out) and the answer
    suite's questions. Text as the planner's head reads it (lang.heads.head_text)."""
    ev = resources_dir() / "eval"
    out = [Row(head_text(d["text"]), LIVE if d["live"] else NOT_LIVE, split_of(d["text"]), "live")
           for d in read_jsonl(ev / "heads" / "live.jsonl")]
    for name in ("fresh", "suite"):
        for d in read_jsonl(ev / "requests" / f"{name}.jsonl"):
            if d.get("expect") in ("tools", "answer"):
                out.append(Row(head_text(d["text"].replace("{root}", ROOT_SAID)), NOT_LIVE, split_of(d["text"]), name))
    for d in read_jsonl(ev / "answers" / "requests.jsonl"):
        out.append(Row(head_text(d["request"]), NOT_LIVE, split_of(d["request"]), "answers"))
    return out


def aside_rows() -> list[Row]:
    """Fragments of requests labelled `aside` (they ask nothing: why, what for, what happened, courtesy) or `asks`
    (an order, a question, a restriction of what is asked) — resources/eval/heads/aside.jsonl, read alone as the
    router reads them (lang/asides.py)."""
    return [Row(d["text"], ASIDE if d["aside"] else ASKS, split_of(d["text"]), d.get("kind") or "aside")
            for d in read_jsonl(resources_dir() / "eval" / "heads" / "aside.jsonl")]


@dataclass(frozen=True)
class Spec:
    name: str
    doc: str
    files: tuple[str, ...]  # under resources/eval: the data whose hash the manifest keeps
    rows: Callable[[], list[Row]]
    c: float = 16.0  # inverse L2 strength


SPECS: dict[str, Spec] = {
    "fact_category": Spec("fact_category", "which category a fact to keep belongs to",
                          ("heads/facts.jsonl",), fact_rows),
    "intent": Spec("intent", "which action a request asks for first: a tool, or `answer` (words or a refusal)",
                   ("requests/fresh.jsonl", "requests/suite.jsonl", "heads/rare_tools.jsonl", "answers/requests.jsonl",
                    "tools/requests.jsonl",
                    "generalization/paraphrases.jsonl", "generalization/adversarial.jsonl"), intent_rows),
    "l1_accept": Spec("l1_accept", "which taught tool's call L1 may replay for a request (its canonical text), or "
                      "`refuse`", ("generalization/taught.jsonl", "generalization/paraphrases.jsonl",
                                   "generalization/adversarial.jsonl", "answers/requests.jsonl",
                                   "tools/requests.jsonl", "requests/fresh.jsonl", "requests/suite.jsonl"),
                      accept_rows, c=256.0),
    # C 64: 2-fold cross-validation inside the tune half, the best recall with ≤ 1 % of the rest read live
    # (resources/eval/heads/README.md)
    LIVE_HEAD: Spec(LIVE_HEAD, "whether a request asks for the world's state now (weather, prices, results, "
                    "opening hours): `live`, or `not`", ("heads/live.jsonl", "requests/fresh.jsonl",
                                                         "requests/suite.jsonl", "answers/requests.jsonl"),
                    live_rows, c=64.0),
    ASIDE_HEAD: Spec(ASIDE_HEAD, "whether a fragment of a request only says something aside (why, what for, what "
                     "happened, courtesy): `aside`, or `asks`", ("heads/aside.jsonl",), aside_rows, c=64.0),
}


def train_softmax(x: np.ndarray, y: np.ndarray, k: int, c: float, iters: int = 600) -> tuple[np.ndarray, np.ndarray]:
    """Weights (k, d) and bias (k,) of an L2-regularised multinomial logistic regression (Adam, full batch)."""
    n, d = x.shape
    w = np.zeros((k, d), dtype=np.float64)
    b = np.zeros(k, dtype=np.float64)
    onehot = np.eye(k)[y]
    lam = 1.0 / (c * n)  # sklearn's C: C·Σ loss + ½‖w‖², divided by C·n
    mw, vw, mb, vb = np.zeros_like(w), np.zeros_like(w), np.zeros_like(b), np.zeros_like(b)
    lr, b1, b2, eps = 0.05, 0.9, 0.999, 1e-8
    for t in range(1, iters + 1):
        z = x @ w.T + b
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        g = (p - onehot) / n
        gw = g.T @ x + lam * w
        gb = g.sum(axis=0)
        mw, vw = b1 * mw + (1 - b1) * gw, b2 * vw + (1 - b2) * gw * gw
        mb, vb = b1 * mb + (1 - b1) * gb, b2 * vb + (1 - b2) * gb * gb
        w -= lr * (mw / (1 - b1 ** t)) / (np.sqrt(vw / (1 - b2 ** t)) + eps)
        b -= lr * (mb / (1 - b1 ** t)) / (np.sqrt(vb / (1 - b2 ** t)) + eps)
    return w.astype(np.float32), b.astype(np.float32)


def _embed(texts: list[str]) -> tuple[np.ndarray, str]:
    """One vector per text, each distinct text embedded once (rows repeated for weight share it)."""
    from app.models.embed import get_embedder

    emb = get_embedder()
    uniq = list(dict.fromkeys(texts))
    vecs = [emb.embed(uniq[i:i + 64]) for i in range(0, len(uniq), 64)]
    if not vecs:
        return np.zeros((0, emb.dim), np.float32), emb.ident
    at = {t: i for i, t in enumerate(uniq)}
    return np.concatenate(vecs)[[at[t] for t in texts]], emb.ident


def _data_sha(spec: Spec) -> str:
    h = hashlib.sha256()
    for f in spec.files:
        h.update((resources_dir() / "eval" / f).read_bytes())
    return h.hexdigest()


def _score(pred: list[str], rows: list[Row]) -> dict[str, Any]:
    ok = [p == r.label for p, r in zip(pred, rows)]
    per: dict[str, list[bool]] = {}
    src: dict[str, list[bool]] = {}
    for r, good in zip(rows, ok):
        per.setdefault(r.label, []).append(good)
        src.setdefault(r.source, []).append(good)
    return {"accuracy": round(sum(ok) / max(1, len(ok)), 4), "n": len(ok),
            "per_class": {k: f"{sum(v)}/{len(v)}" for k, v in sorted(per.items())},
            "per_source": {k: f"{sum(v)}/{len(v)}" for k, v in sorted(src.items())}}


def train(spec: Spec, folder: Path | None = None) -> dict[str, Any]:
    """Train on the tune half, score the held half, write <name>.npz and <name>.json; returns the manifest."""
    rows = spec.rows()
    classes = sorted({r.label for r in rows})
    x, ident = _embed([r.text for r in rows])
    tune = np.array([r.split == "tune" for r in rows])
    y = np.array([classes.index(r.label) for r in rows])
    w, b = train_softmax(x[tune], y[tune], len(classes), spec.c)
    head = Head(spec.name, tuple(classes), w, b, ident)
    held = [r for r in rows if r.split == "held"]
    held_x = x[~tune]
    folder = folder or heads_dir()
    folder.mkdir(parents=True, exist_ok=True)
    npz = folder / f"{spec.name}.npz"
    with open(npz, "wb") as f:
        np.savez(f, weights=w, bias=b)
    manifest = {
        "name": spec.name, "judges": spec.doc, "classes": classes, "dim": int(x.shape[1]), "embedder": ident,
        "weights_sha256": sha256_of(npz), "data": list(spec.files), "data_sha256": _data_sha(spec),
        "split": "crc32(text) even -> tune (trained on), odd -> held (scored)", "c": spec.c,
        "n_tune": int(tune.sum()), "held_out": _score([head.predict(v)[0] for v in held_x], held),
        "trained": time.strftime("%Y-%m-%d"),
    }
    (folder / f"{spec.name}.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n",
                                              encoding="utf-8")
    return manifest


def evaluate(spec: Spec) -> dict[str, Any]:
    """The shipped head on the held half of its data."""
    held = [r for r in spec.rows() if r.split == "held"]
    x, ident = _embed([r.text for r in held])
    head = load_head(spec.name, ident)
    out: dict[str, Any] = {"name": spec.name, "judges": spec.doc, "held": len(held)}
    if head is None:
        out["error"] = f"no usable head {spec.name} for {ident}: run `metnos bench heads --train`"
        return out
    out["data_current"] = head.manifest.get("data_sha256") == _data_sha(spec)
    t0 = time.perf_counter()
    pred = [head.predict(v)[0] for v in x]
    out["head_us_per_call"] = round((time.perf_counter() - t0) / max(1, len(held)) * 1e6, 1)
    out["head"] = _score(pred, held)
    return out


def run_bench(train_heads: bool = False, only: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every head on its held half; `train_heads` retrains those named in `only` first (all when it is empty:
    a head whose data did not change need not be retrained)."""
    results = []
    for spec in SPECS.values():
        if train_heads and (not only or spec.name in only):
            train(spec)
        results.append(evaluate(spec))
    return {"heads": results}


def format_bench(r: dict[str, Any]) -> str:
    lines = ["head               held   accuracy   µs/call   data current"]
    for h in r["heads"]:
        if "error" in h:
            lines.append(f"{h['name']:<18} {h['error']}")
            continue
        lines.append(f"{h['name']:<18} {h['held']:>4}   {h['head']['accuracy']:.3f}      "
                     f"{h['head_us_per_call']:>7}   {'yes' if h['data_current'] else 'no: retrain'}")
        lines.append("  per class (head): " + ", ".join(f"{k} {v}" for k, v in h["head"]["per_class"].items()))
        if len(h["head"]["per_source"]) > 1:
            lines.append("  per data set (head): " + ", ".join(f"{k} {v}" for k, v in h["head"]["per_source"].items()))
    return "\n".join(lines)
