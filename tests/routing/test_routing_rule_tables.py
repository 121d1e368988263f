"""The routing reads its split rule tables whole.

Why: a rule of fifty alternatives is a list nobody reviews, so the routing's tables are split by meaning (articles,
parts of the machine, things in a house…) and the routing joins them (their size is kept by
tests/architecture/test_rule_budget.py). These tests check that what the routing joined from the split rules still
fires on each part's own examples.
"""
from __future__ import annotations

import pytest

from app.lang.rules import TABLES, Rule
from app.routing import file_lookup, objects, topic

ROUTING_TABLES = {"app_names", "clauses", "file_phrases", "objects", "search_phrases", "topic", "unsupported"}
RULES = [(t.name, r) for t in TABLES if t.name in ROUTING_TABLES for r in t.rules]

def test_every_routing_table_is_found() -> None:
    assert ROUTING_TABLES <= {t.name for t in TABLES}


def _rule(table: str, rule_id: str) -> Rule:
    return next(t for t in TABLES if t.name == table).rule(rule_id)


@pytest.mark.parametrize("part", ["grep_inside", "grep_mentions", "grep_named_text", "grep_talks_about"])
def test_the_joined_search_cues_fire_on_each_parts_examples(part: str) -> None:
    rule = _rule("search_phrases", part)
    assert all(file_lookup.GREP_CUES.search(x) for x in rule.match)


@pytest.mark.parametrize("part", ["not_app_files", "not_app_mail", "not_app_pronouns", "not_app_machine",
                                  "not_app_house", "not_app_general"])
def test_no_app_is_every_part(part: str) -> None:
    assert set(_rule("app_names", part).words) <= file_lookup.NOT_APP


def test_word_rules_read_one_word_whole() -> None:
    """The guard and the stage apply these to one word: a longer word that starts alike is not it."""
    assert objects._READS_TEXT.fullmatch("leggimi") and not objects._READS_TEXT.fullmatch("catalogo")
    assert file_lookup.CONTAIN_CUES.fullmatch("Mentions") and not file_lookup.CONTAIN_CUES.fullmatch("containers")


def test_the_frames_are_the_five_kinds() -> None:
    assert topic.frames("quando ho il dentista?") == {"when"}
    assert topic.frames("how much is the dentist?") == {"how_much"}
