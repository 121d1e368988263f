"""L1's learned second opinion (routing/l1_head.py): which guards it may relax, for which tools, and the shipped
head's held-out score and data hash."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from support import shipped_head_holds

from app.routing import l1_head
from app.tools.slots import Slots

SAMPLE_EVERY = 20  # a fixed sample of the held rows: the full half is `metnos bench heads`


def test_the_head_speaks_only_for_a_tool_that_reads_and_whose_arguments_are_not_its_words() -> None:
    reads = SimpleNamespace(risk="read", slots=Slots(paths=("paths",)))
    writes = SimpleNamespace(risk="write", slots=Slots(paths=("paths",)))
    computes = SimpleNamespace(risk="read", slots=Slots(fill={"expression": "{expression}"}))
    assert l1_head.trusted(0.95, reads) == 0.95
    assert l1_head.trusted(0.95, writes) == 0.0 and l1_head.trusted(0.95, computes) == 0.0
    assert l1_head.trusted(0.95, None) == 0.0


def test_the_band_under_the_threshold_needs_a_sure_head_and_no_learned_threshold() -> None:
    sure = l1_head.SURE_BAND
    assert l1_head.threshold_for(0.82, sure, False) == 0.82 - l1_head.BAND
    assert l1_head.threshold_for(0.82, sure - 0.01, False) == 0.82
    assert l1_head.threshold_for(0.9, sure, True) == 0.9  # stricter after a contradiction: kept


def test_l1_searches_the_rows_of_a_tool_the_head_is_sure_of_and_never_for_refuse() -> None:
    tools = {"list_dir": SimpleNamespace(risk="read", slots=Slots()),
             "delete_files": SimpleNamespace(risk="write", slots=Slots())}.get
    assert l1_head.widen_to({"list_dir": 0.95, "refuse": 0.05}, tools) == "list_dir"
    assert l1_head.widen_to({"list_dir": 0.5, "refuse": 0.5}, tools) is None
    assert l1_head.widen_to({"delete_files": 0.99}, tools) is None
    assert l1_head.widen_to({"refuse": 0.99}, tools) is None
    assert l1_head.widen_to(None, tools) is None


def test_the_shipped_l1_head_holds_its_held_out_score(bundled_embedder: Any) -> None:
    head = shipped_head_holds(l1_head.L1_HEAD, bundled_embedder, SAMPLE_EVERY, 300)
    assert l1_head.REFUSE in head.classes and "list_dir" in head.classes
