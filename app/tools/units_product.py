"""Areas and volumes said as lengths multiplied: "18 metri per 3 metri e mezzo", "12 ft by 10 ft", "4 x 3,5 m".

Why: the calculator read no expression in "quanto fa 18 metri per 3 metri e mezzo" (the numbers carry units, so the
arithmetic reader leaves them; the conversion reader wants a target unit), and the model was left to multiply and
name the unit. Lengths multiplied are computed exactly with Fractions in the unit of the first side that names one,
and written with its symbol squared or cubed: "18 m × 3,5 m = 63 m²".

Read only in one shape, so ordinary requests never are: two or three lengths joined by a word of multiplying
("per", "x", "×", "*", "by", "times", "volte"), each with its unit — the sides before the last may be bare numbers
when the last names the unit ("4 x 3,5 m") — and nothing after the last side but punctuation, or a question mark
and another sentence. A length that ends "e mezzo" / "and a half" adds half its unit. Any other dimension (kg,
litres) is no area: not read.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from app.lang.rules.arithmetic_words import ARITHMETIC_WORDS
from app.lang.units import Unit

from .units import plain_number, rounded, write
from .units_read import HALF, JOIN, Item, group_at, items_of, number_at

TIMES = frozenset(ARITHMETIC_WORDS.rule("dimension_by").words)
_END = frozenset({"?", "!", ".", ",", ";", ":"})
_QUESTION_END = frozenset({"?", "!"})  # what follows is another sentence ("…e mezzo? e per le piastrelle del bagno")
_POWER = {2: "²", 3: "³"}
_SIGN = re.compile(r"\s*[×*]\s*")
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class Side:
    """One length: its value in `unit` (None for a bare number that takes the unit of the last side)."""

    value: Fraction
    unit: Unit | None


@dataclass(frozen=True)
class Product:
    """Two or three lengths multiplied, as typed."""

    sides: tuple[Side, ...]


def _half_after(items: list[Item], k: int) -> int:
    """How many items say "e mezzo" / "and a half" at k (0 when they do not)."""
    if k + 1 < len(items) and items[k].text in JOIN and items[k + 1].text in HALF:
        return 2
    if k + 2 < len(items) and items[k].text == "and" and items[k + 1].text == "a" and items[k + 2].text == "half":
        return 3
    return 0


def _side_at(items: list[Item], k: int) -> tuple[Side, int] | None:
    """A length at item k (a compound one summed into its first unit) and the index after it; a bare number when
    no unit follows."""
    got = group_at(items, k)
    if got is not None:
        parts, j = got
        unit = parts[0].unit
        if unit.dimension != "length" or unit.generic:
            return None
        value = sum((p.value * p.unit.size for p in parts), Fraction(0)) / unit.size
        extra = _half_after(items, j)
        return Side(value + (Fraction(1, 2) if extra else 0), unit), j + extra
    num = number_at(items, k, first=False)
    return (Side(num[0], None), num[1]) if num is not None else None


def _product_at(items: list[Item], i: int) -> Product | None:
    sides: list[Side] = []
    k = i
    while True:
        got = _side_at(items, k)
        if got is None:
            return None
        side, k = got
        sides.append(side)
        if k < len(items) and items[k].text in TIMES and len(sides) < 3:
            k += 1
            continue
        break
    rest = items[k:]
    ended = not rest or rest[0].text in _QUESTION_END or all(it.text in _END for it in rest)
    if len(sides) < 2 or sides[-1].unit is None or not ended:
        return None
    return Product(tuple(sides))


@lru_cache(maxsize=1024)
def find_product(text: str) -> Product | None:
    """The lengths a request multiplies, or None."""
    if not isinstance(text, str) or not _DIGIT.search(text):
        return None
    items = items_of(_SIGN.sub(" x ", text))
    if not any(it.kind == "unit" for it in items):
        return None
    for i, it in enumerate(items):
        if it.kind == "num" or it.text in ("un", "a", "mezzo", "half"):
            found = _product_at(items, i)
            if found is not None:
                return found
    return None


def area_of(p: Product) -> dict[str, Any]:
    """The tool result, shaped as a conversion's (calculate.answer_words writes it): "18 m × 3,5 m = 63 m²"."""
    last = p.sides[-1].unit
    assert last is not None  # _product_at reads no product whose last side is a bare number
    sides = [(s.value, s.unit or last) for s in p.sides]  # a bare number takes the last side's unit
    unit = next(s.unit for s in p.sides if s.unit is not None)
    total = math.prod((v * u.size / unit.size for v, u in sides), start=Fraction(1))
    symbol = f"{unit.symbols[0]}{_POWER[len(sides)]}"
    out: dict[str, Any] = {
        "expression": " * ".join(f"{plain_number(v)} {u.symbols[0]}" for v, u in sides),
        "conversion": True, "dimension": "area" if len(sides) == 2 else "volume", "unit": symbol,
        "exact": rounded(total)[2]}
    for lang in ("it", "en"):
        number = write(total, lang)
        out["result_it" if lang == "it" else "result"] = number
        out[f"shown_{lang}"] = " × ".join(f"{write(v, lang)} {u.symbols[0]}" for v, u in sides)
        out[f"value_{lang}"] = f"{number} {symbol}"
        out[f"note_{lang}"] = ""
    return out


__all__ = ["Product", "Side", "area_of", "find_product"]
