"""The strangers of `metnos bench docs`'s speed part: generated documents, and the index grown ×10 from them.

Why apart from the timing (app/bench/docs_scale.py): the full bench and the cached query bench
(app/bench/docs_query.py) build the same index from these, so the same seeds must give the same files and the
same growth in both. Generated text is drawn from the QA documents' vocabulary at its frequencies (not their
sentences), in sentences of 8–16 words; the growth copies every generated file's rows with their words
shuffled (real FTS5 postings that grow as they would) and their vectors perturbed to cosine ≈ 0.95.
"""
from __future__ import annotations

import os
import random
import re
from typing import Any

import numpy as np

from .docfiles import PAGE_BREAK
from .docs_qa import documents

SECTIONS = 20  # a generated document's sections: one passage each
FORMATS = ("pdf", "docx", "odt", "md", "html", "txt")


# -- generated documents ---------------------------------------------------------------------------------
_WORD = re.compile(r"[^\W\d_]{2,}", re.UNICODE)


def _vocabulary(docs: list[dict[str, Any]]) -> dict[str, tuple[list[str], list[int]]]:
    """The QA documents' words by language with their counts: generated text speaks the same household
    vocabulary with the same frequencies (so the words' lists grow as they would), without repeating the
    QA documents' sentences (which would plant near-copies of the answers)."""
    counts: dict[str, dict[str, int]] = {"it": {}, "en": {}}
    for d in docs:
        for w in _WORD.findall(d["text"]):
            c = counts[d["lang"]]
            c[w] = c.get(w, 0) + 1
    return {lang: (list(c), list(c.values())) for lang, c in counts.items()}


def _salad(vocab: tuple[list[str], list[int]], chars: int, rng: random.Random) -> str:
    """Sentences of 8–16 words drawn by frequency, a number now and then, until `chars` characters."""
    words, weights = vocab
    out: list[str] = []
    size = 0
    while size < chars:
        sentence = rng.choices(words, weights, k=rng.randint(8, 16))
        if rng.random() < 0.5:
            sentence.insert(rng.randrange(len(sentence)), str(rng.randint(1, 9999)))
        text = " ".join(sentence).capitalize() + "."
        out.append(text)
        size += len(text) + 1
    return " ".join(out)


def generated(n: int, seed: int = 29, sections: int = SECTIONS, chars: int = 300) -> list[tuple[str, str]]:
    """`n` (file name, markup) documents of `sections` sections of about `chars` characters each (one passage
    a section), in FORMATS in turn, two in three Italian."""
    vocab = _vocabulary(documents())
    rng = random.Random(seed)
    out = []
    for i in range(n):
        lang = "it" if i % 3 else "en"
        fmt = FORMATS[i % len(FORMATS)]
        parts = [f"# {_salad(vocab[lang], 20, rng)[:60]} {i}"]
        for s in range(sections):
            if fmt == "pdf" and s:
                parts.append(PAGE_BREAK)  # a PDF has no headings the index sees: one section a page
            parts += [f"## {_salad(vocab[lang], 15, rng)[:50]} ({s + 1})", "", _salad(vocab[lang], chars, rng), ""]
        out.append((f"doc-{i:04d}.{fmt}", "\n".join(parts)))
    return out


def grow(index: Any, copies: int, rng: np.random.Generator, exclude: set[str]) -> int:
    """The index grown by `copies` copies of every indexed file not in `exclude`: same passages with their
    words shuffled (so the FTS lists grow as they would), vectors perturbed to cosine ≈ 0.95 and unit
    length. Written through the store (rows, FTS5 words, vector blobs) in one transaction per file. Returns
    the passages added."""
    from app.docs.terms import index_terms

    store = index.store
    model = index.indexer.model()
    originals = [(fid, ids, mat) for fid, ids, mat in store.vectors(model)]
    paths = dict(store.con.execute("select id, path from files"))
    added = 0
    shuffle = random.Random(7)
    for c in range(1, copies + 1):
        for fid, _ids, mat in originals:
            path = str(paths[fid])
            if os.path.basename(path) in exclude:
                continue
            rows = store.chunk_texts(fid)
            chunks = []
            for _cid, heading, text in rows:
                words = text.split()
                shuffle.shuffle(words)
                body = " ".join(words)
                chunks.append((None, heading, body, index_terms(f"{heading}\n{body}")))
            noise = rng.standard_normal(mat.shape).astype(np.float32) * 0.016
            vecs = mat + noise
            vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
            store.put_file(f"{path}.copy{c}", kind="text", size=1, mtime_ns=1, sha256=f"copy{c}-{fid}",
                           chunks=chunks, vectors=vecs, model=model)
            added += len(chunks)
    index.cache.forget()
    index.changed()
    return added

