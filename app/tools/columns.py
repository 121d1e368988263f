"""A column's total, average, highest or lowest value, computed from a table just read — not written by a model.

Why: "dimmi il totale della colonna importo in spese.csv" read the file and then showed it whole. The instruct
model cannot add ten numbers reliably, and the answer guard (answer.py) refuses a number the observations do not
contain — a computed total never is. So a question about a column of a table (app/lang/rules/column_ask.py, read
into the question's shape by lang/asked.py) is answered here, by read_files's own rendering (fast path and planner
alike): the text is parsed as CSV/TSV with a header row, the column is the one the question names, or the
only numeric column that is not a date or a code; when that is not clear nothing is computed and the file is
shown as before. The sentence says which column, over how many rows, in the question's language.
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from fractions import Fraction

from app.lang.asked import Asked
from app.lang.messages import register, say
from app.lang.numbers import number_as_typed
from app.lang.rules.column_ask import COLUMN_ASK

from .calculate import format_number

MAX_ROWS = 100_000
_CODE = COLUMN_ASK.pattern("code_column")  # "id", "codice", "n°": a column of codes is never the one summed
_NUMBER = re.compile(r"^[-+]?(?:\d{1,3}(?:[.\s]\d{3})+|\d+)(?:[.,]\d+)?$|^[-+]?(?:\d{1,3}(?:,\d{3})+)(?:\.\d+)?$")
_CURRENCY = re.compile(r"[€$£]|\b(?:eur|euro|usd)\b", re.IGNORECASE)

register({
    "column.sum": {"it": "Il totale della colonna «{col}» è {value} ({rows}).",
                   "en": "The total of the \u201c{col}\u201d column is {value} ({rows})."},
    "column.average": {"it": "La media della colonna «{col}» è {value} ({rows}).",
                       "en": "The average of the \u201c{col}\u201d column is {value} ({rows})."},
    "column.max": {"it": "Il valore più alto della colonna «{col}» è {value}, nella riga: {row}.",
                   "en": "The highest value of the \u201c{col}\u201d column is {value}, in the row: {row}."},
    "column.min": {"it": "Il valore più basso della colonna «{col}» è {value}, nella riga: {row}.",
                   "en": "The lowest value of the \u201c{col}\u201d column is {value}, in the row: {row}."},
    "column.rows": {"it": {"one": "1 riga", "other": "{n} righe"}, "en": {"one": "1 row", "other": "{n} rows"}},
})


@dataclass(frozen=True)
class ColumnAnswer:
    text: str  # the sentence for the person
    value: str  # the number as written in it (what a written answer must contain)


def number(cell: str, comma_decimal: bool = False) -> Fraction | None:
    """'1.234,50', '1,234.50', '850', '€ 12,5' → an exact value; None for text, dates and empty cells. A lone
    '1.234' is a thousand in a column written with decimal commas (`comma_decimal`), else one and a bit."""
    t = _CURRENCY.sub("", cell).strip().replace("\u00a0", " ")
    if not t or not _NUMBER.match(t):
        return None
    sign, t = (-1, t[1:]) if t[0] == "-" else (1, t.lstrip("+"))
    v = number_as_typed(t.replace(" ", ""), "it" if comma_decimal else "en")  # one reader of typed digits
    return None if v is None else sign * v


def comma_decimal(cells: list[str]) -> bool:
    """Is the column written the Italian way (decimal comma)? A cell with ',' and 1–2 digits after it says so."""
    return any(re.search(r"\d,\d{1,2}\s*(?:€|eur\w*)?$", c.strip(), re.IGNORECASE) for c in cells)


def _table(content: str) -> list[list[str]] | None:
    sample = content[:4096]
    try:
        dialect = csv.Sniffer().sniff(sample, delimiters=",;\t|")
    except csv.Error:
        return None
    rows = [r for r in csv.reader(io.StringIO(content), dialect) if any(c.strip() for c in r)]
    if len(rows) < 2 or len(rows) > MAX_ROWS or len(rows[0]) < 2:
        return None
    return rows


def _column(words: tuple[str, ...], header: list[str], body: list[list[str]]) -> int | None:
    """The column the question names (first of `words`, or any word that is a column's name), else the only
    numeric column that is not a code like an id."""
    names = [h.strip().lower() for h in header]
    for w in words:
        for i, n in enumerate(names):
            if len(n) >= 3 and (n == w or (len(w) >= 4 and (n.startswith(w[:-1]) or w.startswith(n[:-1])))) \
                    and _numeric(body, i):
                return i
    numeric = [i for i in range(len(header)) if _numeric(body, i) and not _CODE.search(names[i])]
    return numeric[0] if len(numeric) == 1 else None


def _numeric(body: list[list[str]], i: int) -> bool:
    cells = [r[i] for r in body if i < len(r) and r[i].strip()]
    return bool(cells) and sum(number(c) is not None for c in cells) >= max(1, len(cells) * 9 // 10)


def column_answer(content: str, shape: Asked, lang: str) -> ColumnAnswer | None:
    """The answer to a column question about `content`, or None (not a table, no column sure, nothing asked)."""
    op = shape.column
    if not op:
        return None
    rows = _table(content)
    if rows is None:
        return None
    header, body = rows[0], rows[1:]
    if all(number(h) is not None for h in header if h.strip()):
        return None  # no header row: which column is which cannot be said
    col = _column(shape.column_words, header, body)
    if col is None:
        return None
    comma = comma_decimal([r[col] for r in body if col < len(r)])
    vals: list[tuple[Fraction, list[str]]] = []
    for r in body:
        v = number(r[col], comma) if col < len(r) else None
        if v is not None:
            vals.append((v, r))
    if not vals:
        return None
    name = header[col].strip()
    n = len(vals)
    rows_said = say("column.rows", lang, n=n)
    if op in ("sum", "average"):
        total = sum((v for v, _ in vals), Fraction(0))
        value = format_number(total if op == "sum" else total / n, lang)
        return ColumnAnswer(say(f"column.{op}", lang, col=name, value=value, rows=rows_said), value)
    v, row = (max if op == "max" else min)(vals, key=lambda x: x[0])
    value = format_number(v, lang)
    return ColumnAnswer(say(f"column.{op}", lang, col=name, value=value, row=", ".join(c.strip() for c in row)),
                        value)
