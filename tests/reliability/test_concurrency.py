"""Group 6 — concurrency: the tray app and two CLI processes on the same databases at once.

The real tray app (`metnos app --no-hotkey`, Qt offscreen) runs turns sent with
`metnos --ask TEXT`; meanwhile a long-lived `metnos chat` (its connections
stay open, like the app's) and a loop of short `metnos ask` / `metnos memo
import` processes use the same METNOS_HOME. Mixed turns: L0 answers, L1 file
reads in an allowed temp root, memo imports. For ~20 s in CI, a minute with
METNOS_LONG_TESTS=1. Then: no process printed "database is locked" (or any
traceback), every database passes integrity_check, every imported memo row is
there, and every turn a process answered is in the chat history.
"""
from __future__ import annotations

import json
import os
import random
import re
import signal
import string
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from rel_support import METNOS, TALLY, child_env, run_metnos, seconds

DURATION_S = float(os.environ.get("METNOS_CONCURRENCY_SECONDS") or seconds(20, 60))
FILES = 600
LOCKED = re.compile(rb"database is locked|database table is locked|SQLITE_BUSY|BusyError|LockedError", re.I)
CLOCK = re.compile(r"\b\d{2}:\d{2}\b")


class Shared:
    """What the workers did: requests answered per process, memo rows imported, outputs to grep."""

    def __init__(self, root: Path):
        self.root = root
        self.lock = threading.Lock()
        self.n = 0
        self.answered: list[tuple[str, str]] = []  # (who, request)
        self.sent_to_app: list[str] = []
        self.imported: list[str] = []  # queries
        self.outputs: list[tuple[str, bytes]] = []
        self.problems: list[str] = []
        self.ops = 0

    def next_file(self) -> tuple[str, str]:
        with self.lock:
            self.n += 1
            n = self.n % FILES
        return f"{self.root}/f{n:04d}.txt", f"contenuto numero {n:04d}"

    def request(self, rng: random.Random) -> tuple[str, str | None]:
        """A mixed request and what its answer must contain (None: a clock)."""
        if rng.random() < 0.4:
            return rng.choice(["che ore sono", "che ora è", "what time is it"]), None
        path, marker = self.next_file()
        return f"leggi il file {path}", marker


def cli_worker(home: Path, shared: Shared, stop: threading.Event, rng: random.Random, tmp: Path) -> None:
    """Short-lived processes one after another: `metnos ask` and `metnos memo import`."""
    k = 0
    while not stop.is_set():
        k += 1
        if k % 3 == 1:  # every third process is a memo import (the first one too)
            # distinct canonical forms: the memo merges requests that differ only in arguments (numbers, paths)
            qs = [f"leggi il file {shared.root}/x.txt del lotto " + "".join(rng.choice(string.ascii_lowercase)
                                                                         for _ in range(10)) for _ in range(3)]
            f = tmp / f"imp-{k}.jsonl"
            args = {"paths": [f"{shared.root}/x.txt"]}
            f.write_text("".join(json.dumps({"query": q, "tool": "read_files", "args": args, "uses": 3}) + "\n"
                                 for q in qs), encoding="utf-8")
            r = run_metnos(["memo", "import", str(f)], home, timeout=300)
            with shared.lock:
                shared.ops += 1
                shared.outputs.append(("memo import", r.stdout + r.stderr))
                if r.returncode == 0 and b"imported 3" in r.stdout:
                    shared.imported += qs
                else:
                    shared.problems.append(f"memo import failed rc {r.returncode}: {r.stderr[-300:]!r}")
            continue
        text, want = shared.request(rng)
        r = run_metnos(["ask", text], home, timeout=300)
        out = r.stdout.decode("utf-8", "replace")
        with shared.lock:
            shared.ops += 1
            shared.outputs.append(("ask", r.stdout + r.stderr))
            if r.returncode == 0 and ((want and want in out) or (not want and CLOCK.search(out))):
                shared.answered.append(("ask", text))
            else:
                shared.problems.append(f"ask {text!r}: rc {r.returncode}, {out[-200:]!r} {r.stderr[-300:]!r}")


