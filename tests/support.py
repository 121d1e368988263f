"""Helpers shared by test modules (a plain module: `from conftest import` is ambiguous across folders)."""
from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from app.tools.plugin import Plugin


def need(reason: str) -> None:
    """Skip on a developer machine without the models; fail where the run requires them (CI sets REQUIRE_MODELS=1)."""
    if os.environ.get("REQUIRE_MODELS") == "1":
        pytest.fail(reason)
    pytest.skip(reason)


# What a `metnos` child keeps of the test's METNOS_* settings: where the models are, the real home, and the KV cache
# the runner shares across homes (installer/run-tests.sh); every other METNOS_* setting is the child's to choose
CHILD_KEEPS = ("METNOS_MODELS_DIR", "METNOS_REAL_HOME", "METNOS_KV_CACHE")


def child_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment of a `metnos` child process: this test's METNOS_HOME, the app's source first on the path."""
    root = Path(__file__).resolve().parents[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith("METNOS_") or k in CHILD_KEEPS}
    env.update(METNOS_HOME=str(home), PYTHONDONTWRITEBYTECODE="1", OPENBLAS_NUM_THREADS="1", PYTHONUNBUFFERED="1",
               PYTHONPATH=os.pathsep.join([str(root), *filter(None, [os.environ.get("PYTHONPATH")])]))
    env.update(extra)
    return env


def write_runtime(home: Path, text: str) -> Path:
    """Write a runtime.toml into a METNOS_HOME (tests use it to set allowed roots etc.)."""
    p = home / "config" / "runtime.toml"
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")
    return p



class SlowAfterAnswer(Plugin):
    """A real engine plugin whose `turn_ended` hook — work after the answer — takes `seconds[i]` for the i-th
    turn (the last figure for the rest): what a slow learning step or history write does."""

    name = "slow-after-answer"

    def __init__(self, *seconds: float) -> None:
        self.seconds = list(seconds) or [3.0]
        self.began: list[float] = []
        self.ended: list[float] = []
        self.threads: set[str] = set()
        self._lock = threading.Lock()

    def turn_ended(self, ctx: Any) -> None:
        with self._lock:
            i = len(self.began)
            self.began.append(time.perf_counter())
        self.threads.add(threading.current_thread().name)
        time.sleep(self.seconds[min(i, len(self.seconds) - 1)])
        self.ended.append(time.perf_counter())


def shipped_head_holds(name: str, embedder: Any, every: int, at_least: int) -> Any:
    """The shipped head `name` (resources/heads) is trained on its current data and, on a fixed sample of its held
    rows (every `every`-th), still scores its manifest's held-out accuracy within 3 points; returns the head."""
    import json

    from app.bench import heads as bench_heads
    from app.lang import heads

    manifest = json.loads((heads.heads_dir() / f"{name}.json").read_text(encoding="utf-8"))
    head = heads.load_head(name, embedder.ident)
    assert head is not None, f"run `metnos bench heads --train {name}`"
    spec = bench_heads.SPECS[name]
    assert manifest["data_sha256"] == bench_heads._data_sha(spec), "data changed: run `metnos bench heads --train`"
    held = [r for r in spec.rows() if r.split == "held"][::every]
    vecs = embedder.embed([r.text for r in held])
    ok = sum(head.predict(v)[0] == r.label for v, r in zip(vecs, held))
    assert len(held) >= at_least
    assert ok / len(held) >= manifest["held_out"]["accuracy"] - 0.03, (ok, len(held), manifest["held_out"])
    return head
