"""Group 1 — crash safety of the file actions: a process moving and copying files across devices is SIGKILLed at
random moments; no file is ever lost (the source, or the whole destination, always exists with its bytes).

The destination is on another device (/dev/shm, a tmpfs) so a move is a copy to a temporary name, fsync,
rename, and only then the removal of the source — the path where a kill could lose data.
"""
from __future__ import annotations

import hashlib
import os
import random
import signal
import subprocess
import time
from pathlib import Path

import pytest
from crash_fileops import content
from rel_support import HERE, PY, TALLY, child_env, size

CHILD = HERE / "crash_fileops.py"
TRIALS = size(8, 40, "METNOS_CRASH_TRIALS")


def other_device(tmp_path: Path) -> Path:
    for base in (Path("/dev/shm"), Path(os.environ.get("XDG_RUNTIME_DIR", "/nonexistent"))):
        try:
            if base.is_dir() and os.stat(base).st_dev != os.stat(tmp_path).st_dev and os.access(base, os.W_OK):
                d = base / f"metnos-crash-{os.getpid()}-{random.randrange(1 << 30)}"
                d.mkdir()
                return d
        except OSError:
            continue
    pytest.fail("no writable folder on another device (/dev/shm): the cross-device move cannot be tested")


def digest(n: int) -> str:
    return hashlib.sha256(content(n)).hexdigest()


def whole(p: Path, n: int) -> bool:
    try:
        return hashlib.sha256(p.read_bytes()).hexdigest() == digest(n)
    except OSError:
        return False


def test_a_kill_in_the_middle_of_a_move_or_a_copy_loses_no_file(tmp_path: Path, metnos_home: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    dst = other_device(tmp_path)
    rng = random.Random(1234)
    lost: list[str] = []
    made_total = 0
    start = 0
    try:
        for trial in range(TRIALS):
            p = subprocess.Popen([PY, str(CHILD), str(src), str(dst), str(start)], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, env=child_env(metnos_home), text=True)
            assert p.stdout is not None
            made: list[int] = []
            line = p.stdout.readline()
            assert line.strip() == "ready", p.stderr.read() if p.stderr else line
            deadline = time.monotonic() + rng.uniform(0.05, 1.5)
            while time.monotonic() < deadline:
                line = p.stdout.readline()
                if not line:
                    break
                if line.startswith("made"):
                    made.append(int(line.split()[1]))
            p.send_signal(signal.SIGKILL)
            p.wait()
            made_total += len(made)
            for n in made:
                s, d = src / f"f{n}.bin", dst / f"f{n}.bin"
                if n % 2:  # a copy: the source is untouched; a destination, if there, is whole
                    if not whole(s, n):
                        lost.append(f"trial {trial}: copy {n}: the source is damaged")
                    if d.exists() and not whole(d, n):
                        lost.append(f"trial {trial}: copy {n}: a partial destination under the final name")
                elif not (whole(s, n) or whole(d, n)):
                    lost.append(f"trial {trial}: move {n}: neither the source nor a whole destination exists")
            start = max(made, default=start) + 1
    finally:
        leftovers = [x.name for x in dst.iterdir() if x.name.startswith(".")]
        TALLY.add("crash", trials=TRIALS, failures=len(lost), rows_lost=len(lost),
                  note=f"file actions: {made_total} files moved/copied across devices under SIGKILL; "
                       f"{len(leftovers)} temporary file(s) left beside the destination")
        for x in dst.iterdir():
            x.unlink()
        dst.rmdir()
    assert made_total > 0
    assert not lost, lost
