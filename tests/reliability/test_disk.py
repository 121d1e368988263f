"""Group 2 — full disk and read-only disk: a clear error, L0 still answers, nothing stored is damaged.

The data dir sits on a tiny tmpfs mounted for the test (we run as root in CI;
without the right to mount, the test is skipped and says why). A real filler
file takes the last byte; a real `mount -o remount,ro` makes it read-only.
Checked each time: `metnos ask "che ore sono"` (and Engine.run_turn) still
answers from L0, the user sees what is wrong (disk full / read-only) and no
traceback, and after space comes back every row stored before is intact and
every database passes integrity_check.
"""
from __future__ import annotations

import errno
import os
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from rel_support import TALLY, run_metnos

CLOCK = re.compile(rb"\b\d{2}:\d{2}\b")


@contextmanager
def tiny_fs(where: Path, mb: int = 12) -> Iterator[Path]:
    where.mkdir(parents=True, exist_ok=True)
    if shutil.which("mount") is None:
        pytest.skip("no `mount` command here: the full-disk test needs it to make a tiny tmpfs")
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={mb}m,mode=0755", "tmpfs", str(where)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs for the full-disk test ({(r.stderr or r.stdout).strip()}); "
                    f"it needs root or CAP_SYS_ADMIN (CI runs as root)")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def fill(fs: Path) -> Path:
    """Take every free byte of the file system with a real file; returns it (delete it to free the space)."""
    filler = fs / "filler.bin"
    chunk = b"\0" * 65536
    with open(filler, "wb", buffering=0) as f:
        for size in (65536, 4096, 512):
            while True:
                try:
                    f.write(chunk[:size])
                except OSError as e:
                    if e.errno != errno.ENOSPC:
                        raise
                    break
    st = os.statvfs(fs)
    assert st.f_bavail * st.f_frsize < 64 * 1024, "the file system still has room: the test would prove nothing"
    return filler


def remount(fs: Path, mode: str) -> None:
    r = subprocess.run(["mount", "-o", f"remount,{mode}", str(fs)], capture_output=True, text=True)
    assert r.returncode == 0, f"remount {mode} failed: {r.stderr}"


# -- what is stored, read with the app's own APIs ----------------------------------------------------------
def snapshot(home: Path) -> dict[str, Any]:
    """Every row of every database in `home`, as the app reads it."""
    from app.engine.journal import Journal
    from app.memory.scratchpad import Scratchpad
    from app.routing.memo import Memo, export_lines

    out: dict[str, Any] = {"integrity": {}}
    memo = Memo("memo")
    try:
        out["memo"] = sorted(export_lines(memo))
        out["integrity"]["memo"] = memo.con.execute("pragma integrity_check").fetchone()[0]
    finally:
        memo.close()
    j = Journal("history")
    try:
        out["history"] = sorted((r["id"], r["text"], r["answer"]) for r in j.recent("local", 10_000))
        out["integrity"]["history"] = j.con.execute("pragma integrity_check").fetchone()[0]
    finally:
        j.close()
    sp = Scratchpad("scratchpad")
    try:
        con = sp._con()
        out["scratchpad"] = sorted((r[0], bytes(r[1])) for r in con.execute("select id, content from entries"))
        out["integrity"]["scratchpad"] = con.execute("pragma integrity_check").fetchone()[0]
    finally:
        sp.close()
    return out


