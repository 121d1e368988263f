"""A correction rule: a Rule that also says what the error becomes (the selection's Correggi/Fix action).

Why a rule kind of its own: a frequent error ("qual'è", "perchè", "could of") is fixed the same way every time,
and the small bundled model leaves most of them in the text. A Fix is applied before the model, deterministically,
and each change is recorded; like every rule it carries the sentences that pin it (≥ 2 it must fix, ≥ 2 it must
leave alone), and `fixed` says what each `match` example becomes, so tests/lang check the replacement too.

The replacement is either `to` (a regex template: `\\1`, `\\g<name>`) or `table` (the wrong word → the right one,
looked up lowercased; the rule's words are the table's keys, or, when the rule has a pattern with a group named
`w`, only that group is looked up: "se avrei saputo" → "se avessi saputo"). A match that begins with a capital keeps it
("Perchè" → "Perché", "Qual'è" → "Qual è").
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .table import Rule, compiled


@dataclass(frozen=True)
class Fix(Rule):
    """A rule whose match is an error: `to` or `table` says what it becomes; `fixed[i]` is `match[i]` corrected;
    `lang` is the language of the texts it applies to."""

    lang: str = ""
    to: str = ""
    table: tuple[tuple[str, str], ...] = ()
    fixed: tuple[str, ...] = ()

    def source(self) -> str:
        if self.table and not self.words and not self.pattern:
            alt = "|".join(re.escape(w) for w, _ in sorted(self.table, key=lambda p: -len(p[0])))
            return rf"(?<![\w'’])(?:{alt})(?![\w'’])"
        return super().source()

    def replacement(self, m: re.Match[str]) -> str:
        """What the match `m` becomes, its first capital kept."""
        got = m.group(0)
        if self.table and "w" in m.re.groupindex:  # only the group named w is looked up; the rest stays
            w = m.group("w")
            right = got[:m.start("w") - m.start()] + dict(self.table).get(w.lower(), w) + got[m.end("w") - m.start():]
        elif self.table:
            right = dict(self.table).get(got.lower(), got)
        else:
            right = m.expand(self.to)
        if got[:1].isupper() and right[:1].islower():
            right = right[:1].upper() + right[1:]
        return right

    def apply(self, text: str) -> tuple[str, list[tuple[int, int, str, str]]]:
        """`text` with every match fixed, and the changes: (start, end in the new text, wrong, right)."""
        out: list[str] = []
        changes: list[tuple[int, int, str, str]] = []
        at = 0
        size = 0
        for m in compiled(self).finditer(text):
            right = self.replacement(m)
            if right == m.group(0):
                continue
            out.append(text[at:m.start()])
            size += m.start() - at
            changes.append((size, size + len(right), m.group(0), right))
            out.append(right)
            size += len(right)
            at = m.end()
        out.append(text[at:])
        return "".join(out), changes


__all__ = ["Fix"]