def chat_worker(home: Path, shared: Shared, stop: threading.Event, rng: random.Random) -> None:
    """One long-lived `metnos chat` fed through a pipe: its connections stay open the whole time."""
    p = subprocess.Popen([METNOS, "chat"], env=child_env(home), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    assert p.stdin is not None and p.stdout is not None and p.stderr is not None
    bufs: dict[str, bytearray] = {"out": bytearray(), "err": bytearray()}

    def drain(stream: Any, key: str) -> None:
        for chunk in iter(lambda: stream.read1(65536), b""):
            bufs[key] += chunk

    readers = [threading.Thread(target=drain, args=(p.stdout, "out"), daemon=True),
               threading.Thread(target=drain, args=(p.stderr, "err"), daemon=True)]
    for t in readers:
        t.start()
    sent: list[tuple[str, str | None]] = []
    try:
        while not stop.is_set():
            text, want = shared.request(rng)
            p.stdin.write((text + "\n").encode("utf-8"))
            p.stdin.flush()
            sent.append((text, want))
            time.sleep(rng.uniform(0.05, 0.4))
        p.stdin.close()  # Ctrl-D: the chat answers what is queued, then quits
        p.wait(600)
    except (subprocess.TimeoutExpired, OSError) as e:
        p.kill()
        p.wait()
        with shared.lock:
            shared.problems.append(f"chat: {type(e).__name__}: {e}")
    for t in readers:
        t.join(30)
    out, err = bytes(bufs["out"]), bytes(bufs["err"])
    text_out = out.decode("utf-8", "replace")
    with shared.lock:
        shared.ops += len(sent)
        shared.outputs.append(("chat", out + err))
        if p.returncode != 0:
            shared.problems.append(f"chat exited {p.returncode}: {err[-500:]!r}")
        for text, want in sent:  # every file read must show that file's content
            if want and want not in text_out:
                shared.problems.append(f"chat: no answer for {text!r}")
            else:
                shared.answered.append(("chat", text))


def guarded(fn: Any, shared: Shared) -> Any:
    """A worker that dies is a failure of the test, not a warning."""
    def run(*args: Any) -> None:
        try:
            fn(*args)
        except Exception as e:
            with shared.lock:
                shared.problems.append(f"worker {fn.__name__} crashed: {type(e).__name__}: {e}")
    return run


def app_worker(home: Path, shared: Shared, stop: threading.Event, rng: random.Random) -> None:
    """`metnos --ask TEXT` into the running tray app."""
    while not stop.is_set():
        text, _ = shared.request(rng)
        r = run_metnos(["--ask", text], home, timeout=60, QT_QPA_PLATFORM="offscreen")
        with shared.lock:
            shared.ops += 1
            shared.outputs.append(("--ask", r.stdout + r.stderr))
            if r.returncode == 0:
                shared.sent_to_app.append(text)
            else:
                shared.problems.append(f"--ask {text!r}: rc {r.returncode} {r.stderr[-300:]!r}")
        time.sleep(rng.uniform(0.1, 0.6))


def start_app(home: Path, log: Path) -> subprocess.Popen[bytes]:
    env = child_env(home, QT_QPA_PLATFORM="offscreen", DISPLAY=os.environ.get("DISPLAY") or ":0")
    fh = open(log, "wb")
    p = subprocess.Popen([METNOS, "app", "--no-hotkey", "--no-preload"], env=env, stdout=fh, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if p.poll() is not None:
            raise AssertionError(f"the app exited at start (rc {p.returncode}): "
                                 f"{log.read_text(errors='replace')[-2000:]}")
        r = run_metnos(["--ask", "che ore sono"], home, timeout=30, QT_QPA_PLATFORM="offscreen")
        if r.returncode == 0:
            return p
        time.sleep(0.5)
    p.kill()
    raise AssertionError(f"the app did not take --ask within 120 s: {log.read_text(errors='replace')[-2000:]}")


def history_texts() -> list[str]:
    from app.engine.journal import Journal

    j = Journal("history")
    try:
        return [r[0] for r in j.con.execute("select text from turns")]
    finally:
        j.close()


def integrity() -> dict[str, str]:
    from app.config import paths
    from app.store.vault import open_encrypted

    out = {}
    for db in sorted(paths.data_dir().glob("*.db")):
        if db.stem == "memory":
            continue  # its own key (long-term memory); not used by these turns
        con = open_encrypted(db)  # every store is encrypted with a key derived from the keyring's master key
        try:
            out[db.name] = con.execute("pragma integrity_check").fetchone()[0]
        finally:
            con.close()
    return out


@pytest.mark.slow
def test_tray_app_and_two_cli_processes_share_the_databases(metnos_home: Path, tmp_path: Path,
                                                            bundled_embedder: Any) -> None:
    from app.routing.memo import Memo

    root = tmp_path / "files"
    root.mkdir()
    for n in range(FILES):
        (root / f"f{n:04d}.txt").write_text(f"contenuto numero {n:04d}\n", encoding="utf-8")
    (root / "x.txt").write_text("x\n", encoding="utf-8")
    cfg = metnos_home / "config" / "runtime.toml"
    cfg.parent.mkdir(parents=True, exist_ok=True)
    # the databases are what is shared here, not the model's answers: the lite model keeps planner turns short
    cfg.write_text(f'[tools]\nallowed_roots = ["{root}"]\n[llm]\nmodel = "bundled-lite"\n', encoding="utf-8")
    seed = tmp_path / "seed.jsonl"
    seed.write_text(json.dumps({"query": f"leggi il file {root}/f0000.txt", "tool": "read_files",
                                "args": {"paths": [f"{root}/f0000.txt"]}, "uses": 3}) + "\n", encoding="utf-8")
    r = run_metnos(["memo", "import", str(seed)], metnos_home)
    assert r.returncode == 0, r.stderr.decode()

    shared = Shared(root)
    applog = tmp_path / "app.log"
    app = start_app(metnos_home, applog)
    stop = threading.Event()
    rng = random.Random()
    workers = [threading.Thread(target=guarded(app_worker, shared),
                                args=(metnos_home, shared, stop, random.Random(rng.random()))),
               threading.Thread(target=guarded(chat_worker, shared),
                                args=(metnos_home, shared, stop, random.Random(rng.random()))),
               threading.Thread(target=guarded(cli_worker, shared),
                                args=(metnos_home, shared, stop, random.Random(rng.random()), tmp_path))]
    failures: list[str] = []
    lost = 0
    try:
        for w in workers:
            w.start()
        time.sleep(DURATION_S)
        stop.set()
        for w in workers:
            w.join(900)
            if w.is_alive():
                failures.append(f"{w.name} did not finish")
        # let the app finish what it was sent, then stop it the way a desktop session does (SIGTERM)
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            missing = set(shared.sent_to_app) - set(history_texts())
            if not missing:
                break
            time.sleep(1)
        app.send_signal(signal.SIGTERM)
        try:
            app.wait(60)
        except subprocess.TimeoutExpired:
            app.kill()
            failures.append("the app did not quit on SIGTERM within 60 s")
        outputs = shared.outputs + [("app", applog.read_bytes())]
        for who, out in outputs:
            m = LOCKED.search(out)
            if m:
                failures.append(f"{who}: {m.group(0).decode()!r} reached the user: "
                                f"{out[max(0, m.start() - 300):m.end() + 100].decode(errors='replace')!r}")
            if b"Traceback" in out:
                failures.append(f"{who}: a traceback: {out[-800:].decode(errors='replace')!r}")
        bad = {k: v for k, v in integrity().items() if v != "ok"}
        if bad:
            failures.append(f"integrity_check failed: {bad}")
        memo = Memo("memo")
        try:
            queries = {q.query for q in memo.queries()}
        finally:
            memo.close()
        lost_rows = [q for q in shared.imported if q not in queries]
        lost = len(lost_rows)
        if lost_rows:
            failures.append(f"{lost} imported memo rows are gone, e.g. {lost_rows[:2]}")
        hist = set(history_texts())
        unrecorded = [t for who, t in shared.answered if t.startswith("leggi") and t not in hist]
        unrecorded += [t for t in shared.sent_to_app if t not in hist]
        if unrecorded:
            failures.append(f"{len(unrecorded)} answered turns missing from the history, e.g. {unrecorded[:2]}")
        failures += shared.problems[:10]
        if len(shared.answered) < 6 or not shared.sent_to_app or not shared.imported:
            failures.append(f"too little happened to test anything: {len(shared.answered)} answers, "
                            f"{len(shared.sent_to_app)} sent to the app, {len(shared.imported)} rows imported")
    finally:
        stop.set()
        if app.poll() is None:
            app.kill()
        TALLY.add("concurrency", trials=shared.ops, failures=len(failures), rows_lost=lost,
                  note=f"{DURATION_S:.0f} s: {len(shared.answered)} CLI answers, {len(shared.sent_to_app)} app turns, "
                       f"{len(shared.imported)} memo rows imported")
    assert not failures, "\n".join(failures)