def compare(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    problems = [f"{db}: integrity_check says {v!r}" for db, v in after["integrity"].items() if v != "ok"]
    for db in ("memo", "history", "scratchpad"):
        have = set(after[db])
        missing = [r for r in before[db] if r not in have]
        if missing:
            problems.append(f"{db}: {len(missing)} stored rows missing or changed, e.g. {str(missing[0])[:200]}")
    return problems


def lost_rows(before: dict[str, Any], after: dict[str, Any]) -> int:
    return sum(len([r for r in before[db] if r not in set(after[db])]) for db in ("memo", "history", "scratchpad"))


def memo_lines(root: Path, n: int, tag: str) -> str:
    import json

    words = ("alfa", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel")
    # distinct canonical forms (the memo merges requests that differ only in their arguments)
    return "\n".join(json.dumps({"query": f"leggi il file {root}/{tag}{i}.txt" + (f" del progetto {tag}{words[i]}"
                                                                              if i or tag != "x" else ""),
                                 "tool": "read_files", "args": {"paths": [f"{root}/{tag}{i}.txt"]}, "uses": 3})
                     for i in range(n)) + "\n"


def runtime_toml(home: Path, root: Path) -> None:
    p = home / "config" / "runtime.toml"
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(f'[tools]\nallowed_roots = ["{root}"]\n', encoding="utf-8")


def assert_clean(r: subprocess.CompletedProcess[bytes], what: str) -> None:
    assert b"Traceback" not in r.stderr, f"{what}: a traceback reached the user:\n{r.stderr.decode()[-2000:]}"


# -- the tests -------------------------------------------------------------------------------------------------
def test_full_disk_cli_keeps_answering_and_damages_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        bundled_embedder: Any) -> None:
    trials = failures = lost = 0
    with tiny_fs(tmp_path / "fs") as fs:
        home, root = fs / "home", fs / "files"
        root.mkdir()
        monkeypatch.setenv("METNOS_HOME", str(home))  # snapshot() reads the same databases as the children
        runtime_toml(home, root)
        try:
            for text in ("che ore sono", "che giorno è oggi"):
                r = run_metnos(["ask", text], home)
                assert r.returncode == 0, r.stderr.decode()
            imp = tmp_path / "memo.jsonl"  # outside the tiny fs: the import file is not what fills it
            imp.write_text(memo_lines(root, 5, "before"), encoding="utf-8")
            r = run_metnos(["memo", "import", str(imp)], home)
            assert r.returncode == 0 and b"imported 5" in r.stdout, r.stderr.decode()
            before = snapshot(home)
            assert len(before["memo"]) == 5 and len(before["history"]) == 2
            filler = fill(fs)

            trials += 1  # L0 on a full disk
            r = run_metnos(["ask", "--trace", "che ore sono"], home)
            assert_clean(r, "ask on a full disk")
            assert r.returncode == 0 and CLOCK.search(r.stdout), (r.stdout, r.stderr)
            assert b"[L0" in r.stderr, "not answered from the L0 phrase table"
            assert b"disk is full" in r.stderr, "the user is not told that the disk is full"

            trials += 1  # a write (memo import) on a full disk: refused with a clear error, nothing half-done
            imp.write_text(memo_lines(root, 3, "during"), encoding="utf-8")
            r = run_metnos(["memo", "import", str(imp)], home)
            assert_clean(r, "memo import on a full disk")
            assert r.returncode != 0 and b"disk is full" in r.stderr, (r.stdout, r.stderr)

            filler.unlink()
            after = snapshot(home)
            problems = compare(before, after)
            lost += lost_rows(before, after)
            assert not problems, problems
            trials += 1  # everything works again once there is room
            r = run_metnos(["memo", "import", str(imp)], home)
            assert r.returncode == 0 and b"imported 3" in r.stdout, r.stderr.decode()
            assert len(snapshot(home)["memo"]) == 8
        except AssertionError:
            failures += 1
            raise
        finally:
            TALLY.add("disk", trials=trials, failures=failures, rows_lost=lost)


def test_read_only_disk_cli_keeps_answering_and_damages_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        bundled_embedder: Any) -> None:
    trials = failures = lost = 0
    with tiny_fs(tmp_path / "fs") as fs:
        home, root = fs / "home", fs / "files"
        root.mkdir()
        monkeypatch.setenv("METNOS_HOME", str(home))  # snapshot() reads the same databases as the children
        runtime_toml(home, root)
        try:
            r = run_metnos(["ask", "che ore sono"], home)
            assert r.returncode == 0, r.stderr.decode()
            imp = tmp_path / "memo.jsonl"
            imp.write_text(memo_lines(root, 4, "ro"), encoding="utf-8")
            assert run_metnos(["memo", "import", str(imp)], home).returncode == 0
            before = snapshot(home)
            remount(fs, "ro")
            try:
                trials += 1
                r = run_metnos(["ask", "--trace", "che ore sono"], home)
                assert_clean(r, "ask on a read-only disk")
                assert r.returncode == 0 and CLOCK.search(r.stdout) and b"[L0" in r.stderr, (r.stdout, r.stderr)
                assert b"read-only" in r.stderr, "the user is not told that the disk is read-only"
                trials += 1
                r = run_metnos(["memo", "import", str(imp)], home)
                assert_clean(r, "memo import on a read-only disk")
                assert r.returncode != 0 and b"read-only" in r.stderr, (r.stdout, r.stderr)
            finally:
                remount(fs, "rw")
            after = snapshot(home)
            lost += lost_rows(before, after)
            assert not compare(before, after), compare(before, after)
        except AssertionError:
            failures += 1
            raise
        finally:
            TALLY.add("disk", trials=trials, failures=failures, rows_lost=lost)


