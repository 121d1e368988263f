"""Rule tables for reading requests (table.py says why); TABLES lists every one, for the example test.

Every module of this package that defines a `Table` is a table: TABLES finds them, so a new family is one new
file and nothing else to register (a table left out of the list would escape the example test). It is found on
first use, not at import: the app imports only the tables its code reads, and no table is imported while
another module that it reads is still loading (rules/reminder.py reads lang/when.py, which reads the month
table).
"""
from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from typing import Any

from .asking import ASKING
from .courtesy import COURTESY
from .later import LATER
from .table import Rule, Table


@lru_cache(maxsize=1)
def all_tables() -> tuple[Table, ...]:
    found: dict[str, Table] = {}
    for mod in sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name != "table"):
        for value in vars(importlib.import_module(f"{__name__}.{mod}")).values():
            if isinstance(value, Table):
                found[value.name] = value
    return tuple(found[k] for k in sorted(found))


def __getattr__(name: str) -> Any:
    if name == "TABLES":
        return all_tables()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["ASKING", "COURTESY", "LATER", "TABLES", "Rule", "Table", "all_tables"]
