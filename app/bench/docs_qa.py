"""The document index's QA set (resources/eval/docs): its documents written as real files, its questions asked
three ways, and the table `metnos bench docs` prints.

Why a module of its own: the QA set is the quality figure of the index, read by the bench, by the cached query
bench (recall among 200k strangers) and by CI's sample (tests/docs/test_qa_set.py); the speed part
(app/bench/docs_scale.py) only borrows its documents and questions.

recall@3 = the question's file among the files of the first 3 passages (at most 2 passages a file, as the app
shows them); recall@1 = the file the answer would cite. Per split (crc32 of the text: even → tune, odd →
held-out). The relevance gate: answerable questions answered from the right file, and questions with no answer
in the documents refused ("non l'ho trovato") or answered.
"""
from __future__ import annotations

import json
import statistics
import time
import tomllib
import zlib
from pathlib import Path
from typing import Any, Iterable

from app.config.paths import resources_dir

from .docfiles import write_document

QA_DIR = resources_dir() / "eval" / "docs"
MODES = ("both", "words", "vectors")  # hybrid, BM25 alone, vectors alone (app/docs/search.py: USING)
MODE_NAMES = {"both": "hybrid", "words": "BM25 only", "vectors": "vectors only"}
TOP = 3  # recall@3
TOOL_K = 4  # what search_documents asks for (app/docs/tool.py: DEFAULT_K): the gate reads these
RECALL_GOAL = 0.95  # held-out hybrid recall@3


# -- the QA set ---------------------------------------------------------------------------------------
def split_of(text: str) -> str:
    """The fixed rule: crc32 of the question, even → tune, odd → held. Never chosen by hand."""
    return "tune" if zlib.crc32(text.encode("utf-8")) % 2 == 0 else "held"


def documents(qa_dir: Path = QA_DIR) -> list[dict[str, Any]]:
    return list(tomllib.loads((qa_dir / "documents.toml").read_text(encoding="utf-8"))["documents"])


def questions(qa_dir: Path = QA_DIR) -> list[dict[str, Any]]:
    out = []
    for line in (qa_dir / "questions.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            q = json.loads(line)
            q["split"] = split_of(q["q"])
            out.append(q)
    return out


def write_folder(dest: Path, docs: Iterable[dict[str, Any]]) -> list[Path]:
    """Each document into a real file of its format under `dest`."""
    dest.mkdir(parents=True, exist_ok=True)
    return [write_document(dest / d["file"], d["text"]) for d in docs]


def ask(index: Any, q: dict[str, Any]) -> dict[str, Any]:
    """One question three ways; the gate on the hybrid passages the tool would get."""
    row: dict[str, Any] = {k: q.get(k) for k in ("q", "lang", "file", "style", "split")}
    row["cross"] = bool(q.get("cross"))
    for mode in MODES:
        passages = index.search(q["q"], TOOL_K, using=mode)
        files = [p.name for p in passages[:TOP]]
        row[mode] = files.index(q["file"]) + 1 if q["file"] in files else None
        if mode == "both":
            found = [p for p in passages if p.relevant]
            row["answered"] = bool(found)
            row["cited"] = found[0].name if found else None
            row["best_cosine"] = round(passages[0].cosine or 0.0, 4) if passages else None
            row["got"] = files
    return row



def share(n: int, d: int) -> float | None:
    return round(n / d, 4) if d else None


def pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f} %"


def verdict(r: dict[str, Any], key: str) -> str:
    """"met" / "NOT met" for one of the bench's verdicts, "" when it was not measured."""
    ok = r.get("verdicts", {}).get(key)
    return "" if ok is None else ("met" if ok else "NOT met")


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """recall@3 / recall@1 per split and mode; hybrid by style, cross-language; the gate."""
    answerable = [r for r in rows if r["file"]]
    out: dict[str, Any] = {"questions": len(answerable), "no_answer": len(rows) - len(answerable),
                           "documents": len({r["file"] for r in answerable})}
    for split in ("tune", "held", "all"):
        sel = [r for r in answerable if split == "all" or r["split"] == split]
        part: dict[str, Any] = {"n": len(sel)}
        for mode in MODES:
            part[mode] = {"recall3": share(sum(r[mode] is not None for r in sel), len(sel)),
                          "recall1": share(sum(r[mode] == 1 for r in sel), len(sel))}
        for style in ("literal", "paraphrase"):
            ss = [r for r in sel if r["style"] == style]
            part[style] = {"n": len(ss), **{m: share(sum(r[m] is not None for r in ss), len(ss)) for m in MODES}}
        cross = [r for r in sel if r["cross"]]
        part["cross"] = {"n": len(cross), "both": share(sum(r["both"] is not None for r in cross), len(cross))}
        gate_right = sum(r["cited"] == r["file"] for r in sel)
        part["gate"] = {"answered": sum(r["answered"] for r in sel), "cited_right": gate_right,
                        "refused": sum(not r["answered"] for r in sel)}
        none = [r for r in rows if not r["file"] and (split == "all" or r["split"] == split)]
        part["no_answer"] = {"n": len(none), "refused": sum(not r["answered"] for r in none),
                             "answered": sum(r["answered"] for r in none)}
        out[split] = part
    out["misses"] = [{k: r[k] for k in ("q", "file", "split", "style", "got", "words", "vectors")}
                     for r in answerable if r["both"] is None]
    out["no_answer_answered"] = [{"q": r["q"], "cited": r["cited"], "cosine": r["best_cosine"]}
                                 for r in rows if not r["file"] and r["answered"]]
    out["answerable_refused"] = [{"q": r["q"], "file": r["file"], "cosine": r["best_cosine"]}
                                 for r in answerable if not r["answered"]]
    return out