def _turn(engine: Any, text: str, approve: Any = None) -> dict[str, Any]:
    from app.turn import events as ev

    out: dict[str, Any] = {"errors": [], "level": None, "answer": None, "ok": None, "observations": []}
    for e in engine.run_turn(text, approve=approve):
        if isinstance(e, ev.RouteDecision):
            out["level"] = e.level
        elif isinstance(e, ev.Answer):
            out["answer"] = e.text
        elif isinstance(e, ev.Error):
            out["errors"].append(e.message)
        elif isinstance(e, ev.Observation):
            out["observations"].append(e)
        elif isinstance(e, ev.TurnEnded):
            out["ok"] = e.ok
    return out


def test_disk_fills_under_a_running_engine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          bundled_embedder: Any) -> None:
    """The long-running case (the tray app): databases already open when the disk fills up."""
    from app.config import ConfigManager
    from app.engine.engine import Engine
    from app.tools.runner import TurnContext
    from app.turn.events import Turn

    trials = failures = lost = 0
    with tiny_fs(tmp_path / "fs", mb=16) as fs:
        home, root = fs / "home", fs / "files"
        root.mkdir()
        monkeypatch.setenv("METNOS_HOME", str(home))
        runtime_toml(home, root)
        big = root / "big.log"
        big.write_text("".join(f"riga {i}: ERROR qualcosa non va\n" for i in range(400)), encoding="utf-8")
        engine = Engine(ConfigManager())
        try:
            assert engine.router is not None
            engine.router.import_lines(memo_lines(root, 3, "x").splitlines(), owner="local")
            t = _turn(engine, "che ore sono")
            assert t["level"] == "L0" and CLOCK.search(t["answer"].encode()), t
            t = _turn(engine, f"leggi il file {big}")
            assert t["level"] == "L1" and t["ok"], f"the imported L1 row did not serve the read: {t}"
            assert any(o.scratchpad_id for o in t["observations"]), "the big read was not offloaded"
            engine.router.memo.flush()
            before = snapshot(home)
            filler = fill(fs)

            trials += 1
            t = _turn(engine, "che ore sono")
            assert t["level"] == "L0" and t["ok"] and CLOCK.search(t["answer"].encode()), t
            trials += 1  # the big read: the scratchpad cannot store it, the turn still answers (shown shrunk)
            t = _turn(engine, f"leggi il file {big}")
            assert t["ok"] and t["answer"], t
            assert not any("internal error" in m or "errore interno" in m for m in t["errors"]), t["errors"]
            trials += 1  # an approved write: refused with a clear error, the old file unchanged
            ctx = TurnContext(turn=Turn(id="w1", text="scrivi", owner="local"), config=engine.config,
                              registry=engine.registry, emit=lambda e: None, approve=lambda *a: True,
                              services=engine.services_for(Turn(id="w1", text="", owner="local")))
            out = ctx.execute("write_files", {"path": str(big), "content": "x" * 200_000})
            assert not out.ok and out.error and ("No space left" in out.error or "disk is full" in out.error), out.error
            assert big.read_text(encoding="utf-8").startswith("riga 0: ERROR"), "the original file was damaged"

            filler.unlink()
            engine.router.memo.flush()
            after = snapshot(home)
            lost += lost_rows(before, after)
            assert not compare(before, after), compare(before, after)
            trials += 1  # and the engine recovers without a restart
            t = _turn(engine, f"leggi il file {big}")
            assert t["level"] == "L1" and t["ok"], t
        except AssertionError:
            failures += 1
            raise
        finally:
            TALLY.add("disk", trials=trials, failures=failures, rows_lost=lost)
            engine.close()
            for part in (engine.router, engine.journal):
                try:
                    part.close()  # type: ignore[union-attr]
                except Exception:
                    pass
            time.sleep(0.1)
