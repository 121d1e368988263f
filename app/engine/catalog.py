"""Every tool the app offers, in one explicit list: nothing is discovered by reflection.

A new tool is added here (and to its package's own list); a tool name offered twice is a bug that
fails loudly at start, not a warning.
"""
from __future__ import annotations

import logging
from typing import Iterable

from app.docs.tool import docs_tools
from app.memory.scratchpad import SCRATCHPAD_READ
from app.memory.state import state_tools
from app.memory.tools import memory_tools
from app.reminders.tool import reminder_tools
from app.tools import calculate
from app.tools.catalog import builtin_tools, core_tools
from app.tools.registry import Registry, Tool

log = logging.getLogger(__name__)


def all_tools() -> list[Tool]:
    return [*core_tools(), *calculate.TOOLS, *state_tools(), SCRATCHPAD_READ, *memory_tools(), *docs_tools(),
            *reminder_tools(), *builtin_tools()]


def build_registry(extra: Iterable[Tool] = ()) -> Registry:
    """The app's tools, then `extra` (tests, benches); an `extra` tool may not shadow an app tool."""
    reg = Registry()
    for tool in all_tools():
        if reg.get(tool.name) is not None:
            raise ValueError(f"tool {tool.name!r} is registered twice in app/engine/catalog.py")
        reg.register(tool)
    for tool in extra:
        if reg.get(tool.name) is not None:
            log.warning("tool %r is already an app tool; the extra one is ignored", tool.name)
            continue
        reg.register(tool)
    return reg
