"""`metnos route --json` and `metnos memo ...` through the real command line entry point."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.cli.main import main

pytestmark = pytest.mark.slow


def run(capsys: pytest.CaptureFixture[str], home: Path, *argv: str) -> tuple[int, str, str]:
    rc = main(["--home", str(home), *argv])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_route_json_for_l0_and_l3(capsys: pytest.CaptureFixture[str], metnos_home: Path, embedder: Any) -> None:
    rc, out, _ = run(capsys, metnos_home, "route", "--json", "che", "ore", "sono?")
    d = json.loads(out)
    assert rc == 0 and d["level"] == "L0" and d["tool"] == "get_now" and d["score"] is None and d["reason"]
    rc, out, _ = run(capsys, metnos_home, "route", "--json", "raccontami una barzelletta")
    d = json.loads(out)
    assert d["level"] == "L3" and d["tool"] is None and d["args"] == {} and d["score"] is None


def test_memo_import_list_route_export_forget(capsys: pytest.CaptureFixture[str], metnos_home: Path,
                                              embedder: Any, tmp_path: Path) -> None:
    f = tmp_path / "memo.jsonl"
    f.write_text('{"query": "leggi il file /tmp/t/a.txt", "tool": "read_files", "args": {"paths": ["/tmp/t/a.txt"]}, '
                 '"uses": 3}\n{"query": "scarica la pagina https://example.com/a e riassumila", "steps": '
                 '[{"tool": "get_url", "args": {"url": "https://example.com/a"}}, {"tool": "describe_entries", '
                 '"args": {"content": "{{step1.content}}"}}], "uses": 5}\n', encoding="utf-8")
    rc, out, _ = run(capsys, metnos_home, "memo", "import", str(f))
    assert rc == 0 and "imported 1 request(s) and 1 pipeline(s)" in out
    rc, out, _ = run(capsys, metnos_home, "memo", "list", "--json")
    rows = [json.loads(x) for x in out.splitlines()]
    assert [r["id"] for r in rows] == ["q1", "p1"] and rows[1]["uses"] == 5
    rc, out, _ = run(capsys, metnos_home, "route", "--json", "apri il file /tmp/t/b.txt e mostrami il contenuto")
    d = json.loads(out)
    assert d["level"] == "L1" and d["tool"] == "read_files" and d["args"] == {"paths": ["/tmp/t/b.txt"]}
    assert isinstance(d["score"], float) and "guards agree" in d["reason"]
    rc, out, _ = run(capsys, metnos_home, "memo", "export")
    lines = [json.loads(x) for x in out.splitlines()]
    assert lines[0]["tool"] == "read_files" and lines[1]["steps"][0]["args"] == {"url": "{url}"}
    rc, out, _ = run(capsys, metnos_home, "memo", "forget", "q1")
    assert rc == 0
    rc, _, err = run(capsys, metnos_home, "memo", "forget", "q1")
    assert rc == 1 and "no memo entry q1" in err


def test_memo_import_of_a_bad_file_changes_nothing(capsys: pytest.CaptureFixture[str], metnos_home: Path,
                                                   tmp_path: Path) -> None:
    f = tmp_path / "bad.jsonl"
    f.write_text('{"query": "ok", "tool": "t", "uses": 1}\n{"query": 3}\n', encoding="utf-8")
    rc, _, err = run(capsys, metnos_home, "memo", "import", str(f))
    assert rc == 2 and "line 2" in err and "nothing imported" in err
    rc, out, _ = run(capsys, metnos_home, "memo", "list")
    assert "empty" in out
    rc, _, err = run(capsys, metnos_home, "memo", "import", str(tmp_path / "missing.jsonl"))
    assert rc == 2 and "cannot read" in err
