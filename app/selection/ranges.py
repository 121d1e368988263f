"""A range of hours the text writes with a dash ("10:00-13:00"), spelled out in words by a rewrite or a translation
("from 10:00 to 13:00", "between 8 AM and 6 PM", "dalle 10 alle 13"): put back as the text writes it.

Why: the rewrite must keep numbers as written (the quality table's `keep`, resources/eval/selection), and the
bundled 1.5B model spells a range out in most friendly or formal rewrites (fresh3 tune hrewrite-02 "08:00-18:00" →
"from 8 AM to 6 PM"; held 04 and 08 the same). The two ends are the text's (the same hours and minutes, on either
clock), so the mend changes how the range is written, never which hours it says.
"""
from __future__ import annotations

import re

_END = r"(\d{1,2})(?:[:.](\d{2}))?\s?(a\.?\s?m\.?|p\.?\s?m\.?)?"
_RANGE_ITEM = re.compile(r"(\d{1,2})(?:[:.](\d{2}))?\s?[-\u2010-\u2015\u2212]\s?(\d{1,2})(?:[:.](\d{2}))?")
_SAID = re.compile(r"(?i)(?<![\w:.])(?:(?:from|between|dalle(?:\s+ore)?|tra\s+le|fra\s+le|de|von)\s+)?" + _END
                   + r"\s+(?:to|and|until|till|through|alle|e\s+le|fino\s+alle|a|bis|-|–)\s+" + _END + r"(?![\w:])")


def _minutes(h: str, m: str | None, ap: str | None) -> int:
    hour = int(h) % 24
    if ap and ap.lower().startswith("p") and hour < 12:
        hour += 12
    if ap and ap.lower().startswith("a") and hour == 12:
        hour = 0
    return hour * 60 + int(m or 0)


def is_range(item: str) -> bool:
    """Is `item` a range of hours written with a dash ("14:00-16:00", "9-13")?"""
    m = _RANGE_ITEM.fullmatch(item.strip())
    return m is not None and all(int(m.group(i)) < 24 for i in (1, 3))


def mend(answer: str, item: str) -> tuple[str, tuple[str, str] | None]:
    """`answer` with the range `item` put back where it says the same two hours in words; the pair (found, item)."""
    r = _RANGE_ITEM.fullmatch(item.strip())
    if not r:
        return answer, None
    want = (_minutes(r.group(1), r.group(2), None), _minutes(r.group(3), r.group(4), None))
    for m in _SAID.finditer(answer):
        got = (_minutes(m.group(1), m.group(2), m.group(3)), _minutes(m.group(4), m.group(5), m.group(6)))
        if got == want:
            return answer[:m.start()] + item + answer[m.end():], (m.group(0), item)
    return answer, None


__all__ = ["is_range", "mend"]
