"""Group 1 — crash safety: a writer process is SIGKILLed at random moments; nothing committed is lost.

For each database (memo tables, scratchpad, long-term memory, chat history, reminders) a
child process (crash_writer.py, the app's own store APIs) writes in a loop and
prints each row id after its commit returned. The parent kills it with
SIGKILL — sometimes while it is still opening/migrating the database, mostly
in the middle of the write loop — then opens the database with the app's API:
`PRAGMA integrity_check` must be ok and every printed row (of this and every
earlier trial) must be there with its content. Trials: 10 per database in CI,
50 with METNOS_LONG_TESTS=1 (METNOS_CRASH_TRIALS overrides).
"""
from __future__ import annotations

import os
import random
import signal
import subprocess
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from crash_writer import expected_text, memory_text
from rel_support import HERE, PY, TALLY, child_env, size

WRITER = HERE / "crash_writer.py"
TRIALS = size(10, 50, "METNOS_CRASH_TRIALS")
READY_TIMEOUT_S = 120


@dataclass
class Trial:
    tag: str
    rows: list[list[str]]  # printed lines after "ready", split
    returncode: int | None
    stderr: str
    ready: bool


@dataclass
class Ledger:
    """Every row a writer reported committed, over all trials: (tag, id, n, extra)."""

    rows: list[tuple[str, str, int, list[str]]] = field(default_factory=list)

    def add(self, trial: Trial) -> None:
        for parts in trial.rows:
            if len(parts) >= 3 and parts[2].isdigit():
                self.rows.append((trial.tag, parts[1], int(parts[2]), parts[3:]))


