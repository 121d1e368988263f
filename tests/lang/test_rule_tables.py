"""Every rule of every table in app/lang/rules matches the examples it must and none it must not.

Why: a word added to a rule can break a request nobody wrote a test for. Adding "dopo" to the later-moment rule
turned "copia X in Y, dopo ci penso io" into a refusal while every routing test stayed green; that sentence is
now a must-not example of `later`, and this test fails on such an edit.
"""
from __future__ import annotations

import re

import pytest

from app.lang.rules import TABLES, Rule
from app.lang.rules.table import compiled

RULES = [(t.name, r) for t in TABLES for r in t.rules]
IDS = [f"{t}.{r.id}" for t, r in RULES]


@pytest.mark.parametrize(("table", "rule"), RULES, ids=IDS)
def test_each_rule_has_two_examples_of_each_kind(table: str, rule: Rule) -> None:
    assert len(rule.match) >= 2, f"{table}.{rule.id}: needs ≥ 2 examples it must match"
    assert len(rule.no_match) >= 2, f"{table}.{rule.id}: needs ≥ 2 examples it must not match"
    assert rule.effect.strip(), f"{table}.{rule.id}: say what the rule does"


@pytest.mark.parametrize(("table", "rule"), RULES, ids=IDS)
def test_each_rule_matches_its_examples_and_only_those(table: str, rule: Rule) -> None:
    missed = [x for x in rule.match if not rule.hits(x)]
    wrong = [x for x in rule.no_match if rule.hits(x)]
    assert not missed and not wrong, f"{table}.{rule.id}: misses {missed}, wrongly matches {wrong}"


def test_rule_ids_are_unique_per_table() -> None:
    for t in TABLES:
        ids = [r.id for r in t.rules]
        assert len(ids) == len(set(ids)), t.name


def test_the_dopo_edit_is_caught() -> None:
    """The edit that once broke a copy: "dopo" as a later moment. The table's own example refuses it."""
    later = next(t for t in TABLES if t.name == "later").rule("later")
    broken = Rule(**{**later.__dict__, "words": (*later.words, "dopo")})
    assert compiled(broken).search("copia X in Y, dopo ci penso io")
    assert not all(not broken.hits(x) for x in broken.no_match)


def test_a_rule_without_examples_is_refused_by_the_first_test() -> None:
    bare = Rule(id="bare", effect="x", match=("a",), no_match=(), words=("a",))
    with pytest.raises(AssertionError):
        test_each_rule_has_two_examples_of_each_kind("t", bare)
    assert re.compile(bare.source()).search("a b")
