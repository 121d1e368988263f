"""memo.db: rows, active days, expiry, promotion, import/export validation, route log."""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import numpy as np
import pytest

from app.routing.memo import Memo, MemoError, export_lines, parse_import


def vec(seed: int) -> np.ndarray:
    v = np.random.default_rng(seed).standard_normal(384).astype(np.float32)
    return v / np.linalg.norm(v)


@pytest.fixture
def memo(tmp_path: Path) -> Memo:
    m = Memo(tmp_path / "memo.db")
    yield m
    m.close()


def test_log_query_counts_uses_and_keeps_the_latest_args(memo: Memo) -> None:
    a = memo.log_query("u", "leggi {path}", "leggi /a", "read_files", {"paths": ["/a"]}, vec(1), 1)
    b = memo.log_query("u", "leggi {path}", "leggi /b", "read_files", {"paths": ["/b"]}, vec(2), 2)
    assert a == b
    row = memo.query(a)
    assert row.uses == 2 and row.args == {"paths": ["/b"]} and row.query == "leggi /b"
    assert row.last_used_day_rank == 2
    assert np.allclose(row.vector, vec(1))  # the first vector stays (same canonical text)
    memo.log_query("u", "leggi {path}", "leggi /b", "read_files", {}, None, 2, uses=1, merge="max")
    assert memo.query(a).uses == 2  # import is idempotent: max, not sum


def test_active_days_skip_days_without_use(memo: Memo) -> None:
    assert memo.mark_active_day(date(2024, 1, 1)) == 1
    assert memo.mark_active_day(date(2024, 1, 1)) == 1
    assert memo.mark_active_day(date(2024, 3, 15)) == 2  # two months away still count as one active day
    assert memo.mark_active_day(date(2024, 3, 16)) == 3
    assert memo.current_day_rank() == 3


def test_expiry_counts_active_days(memo: Memo) -> None:
    old = memo.log_query("u", "old", "old", "t", {}, vec(1), 1)
    new = memo.log_query("u", "new", "new", "t", {}, vec(2), 30)
    p = memo.log_path("u", "pipe", "pipe", [{"tool": "a", "args": {}}, {"tool": "b", "args": {}}], vec(3), 1)
    q, removed = memo.expire(ttl_active_days=30, today_rank=31)
    assert q == [] and removed == []  # 31 - 1 = 30: not more than 30
    q, removed = memo.expire(ttl_active_days=30, today_rank=32)
    assert q == [old] and removed == [p]
    assert memo.query(new) is not None


def test_promotion_is_idempotent(memo: Memo) -> None:
    steps = [{"tool": "get_url", "args": {"url": "{url}"}}, {"tool": "describe_entries", "args": {}}]
    pid = memo.log_path("u", "scarica {url} e riassumi", "scarica x e riassumi", steps, vec(1), 1, uses=49)
    assert memo.promote(50) == []
    memo.touch(f"p{pid}", 2)
    assert memo.promote(50) == [pid]
    assert memo.promote(50) == []  # already promoted: ignored
    cands = memo.synthesis_candidates()
    assert len(cands) == 1 and cands[0]["uses_at_promotion"] == 50 and cands[0]["steps"] == steps


def test_contradiction_and_forget(memo: Memo) -> None:
    rid = memo.log_query("u", "c", "c", "t", {}, vec(1), 1)
    memo.set_threshold(f"q{rid}", 0.97)
    row = memo.query(rid)
    assert row.threshold_override == pytest.approx(0.97) and row.contradicted == 1
    assert memo.forget(f"q{rid}") and memo.query(rid) is None
    assert not memo.forget(f"q{rid}")
    with pytest.raises(MemoError, match="not a memo id"):
        memo.forget("12")


def test_export_then_parse_roundtrip(memo: Memo) -> None:
    memo.log_query("u", "leggi {path}", "leggi /a", "read_files", {"paths": ["/a"]}, vec(1), 1, uses=3)
    memo.log_path("u", "p", "scarica https://x e riassumi",
                  [{"tool": "get_url", "args": {"url": "{url}"}}, {"tool": "describe_entries", "args": {}}], vec(2), 1)
    lines = list(export_lines(memo))
    assert json.loads(lines[0]) == {"query": "leggi /a", "tool": "read_files", "args": {"paths": ["/a"]}, "uses": 3}
    assert json.loads(lines[1])["steps"][0] == {"tool": "get_url", "args": {"url": "{url}"}}
    assert parse_import(lines) == [json.loads(x) for x in lines]


@pytest.mark.parametrize("line, problem", [
    ("not json", "line 2: not JSON"),
    ('{"tool": "t"}', '"query" must be a non-empty string'),
    ('{"query": "q", "tool": "t", "uses": 0}', '"uses" must be a whole number'),
    ('{"query": "q"}', '"tool" must be a non-empty string'),
    ('{"query": "q", "steps": [{"tool": "a"}]}', "at least two"),
    ('{"query": "q", "tool": "t", "args": [1]}', '"args" must be an object'),
])
def test_import_reports_each_bad_line_and_imports_nothing(line: str, problem: str) -> None:
    good = '{"query": "ok", "tool": "t", "args": {}, "uses": 1}'
    with pytest.raises(MemoError) as e:
        parse_import([good, line])
    assert problem in str(e.value) and "nothing imported" in str(e.value)


def test_route_log_is_buffered_then_written(memo: Memo, tmp_path: Path) -> None:
    memo.log_route("che ore sono", "L0", None, "L0: exact phrase", "l0:time")
    memo.log_route("boh", "L3", 0.71, "L1: nearest q1 0.710 < threshold 0.850")
    rows = memo.route_log()
    assert [r["level"] for r in rows] == ["L3", "L0"] and rows[0]["score"] == pytest.approx(0.71)
    memo.close()
    again = Memo(tmp_path / "memo.db")
    assert len(again.route_log()) == 2  # survived the close
    again.close()