def run_trial(kind: str, home: Path, rng: random.Random, extra_env: dict[str, str]) -> Trial:
    tag = f"{kind[:3]}{uuid.uuid4().hex[:6]}"
    p = subprocess.Popen([PY, str(WRITER), kind, tag], env=child_env(home, **extra_env), stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    lines: list[str] = []
    ready = threading.Event()
    done = threading.Event()

    def pump() -> None:  # keep the pipe drained so the writer never blocks on stdout
        assert p.stdout is not None
        buf = b""
        while True:
            chunk = p.stdout.read1(65536) if hasattr(p.stdout, "read1") else p.stdout.read(4096)
            if not chunk:
                break
            buf += chunk
            *complete, buf = buf.split(b"\n")
            for ln in complete:
                s = ln.decode("utf-8", "replace")
                if s == "ready":
                    ready.set()
                else:
                    lines.append(s)
        # a last line without its newline was cut by the kill: its commit returned, but we cannot read it
        done.set()

    t = threading.Thread(target=pump, daemon=True)
    t.start()
    if rng.random() < 0.15:  # kill while the process may still be opening / migrating the database
        time.sleep(rng.uniform(0.0, 1.5))
    else:
        ready.wait(READY_TIMEOUT_S)
        time.sleep(rng.uniform(0.0, 0.5))
    try:
        os.kill(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    p.wait(timeout=60)
    done.wait(30)
    assert p.stderr is not None
    err = p.stderr.read().decode("utf-8", "replace")
    return Trial(tag, [ln.split(" ") for ln in lines if ln], p.returncode, err, ready.is_set())


# -- checkers: open with the app's API, integrity_check, every reported row present and intact ----------------
Check = Callable[[Ledger], tuple[bool, list[str]]]


def check_memo(ledger: Ledger) -> tuple[bool, list[str]]:
    from app.routing.memo import Memo

    memo = Memo("memo")
    try:
        ok = memo.con.execute("pragma integrity_check").fetchone()[0] == "ok"
        q = {str(r[0]): r[1] for r in memo.con.execute("select id, query from canonical_query_log")}
        p = {str(r[0]): r[1] for r in memo.con.execute("select id, query from multi_tool_paths")}
        # the app's own readers must load every row too (blobs, JSON)
        assert len(memo.queries("crash")) == len(q) and len(memo.paths("crash")) == len(p)
    finally:
        memo.close()
    lost = []
    for tag, rid, n, _ in ledger.rows:
        want = expected_text(tag, n)
        table = q if rid in q and q[rid] == want else p
        if table.get(rid) != want:
            lost.append(f"memo row {rid} ({tag} #{n})")
    return ok, lost


def check_scratchpad(ledger: Ledger) -> tuple[bool, list[str]]:
    from app.memory.scratchpad import Scratchpad

    store = Scratchpad("scratchpad")
    try:
        con = store._con()  # the store's own connection (integrity_check has no API of its own)
        ok = con.execute("pragma integrity_check").fetchone()[0] == "ok"
        rows = {r[0]: (r[1], bytes(r[2])) for r in con.execute(
            "select id, turn_id, content from entries where owner = 'crash'")}
        lost = []
        last_tag = ledger.rows[-1][0] if ledger.rows else None
        for tag, rid, n, _ in ledger.rows:
            if tag == last_tag:  # the latest trial's rows also through the owner- and turn-checked read
                e = store.get(rid, owner="crash", turn_id=tag)
                got = None if e is None or e.content is None else (tag, e.content)
            else:
                got = rows.get(rid)
            if got is None or got[0] != tag or not got[1].decode("utf-8").startswith(expected_text(tag, n)):
                lost.append(f"scratchpad entry {rid} ({tag} #{n})")
    finally:
        store.close()
    return ok, lost


def check_history(ledger: Ledger) -> tuple[bool, list[str]]:
    from app.engine.journal import Journal

    j = Journal("history")
    try:
        ok = j.con.execute("pragma integrity_check").fetchone()[0] == "ok"
        turns = {r[0]: r[1] for r in j.con.execute("select id, text from turns where owner = 'crash'")}
        steps = {r[0]: r[1] for r in j.con.execute("select turn_id, count(*) from steps group by turn_id")}
    finally:
        j.close()
    lost = [f"history turn {rid}" for tag, rid, n, _ in ledger.rows
            if turns.get(rid) != expected_text(tag, n) or steps.get(rid) != 2]
    return ok, lost


def check_reminders(ledger: Ledger) -> tuple[bool, list[str]]:
    """Every reminder reported added is there with its text, whole; every one reported shown has the occurrence
    recorded and its repetition moved a day on (one transaction: never one without the other)."""
    from app.reminders.store import ReminderStore

    store = ReminderStore("reminders")
    try:
        ok = store.con.execute("pragma integrity_check").fetchone()[0] == "ok"
        rows = {str(r.id): r for r in store.pending()}  # the app's own reader: every row must load
    finally:
        store.close()
    lost = []
    for tag, rid, n, _ in ledger.rows:
        r = rows.get(rid)
        if r is None or r.text != expected_text(tag, n):
            lost.append(f"reminder {rid} ({tag} #{n})")
    fired = {(tag, rid) for tag, rid, _, extra in ledger.rows if extra[:1] == ["fired"]}
    for tag, rid in fired:
        r = rows.get(rid)
        if r is not None and (r.last_fired is None or r.due <= r.last_fired):
            lost.append(f"reminder {rid} ({tag}): shown but not moved on")
    return ok, lost


def memory_env(tmp_home: Path) -> tuple[dict[str, str], Callable[[], Any], str]:
    """Keyring mode when a Secret Service answers (CI), else passphrase mode; returns env, key store, mode."""
    from crash_writer import memory_store

    problem = secret_service_problem()
    if problem is None:
        service = f"metnos-crash-{uuid.uuid4().hex[:8]}"
        return {"CRASH_KEY_SERVICE": service}, lambda: _with_env(memory_store, CRASH_KEY_SERVICE=service), "keyring"
    return {}, lambda: _with_env(memory_store), f"passphrase (no Secret Service: {problem})"


def _with_env(fn: Callable[[], Any], **env: str) -> Any:
    old = {k: os.environ.get(k) for k in ("CRASH_KEY_SERVICE", *env)}
    os.environ.pop("CRASH_KEY_SERVICE", None)
    os.environ.update(env)
    try:
        return fn()
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def secret_service_problem() -> str | None:
    try:
        from app.memory.keys import resolve_backend

        b = resolve_backend()
        svc, user = "metnos-test-probe", uuid.uuid4().hex
        b.set_password(svc, user, "00")
        ok = b.get_password(svc, user) == "00"
        b.delete_password(svc, user)
        return None if ok else "the keyring did not return what was stored"
    except Exception as e:  # any failure: no usable Secret Service here
        return str(e).split(". ")[0]


def make_check_memory(store_factory: Callable[[], Any]) -> Check:
    def check(ledger: Ledger) -> tuple[bool, list[str]]:
        from app.memory.longterm import LongTermMemory
        from app.store.db import db_path

        mem = LongTermMemory(db_path("memory"), store_factory(), None)
        try:
            ok = mem.con.execute("pragma integrity_check").fetchone()[0] == "ok"
            facts = {str(f.id): f.text for f in mem.all_facts(include_replaced=True)}
        finally:
            mem.close()
        lost = [f"memory fact {rid} ({tag} #{n})" for tag, rid, n, extra in ledger.rows
                if facts.get(rid) != memory_text(tag, extra[0], n)]
        return ok, lost

    return check


@pytest.fixture
def memory_key(metnos_home: Path) -> Iterator[tuple[dict[str, str], Callable[[], Any], str]]:
    env, factory, mode = memory_env(metnos_home)
    yield env, factory, mode
    if "CRASH_KEY_SERVICE" in env:
        try:
            from app.memory.keys import KeyringKeyStore

            KeyringKeyStore(service=env["CRASH_KEY_SERVICE"]).delete()
        except Exception:
            pass


def crash_loop(kind: str, home: Path, check: Check, extra_env: dict[str, str] | None = None) -> None:
    rng = random.Random()
    ledger = Ledger()
    failures: list[str] = []
    lost_total = 0
    trials = 0
    try:
        for i in range(TRIALS):
            trial = run_trial(kind, home, rng, extra_env or {})
            trials += 1
            problems = []
            if trial.returncode != -signal.SIGKILL:
                problems.append(f"writer ended by itself (rc {trial.returncode}), not by SIGKILL: "
                                f"{trial.stderr.strip()[-800:]}")
            ledger.add(trial)
            try:
                ok, lost = check(ledger)
            except Exception as e:  # the database did not open: that is the worst failure
                problems.append(f"could not open/read after the kill: {type(e).__name__}: {e}")
                ok, lost = False, []
            if not ok:
                problems.append("PRAGMA integrity_check is not ok")
            if lost:
                problems.append(f"{len(lost)} committed rows missing, e.g. {lost[:3]}")
                lost_total = len(lost)  # the ledger is cumulative: the latest count is the total
            if problems:
                failures.append(f"trial {i + 1} ({'ready' if trial.ready else 'during start-up'}): "
                                + "; ".join(problems))
    finally:
        TALLY.add("crash", trials=trials, failures=len(failures), rows_lost=lost_total,
                  note=f"{kind}: {trials} kills, {len(ledger.rows)} committed rows checked")
    assert not failures, "\n".join(failures)
    assert len(ledger.rows) > 0, "no writer ever committed a row: the kills came too early to test anything"


def test_memo_tables_survive_sigkill(metnos_home: Path) -> None:
    crash_loop("memo", metnos_home, check_memo)


def test_scratchpad_survives_sigkill(metnos_home: Path) -> None:
    crash_loop("scratchpad", metnos_home, check_scratchpad)


def test_chat_history_survives_sigkill(metnos_home: Path) -> None:
    crash_loop("history", metnos_home, check_history)


def test_reminders_survive_sigkill(metnos_home: Path) -> None:
    crash_loop("reminders", metnos_home, check_reminders)
    from app.store.db import db_path

    with open(db_path("reminders"), "rb") as fh:
        assert fh.read(16) != b"SQLite format 3\x00", "the reminders database is not encrypted"


def test_encrypted_memory_survives_sigkill(metnos_home: Path, memory_key) -> None:  # noqa: ANN001
    env, factory, mode = memory_key
    TALLY.add("crash", note=f"long-term memory key: {mode}")
    crash_loop("memory", metnos_home, make_check_memory(factory), env)
    # still encrypted after all the kills: no SQLite plaintext header in the file
    from app.store.db import db_path

    with open(db_path("memory"), "rb") as fh:
        assert fh.read(16) != b"SQLite format 3\x00", "the memory database is not encrypted"
