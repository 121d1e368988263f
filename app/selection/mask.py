"""The items a translation must keep, put behind placeholders the model copies, and put back after.

Why: asked to keep "Via Garibaldi 14", "14:00-16:00" or a postcode the 1.5B model still drops, rewords or spells
them out ("tra 21 e 23"), even after a second attempt that names them (resources/eval/selection/README.md). What it
does not see it cannot reword: each item keep.py reads from the text (names, numbers, times, amounts, codes, links,
e-mails, paths, ranges) is replaced by an opaque placeholder (``FORM``: [[1]]), the prompt says to copy them as
they are (actions.MASK_NOTE), and the answer gets the items back as the text writes them. A number comes back with
the text's own separators ("4.350" in an English translation): the check accepts either.

Which actions: the table's `masks` (actions.py) — translations only. Measured on the tune texts (README, twenty-
fourth session): with [[n]] the model copies the placeholders when it translates, but when it rewrites it treats
them as blanks of a template ("Ciao [Nome]", "[Link]") or drops the brackets ("Thursday 1 March at 2"); ⟦n⟧ was
worse for translations too ("(1, 2)", "(3)"). Summaries, explanations and corrections never: a correction must
change only errors, and the model must see the words it corrects.

Rules: the same item twice is the same placeholder; a longer item wins over one inside it ("14:00-16:00" over
"14"); items one space apart are one placeholder ("Priya Nair", "07700 900461"); a name with a usual other-language
form (Torino/Turin, Natale/Christmas) is left to the model, which may rightly write the other form. A placeholder
the model drops is simply not there: the item is then missing and run.py's keep-check retries (naming the
placeholder) and says so — never a silent loss. A placeholder written a little differently ("[[ 1 ]]", "[1]",
"{1}", "⟦1⟧") is still read; one in the exact form the text never had is removed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from . import keep

FORMS = {"double": ("⟦", "⟧"), "square": ("[[", "]]")}
FORM = "square"  # chosen on the tune texts (README: 2026-12-06, twenty-fourth session)
_ANY_OPEN, _ANY_CLOSE = "⟦〚\\[{", "⟧〛\\]}"
_LOOSE = re.compile(rf"( ?)[{_ANY_OPEN}]{{1,2}}\s*(\d{{1,2}})\s*[{_ANY_CLOSE}]{{1,2}}")


def placeholder(n: int, form: str = "") -> str:
    a, b = FORMS[form or FORM]
    return f"{a}{n}{b}"


@dataclass
class Masked:
    """The text with its items behind placeholders; `items[n]` is what placeholder n stands for."""

    text: str
    items: dict[int, str] = field(default_factory=dict)
    form: str = FORM

    def unmask(self, answer: str) -> str:
        """The model's answer with the items back: exact placeholders first, then a mangled one whose number is
        one of ours ("⟦ 1 ⟧", "[1]", "{1}"); a placeholder number the text never had is removed."""
        if not self.items:
            return answer
        a, b = FORMS[self.form]
        exact = re.compile("( ?)" + re.escape(a) + r"\s*(\d{1,2})\s*" + re.escape(b))
        out = exact.sub(lambda m: self._item(m), answer)
        return _LOOSE.sub(lambda m: self._item(m), out)

    def _item(self, m: re.Match[str]) -> str:
        n = int(m.group(2))
        if n in self.items:
            return m.group(1) + self.items[n]
        mark = m.group(0)[len(m.group(1)):]
        return "" if mark.startswith(FORMS[self.form][0]) else m.group(0)  # "[3]" may be a real reference

    def dropped(self, answer: str) -> list[str]:
        """The items whose placeholder the (masked) answer does not have in any form."""
        seen = {int(m.group(2)) for m in _LOOSE.finditer(answer)}
        return [v for n, v in self.items.items() if n not in seen]


def _spans(text: str) -> list[tuple[int, int, str]]:
    """Where each item of keep.items(text) stands in the text (every occurrence), longer items first, no overlap."""
    taken: list[tuple[int, int, str]] = []
    for item in sorted(keep.items(text), key=lambda i: -len(i.text)):
        if item.kind == "name" and item.text in keep.EXONYMS.values() | keep.EXONYMS.keys():
            continue
        v = item.text
        before = r"(?<![\w@/\\])(?<!\d[.,:/-])" if v[:1].isalnum() else ""
        after = r"(?![\w@])(?![.,:/-]\d)" if v[-1:].isalnum() else ""
        for m in re.finditer(before + re.escape(v) + after, text):
            if all(m.end() <= s or m.start() >= e for s, e, _v in taken):
                taken.append((m.start(), m.end(), v))
    return sorted(taken)


def _join(text: str, spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Items one space apart are one item ("Priya Nair", "07700 900461", "Wed 14:00-16:00"): two placeholders side
    by side invite the model to drop one."""
    out: list[tuple[int, int, str]] = []
    for s, e, v in spans:
        if out and text[out[-1][1]:s] == " ":
            ps = out[-1][0]
            out[-1] = (ps, e, text[ps:e])
        else:
            out.append((s, e, v))
    return out


def mask(text: str, form: str = "") -> Masked:
    """`text` with each item behind its placeholder (numbered in the order the text first has them)."""
    form = form or FORM
    spans = _join(text, _spans(text))
    number: dict[str, int] = {}
    parts: list[str] = []
    at = 0
    for s, e, v in spans:
        n = number.setdefault(v, len(number) + 1)
        parts += [text[at:s], placeholder(n, form)]
        at = e
    parts.append(text[at:])
    return Masked("".join(parts), {n: v for v, n in number.items()}, form)


# The end of a streamed piece that may still become a placeholder: an opening bracket with at most its number, or
# two opening brackets closed once ("[[1]" of "[[1]]").
_PARTIAL = re.compile(rf"[{_ANY_OPEN}]{{1,2}}\s*\d{{0,2}}\s*$|[{_ANY_OPEN}]{{2}}\s*\d{{1,2}}\s*[{_ANY_CLOSE}]$")


class Unmasking:
    """The streamed answer with the items back, for the popup: a placeholder split across tokens ("⟦", "1", "⟧")
    is held until it is whole, then shown as its item; what cannot be a placeholder goes out at once."""

    def __init__(self, masked: Masked, emit: Callable[[str], None]):
        self.masked, self.emit, self.pending = masked, emit, ""

    def __call__(self, piece: str) -> None:
        self.pending += piece
        hold = _PARTIAL.search(self.pending)
        at = hold.start() if hold else len(self.pending)
        ready, self.pending = self.pending[:at], self.pending[at:]
        if ready:
            self.emit(self.masked.unmask(ready))

    def flush(self) -> None:
        if self.pending:
            ready, self.pending = self.pending, ""
            self.emit(self.masked.unmask(ready))


__all__ = ["FORM", "FORMS", "Masked", "Unmasking", "mask", "placeholder"]
