"""No alternation in the request-reading patterns of lang/context, lang/actions, the planner and the value readers
(args_extractor, numbers, when) grows past 25 branches.

Why: a 93-branch alternation (context's reasons) could not be read, nor tested piece by piece; split by meaning into
rules (app/lang/rules/context_*.py, action_*.py, planner_*.py), each piece carries its own examples. This test keeps
the pieces small: it parses every compiled pattern these modules hold, and every rule of their tables.
"""
from __future__ import annotations

import importlib
import re
import re._parser as sre
from typing import Any

import pytest

from app.lang.rules import Table

LIMIT = 25
MODULES = ("app.lang.context", "app.lang.actions", "app.planner.fill", "app.planner.answer", "app.planner.evidence",
           "app.planner.compose", "app.lang.rules.context_bound", "app.lang.rules.context_reason",
           "app.lang.rules.context_words", "app.lang.rules.action_not_asked", "app.lang.rules.action_reading",
           "app.lang.rules.planner_fill", "app.lang.rules.planner_answer", "app.lang.rules.planner_evidence",
           "app.lang.args_extractor", "app.lang.numbers", "app.lang.when", "app.lang.rules.numbers_words",
           "app.lang.rules.time_units", "app.lang.rules.month_words", "app.lang.rules.arithmetic_words")


def widest(tree: Any) -> int:
    """The most branches of any alternation in a parsed pattern (nested ones each on their own)."""
    most = 0
    for op, av in tree:
        if op is sre.BRANCH:
            most = max(most, len(av[1]), *(widest(b) for b in av[1]))
        elif op is sre.SUBPATTERN:
            most = max(most, widest(av[3]))
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            most = max(most, widest(av[2]))
        elif op in (sre.ASSERT, sre.ASSERT_NOT):
            most = max(most, widest(av[1]))
    return most


def patterns(module: str) -> list[tuple[str, str, int]]:
    """(name, source, flags) of every compiled pattern and table rule a module holds at top level."""
    out: list[tuple[str, str, int]] = []
    for name, value in vars(importlib.import_module(module)).items():
        values = value if isinstance(value, tuple) else tuple(value.values()) if isinstance(value, dict) else (value,)
        out += [(name, v.pattern, v.flags) for v in values if isinstance(v, re.Pattern)]
        if isinstance(value, Table):
            out += [(f"{name}.{r.id}", r.source(), r.flags) for r in value.rules]
    return out


@pytest.mark.parametrize("module", MODULES)
def test_no_alternation_has_more_than_25_branches(module: str) -> None:
    found = patterns(module)
    assert found, module
    wide = {name: n for name, src, flags in found if (n := widest(sre.parse(src, flags))) > LIMIT}
    assert not wide, f"{module}: split these by meaning into rules of ≤ {LIMIT} branches: {wide}"


def test_the_counter_sees_a_wide_alternation() -> None:
    assert widest(sre.parse("^(?:" + "|".join(f"w{i}" for i in range(30)) + r")\b")) == 30
    assert widest(sre.parse("(?:(?:a1|b1|c1)|(?:d1|e1))x")) == 3