def word_overlap(docs: list[dict[str, Any]], qs: list[dict[str, Any]]) -> dict[str, float | None]:
    """Per phrasing, the mean share of a question's meaningful stems that its document contains: how far
    the paraphrases are from the document's words (measured, not claimed)."""
    from app.docs.terms import index_terms, query_terms

    stems = {d["file"]: set(index_terms(d["text"]).split()) for d in docs}
    out: dict[str, float | None] = {}
    for style in ("literal", "paraphrase"):
        shares = []
        for q in qs:
            if q["file"] and q["style"] == style:
                terms = query_terms(q["q"])
                shares.append(sum(t in stems[q["file"]] for t in terms) / max(1, len(terms)))
        out[style] = round(statistics.mean(shares), 3) if shares else None
    return out


def run_qa(embedder: Any, home: Path, qa_dir: Path = QA_DIR) -> dict[str, Any]:
    """The QA set against a fresh index of its documents under `home`."""
    from app.docs import DocIndex

    docs, qs = documents(qa_dir), questions(qa_dir)
    folder = home / "qa-documents"
    write_folder(folder, docs)
    index = DocIndex(embedder, path=home / "qa-docs.db")
    try:
        t0 = time.perf_counter()
        report = index.add_folder(folder)
        indexed_s = time.perf_counter() - t0
        rows = [ask(index, q) for q in qs]
        status = index.status()
    finally:
        index.close()
    out = summarize(rows)
    out.update(formats=sorted({Path(d["file"]).suffix.lstrip(".") for d in docs}), passages=status.passages,
               index_s=round(indexed_s, 1), outcomes=report.outcomes, overlap=word_overlap(docs, qs),
               _rows=rows)
    return out

def format_qa(r: dict[str, Any], qa: dict[str, Any]) -> list[str]:
    lines = [f"QA set: {qa['questions']} questions over {qa['documents']} documents "
             f"({', '.join(qa['formats'])}), {qa['passages']} passages, + {qa['no_answer']} with no answer; "
             f"indexed in {qa['index_s']} s",
             f"  words of the document in the question: literal {pct(qa['overlap']['literal'])}, "
             f"paraphrase {pct(qa['overlap']['paraphrase'])} (mean share of its stems)",
             f"  {'recall@3 (recall@1)':<22}" + "".join(f"{MODE_NAMES[m]:>22}" for m in MODES)]
    for split in ("tune", "held", "all"):
        p = qa[split]
        lines.append(f"  {split + ' (' + str(p['n']) + ')':<22}" + "".join(
            f"{pct(p[m]['recall3']) + ' (' + pct(p[m]['recall1']) + ')':>22}" for m in MODES))
    for split in ("tune", "held"):
        p = qa[split]
        for style in ("literal", "paraphrase"):
            s = p[style]
            lines.append(f"    {split} {style} ({s['n']})".ljust(24) + "".join(f"{pct(s[m]):>22}" for m in MODES))
        if p["cross"]["n"]:
            lines.append(f"    {split} other language ({p['cross']['n']})".ljust(24)
                         + f"{pct(p['cross']['both']):>22}")
    lines.append(f"  goal: held-out hybrid recall@3 ≥ {pct(RECALL_GOAL)}: {verdict(r, 'recall_held')}")
    for split in ("tune", "held"):
        g, na = qa[split]["gate"], qa[split]["no_answer"]
        lines.append(f"  relevance gate, {split}: answerable {qa[split]['n']}: answered {g['answered']} "
                     f"(from the right file {g['cited_right']}), refused {g['refused']}; no answer {na['n']}: "
                     f"refused {na['refused']}, answered {na['answered']}")
    for m in qa["misses"]:
        lines.append(f"  miss ({m['split']}, {m['style']}): {m['q']!r} → {m['got']} (want {m['file']})")
    for m in qa["no_answer_answered"]:
        lines.append(f"  answered with no answer there: {m['q']!r} → {m['cited']} (cos {m['cosine']})")
    return lines

