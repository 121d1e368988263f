"""Configuration: schema (declared once), loader, live reload.

The names below load on first use (PEP 562): `from app.config import paths` — all a request sent to the
running app needs — then costs no TOML parser, schema or file watcher (~45 ms of the `metnos ask` client).
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from . import paths

if TYPE_CHECKING:
    from .loader import Config, ConfigError, defaults, load_file, parse_text
    from .manager import ConfigChange, ConfigManager, write_default

_WHERE = {"Config": "loader", "ConfigError": "loader", "defaults": "loader", "load_file": "loader",
          "parse_text": "loader", "ConfigChange": "manager", "ConfigManager": "manager", "write_default": "manager"}

__all__ = ["Config", "ConfigError", "ConfigChange", "ConfigManager", "defaults", "load_file", "parse_text",
           "write_default", "paths"]


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        value = getattr(import_module(f".{_WHERE[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
