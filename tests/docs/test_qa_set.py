"""The QA set of the document index (resources/eval/docs), in CI: its files written in every format and read
back, a fixed sample of its held-out questions against a real index (real files, the bundled embedder, the
encrypted store), and a smoke of `metnos bench docs`'s speed part at a tiny size. The whole set and the
1,000-document figures are `metnos bench docs` (resources/eval/docs/README.md).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from app.bench import docs as bench
from app.bench import docs_qa, docs_scale
from app.docs import DocIndex
from app.docs.terms import index_terms
from app.tools.doctext import extract
from app.tools.doctext.detect import BY_EXTENSION

# Every 4th answerable held-out question (20 of 83) and every held-out question with no answer (10).
HELD = [q for q in docs_qa.questions() if q["split"] == "held"]
SAMPLE = [q for q in HELD if q["file"]][::4][:20] + [q for q in HELD if not q["file"]]
# Floors one question under what this sample measured (2026-12-03, the code of this commit): hybrid 19/20 (its
# miss: "qual è il mio codice POD?", first in BM25, pushed out by the vectors' weight), BM25 only 16/20, vectors
# only 19/20 in the top 3; 9 of the 10 questions with no answer refused.
FLOOR_HYBRID = 18
FLOOR_REFUSED = 8


def test_the_set_is_what_its_readme_says() -> None:
    docs, qs = docs_qa.documents(), docs_qa.questions()
    answerable = [q for q in qs if q["file"]]
    assert len(docs) >= 30 and len(answerable) >= 100
    assert {q["file"] for q in answerable} <= {d["file"] for d in docs}
    assert {d["lang"] for d in docs} == {"it", "en"} == {q["lang"] for q in qs}
    paraphrased = sum(q["style"] == "paraphrase" for q in answerable)
    assert paraphrased * 2 >= len(answerable), "half the questions are phrased without the document's words"
    for q in answerable:  # no question names its file
        stem = Path(q["file"]).stem.lower()
        assert stem not in q["q"].lower() and q["file"].lower() not in q["q"].lower(), q["q"]
    splits = [q["split"] for q in answerable]
    assert 0.4 < splits.count("held") / len(splits) < 0.6
    assert len(SAMPLE) == 30 and len({q["file"] for q in SAMPLE if q["file"]}) >= 15


def test_every_document_is_a_real_file_of_its_format_read_back_whole(tmp_path: Path) -> None:
    docs = docs_qa.documents()
    paths = docs_qa.write_folder(tmp_path, docs)
    kinds = set()
    for d, path in zip(docs, paths):
        got = extract(path)
        assert got.problem is None, (path.name, got.problem)
        assert got.kind == BY_EXTENSION[path.suffix.lstrip(".")], path.name
        kinds.add(path.suffix)
        have = set(index_terms(got.text).split())
        want = set(index_terms(d["text"].replace("<<page>>", "")).split())
        assert len(want - have) <= 0.02 * len(want), (path.name, sorted(want - have)[:10])
        if path.suffix == ".pdf":
            assert len(got.pages) == d["text"].count("<<page>>") + 1, path.name
    assert kinds >= {".pdf", ".docx", ".odt", ".xlsx", ".html", ".md", ".txt", ".csv"}


@pytest.fixture
def qa_index(keystore: Any, embedder: Any, tmp_path: Path) -> Any:
    folder = tmp_path / "qa"
    docs_qa.write_folder(folder, docs_qa.documents())
    idx = DocIndex(embedder, path=tmp_path / "qa.db")
    idx.add_folder(folder)
    yield idx
    idx.close()


def test_a_sample_of_held_out_questions_finds_its_file_and_the_rest_are_refused(qa_index: Any) -> None:
    rows = [docs_qa.ask(qa_index, q) for q in SAMPLE]
    answerable = [r for r in rows if r["file"]]
    top3 = {m: sum(r[m] is not None for r in answerable) for m in docs_qa.MODES}
    refused = sum(not r["answered"] for r in rows if not r["file"])
    print(f"sample of {len(answerable)}: top 3 {top3}; no answer refused {refused}/{len(rows) - len(answerable)}")
    assert top3["both"] >= FLOOR_HYBRID, [(r["q"], r["got"]) for r in answerable if r["both"] is None]
    assert top3["both"] >= max(top3["words"], top3["vectors"]), top3
    assert refused >= FLOOR_REFUSED, [r["q"] for r in rows if not r["file"] and r["answered"]]


def test_the_bench_measures_every_figure_at_a_tiny_size(keystore: Any, embedder: Any, tmp_path: Path) -> None:
    r = docs_scale.run_scale(embedder, tmp_path, n_docs=4, sections=3, copies=1, ref_every=2, with_qa=False,
                        questions_every=12)
    ix, small, large, re_ = r["index"], r["query_small"], r["query_large"], r["reindex"]
    assert ix["files"] == 4 and ix["passages"] >= 12 and ix["outcomes"] == {"added": 4}
    assert ix["passages_per_s"] > 0 and ix["embedder_alone_per_s"] > 0 and ix["reference_passages"] >= 6
    assert large["passages"] == 2 * small["passages"] and large["added"] == small["passages"]
    for q in (small, large):
        assert q["search_p50_ms"] > 0 and q["embed_p50_ms"] > 0 and q["queries"] == 15
        assert q["shortlist_top10"] == 1.0  # below PREFILTER_FROM every cosine is measured
    assert re_["touched_outcomes"] == {"touched": 1, "unchanged": 3}
    assert re_["edited_outcomes"] == {"changed": 1, "unchanged": 3}
    assert re_["edited_path_outcome"] == "changed" and re_["edited_path_reused"] == re_["passages_in_file"] - 1
    text = bench.format_bench({"embedder": "e5", "cpu_count": 2, "load_start": 0, "load_end": 0, "seconds": 1,
                               "scale": r, "verdicts": bench.verdicts({"scale": r})})
    assert "≤ 1.3" in text and "≤ 1.6" in text and "≥ 0.8" in text and "≤ 2 s" in text


def test_the_cached_query_bench_builds_once_then_only_times(keystore: Any, tmp_path: Path) -> None:
    from app.bench import docs_query

    cache = tmp_path / "cache"
    kw: dict[str, Any] = {"rounds": 1, "verbose": False, "questions_every": 12}
    first = docs_query.run_cached(cache, n_docs=3, sections=3, copies=1, with_qa=False, **kw)
    n = first["built_now"]["passages_first"]
    assert n >= 9 and first["built_now"]["passages"] == 2 * n
    again = docs_query.run_cached(cache, **kw)
    assert "built_now" not in again  # the cache is reused, nothing indexed again
    large, small = again["large"], again["small"]
    assert large["passages"] == 2 * n and small["passages"] == n  # the copy kept before the index was grown
    for r in (large, small):
        assert r["query"]["ratio"] > 0 and r["query"]["queries"] == 15 and r["breakdown"]["embed"] > 0
    text = docs_query.format_cached(again)
    assert "≤ 1.6" in text and "≤ 1.3" in text and "load average" in text


def test_stand_in_vectors_keep_e5_for_the_qa_passages_and_follow_the_words_elsewhere(keystore: Any, embedder: Any,
                                                                                     tmp_path: Path) -> None:
    from app.bench import docs_query
    from app.bench.docs_standin import StandInEmbedder

    docs = docs_qa.documents()[:3]
    stand_in = StandInEmbedder(embedder, tmp_path / "qa", docs=docs)
    qa_text = next(iter(stand_in.known))
    assert np.allclose(stand_in.embed_passages([qa_text])[0], embedder.embed_passages([qa_text])[0], atol=1e-5)
    near = stand_in.embed_passages([qa_text + " e poi"])[0]  # its words: nearest to that passage's vector
    assert abs(float(np.linalg.norm(near)) - 1.0) < 1e-4
    assert int(np.argmax(stand_in.basis @ near)) == list(stand_in.known).index(qa_text)
    built = docs_query.build(stand_in, tmp_path / "cache", lambda s: None, n_docs=3, sections=3, copies=1,
                             with_qa=False)
    assert built["vectors"] == "stand-in" and built["passages"] == 2 * built["passages_first"]
