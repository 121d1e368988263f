"""Rule tables for reading requests (table.py says why); TABLES lists every one, for the example test."""
from __future__ import annotations

from .asking import ASKING
from .courtesy import COURTESY
from .later import LATER
from .table import Rule, Table

TABLES: tuple[Table, ...] = (ASKING, COURTESY, LATER)

__all__ = ["ASKING", "COURTESY", "LATER", "TABLES", "Rule", "Table"]
