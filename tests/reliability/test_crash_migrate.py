"""Group 1 — crash safety of the plaintext → encrypted migration: SIGKILL at any moment of it.

An older version left memo.db in plaintext (WAL, rows in the -wal too). A
child opens it with the app's API, which encrypts it in place; the parent
kills it with SIGKILL at a random moment after the child said it starts
opening (the window spans the whole migration, measured first). After each
kill the database must be either the old plaintext one or the new encrypted
one — whole: integrity_check ok and every row with its content — and never
missing, empty or mixed. Trials: 10 in CI, 50 with METNOS_LONG_TESTS=1
(METNOS_CRASH_TRIALS overrides).
"""
from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import time
from pathlib import Path

import apsw
import pytest
from rel_support import HERE, PY, TALLY, child_env, size

WRITER = HERE / "crash_writer.py"
TRIALS = size(10, 50, "METNOS_CRASH_TRIALS")
ROWS = 4000


def _text(n: int) -> str:
    return f"richiesta {n}: leggi il file /home/anna/documenti/nota-{n}.txt e dimmi cosa dice"


def make_plaintext(home: Path) -> None:
    """memo.db as an older version wrote it: plaintext, WAL, the last rows still in the -wal."""
    import numpy as np

    from app.routing.memo import Memo

    os.environ["METNOS_HOME"] = str(home)
    memo = Memo(home / "data" / "memo.db", plaintext=True)
    rng = np.random.default_rng(7)
    for n in range(ROWS):
        memo.log_query("crash", f"canon-{n}", _text(n), "read_files", {"paths": [f"/tmp/{n}"]},
                       rng.standard_normal(384).astype(np.float32), day_rank=1)
    memo.con.execute("pragma wal_autocheckpoint=0")
    for n in range(ROWS, ROWS + 50):
        memo.log_query("crash", f"canon-{n}", _text(n), "read_files", {}, None, day_rank=1)
    memo.con.close()  # no final checkpoint guarantee: the -wal may keep rows


def state_of(db: Path) -> tuple[str, bool, int]:
    """('plaintext'|'encrypted', whole, rows)."""
    from app.store.vault import key_for, keyed

    head = db.read_bytes()[:16]
    con = apsw.Connection(str(db))  # read-write: a plaintext WAL database may need its -shm rebuilt
    try:
        kind = "plaintext" if head == b"SQLite format 3\x00" else "encrypted"
        if kind == "encrypted":
            keyed(con, key_for(db, "memo"), 1)
        ok = con.execute("pragma integrity_check").fetchone()[0] == "ok"
        rows = dict(con.execute("select canonical, query from canonical_query_log").fetchall())
    finally:
        con.close()
    whole = ok and len(rows) == ROWS + 50 and all(rows.get(f"canon-{n}") == _text(n) for n in range(ROWS + 50))
    return kind, whole, len(rows)


def run(home: Path, kill_after: float | None) -> tuple[float, str]:
    p = subprocess.Popen([PY, str(WRITER), "encrypt"], env=child_env(home), stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    assert p.stdout is not None
    line = p.stdout.readline().decode().strip()
    assert line == "go", (line, p.stderr.read().decode() if p.stderr else "")
    t0 = time.perf_counter()
    if kill_after is None:
        p.wait(timeout=120)
        return time.perf_counter() - t0, p.stderr.read().decode() if p.stderr else ""
    time.sleep(kill_after)
    try:
        os.kill(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    p.wait(timeout=60)
    return time.perf_counter() - t0, ""


@pytest.mark.timeout(1800)
def test_sigkill_during_encryption_leaves_old_or_new_whole(tmp_path: Path) -> None:
    from app.store.keys import KeyUnavailable, resolve_backend

    try:
        resolve_backend()
    except KeyUnavailable as e:
        pytest.fail(f"needs a Secret Service (run through installer/run-tests.sh): {e}")
    template = tmp_path / "template"
    make_plaintext(template)
    # one full run measures the window (and proves the migration itself)
    home = tmp_path / "measure"
    shutil.copytree(template, home)
    took, err = run(home, None)
    kind, whole, n = state_of(home / "data" / "memo.db")
    assert (kind, whole) == ("encrypted", True), (kind, whole, n, err[-2000:])
    rng = random.Random()
    seen = {"plaintext": 0, "encrypted": 0}
    failures = []
    for i in range(TRIALS):
        home = tmp_path / f"t{i}"
        shutil.copytree(template, home)
        run(home, rng.uniform(0.0, took * 1.2))
        db = home / "data" / "memo.db"
        if not db.exists():
            failures.append(f"trial {i}: memo.db is gone")
            continue
        kind, whole, n = state_of(db)
        seen[kind] += 1
        if not whole:
            failures.append(f"trial {i}: {kind} database not whole ({n} rows)")
        # the next start finishes the job from whatever the kill left
        took2, err = run(home, None)
        kind2, whole2, n2 = state_of(db)
        if (kind2, whole2) != ("encrypted", True):
            failures.append(f"trial {i}: restart left {kind2}, whole={whole2}, {n2} rows: {err[-500:]}")
        shutil.rmtree(home, ignore_errors=True)
    TALLY.add("crash", trials=TRIALS, failures=len(failures),
              note=f"plaintext→encrypted migration of memo.db ({ROWS + 50} rows, {took * 1000:.0f} ms incl. start): "
                   f"{TRIALS} kills, left plaintext {seen['plaintext']}×, encrypted {seen['encrypted']}×")
    assert not failures, "\n".join(failures)
