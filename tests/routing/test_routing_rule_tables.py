"""The routing's rule tables stay small and the routing reads them whole.

Why: a rule of fifty alternatives is a list nobody reviews, and the example test only proves each example; the
routing's tables are split by meaning (articles, parts of the machine, things in a house…) and the routing joins
them. These tests keep every rule, and every pattern the routing compiles, under 26 branches, and check that what the
routing joined from the split rules still fires on each part's own examples.
"""
from __future__ import annotations

import importlib
import re
from typing import Any

import pytest

from app.lang.rules import TABLES, Rule
from app.lang.rules.table import compiled
from app.routing import file_stage, objects, topic

ROUTING_TABLES = {"app_names", "clauses", "file_phrases", "objects", "search_phrases", "topic", "unsupported"}
RULES = [(t.name, r) for t in TABLES if t.name in ROUTING_TABLES for r in t.rules]

try:
    import re._parser as sre_parse  # type: ignore[import-not-found]
except ImportError:  # Python < 3.11
    import sre_parse  # type: ignore[no-redef]


def _widest(pattern: re.Pattern[str]) -> int:
    """The most branches of any one alternation in `pattern`."""
    best = 0

    def walk(sub: Any) -> None:
        nonlocal best
        for op, av in sub:
            name = str(op)
            if name == "BRANCH":
                best = max(best, len(av[1]))
                for s in av[1]:
                    walk(s)
            elif name == "SUBPATTERN":
                walk(av[-1])
            elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
                walk(av[2])
            elif name in ("ASSERT", "ASSERT_NOT"):
                walk(av[1])

    walk(sre_parse.parse(pattern.pattern, pattern.flags))
    return best


def test_every_routing_table_is_found() -> None:
    assert ROUTING_TABLES <= {t.name for t in TABLES}


@pytest.mark.parametrize(("table", "rule"), RULES, ids=[f"{t}.{r.id}" for t, r in RULES])
def test_no_rule_has_more_than_25_branches(table: str, rule: Rule) -> None:
    assert len(rule.words) <= 25 and _widest(compiled(rule)) <= 25, f"{table}.{rule.id}: split it by meaning"


ROUTING_MODULES = ("action_stage", "arg_checks", "capability", "file_stage", "l0", "l1", "memo", "objects", "router",
                   "slots", "topic")


@pytest.mark.parametrize("module", ROUTING_MODULES)
def test_no_compiled_pattern_of_the_routing_has_more_than_25_branches(module: str) -> None:
    """What the routing joins from split rules (the search cues, the media kinds) stays a list one can review."""
    mod = importlib.import_module(f"app.routing.{module}")
    found: dict[str, re.Pattern[str]] = {}
    for name, value in vars(mod).items():
        values = value.items() if isinstance(value, dict) else [(name, value)]
        found.update({f"{name}:{k}": v for k, v in values if isinstance(v, re.Pattern)})
    wide = {name: n for name, rx in found.items() if (n := _widest(rx)) > 25}
    assert not wide, f"app.routing.{module}: split these by meaning: {wide}"


def _rule(table: str, rule_id: str) -> Rule:
    return next(t for t in TABLES if t.name == table).rule(rule_id)


@pytest.mark.parametrize("part", ["grep_inside", "grep_mentions", "grep_named_text", "grep_talks_about"])
def test_the_joined_search_cues_fire_on_each_parts_examples(part: str) -> None:
    rule = _rule("search_phrases", part)
    assert all(file_stage.GREP_CUES.search(x) for x in rule.match)


@pytest.mark.parametrize("part", ["not_app_files", "not_app_mail", "not_app_pronouns", "not_app_machine",
                                  "not_app_house", "not_app_general"])
def test_no_app_is_every_part(part: str) -> None:
    assert set(_rule("app_names", part).words) <= file_stage.NOT_APP


def test_word_rules_read_one_word_whole() -> None:
    """The guard and the stage apply these to one word: a longer word that starts alike is not it."""
    assert objects._READS_TEXT.fullmatch("leggimi") and not objects._READS_TEXT.fullmatch("catalogo")
    assert file_stage.CONTAIN_CUES.fullmatch("Mentions") and not file_stage.CONTAIN_CUES.fullmatch("containers")


def test_the_frames_are_the_five_kinds() -> None:
    assert topic.frames("quando ho il dentista?") == {"when"}
    assert topic.frames("how much is the dentist?") == {"how_much"}
