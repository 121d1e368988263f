"""Config snapshots for routing tests (a module, not conftest: `from conftest import` is ambiguous
when several test folders have a conftest)."""
from __future__ import annotations

from typing import Any

from app.bench.routing_sets import config_with
from app.config.loader import defaults


class Cfg:
    """A mutable holder of Config snapshots: tests change keys as runtime.toml would."""

    def __init__(self, **overrides: Any):
        self.config = config_with(defaults(), **overrides)

    def set(self, **overrides: Any) -> None:
        self.config = config_with(self.config, **overrides)

    def __call__(self) -> Any:
        return self.config
