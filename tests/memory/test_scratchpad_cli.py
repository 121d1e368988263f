"""`metnos scratchpad stats` (human and --json) and `scratchpad gc`."""
from __future__ import annotations

import argparse
import json

from app.cli.scratchpad_cmd import add_commands
from app.memory.scratchpad import Scratchpad


def run(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="metnos")
    add_commands(p.add_subparsers(dest="command"))
    args = p.parse_args(argv)
    return args.func(args)


def fill() -> None:
    with Scratchpad() as sp:
        sp.put({"content": "a" * 5000}, owner="alice", turn_id="t", step_num=1, executor="r", now=1000.0, ttl=10)
        sp.put({"content": "b" * 7000}, owner="bob", turn_id="u", step_num=1, executor="r")


def test_stats_json(capsys, metnos_home):
    fill()
    assert run(["scratchpad", "stats", "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["rows"] == 2 and s["bytes"] == 12_000 and s["oldest_created_at"] == 1000.0
    assert s["per_owner"]["alice"] == {"rows": 1, "bytes": 5000} and s["expired_pending_gc"] == 1
    assert s["path"] == str(metnos_home / "data" / "scratchpad.db")


def test_stats_human_and_gc(capsys):
    fill()
    assert run(["scratchpad", "stats"]) == 0
    out = capsys.readouterr().out
    assert "rows         2" in out and "owner alice: 1 rows" in out and "expired      1" in out
    assert run(["scratchpad", "gc"]) == 0
    assert capsys.readouterr().out.strip() == "removed 1 expired entries"
    assert run(["scratchpad", "stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rows"] == 1


def test_stats_on_an_empty_store(capsys):
    assert run(["scratchpad", "stats"]) == 0
    out = capsys.readouterr().out
    assert "rows         0" in out and "oldest       -" in out


def test_unwritable_data_dir_is_a_clear_error(capsys, tmp_path, monkeypatch):
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("x")
    monkeypatch.setenv("METNOS_HOME", str(blocker))
    assert run(["scratchpad", "stats"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("metnos scratchpad: ") and "file-not-dir" in err and "Traceback" not in err
