"""The tools this package itself provides: time/date (here and elsewhere), files, file actions, web, undo,
describe_entries, search_tools and allow_folder.

The full registry (these plus the memory's tools) is assembled one layer up, in app/engine/catalog.py,
so no package below the engine needs to know the packages beside it.
"""
from __future__ import annotations

from functools import lru_cache

from . import allow, clock, describe, fileops, files, grep, opener, undo, web, world_clock
from .registry import Tool
from .surface import SEARCH_TOOLS


def core_tools() -> list[Tool]:
    """Executors that always exist: time/date, files and file actions, search in files, open, web, undo,
    describe_entries."""
    return [*clock.TOOLS, *world_clock.TOOLS, *files.TOOLS, *fileops.TOOLS, *grep.TOOLS, *opener.TOOLS, *web.TOOLS,
            *undo.TOOLS, *describe.TOOLS]


def builtin_tools() -> list[Tool]:
    """Runtime tools: the surface's own search, and allow_folder (run only as the answer to its offer)."""
    return [SEARCH_TOOLS, *allow.TOOLS]


@lru_cache(maxsize=1)
def _core_by_name() -> dict[str, Tool]:
    return {t.name: t for t in core_tools()}


def core_tool(name: str) -> Tool:
    """One of this package's own tools by name: the declaration the fast file rules (app/routing) read its
    verbs, objects and destination from. A KeyError is a rule naming a tool that no longer exists."""
    return _core_by_name()[name]
