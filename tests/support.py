"""Helpers shared by test modules (a plain module: `from conftest import` is ambiguous across folders)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest


def need(reason: str) -> None:
    """Skip on a developer machine without the models; fail where the run requires them (CI sets REQUIRE_MODELS=1)."""
    if os.environ.get("REQUIRE_MODELS") == "1":
        pytest.fail(reason)
    pytest.skip(reason)


def write_runtime(home: Path, text: str) -> Path:
    """Write a runtime.toml into a METNOS_HOME (tests use it to set allowed roots etc.)."""
    p = home / "config" / "runtime.toml"
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")
    return p
