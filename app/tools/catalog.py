"""The tools this package itself provides: time/date, files, undo, describe_entries and search_tools.

The full registry (these plus the memory's tools) is assembled one layer up, in app/engine/catalog.py,
so no package below the engine needs to know the packages beside it.
"""
from __future__ import annotations

from . import clock, describe, files, undo
from .registry import Tool
from .surface import SEARCH_TOOLS


def core_tools() -> list[Tool]:
    """Executors that always exist: time/date, files, undo, describe_entries."""
    return [*clock.TOOLS, *files.TOOLS, *undo.TOOLS, *describe.TOOLS]


def builtin_tools() -> list[Tool]:
    """Runtime tools of the tool surface itself."""
    return [SEARCH_TOOLS]
