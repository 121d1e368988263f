"""The speed part of `metnos bench docs`: 1,000 documents indexed from scratch, their questions timed at ≈ 20k
passages, one file re-indexed, then the index grown to ≈ 200k and the questions timed again.

Why ratios within one run: the machine is shared, so indexing is read against the embedder alone on a sample
of the same passages (timed among the indexing, one passage per call, its fastest shape), and a search against
one embedding call of the same question (interleaved). The QA questions are asked at each scale too: recall@3
with 20k and 200k strangers (app/bench/docs_generated.py) around the answers.
"""
from __future__ import annotations

import os
import statistics
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

from .docfiles import write_document
from .docs_generated import FORMATS, SECTIONS, generated, grow
from .docs_qa import TOOL_K, TOP, documents, pct, questions, share, verdict, write_folder

N_DOCS = 1000
COPIES = 9  # 20k passages of generated documents + 9 copies ≈ 200k
REF_EVERY = 8  # the embedder-alone reference: the passages of every 8th generated file


# -- timing helpers ------------------------------------------------------------------------------------------
def load_average() -> float:
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return -1.0


def _p50(xs: list[float]) -> float:
    return float(statistics.median(xs)) if xs else float("nan")


def _ref_rate(embedder: Any, passages: list[str]) -> tuple[int, float]:
    """(passages, seconds) for the embedder alone, one passage per call."""
    t0 = time.perf_counter()
    for p in passages:
        embedder.embed_passages([p])
    return len(passages), time.perf_counter() - t0


def passages_of(path: Path) -> list[str]:
    from app.docs.chunking import chunk_document
    from app.tools.doctext import extract

    return [c.passage() for c in chunk_document(extract(path))]


