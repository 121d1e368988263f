"""`metnos bench docs --query-cache [DIR]`: the 200k query figure alone, from an index built once and kept.

Why: `metnos bench docs` indexes 1,000 documents from scratch before it can time a question at 200k passages
(~48 min on the shared 2 cores), so a change to the search path could not be measured in a sitting. This
builds the same index as the full bench's scale part (the QA documents and the generated ones written into
real files, indexed by DocIndex with the bundled embedder, then grown ×10 by `grow`) once into DIR (default
~/.cache/metnos/bench-docs-200k, or METNOS_DOCS_BENCH_CACHE), and from then on only opens it and times the
questions: the search p50 against one embedding of the same questions in the same run (interleaved), the QA
recall@3 among the 200k passages, and where a search's time goes (each step timed alone, one after another).
The build also keeps a copy of the index before it was grown (≈ 20k passages), timed the same way. Building
takes what the full bench's indexing takes (41 min under a load of 4–8); a run on the cache about 1.5 min. With
METNOS_DOCS_BENCH_STANDIN=1 the build gives the generated documents stand-in vectors (app/bench/docs_standin.py,
~3 min; the cache records it and every run prints it): its figures compare with each other, not with e5's cache.

The index is encrypted like every store: a later run must see the same keyring (master key) as the run that
built it; under another keyring it says so and leaves the cache alone (delete DIR to build again).
"""
from __future__ import annotations

import json
import os
import shutil
import statistics
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

from .docfiles import write_document
from .docs import GOALS
from .docs_generated import SECTIONS, generated, grow
from .docs_qa import TOOL_K, documents, pct, questions, write_folder
from .docs_scale import COPIES, N_DOCS, load_average, recall_alone, time_queries, timed
from .docs_standin import ENV as STANDIN_ENV
from .docs_standin import StandInEmbedder

CACHE_ENV = "METNOS_DOCS_BENCH_CACHE"
DB_FILE = "scale-docs.db"
DB_SMALL = "scale-docs-20k.db"  # the same index before it was grown
MARK = "built.json"  # written last: a cache without it is an interrupted build


def default_dir() -> Path:
    env = os.environ.get(CACHE_ENV)
    return Path(env) if env else Path.home() / ".cache" / "metnos" / "bench-docs-200k"


def _uptime() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return str(load_average())


def build(embedder: Any, cache: Path, say: Callable[[str], None], n_docs: int = N_DOCS,
          sections: int = SECTIONS, copies: int = COPIES, with_qa: bool = True) -> dict[str, Any]:
    """The full bench's scale index (same documents, same seeds, same growth), written into `cache`.
    `with_qa` False: generated documents only (the tests' smoke)."""
    from app.docs import DocIndex

    cache.mkdir(parents=True, exist_ok=True)
    for stale in (cache / DB_FILE, cache / f"{DB_FILE}-wal", cache / f"{DB_FILE}-shm"):
        stale.unlink(missing_ok=True)
    folder = cache / "scale-documents"
    qa_docs = documents()
    written = write_folder(folder, qa_docs[:n_docs] if with_qa else [])
    for name, markup in generated(max(0, n_docs - len(written)), sections=sections):
        written.append(write_document(folder / name, markup))
    index = DocIndex(embedder, path=cache / DB_FILE)
    info: dict[str, Any] = {"documents": len(written), "load_start": _uptime()}
    try:
        say(f"indexing {len(written)} files into {cache} (once)")
        t0 = time.perf_counter()
        index.add_folder(folder)
        info["index_s"] = round(time.perf_counter() - t0, 1)
        info["passages_first"] = index.store.total_chunks()
        index.close()  # the last connection folds the WAL into the file: a copy of it is the first scale whole
        shutil.copyfile(cache / DB_FILE, cache / DB_SMALL)
        index = DocIndex(embedder, path=cache / DB_FILE)
        say(f"growing the index ×{copies + 1}")
        info["added"] = grow(index, copies, np.random.default_rng(29), {d["file"] for d in qa_docs})
        info["passages"] = index.store.total_chunks()
    finally:
        index.close()
    info["vectors"] = "stand-in" if isinstance(embedder, StandInEmbedder) else "e5"
    info.update(load_end=_uptime(), built=time.strftime("%Y-%m-%d %H:%M:%S"), n_docs=n_docs, sections=sections,
                copies=copies)
    (cache / MARK).write_text(json.dumps(info, indent=1), encoding="utf-8")
    return info


def _builder(embedder: Any, cache: Path, say: Callable[[str], None]) -> Any:
    """The embedder the build indexes with: e5 itself, or with METNOS_DOCS_BENCH_STANDIN=1 the stand-in
    (app/bench/docs_standin.py: e5 for the QA documents, stand-in vectors for the generated ones, ~3 min)."""
    if os.environ.get(STANDIN_ENV, "") in ("", "0"):
        return embedder
    say("stand-in vectors for the generated documents (e5 for the QA documents' passages)")
    return StandInEmbedder(embedder, cache / "standin-qa")


