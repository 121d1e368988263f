"""Dates and weekdays a translation or a rewrite changed: put back as the text has them.

Why: the small model rewrites a date it should copy. Three slips seen on tune texts of the quality table
(resources/eval/selection): a date written in digits turned into words ("03/04/2025" → "April 3, 2025": the check
and the person lose the text's form, and a reader of the other convention may read another day); a weekday turned
into a date the text does not have ("by Friday" → "il 5 marzo": an invented day, the worst slip a translation can
make in a mail); a weekday swapped for another ("giovedì" → "Friday", first prompts). Each is mended only when it is
recognisable: the worded date has the same day and month as the text's digits (either order: 03/04 is 3 April or
March 4), the invented date's day is a number the text does not have and the text's weekday is missing from the
answer, the swapped weekday is the only one of the answer the text does not name and the text's is the only one
the answer lacks. Nothing else is guessed.
"""
from __future__ import annotations

import re

from app.lang.rules.month_words import MONTHS_EN, MONTHS_IT, MONTHS_SHORT
from app.lang.rules.weekday_words import WEEKDAY_NUMBERS, WEEKDAYS_EN, WEEKDAYS_IT

WEEKDAY_NAMES = {"it": WEEKDAYS_IT, "en": tuple(name.capitalize() for name in WEEKDAYS_EN)}
_WEEKDAY_INDEX = WEEKDAY_NUMBERS
_WEEKDAY_LANG = {n.lower(): lang for lang, names in WEEKDAY_NAMES.items() for n in names}
_WEEKDAY = re.compile(r"(?<!\w)(" + "|".join(sorted(_WEEKDAY_INDEX, key=len, reverse=True)) + r")(?!\w)",
                      re.IGNORECASE)
_MONTH_NUM = {**{m: i + 1 for i, m in enumerate(MONTHS_IT)}, **{m: i + 1 for i, m in enumerate(MONTHS_EN)},
              **MONTHS_SHORT}
_MONTH_LANG = {**{m: "it" for m in MONTHS_IT}, **{m: "en" for m in MONTHS_EN}, **{m: "en" for m in MONTHS_SHORT}}
_M = r"(?P<m>[^\W\d_]{3,9})"  # a word; a month only if _MONTH_NUM has it (the month tables are month_words')
_D = r"(?P<d>\d{1,2})(?:st|nd|rd|th|°)?"
_Y = r"(?:,?\s+(?P<y>\d{4}))?"
# "3 April 2025", "3rd of April", "il 3 aprile", "April 3, 2025", "April 3rd" (the Italian article is part of it)
_M2, _Y2 = _M.replace("?P<m>", "?P<m2>"), _Y.replace("?P<y>", "?P<y2>")
# read at every position (a lookahead): a word and a number that are no date ("dalle 10") must not hide the date
# that overlaps them ("10 marzo")
_WORDED = re.compile(rf"(?<!\w)(?=(?P<all>(?P<art>(?:il|l['’])\s*)?{_D}\s+(?:of\s+)?{_M}{_Y}"
                     rf"|{_M2}\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?{_Y2})(?!\w))", re.IGNORECASE)
_NUMERIC = re.compile(r"(?<![\w/.])(\d{1,2})[/.](\d{1,2})(?:[/.](\d{2}|\d{4}))?(?![\w/])")


def _worded(answer: str) -> list[tuple[int, int, int, int, int, int | None, str]]:
    """The dates in words of `answer`: (start with an Italian article before the day, start, end, day, month,
    year or None, language of the month word)."""
    out: list[tuple[int, int, int, int, int, int | None, str]] = []
    for m in _WORDED.finditer(answer):
        if out and m.start() < out[-1][2]:
            continue  # inside a date already read
        if m.group("d"):
            month, day, year, art = m.group("m"), m.group("d"), m.group("y"), m.group("art") or ""
        else:
            month, day, year, art = m.group("m2"), m.group("d2"), m.group("y2"), ""
        word = month.lower().rstrip(".")
        if word not in _MONTH_NUM or not 1 <= int(day) <= 31:
            continue
        out.append((m.start(), m.start() + len(art), m.end("all"), int(day), _MONTH_NUM[word],
                    int(year) if year else None, _MONTH_LANG[word]))
    return out


def _mend_numeric(source: str, answer: str) -> tuple[str, list[tuple[str, str]]]:
    """"April 3, 2025" for "03/04/2025": the text's date in digits, written back as the text writes it."""
    done = []
    for n in _NUMERIC.finditer(source):
        written = n.group(0)
        if written in answer:
            continue
        a, b = int(n.group(1)), int(n.group(2))
        year = int(n.group(3)) if n.group(3) else None
        year = year + 2000 if year is not None and year < 100 else year
        for _at, start, end, day, month, y, _lang in _worded(answer):
            if (day, month) in ((a, b), (b, a)) and (year is None or y in (None, year)) and \
                    (year is None) == (y is None):
                done.append((answer[start:end], written))
                answer = answer[:start] + written + answer[end:]
                break
    return answer, done


def _weekdays(text: str) -> list[tuple[int, int, int, str]]:
    """(start, end, weekday index, language) of every weekday word of `text`."""
    return [(m.start(), m.end(), _WEEKDAY_INDEX[m.group(0).lower()], _WEEKDAY_LANG.get(m.group(0).lower(), "it"))
            for m in _WEEKDAY.finditer(text)]


def _mend_weekday(source: str, answer: str) -> tuple[str, list[tuple[str, str]]]:
    """A weekday of the text missing from the answer, where the answer has instead a date the text does not have
    ("il 5 marzo" for "by Friday") or another weekday the text does not name ("Friday" for "giovedì")."""
    have = {i for _s, _e, i, _l in _weekdays(source)}
    got = _weekdays(answer)
    lacking = sorted(have - {i for _s, _e, i, _l in got})
    if len(lacking) != 1:
        return answer, []
    day = lacking[0]
    foreign = [w for w in got if w[2] not in have]
    digits = set(re.findall(r"\d+", source))
    invented = [w for w in _worded(answer) if str(w[3]) not in digits and w[5] is None]
    if len(foreign) == 1:
        start, end, _i, lang = foreign[0]
    elif len(invented) == 1 and not foreign:
        start, _s, end, _d, _m, _y, lang = invented[0]
    else:
        return answer, []
    right = WEEKDAY_NAMES[lang][day]
    mended = answer[:start] + right + answer[end:]
    if _order(mended) != _order(source):  # "Friday or Saturday" for "giovedì o venerdì": which one slipped?
        return answer, []
    return mended, [(answer[start:end], right)]


def _order(text: str) -> list[int]:
    return list(dict.fromkeys(i for _s, _e, i, _l in _weekdays(text)))


def mend(source: str, answer: str) -> tuple[str, list[tuple[str, str]]]:
    """`answer` with the text's dates and weekdays put back where recognisably changed; the (found, restored)
    pairs."""
    answer, done = _mend_numeric(source, answer)
    answer, more = _mend_weekday(source, answer)
    return answer, done + more


__all__ = ["WEEKDAY_NAMES", "mend"]
