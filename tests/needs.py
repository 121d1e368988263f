"""Skip-or-fail for tests that need the bundled models or a Secret Service."""
from __future__ import annotations

import os

import pytest


def need(reason: str) -> None:
    """Skip on a developer machine without the models; fail where the run requires them (CI sets REQUIRE_MODELS=1)."""
    if os.environ.get("REQUIRE_MODELS") == "1":
        pytest.fail(reason)
    pytest.skip(reason)