def breakdown(index: Any, embedder: Any, qs: list[dict[str, Any]]) -> dict[str, float]:
    """Median ms of each step of a search, timed alone and in turn (no second thread): the question's
    embedding, the words' document frequencies, listing the kept words' passages, BM25 over them (app/docs/
    bm25.py), the vectors' shortlist and cosines, the rows of the passages and what `hybrid` adds around them."""
    from app.docs.bm25 import CANDIDATES, kept_terms, rank
    from app.docs.search import hybrid
    from app.docs.terms import query_terms

    steps: dict[str, list[float]] = {k: [] for k in ("embed", "doc_freq", "listing", "bm25", "vectors",
                                                      "hybrid_rest", "postings")}
    model = index.indexer.model()
    store, cache = index.store, index.cache
    for q in qs:
        text = q["q"]
        ms, vec = timed(embedder.embed_search, text)
        steps["embed"].append(ms)
        terms = query_terms(text)
        ms, df = timed(store.doc_freq, terms)
        steps["doc_freq"].append(ms)
        keep = kept_terms(terms, df)
        steps["postings"].append(float(sum(df[t] for t in keep)))
        ms, lists = timed(lambda ks, d: [(*store.postings(t), d[t]) for t in ks], keep, df)
        steps["listing"].append(ms)
        ms, words = timed(rank, lists, cache.lengths(model))
        steps["bm25"].append(ms)
        ms, _ = timed(lambda v: cache.scores(model, v).top(CANDIDATES), vec)
        steps["vectors"].append(ms)
        ms, _ = timed(hybrid, store, cache, text, vec, model, TOOL_K, 2, "both", words)
        steps["hybrid_rest"].append(ms - steps["vectors"][-1])
    return {k: round(statistics.median(v), 2) for k, v in steps.items()}


def measure(index: Any, embedder: Any, qs: list[dict[str, Any]], rounds: int) -> dict[str, Any]:
    """One cached index: the search p50 against one embedding (interleaved, the same run), the QA recall@3,
    the steps alone; the load average (1, 5, 15 min) before and after the timed part."""
    out: dict[str, Any] = {"uptime_start": _uptime()}
    t0 = time.perf_counter()
    index.search("warm up", TOOL_K)
    out["first_search_s"] = round(time.perf_counter() - t0, 2)
    out["passages"] = index.store.total_chunks()
    out["query"] = time_queries(index, embedder, qs, rounds)
    out["uptime_end"] = _uptime()
    out["breakdown"] = breakdown(index, embedder, qs)
    out["recall"] = recall_alone(index, qs)
    return out


def run_cached(cache: Path | None = None, rounds: int = 2, verbose: bool = True, questions_every: int = 1,
               **build_kw: Any) -> dict[str, Any]:
    """The cached index at 200k passages (built first when missing, `build_kw` to `build`), and the same index
    before it was grown (≈ 20k) when its copy is there. `questions_every`: every n-th question only."""
    import sys

    from app.docs import DocIndex
    from app.models.embed import get_embedder
    from app.store.keys import KeyUnavailable

    def say(s: str) -> None:
        if verbose:
            print(f"[bench docs cache {time.strftime('%H:%M:%S')}] {s}", file=sys.stderr, flush=True)

    cache = cache or default_dir()
    embedder = get_embedder()
    out: dict[str, Any] = {"cache": str(cache), "cpu_count": os.cpu_count(), "goals": GOALS,
                           "embedder": getattr(embedder, "ident", type(embedder).__name__)}
    qs = questions()[::questions_every]
    try:
        if not (cache / MARK).exists():
            out["built_now"] = build(_builder(embedder, cache, say), cache, say, **build_kw)
        out["build"] = json.loads((cache / MARK).read_text(encoding="utf-8"))
        for key, name in (("large", DB_FILE), ("small", DB_SMALL)):
            if not (cache / name).exists():
                continue
            index = DocIndex(embedder, path=cache / name)
            try:
                say(f"{name}: timing {len(qs)} questions ×{rounds}")
                out[key] = measure(index, embedder, qs, rounds)
            finally:
                index.close()
    except KeyUnavailable as e:
        return {"error": f"the cached index at {cache} does not open with this keyring ({e}); delete the folder "
                         f"to build it again"}
    return out


def _format_one(r: dict[str, Any], goal: float) -> list[str]:
    q, b = r["query"], r["breakdown"]
    verdict = "met" if q["ratio"] <= goal else "NOT met"
    return [
        f"{r['passages']} passages — load average (1, 5, 15 min) {r['uptime_start']} before, "
        f"{r['uptime_end']} after the timed searches",
        f"  query p50 / one embedding: {q['ratio']:.3f} (goal ≤ {goal}: {verdict}); search p50 "
        f"{q['search_p50_ms']:.1f} ms, p90 {q['search_p90_ms']:.1f} ms, embedding p50 {q['embed_p50_ms']:.1f} ms, "
        f"{q['queries']} searches",
        f"  QA recall@3 among them: hybrid {pct(q['qa_recall3'])}, BM25 only "
        f"{pct(r['recall']['qa_recall3_words'])}, vectors only {pct(r['recall']['qa_recall3_vectors'])};"
        f" exact 10 nearest kept by the shortlist {pct(q['shortlist_top10'])}",
        f"  steps alone, p50 ms: embedding {b['embed']}, doc_freq {b['doc_freq']}, the words' passages listed "
        f"{b['listing']} ({b['postings']:.0f} postings) and ranked by BM25 {b['bm25']}, vectors {b['vectors']}, "
        f"rows and the rest {b['hybrid_rest']}; "
        f"first search (loading the matrix) {r['first_search_s']} s"]


def format_cached(r: dict[str, Any]) -> str:
    if r.get("error"):
        return f"bench docs (cached index): {r['error']}"
    vectors = r["build"].get("vectors", "e5")
    lines = [f"document index, cached in {r['cache']} (built {r['build']['built']}, vectors of the generated "
             f"documents: {vectors}) — {r['embedder']}, "
             f"{r['cpu_count']} CPUs"]
    for key, goal in (("large", r["goals"]["query_ratio_200k"]), ("small", r["goals"]["query_ratio_20k"])):
        if key in r:
            lines += _format_one(r[key], goal)
    return "\n".join(lines)
