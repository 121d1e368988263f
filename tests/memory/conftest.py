"""Scratchpad fixtures (METNOS_HOME is already a temp folder per test: tests/conftest.py)."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.memory.scratchpad import Scratchpad


@pytest.fixture
def sp() -> Iterator[Scratchpad]:
    """A scratchpad store in this test's home, closed afterwards."""
    s = Scratchpad()
    yield s
    s.close()
