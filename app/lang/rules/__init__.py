"""Rule tables for reading requests (table.py says why); TABLES lists every one, for the example test.

Every module of this package that defines a `Table` is a table: TABLES finds them, so a new family is one new
file and nothing else to register (a table left out of the list would escape the example test).
"""
from __future__ import annotations

import importlib
import pkgutil

from .asking import ASKING
from .courtesy import COURTESY
from .later import LATER
from .table import Rule, Table


def _all_tables() -> tuple[Table, ...]:
    found: dict[str, Table] = {}
    for mod in sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name != "table"):
        for value in vars(importlib.import_module(f"{__name__}.{mod}")).values():
            if isinstance(value, Table):
                found[value.name] = value
    return tuple(found[k] for k in sorted(found))


TABLES: tuple[Table, ...] = _all_tables()

__all__ = ["ASKING", "COURTESY", "LATER", "TABLES", "Rule", "Table"]
