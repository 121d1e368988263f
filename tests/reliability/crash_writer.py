"""A child process for the crash-safety tests: writes rows in a loop through the app's own store APIs.

    python crash_writer.py memo|scratchpad|history|memory|reminders|encrypt

METNOS_HOME says where the databases are. After each commit *returns*, one
line is printed and flushed: `<kind> <id> <n>`; the parent kills this process
with SIGKILL at a random moment and then checks that every printed row is in
the database, intact. `ready` is printed once the database is open.
Long-term memory uses the OS keyring when CRASH_KEY_SERVICE is set (a keyring
entry of the test's own), otherwise passphrase mode (CRASH_PASSPHRASE).
"""
from __future__ import annotations

import os
import sys
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def expected_text(kind: str, n: int) -> str:
    """What row n of a writer carries, so the parent can check content, not only presence."""
    return f"{kind} row {n}: il dentista è giovedì alle {n % 24:02d}:{n % 60:02d} riga-{n}"


def memory_text(tag: str, code: str, n: int) -> str:
    return f"{tag} codice {code} è {n}"


def out(*parts: object) -> None:
    sys.stdout.write(" ".join(str(p) for p in parts) + "\n")
    sys.stdout.flush()


def memo_loop(tag: str) -> None:
    import numpy as np

    from app.routing.memo import Memo

    memo = Memo("memo")
    rng = np.random.default_rng()
    out("ready")
    n = 0
    while True:
        n += 1
        vec = rng.standard_normal(384).astype(np.float32)
        text = expected_text(tag, n)
        if n % 3:
            rid = memo.log_query("crash", f"{tag}-{n}", text, "read_files", {"paths": [f"/tmp/{tag}-{n}.txt"]},
                                 vec, day_rank=1)
            out("q", rid, n)
        else:
            steps = [{"tool": "read_files", "args": {"paths": ["{path}"]}},
                     {"tool": "write_files", "args": {"path": f"/tmp/{tag}-{n}.out", "content": "{{step1.content}}"}}]
            rid = memo.log_path("crash", f"{tag}-{n}", text, steps, vec, day_rank=1)
            out("p", rid, n)


def scratchpad_loop(tag: str) -> None:
    import random

    from app.memory.scratchpad import Scratchpad

    store = Scratchpad("scratchpad")
    out("ready")
    n = 0
    while True:
        n += 1
        body = (expected_text(tag, n) + "\n") * random.randint(5, 120)
        e = store.put({"path": f"/tmp/{tag}-{n}.log", "content": body}, owner="crash", turn_id=tag, step_num=n,
                      executor="read_files", ttl=10 ** 8)
        out("s", e.id, n)


def history_loop(tag: str) -> None:
    import time

    from app.engine.journal import Journal
    from app.turn.events import Step, Turn

    j = Journal("history")
    out("ready")
    n = 0
    while True:
        n += 1
        t = Turn(id=f"{tag}-{n}", text=expected_text(tag, n), owner="crash", level="L1", answer=f"answer {n}",
                 ok=True)
        t.steps = [Step(1, "read_files", {"paths": [f"/tmp/{n}.txt"]}, {"content": "x" * (n % 500)}, True, "L1"),
                   Step(2, "get_now", {}, {"time": "10:00"}, True, "L1")]
        j.record(t, time.time(), 1.0, session=tag)
        out("h", t.id, n)


def reminders_loop(tag: str) -> None:
    """Add reminders and show earlier ones (a firing moves a repetition and records the occurrence in one
    transaction): `r <id> <n>` after an add, `r <id> <n> fired` after a firing."""
    from datetime import datetime, timedelta, timezone

    from app.lang.repeat import Repeat
    from app.reminders.store import ReminderStore

    store = ReminderStore("reminders")
    out("ready")
    start = datetime(2030, 1, 1, tzinfo=timezone.utc)
    n = 0
    while True:
        n += 1
        due = start + timedelta(minutes=n)
        rid = store.add(expected_text(tag, n), due, Repeat("day", n % 24, n % 60) if n % 2 else None,
                        "Europe/Rome", "it")
        out("r", rid, n)
        if n % 3 == 0:
            store.fired(rid, due, due + timedelta(days=1))
            out("r", rid, n, "fired")


def memory_store() -> object:
    from app.memory.keys import KeyringKeyStore, PassphraseKeyStore
    from app.store.db import db_path

    service = os.environ.get("CRASH_KEY_SERVICE")
    if service:
        return KeyringKeyStore(service=service)
    pw = os.environ.get("CRASH_PASSPHRASE", "crash-test-passphrase")
    path = db_path("memory")
    return PassphraseKeyStore(path.with_name(path.stem + ".kdf.json"), lambda prompt, confirm: pw,
                              kdf={"n": 2 ** 12, "r": 8, "p": 1})


def memory_loop(tag: str) -> None:
    from app.memory.longterm import LongTermMemory
    from app.store.db import db_path

    mem = LongTermMemory(db_path("memory"), memory_store(), None)  # type: ignore[arg-type]
    out("ready")
    n = 0
    while True:
        n += 1
        code = uuid.uuid4().hex[:10]
        res = mem.remember(memory_text(tag, code, n), f"crash{n % 7}", "user")
        out("m", res.fact.id, n, code, res.action)


def encrypt_once(tag: str) -> None:
    """Open the plaintext memo.db an older version left: the app encrypts it in place on this open."""
    from app.routing.memo import Memo

    out("go")
    memo = Memo("memo")
    out("ready")
    out("e", memo.con.execute("select count(*) from canonical_query_log").fetchone()[0], 0)
    memo.close()


LOOPS = {"encrypt": encrypt_once, "memo": memo_loop, "scratchpad": scratchpad_loop, "history": history_loop,
         "memory": memory_loop, "reminders": reminders_loop}

if __name__ == "__main__":
    kind = sys.argv[1]
    LOOPS[kind](sys.argv[2] if len(sys.argv) > 2 else uuid.uuid4().hex[:8])
