"""The engine's plugins: an explicit list, no discovery. The hooks are declared in app/tools/plugin.py."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from app.docs.plugin import DocsPlugin
from app.memory.plugin import MemoryPlugin
from app.memory.scratchpad import ScratchpadPlugin
from app.reminders.clock import Clock, system_clock
from app.reminders.plugin import RemindersPlugin
from app.tools.allow import AllowFolderPlugin
from app.tools.plugin import Plugin
from app.tools.registry import Tool

if TYPE_CHECKING:
    from app.tools.runner import TurnContext

    from .engine import Engine

log = logging.getLogger(__name__)


def default_plugins(engine: Engine, clock: Clock | None = None) -> list[Plugin]:
    """Scratchpad first: the memory's tools may produce big observations the scratchpad keeps. Reminders before
    memory: their routing stage takes "ricordami domani alle 9 di …" before memory's remember stage does. Allow-folder
    last: it only offers, after a path was refused."""
    return [ScratchpadPlugin(), RemindersPlugin(engine, clock=clock or system_clock), MemoryPlugin(engine),
            DocsPlugin(engine), AllowFolderPlugin()]


def safe(plugin: Plugin, hook: str, *args: Any) -> Any:
    """Call one hook; a failing plugin is logged and skipped, never fatal to the turn."""
    try:
        return getattr(plugin, hook)(*args)
    except Exception:
        log.exception("%s.%s failed", type(plugin).__name__, hook)
        return None


def hidden_tools(plugins: list[Plugin]) -> set[str]:
    """Tools the plugins keep off this turn's surface (search_documents while no folder is indexed)."""
    hidden: set[str] = set()
    for p in plugins:
        hidden |= safe(p, "hidden_tools") or set()
    return hidden


def plugin_tools(plugins: list[Plugin], ctx: TurnContext) -> list[Tool]:
    """Builtin tools the plugins offer for this turn right now (e.g. scratchpad_read while entries exist)."""
    tools: list[Tool] = []
    for p in plugins:
        tools += safe(p, "tools", ctx) or []
    return tools
