"""Shared parts of the reliability suite: the run's tally (printed as one table), sizes, child processes.

Every test adds what it tried and what went wrong to `TALLY` — also when it
fails, so the table at the end shows the numbers of a red run too. Sizes come
from the environment: the short variants run in CI, `METNOS_LONG_TESTS=1`
runs the long ones (the README's "Reliability" numbers).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Sequence

from support import child_env  # one definition for every test that runs `metnos` (re-exported to this folder)

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
PY = sys.executable
METNOS = str(Path(PY).with_name("metnos"))
ARTIFACTS = ROOT / "tests" / "artifacts" / "reliability"

LONG = os.environ.get("METNOS_LONG_TESTS") == "1"

GROUPS = {
    "crash": "1 crash safety (SIGKILL)",
    "disk": "2 full / read-only disk",
    "hostile": "3 hostile content",
    "paths": "4 paths",
    "fuzz": "5 fuzzing",
    "concurrency": "6 concurrency",
    "config": "7 config under edit",
}


def size(short: int, long: int, env: str | None = None) -> int:
    """How many trials: `env` (if set in the environment) wins, then the long or the short variant."""
    if env and os.environ.get(env, "").strip().isdigit():
        return int(os.environ[env])
    return long if LONG else short


def seconds(short: float, long: float) -> float:
    return long if LONG else short


@dataclass
class Row:
    trials: int = 0
    failures: int = 0
    rows_lost: int = 0
    unapproved: int = 0
    tests: int = 0
    tests_failed: int = 0
    notes: list[str] = field(default_factory=list)


class Tally:
    """Numbers per group, summed over the tests of the run (thread-safe)."""

    def __init__(self) -> None:
        self.rows: dict[str, Row] = {}
        self._lock = threading.Lock()

    def row(self, group: str) -> Row:
        if group not in GROUPS:
            raise KeyError(f"unknown reliability group {group!r}; one of {', '.join(GROUPS)}")
        with self._lock:
            return self.rows.setdefault(group, Row())

    def add(self, group: str, trials: int = 0, failures: int = 0, rows_lost: int = 0, unapproved: int = 0,
            note: str | None = None) -> None:
        r = self.row(group)
        with self._lock:
            r.trials += trials
            r.failures += failures
            r.rows_lost += rows_lost
            r.unapproved += unapproved
            if note:
                r.notes.append(note)

    def test_outcome(self, group: str, failed: bool) -> None:
        r = self.row(group)
        with self._lock:
            r.tests += 1
            r.tests_failed += int(failed)

    def table(self) -> list[str]:
        head = (f"{'group':<28} {'tests':>6} {'failed':>6} {'trials':>8} {'failures':>8} {'rows lost':>9} "
                f"{'unapproved':>10}")
        lines = [head, "-" * len(head)]
        tot = Row()
        for key, title in GROUPS.items():
            r = self.rows.get(key)
            if r is None:
                lines.append(f"{title:<28} {'-':>6} {'-':>6} {'-':>8} {'-':>8} {'-':>9} {'-':>10}")
                continue
            for k in ("trials", "failures", "rows_lost", "unapproved", "tests", "tests_failed"):
                setattr(tot, k, getattr(tot, k) + getattr(r, k))
            lines.append(f"{title:<28} {r.tests:>6} {r.tests_failed:>6} {r.trials:>8} {r.failures:>8} "
                         f"{r.rows_lost:>9} {r.unapproved:>10}")
        lines.append("-" * len(head))
        lines.append(f"{'total':<28} {tot.tests:>6} {tot.tests_failed:>6} {tot.trials:>8} {tot.failures:>8} "
                     f"{tot.rows_lost:>9} {tot.unapproved:>10}")
        return lines

    def notes(self) -> list[str]:
        return [f"{GROUPS[k]}: {n}" for k, r in self.rows.items() for n in r.notes]

    def to_json(self) -> dict[str, Any]:
        return {"long": LONG, "groups": {k: asdict(r) for k, r in self.rows.items()}}


TALLY = Tally()


def group_of(nodeid: str) -> str | None:
    """tests/reliability/test_crash.py::x -> 'crash' (module name test_<group>*.py)."""
    name = nodeid.split("::", 1)[0].rsplit("/", 1)[-1]
    if not name.startswith("test_"):
        return None
    stem = name[len("test_"):].removesuffix(".py")
    for g in GROUPS:
        if stem == g or stem.startswith(g + "_"):
            return g
    return None


# -- child processes ---------------------------------------------------------------------------

def run_metnos(args: Sequence[str], home: Path, timeout: float = 300, stdin: str | None = None,
               **extra: str) -> subprocess.CompletedProcess[bytes]:
    """Run the real `metnos` console script; output kept as bytes (tests look for raw escape bytes)."""
    return subprocess.run([METNOS, *args], env=child_env(home, **extra), input=None if stdin is None else
                          stdin.encode("utf-8"), capture_output=True, timeout=timeout, cwd=str(ROOT))


def write_artifact(name: str, data: Any) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    p = ARTIFACTS / name
    p.write_text(json.dumps(data, indent=1, ensure_ascii=False, default=str) + "\n", encoding="utf-8")
    return p
