"""The generalization set (resources/eval/generalization): fast-path quality on requests it was not tuned on.

Same format as the test sets (taught requests, paraphrase probes, must-not
probes), plus a `split` per probe: "tune" or "heldout", fixed by
`split_of(probe)`. Tuning looks at the tune half only; reports show both halves
side by side so the gap is visible. Probes carry the `batch` they were written
in (written by people who never saw the code); the newest batch is also reported
on its own: nothing was tuned on it, on either half. Also the embedder's own
separation: the AUC of cosine(probe, its taught request) between paraphrases and
must-not probes.
"""
from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any

import numpy as np

SPLITS = ("tune", "heldout")
NEWEST = "newest batch"  # probes of the last batch written, measured before anything was tuned on them


def data_dir() -> Path:
    from app.config.paths import resources_dir
    return resources_dir() / "eval" / "generalization"


def split_of(probe: str) -> str:
    """The fixed rule: crc32 of the probe text, even -> tune."""
    return "tune" if zlib.crc32(probe.encode("utf-8")) % 2 == 0 else "heldout"


def load() -> dict[str, Any]:
    from app.bench.routing_sets import load_sets
    return load_sets(data_dir())


def only(sets: dict[str, Any], split: str) -> dict[str, Any]:
    """The same sets with the probes of one split (taught requests are shared)."""
    return {**sets, "paraphrases": [p for p in sets["paraphrases"] if p["split"] == split],
            "adversarial": [a for a in sets["adversarial"] if a["split"] == split]}


def auc(pos: list[float], neg: list[float]) -> float:
    """P(a paraphrase scores above a must-not probe); ties count half."""
    if not pos or not neg:
        return float("nan")
    p = np.asarray(pos)[:, None]
    n = np.asarray(neg)[None, :]
    return float(((p > n).sum() + 0.5 * (p == n).sum()) / (p.size * n.size))


def separation(embedder: Any, sets: dict[str, Any], split: str | None = None) -> dict[str, Any]:
    """AUC of cosine(probe, its own taught request), paraphrases vs must-not probes, on canonical texts."""
    from app.lang.normalize import canonical

    s = only(sets, split) if split else sets
    taught = {t["id"]: t["query"] for t in sets["taught"]}
    para = [(p["taught"], p["probe"]) for p in s["paraphrases"]]
    neg = [(a["taught"], a["probe"]) for a in s["adversarial"] if "expect" not in a]
    texts = list(dict.fromkeys([canonical(q) for q in taught.values()] + [canonical(p) for _, p in para + neg]))
    vecs = dict(zip(texts, embedder.embed(texts)))

    def cos(tid: str, probe: str) -> float:
        return float(vecs[canonical(taught[tid])] @ vecs[canonical(probe)])

    ps = [cos(t, p) for t, p in para]
    ns = [cos(t, p) for t, p in neg]
    return {"auc": round(auc(ps, ns), 4), "paraphrases": len(ps), "must_not": len(ns),
            "paraphrase_cos_p50": round(float(np.median(ps)), 4) if ps else None,
            "must_not_cos_p50": round(float(np.median(ns)), 4) if ns else None}


def _taught_router(memo_path: Path, embedder: Any, config: Any, sets: dict[str, Any]) -> Any:
    """A router on a fresh memo that has learned the set's taught requests, as the app runs it."""
    from app.bench.routing_sets import build_tools, fictional_paths, teach
    from app.memory.route_stages import RememberStage
    from app.routing.memo import Memo
    from app.routing.router import Router

    router = Router(lambda: config, lambda: embedder, Memo(memo_path), build_tools(sets["tools"]))
    fictional_paths(router)
    router.set_stages([RememberStage()], [])  # as the app runs it: the memory plugin's rule stage comes first
    teach(router, sets["taught"], int(config.values["fast_path.canonical_query_min_uses"]))
    return router


def run(memo_path: Path, embedder: Any, config: Any) -> dict[str, Any]:
    """Teach the set into a fresh memo, then evaluate each half separately."""
    from app.bench.routing_sets import evaluate

    sets = load()
    router = _taught_router(memo_path, embedder, config, sets)
    try:
        res = {split: evaluate(router, only(sets, split)) for split in SPLITS}
        batches = [p["batch"] for p in sets["paraphrases"] + sets["adversarial"] if "batch" in p]
        if batches:
            last = max(batches)
            res[NEWEST] = evaluate(router, {**sets, "paraphrases": [p for p in sets["paraphrases"]
                                                                    if p.get("batch") == last],
                                            "adversarial": [a for a in sets["adversarial"] if a.get("batch") == last]})
        return res
    finally:
        router.close()


def measure_batch(prefix: Path, memo_path: Path, embedder: Any, config: Any) -> dict[str, Any]:
    """A new batch (`<prefix>_para.jsonl`, `<prefix>_adv.jsonl`, as a writer delivers it) measured clean against
    the taught requests, without merging it: whole batch and each half by the set's split rule. Probes the set
    already has are left out (and counted)."""
    from app.bench.routing_sets import evaluate, read_jsonl

    sets = load()
    known = {p["probe"] for p in sets["paraphrases"] + sets["adversarial"]}
    para = [{**d, "split": split_of(d["probe"])} for d in read_jsonl(Path(f"{prefix}_para.jsonl"))]
    adv = [{**d, "split": split_of(d["probe"])} for d in read_jsonl(Path(f"{prefix}_adv.jsonl"))]
    new = {**sets, "paraphrases": [p for p in para if p["probe"] not in known],
           "adversarial": [a for a in adv if a["probe"] not in known]}
    router = _taught_router(memo_path, embedder, config, sets)
    try:
        res: dict[str, Any] = {"batch": evaluate(router, new),
                               **{split: evaluate(router, only(new, split)) for split in SPLITS}}
    finally:
        router.close()
    res["already_in_the_set"] = len(para) + len(adv) - len(new["paraphrases"]) - len(new["adversarial"])
    return res


def summary(res: dict[str, Any]) -> str:
    from app.bench.routing_sets import summary_line
    return "\n".join(f"  {split:8s} {summary_line(res[split])}" for split in (*SPLITS, NEWEST) if split in res)
