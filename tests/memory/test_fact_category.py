"""A fact's category is judged by a learned head on its embedding (memory/categories.py, app/lang/heads.py).

The head is measured on the half of resources/eval/heads/facts.jsonl it was not trained on; the floor is two
points under the figure its manifest records, so a retrain that loses accuracy, or data edited without a
retrain, fails here.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from app.bench import heads as bench_heads
from app.lang import heads
from app.memory.categories import CATEGORY_HEAD, guess_category
from app.memory.longterm import LongTermMemory
from app.store.db import db_path


def test_the_shipped_head_holds_its_held_out_score(embedder: Any) -> None:
    spec = bench_heads.SPECS[CATEGORY_HEAD]
    r = bench_heads.evaluate(spec)
    manifest = json.loads((heads.heads_dir() / f"{CATEGORY_HEAD}.json").read_text(encoding="utf-8"))
    assert r["data_current"], "resources/eval/heads/facts.jsonl changed: run `metnos bench heads --train`"
    assert r["held"] >= 300
    assert r["head"]["accuracy"] >= manifest["held_out"]["accuracy"] - 0.02 >= 0.88, r["head"]


@pytest.mark.parametrize(("fact", "category"), [
    ("la visita oculistica è venerdì 7 alle 11:15", "appointments"),
    ("my brother-in-law Steve is a firefighter in Leeds", "people"),
    ("non sopporto il peperoncino", "preferences"),
    ("il numero del fabbro è 347 5550123", "contacts"),
    ("the spare fuses are in the garage drawer", "general"),
])
def test_a_fact_stored_without_a_category_is_filed_by_meaning(key_store: Any, embedder: Any, fact: str,
                                                              category: str) -> None:
    """What the person says after "ricordati che" is filed as a person would file it: new facts, none in the data."""
    mem = LongTermMemory(db_path("memory"), key_store, embedder)
    try:
        assert mem.remember(fact, None, "user").fact.category == category
        assert mem.remember("mia zia Carla abita a Bari", "appointments", "user").fact.category == "appointments"
    finally:
        mem.close()


def test_without_a_vector_or_a_head_for_that_embedder_the_category_is_general(embedder: Any) -> None:
    vec = embedder.embed(["il dentista è giovedì alle 10"])[0]
    assert guess_category(vec, embedder.ident) == "appointments"
    assert guess_category(None, embedder.ident) == "general"
    assert guess_category(vec, "another-embedder:384") == "general"  # its vectors mean nothing to this head


def test_a_damaged_head_is_refused_with_what_to_do(tmp_path: Path) -> None:
    for f in heads.heads_dir().glob(f"{CATEGORY_HEAD}.*"):
        shutil.copy(f, tmp_path / f.name)
    assert heads.verify_heads(tmp_path)[0].startswith(f"head {CATEGORY_HEAD}: 5 classes")
    npz = tmp_path / f"{CATEGORY_HEAD}.npz"
    npz.write_bytes(npz.read_bytes()[:-8] + b"\0" * 8)
    with pytest.raises(heads.HeadError, match="does not match its manifest.*metnos bench heads --train"):
        heads.verify_heads(tmp_path)
    assert heads.load_head(CATEGORY_HEAD, "e5-small:384", tmp_path) is None  # the app files facts as general
    npz.unlink()
    with pytest.raises(heads.HeadError, match="is missing"):
        heads.verify_heads(tmp_path)
