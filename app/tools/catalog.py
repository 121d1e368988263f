"""The tool catalog: core executors plus the tools optional parts contribute.

Optional parts (memory, scratchpad, routing) are imported only if present,
so a build without one of them still starts. A module contributes tools by
exposing any of: a `TOOLS` list, module-level `Tool` constants, or a
`*_tools()` function that needs no arguments.
"""
from __future__ import annotations

import importlib
import inspect
import logging
from typing import Any, Iterable

from . import clock, describe, files, undo
from .registry import Registry, Tool

log = logging.getLogger(__name__)

OPTIONAL_MODULES = (
    "app.memory.state",  # update_plan, save_note
    "app.memory.scratchpad",  # scratchpad_read
    "app.memory.longterm",  # remember, recall, forget
    "app.memory.long_term",
    "app.memory.tools",
    "app.routing.tools",
    "app.tools.surface",  # search_tools (issue 7)
)


def core_tools() -> list[Tool]:
    """Executors that always exist: time/date, files, describe_entries."""
    return [*clock.TOOLS, *files.TOOLS, *undo.TOOLS, *describe.TOOLS]


def _from_module(mod: Any) -> list[Tool]:
    found: list[Tool] = []
    tools = getattr(mod, "TOOLS", None)
    if isinstance(tools, (list, tuple)):
        found += [t for t in tools if isinstance(t, Tool)]
    for name, value in vars(mod).items():
        if name.startswith("_"):
            continue
        if isinstance(value, Tool) and name.isupper():
            found.append(value)
        elif name.endswith("_tools") and inspect.isfunction(value) and value.__module__ == mod.__name__:
            params = inspect.signature(value).parameters.values()
            if all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
                try:
                    found += [t for t in value() if isinstance(t, Tool)]
                except Exception:
                    log.exception("%s.%s() failed; its tools are not registered", mod.__name__, name)
    return found


def optional_tools(modules: Iterable[str] = OPTIONAL_MODULES) -> list[Tool]:
    out: list[Tool] = []
    for name in modules:
        try:
            mod = importlib.import_module(name)
        except ImportError as e:
            if getattr(e, "name", None) and name.startswith(str(e.name)):
                continue  # the part is not in this build
            log.warning("optional tools from %s not loaded: %s", name, e)
            continue
        except Exception as e:  # a broken optional part must not stop the app
            log.warning("optional tools from %s not loaded: %s", name, e)
            continue
        out += _from_module(mod)
    return out


def build_registry(extra: Iterable[Tool] = ()) -> Registry:
    """Core tools, then optional ones, then `extra`; a name seen twice keeps its first tool."""
    reg = Registry()
    for tool in [*core_tools(), *optional_tools(), *extra]:
        existing = reg.get(tool.name)
        if existing is None:
            reg.register(tool)
        elif existing is not tool:
            log.warning("tool %r offered twice; keeping the first", tool.name)
    return reg
