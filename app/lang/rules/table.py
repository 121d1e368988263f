"""Rules for reading requests, declared as data: each one with the examples it must and must not match.

Why: a word added to an alternation can break a request nobody thought of while every other test stays green
("dopo" added to the later-moment rule turned "copia X in Y, dopo ci penso io" into a refusal). A rule here
carries the sentences that pin its meaning; tests/lang/test_rule_tables.py runs every example of every table and
fails a rule that lacks two of either kind. Code asks for a rule by table and id (`pattern`), never writes a
regex of its own for these judgements; values (paths, numbers, times) are read elsewhere.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

Mode = Literal["search", "match", "split"]
# a word's edges for a pattern whose words may start or end with a non-letter ("l'ora", "2nite"), where \b fails
WORD_START, WORD_END = r"(?<!\w)", r"(?!\w)"


@dataclass(frozen=True)
class Rule:
    """One pattern with its meaning.

    mode: how code applies it — "search" anywhere, "match" at the start, "split" as a separator (an example
    matches when the pattern splits it into more than one piece). `words` are alternatives joined into
    `\\b(?:w1|w2…)\\b` (regex syntax allowed in a word); `pattern` is used as is; `{words}` inside a pattern
    is replaced by that alternation.
    """

    id: str
    effect: str
    match: tuple[str, ...]
    no_match: tuple[str, ...]
    words: tuple[str, ...] = ()
    pattern: str = ""
    mode: Mode = "search"
    flags: int = re.IGNORECASE

    def source(self) -> str:
        alt = "|".join(self.words)
        if self.pattern:
            return self.pattern.replace("{words}", alt)
        return rf"\b(?:{alt})\b"

    def alternation(self) -> str:
        """`(?:w1|w2…)`, for code that builds the rule's words into a larger pattern (memory's triggers)."""
        return "(?:" + "|".join(self.words) + ")"

    def hits(self, text: str) -> bool:
        """Does the rule fire on `text`, as the code applies it (mode)?"""
        rx = compiled(self)
        if self.mode == "match":
            return rx.match(text) is not None
        if self.mode == "split":
            return len([p for p in rx.split(text) if p]) > 1
        return rx.search(text) is not None


@dataclass(frozen=True)
class Table:
    """A family of rules (asking, later…): one file under app/lang/rules, read by every package that needs it."""

    name: str
    doc: str
    rules: tuple[Rule, ...] = field(default_factory=tuple)

    def rule(self, rule_id: str) -> Rule:
        for r in self.rules:
            if r.id == rule_id:
                return r
        raise KeyError(f"{self.name}: no rule {rule_id!r}")

    def pattern(self, rule_id: str) -> re.Pattern[str]:
        return compiled(self.rule(rule_id))

    def either(self, *rule_ids: str) -> str:
        """`(?:(?:a|b)|(?:c|d))`: the words of several rules as one alternation, each rule its own group (rules
        split by meaning, one search; no group longer than its rule)."""
        return "(?:" + "|".join(self.rule(r).alternation() for r in rule_ids) + ")"

    def joined(self, *rule_ids: str) -> str:
        """`p1|p2|…`: several whole rules as one pattern, for a search that only asks whether any of them fires."""
        return "|".join(self.rule(r).source() for r in rule_ids)

    def words(self, *rule_ids: str) -> tuple[str, ...]:
        """The words of several rules, in order (for code that looks words up rather than searching)."""
        return tuple(w for r in rule_ids for w in self.rule(r).words)

    def any_of(self, *rule_ids: str) -> re.Pattern[str]:
        """`joined` compiled (case-insensitive): does any of several whole rules fire? Code asks the table rather
        than compiling the rules' text itself."""
        return _compile(self.joined(*rule_ids), re.IGNORECASE)

    def word_of(self, *rule_ids: str) -> re.Pattern[str]:
        r"""`\b((?:a|b)|(?:c|d))\b` (case-insensitive): one word of several rules, whole, anywhere; group 1 is
        the word."""
        alt = "|".join(self.rule(r).alternation() for r in rule_ids)
        return _compile(r"\b(" + alt + r")\b", re.IGNORECASE)

    def opening(self, *rule_ids: str) -> re.Pattern[str]:
        r"""`^(?:…)\b` (case-insensitive): a text that opens with one word of several rules."""
        return _compile("^" + self.either(*rule_ids) + r"\b", re.IGNORECASE)


@lru_cache(maxsize=None)
def compiled(rule: Rule) -> re.Pattern[str]:
    return re.compile(rule.source(), rule.flags)


@lru_cache(maxsize=None)
def _compile(source: str, flags: int) -> re.Pattern[str]:
    return re.compile(source, flags)