def timed(fn: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    t0 = time.perf_counter()
    got = fn(*args)
    return (time.perf_counter() - t0) * 1000, got


def time_queries(index: Any, embedder: Any, qs: list[dict[str, Any]], rounds: int = 1) -> dict[str, Any]:
    """Search p50 against one embedding call p50, the same questions, interleaved (order alternating); and how
    many of the exact product's 10 nearest passages the bits' shortlist kept (app/docs/vectors.py)."""
    search_ms: list[float] = []
    embed_ms: list[float] = []
    kept: list[float] = []
    hits = asked = 0
    model = index.indexer.model()
    for r in range(rounds):
        for i, q in enumerate(qs):
            text = q["q"]
            if (i + r) % 2:
                ms, vec = timed(embedder.embed_search, text)
                embed_ms.append(ms)
            ms, found = timed(index.search, text, TOOL_K)
            search_ms.append(ms)
            if not (i + r) % 2:
                ms, vec = timed(embedder.embed_search, text)
                embed_ms.append(ms)
            if r == 0:
                near = {c for c, _ in index.cache.scores(model, vec).top(10)}
                kept.append(len(near & {c for c, _ in index.cache.scores(model, vec, exact=True).top(10)}) / 10)
                if q.get("file"):
                    asked += 1
                    hits += q["file"] in [p.name for p in found[:TOP]]
    s, e = _p50(search_ms), _p50(embed_ms)
    return {"search_p50_ms": round(s, 2), "embed_p50_ms": round(e, 2), "ratio": round(s / e, 3),
            "search_p90_ms": round(float(np.percentile(search_ms, 90)), 2), "queries": len(search_ms),
            "qa_recall3": share(hits, asked), "shortlist_top10": round(statistics.mean(kept), 4) if kept else None}


def recall_alone(index: Any, qs: list[dict[str, Any]]) -> dict[str, float | None]:
    """recall@3 of the QA questions with the words' list alone and the vectors' alone (untimed)."""
    out: dict[str, float | None] = {}
    answerable = [q for q in qs if q.get("file")]
    for mode in ("words", "vectors"):
        hits = sum(q["file"] in [p.name for p in index.search(q["q"], TOOL_K, using=mode)[:TOP]] for q in answerable)
        out[f"qa_recall3_{mode}"] = share(hits, len(answerable))
    return out


def run_scale(embedder: Any, home: Path, n_docs: int = N_DOCS, sections: int = SECTIONS, copies: int = COPIES,
              ref_every: int = REF_EVERY, say: Callable[[str], None] = lambda s: None, with_qa: bool = True,
              questions_every: int = 1) -> dict[str, Any]:
    """The speed part. `with_qa`: the QA documents are among the files (their questions then have answers
    to find); `questions_every`: time every n-th question only (the tests' smoke)."""
    from app.docs import DocIndex

    out: dict[str, Any] = {"documents": n_docs, "load_start": load_average()}
    qa_docs, qs = documents(), questions()[::questions_every]
    folder = home / "scale-documents"
    t0 = time.perf_counter()
    written = write_folder(folder, qa_docs[:n_docs] if with_qa else [])
    made = generated(max(0, n_docs - len(written)), sections=sections)
    for name, markup in made:
        written.append(write_document(folder / name, markup))
    out["write_s"] = round(time.perf_counter() - t0, 1)
    gen = [p for p in written if p.name.startswith("doc-")]
    sample = {str(p) for i, p in enumerate(gen) if i % ref_every == 0}
    ref = {"n": 0.0, "s": 0.0, "aside": 0.0}

    def progress(p: Any) -> None:
        """Before every REF_EVERY-th generated file is indexed, the embedder alone on its passages: the
        reference runs among the indexing, so a change of load hits both (its time is taken out)."""
        if p.finished or p.path not in sample:
            return
        t0 = time.perf_counter()
        n, secs = _ref_rate(embedder, passages_of(Path(p.path)))
        ref["n"] += n
        ref["s"] += secs
        ref["aside"] += time.perf_counter() - t0

    index = DocIndex(embedder, path=home / "scale-docs.db")
    try:
        say(f"indexing {len(written)} files (the embedder alone on the passages of {len(sample)} of them, among them)")
        t0 = time.perf_counter()
        report = index.add_folder(folder, progress)
        index_s = time.perf_counter() - t0 - ref["aside"]
        passages = index.store.total_chunks()
        rate, alone = passages / index_s, ref["n"] / ref["s"] if ref["s"] else float("nan")
        out["index"] = {"files": len(written), "passages": passages, "seconds": round(index_s, 1),
                        "passages_per_s": round(rate, 2), "outcomes": report.outcomes,
                        "embedder_alone_per_s": round(alone, 2), "reference_passages": int(ref["n"]),
                        "reference_s": round(ref["s"], 1), "ratio": round(rate / alone, 3)}
        say("queries at the first scale")
        index.search("warm up", TOOL_K)
        out["query_small"] = {"passages": passages, **time_queries(index, embedder, qs), **recall_alone(index, qs)}
        name, markup = made[len(made) // 2] if made else (written[0].name, qa_docs[0]["text"])
        out["reindex"] = reindex(index, folder, folder / name, markup)
        if copies:
            say(f"growing the index ×{copies + 1}")
            t0 = time.perf_counter()
            added = grow(index, copies, np.random.default_rng(29), {d["file"] for d in qa_docs} if with_qa else set())
            grow_s = time.perf_counter() - t0
            t0 = time.perf_counter()
            index.search("warm up", TOOL_K)
            load_s = time.perf_counter() - t0
            total = index.store.total_chunks()
            say("queries at the second scale")
            out["query_large"] = {"passages": total, "added": added, "grow_s": round(grow_s, 1),
                                  "first_search_s": round(load_s, 2), **time_queries(index, embedder, qs),
                                  **recall_alone(index, qs)}
    finally:
        index.close()
    out["load_end"] = load_average()
    return out


def reindex(index: Any, folder: Path, victim: Path, markup: str) -> dict[str, Any]:
    """The folder re-read after one file of it was touched (new time, same bytes), then edited (one word
    changed, the file written again in its format): what a restart pays (a whole scan) and what the watcher
    pays (that one path)."""
    out: dict[str, Any] = {"file": victim.name}
    st = victim.stat()
    os.utime(victim, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))
    t0 = time.perf_counter()
    r = index.add_folder(folder)
    out["touched_scan_s"] = round(time.perf_counter() - t0, 3)
    out["touched_outcomes"] = r.outcomes
    t0 = time.perf_counter()
    index.add_folder(folder)
    out["unchanged_scan_s"] = round(time.perf_counter() - t0, 3)
    write_document(victim, markup.replace("## ", "## Rivisto: ", 1))
    t0 = time.perf_counter()
    r = index.add_folder(folder)
    out["edited_scan_s"] = round(time.perf_counter() - t0, 3)
    out["edited_outcomes"] = r.outcomes
    write_document(victim, markup.replace("## ", "## Rivisto di nuovo: ", 1))
    t0 = time.perf_counter()
    reused = index.indexer.reused
    out["edited_path_outcome"] = index.indexer.index_path(victim)
    out["edited_path_s"] = round(time.perf_counter() - t0, 3)
    out["edited_path_reused"] = index.indexer.reused - reused
    t0 = time.perf_counter()
    index.search("warm up", TOOL_K)
    out["next_search_s"] = round(time.perf_counter() - t0, 3)
    row = index.store.file(str(victim))
    out["passages_in_file"] = len(index.store.chunk_texts(row.id)) if row is not None else 0
    return out


def format_scale(r: dict[str, Any], sc: dict[str, Any]) -> list[str]:
    ix, q1, re_ = sc["index"], sc["query_small"], sc["reindex"]
    lines = [f"scale: {ix['files']} files ({', '.join(FORMATS)} + the QA set's), {ix['passages']} passages, "
             f"written in {sc['write_s']} s; load {sc['load_start']} → {sc['load_end']}",
             f"  {'figure':<50}{'measured':>16}{'goal':>10}  verdict",
             f"  {'indexing passages/s (from scratch)':<50}{ix['passages_per_s']:>16.2f}",
             f"  {'embedder alone passages/s (' + str(ix['reference_passages']) + ' of them)':<50}"
             f"{ix['embedder_alone_per_s']:>16.2f}",
             f"  {'  ratio':<50}{ix['ratio']:>16.3f}{'≥ 0.8':>10}  {verdict(r, 'throughput_ratio')}",
             f"  {'query p50 / one embedding at ' + str(q1['passages']):<50}{q1['ratio']:>16.3f}{'≤ 1.3':>10}  "
             f"{verdict(r, 'query_ratio_20k')}",
             f"  {'  (search p50 ms, embedding p50 ms)':<50}{q1['search_p50_ms']:>8.1f}{q1['embed_p50_ms']:>8.1f}"]
    if "query_large" in sc:
        q2 = sc["query_large"]
        lines += [f"  {'query p50 / one embedding at ' + str(q2['passages']):<50}{q2['ratio']:>16.3f}{'≤ 1.6':>10}  "
                  f"{verdict(r, 'query_ratio_200k')}",
                  f"  {'  (search p50 ms, embedding p50 ms)':<50}{q2['search_p50_ms']:>8.1f}{q2['embed_p50_ms']:>8.1f}",
                  f"  ({q2['added']} passages added as shuffled copies with perturbed vectors in {q2['grow_s']} s; "
                  f"first search after it {q2['first_search_s']} s, loading the matrix)"]
    lines += [f"  {'re-index after 1 file of ' + str(ix['files']) + ' was edited (scan)':<50}"
              f"{re_['edited_scan_s']:>15.2f}s{'≤ 2 s':>10}  {verdict(r, 'reindex_s')}",
              f"    touched (same bytes) {re_['touched_scan_s']:.2f} s, nothing changed "
              f"{re_['unchanged_scan_s']:.2f} s, "
              f"the edited path alone (the watcher's way) {re_['edited_path_s']:.2f} s "
              f"({re_['passages_in_file']} passages, {re_['edited_path_reused']} vectors kept), next search "
              f"{re_['next_search_s']:.2f} s",
              *[f"  QA recall@3 among {q['passages']} passages: hybrid {pct(q['qa_recall3'])}, BM25 only "
                f"{pct(q['qa_recall3_words'])}, vectors only {pct(q['qa_recall3_vectors'])}"
                for q in (sc["query_small"], sc.get("query_large")) if q],
              f"  exact 10 nearest kept by the bits' shortlist: {pct(q1['shortlist_top10'])}"
              + (f", {pct(sc['query_large']['shortlist_top10'])}" if "query_large" in sc else "")]
    return lines


