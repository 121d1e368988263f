"""Optional parts of a turn, plugged into the engine by a small protocol.

A plugin may define any of: `services(turn) -> dict` (added to
ToolContext.services / TurnContext.services), `turn_started(ctx)`,
`intercept(ctx, text) -> str | None` (answer before routing),
`before_planner(ctx, text) -> str | None` (answer when the fast path missed),
`after_step(ctx, step)`, `turn_ended(ctx)`, `tools(ctx) -> list[Tool]`
(builtins the planner may show now), `close()`. A failing plugin is logged and skipped, never fatal.
"""
from __future__ import annotations

import importlib
import inspect
import logging
from typing import Any

log = logging.getLogger(__name__)

# (module, factory) — a factory with an `engine` parameter receives the engine.
PLUGINS = [
    ("app.memory.scratchpad", "ScratchpadPlugin"),
    ("app.memory.plugin", "MemoryPlugin"),
]


def default_plugins(engine: Any) -> list[Any]:
    out: list[Any] = []
    for mod_name, attr in PLUGINS:
        try:
            mod = importlib.import_module(mod_name)
        except ImportError as e:
            log.debug("plugin %s not available: %s", mod_name, e)
            continue
        factory = getattr(mod, attr, None)
        if factory is None:
            continue
        try:
            wants_engine = "engine" in inspect.signature(factory).parameters
            out.append(factory(engine=engine) if wants_engine else factory())
        except Exception:
            log.exception("plugin %s.%s failed to start", mod_name, attr)
    return out


def plugin_tools(engine: Any, ctx: Any) -> list[Any]:
    """Builtin tools the plugins offer for this turn right now (e.g. scratchpad_read while entries exist)."""
    tools: list[Any] = []
    for p in getattr(engine, "plugins", []):
        fn = getattr(p, "tools", None)
        if fn is None:
            continue
        try:
            tools += list(fn(ctx))
        except Exception:
            log.exception("%s.tools failed", type(p).__name__)
    return tools
