"""`metnos bench docs`: the document index's retrieval quality on its QA set, and its speed at scale.

Two parts, in a temporary METNOS_HOME, through the app's own DocIndex (real files of each format, the
bundled embedder, the encrypted store whose key comes from the OS keyring):

* **QA** (app/bench/docs_qa.py) — the documents of resources/eval/docs/documents.toml written into real files
  (app/bench/docfiles.py) and indexed; every question of questions.jsonl asked three ways: hybrid (what the app
  does), BM25 alone, vectors alone; recall@3 and recall@1 per split, and the relevance gate.
* **Scale** (app/bench/docs_scale.py) — 1,000 documents (the QA set's plus generated ones, app/bench/
  docs_generated.py: ≈ 20 passages each, ≈ 20k passages, six formats) indexed from scratch: passages/s against
  the embedder alone on a sample of the same passages; query p50 against one embedding call of the same question
  (interleaved); re-indexing after one file of 1,000 is touched (same bytes) and edited; then the index grown to
  ≈ 200k passages and the query timed again. The QA questions are asked at each scale too.

`metnos bench docs --query-cache` (app/bench/docs_query.py) times the query alone on an index built once.

Goals: held-out hybrid recall@3 ≥ 95 %; indexing ≥ 0.8 × the embedder alone; query p50 ≤ 1.3 ×
one embedding call at 20k and ≤ 1.6 × at 200k; re-index after touching 1 file of 1,000 ≤ 2 s.
"""
from __future__ import annotations

import os
import time
from typing import Any

from .docs_generated import SECTIONS
from .docs_qa import RECALL_GOAL, format_qa, run_qa
from .docs_scale import COPIES, N_DOCS, REF_EVERY, format_scale, load_average, run_scale

GOALS = {"recall_held": RECALL_GOAL, "throughput_ratio": 0.8, "query_ratio_20k": 1.3, "query_ratio_200k": 1.6,
         "reindex_s": 2.0}


def run_bench(qa: bool = True, scale: bool = True, n_docs: int = N_DOCS, sections: int = SECTIONS,
              copies: int = COPIES, ref_every: int = REF_EVERY, verbose: bool = True) -> dict[str, Any]:
    import sys

    from app.models.embed import get_embedder
    from app.store.keys import KeyUnavailable

    from .prompt_cache import temporary_home

    def say(s: str) -> None:
        if verbose:
            print(f"[bench docs {time.strftime('%H:%M:%S')}] {s}", file=sys.stderr, flush=True)

    started = time.perf_counter()
    out: dict[str, Any] = {"cpu_count": os.cpu_count(), "load_start": load_average(), "goals": GOALS}
    embedder = get_embedder()
    out["embedder"] = getattr(embedder, "ident", type(embedder).__name__)
    with temporary_home() as home:
        try:
            if qa:
                say("QA set")
                out["qa"] = run_qa(embedder, home)
                out["_qa_rows"] = out["qa"].pop("_rows")
            if scale:
                out["scale"] = run_scale(embedder, home, n_docs, sections, copies, ref_every, say)
        except KeyUnavailable as e:
            return {"error": f"no master key for the encrypted index: {e}"}
    out["seconds"] = round(time.perf_counter() - started, 1)
    out["load_end"] = load_average()
    out["verdicts"] = verdicts(out)
    return out


def verdicts(r: dict[str, Any]) -> dict[str, bool]:
    v: dict[str, bool] = {}
    qa, sc = r.get("qa"), r.get("scale")
    if qa:
        v["recall_held"] = (qa["held"]["both"]["recall3"] or 0) >= GOALS["recall_held"]
    if sc:
        v["throughput_ratio"] = sc["index"]["ratio"] >= GOALS["throughput_ratio"]
        v["query_ratio_20k"] = sc["query_small"]["ratio"] <= GOALS["query_ratio_20k"]
        if "query_large" in sc:
            v["query_ratio_200k"] = sc["query_large"]["ratio"] <= GOALS["query_ratio_200k"]
        v["reindex_s"] = sc["reindex"]["edited_scan_s"] <= GOALS["reindex_s"]
    return v


def format_bench(r: dict[str, Any]) -> str:
    if r.get("error"):
        return f"bench docs: {r['error']}"
    lines = [f"document index bench — {r['embedder']}, {r['cpu_count']} CPUs, load {r['load_start']} → "
             f"{r['load_end']}, {r['seconds']} s in all"]
    if r.get("qa"):
        lines += format_qa(r, r["qa"])
    if r.get("scale"):
        lines += format_scale(r, r["scale"])
    return "\n".join(lines)
