"""Rule tables for reading requests (table.py says why); TABLES lists every one, for the example test."""
from __future__ import annotations

from .asking import ASKING
from .later import LATER
from .table import Rule, Table

TABLES: tuple[Table, ...] = (ASKING, LATER)

__all__ = ["ASKING", "LATER", "TABLES", "Rule", "Table"]
