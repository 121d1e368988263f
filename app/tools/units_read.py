"""Reading a unit conversion out of a request: "5.5 feet in cm", "quanti grammi sono tre once".

Why by rules and by shape: the numbers of a conversion are not arithmetic (the arithmetic reader saw
"5.5 … 5"), and a word is a unit only where a conversion puts it, so "sposta 5 file in archivio" or
"alle 5 in punto" are never read as one. The units come from the table in app/lang/units.py.

The shapes read (the quantity may be compound, "5 piedi e 6 pollici", "5'6\"", "1 lb 4 oz"):
- QUANTITY [in|to|a|->|=|sono quanti…] TARGET      "converti 3 libbre in kg", "100 km/h in mph"
- quanti|how many TARGET [sono|is|ci sono in…] QUANTITY   "how many liters is 2 gallons"
- QUANTITY … that|it|quello … in TARGET   "it's 50 F there today, how much is that in celsius?"
A TARGET may be two units of one dimension ("piedi e pollici").
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from app.lang.detect import detect_lang
from app.lang.numbers import number_as_typed, value_of
from app.lang.units import Token, Unit, near_alias, tokens, unit_at, weak_keys

# The small closed sets of the two shapes (function words, not units: units come only from the table).
CONNECT = frozenset({"in", "to", "into", "as", "->", "=", "quanti", "quante", "quanto", "many", "much"})
# "a" links only after a verb of converting: "converti 5 km a miglia", but "ho fatto 5 km a piedi" is on foot
CONNECT_WITH_CUE = frozenset({"a"})
FILL_A = frozenset({"is", "are", "how", "sono", "è", "fa", "fanno", "equals", "equal", "makes", "make", "what",
                    "circa", "about", "?", ",", "that", "it", "this", "s", "questo", "quello", "cioè"})
# "200 celsius, what is that in fahrenheit?" (everyday8-65: the model answered it, the calculator never ran)
MAX_CONNECTING = 5
FILL_B = frozenset({"sono", "è", "fa", "fanno", "ci", "c", "in", "is", "are", "there", "make", "makes", "equal",
                    "equals", "di", "da", "nel", "nei", "negli", "nelle", "nella", "ha", "hanno", "has", "have",
                    "does", "do", "entrano", "stanno", "fit", "fits", "contiene", "contains", "for"})
QUESTION = frozenset({"quanti", "quante", "quanto", "quanta"})
JOIN = frozenset({"e", "ed", "and", "+", ",", "plus", "più"})
CUES = frozenset({"converti", "convertire", "convertimi", "conversione", "trasforma", "convert", "conversion",
                  "transform"})
_ARTICLES = frozenset({"a", "an", "un", "uno", "una"})
HALF = frozenset({"mezzo", "mezza"})
_MINUS = frozenset({"meno", "minus"})
_NOT_A_UNIT = (CONNECT | CONNECT_WITH_CUE | FILL_A | FILL_B | QUESTION | JOIN | _ARTICLES
               | frozenset({"the", "il", "lo", "la", "of"}))
MAX_DECIMALS = 40
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class Item:
    kind: str  # num, unit, word, sym, bar
    text: str
    value: Fraction | None = None
    unit: Unit | None = None


@dataclass(frozen=True)
class Part:
    value: Fraction
    unit: Unit
    typed: str


@dataclass(frozen=True)
class Request:
    """A conversion read from a request: the quantity (one or more parts) and the one or two target units."""

    parts: tuple[Part, ...]
    targets: tuple[Unit, ...]
    typed_target: str


@dataclass(frozen=True)
class Unknown:
    """A conversion asked with a word that is no unit ("5 furlongs in metri")."""

    word: str


# -- reading --------------------------------------------------------------------------------------
def items_of(text: str) -> list[Item]:
    """Tokens as numbers, units (longest alias first) and other words."""
    toks = tokens(text)
    weak = weak_keys()
    out: list[Item] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.kind == "num":
            if _negative(toks, i):
                out.pop()  # the "-" belongs to the number
            out.append(Item("num", ("-" if _negative(toks, i) else "") + t.text))
            i += 1
            continue
        found = unit_at(toks, i)
        if found is not None:
            unit, j = found
            key = tuple(x.text for x in toks[i:j])
            if key not in weak or (out and out[-1].kind == "num") or _at_end(toks, j):
                out.append(Item("unit", " ".join(x.raw for x in toks[i:j]), unit=unit))
                i = j
                continue
        out.append(Item(t.kind, t.text))
        i += 1
    ambiguous = any(it.kind == "num" and re.fullmatch(r"-?\d+[.,]\d{3}", it.text) for it in out)  # 1.500 / 1,500
    lang = _number_lang(out, text) if ambiguous else "en"
    return [_with_value(it, lang) if it.kind == "num" else it for it in out]


def _with_value(item: Item, lang: str) -> Item:
    v = number_as_typed(item.text.lstrip("-"), lang)
    if v is None:
        return Item("word", item.text)
    return Item("num", item.text, value=-v if item.text.startswith("-") else v)


def _number_lang(items: list[Item], text: str) -> str:
    """Whose digits these are ("1.500" or "1,500"): the language of the unit names typed ("miles", "libbre"),
    else of the request (a bare "2.500 kg in lb" has no English word and reads as Italian)."""
    votes = {"it": 0, "en": 0}
    for it in items:
        if it.unit is not None:
            typed = it.text.lower()
            votes["it"] += typed in {n.lower() for n in it.unit.it} and typed not in {n.lower() for n in it.unit.en}
            votes["en"] += typed in {n.lower() for n in it.unit.en} and typed not in {n.lower() for n in it.unit.it}
    if votes["it"] != votes["en"]:
        return "it" if votes["it"] > votes["en"] else "en"
    return detect_lang(text)


def _negative(toks: tuple[Token, ...], i: int) -> bool:
    """"-40 °F": a minus sign written against the number, not between two numbers ("5-3")."""
    if i == 0 or toks[i - 1].text != "-" or toks[i - 1].end != toks[i].start:
        return False
    return i == 1 or toks[i - 2].end < toks[i - 1].start and toks[i - 2].kind != "num"


def _at_end(toks: tuple[Token, ...], j: int) -> bool:
    return j >= len(toks) or toks[j].text in ("?", "!", ";", ",", ":")


def number_at(items: list[Item], i: int, first: bool = True) -> tuple[Fraction, int] | None:
    """A number starting at item i and the index after it: digits, "meno 10", number words before a unit
    ("tre once", "twenty five feet"), and for the first part of a quantity an article ("un miglio",
    "a mile") or "mezzo" (one half) — later parts need a number ("5 km a miglia" is not 5 km + 1 mi)."""
    if i >= len(items):
        return None
    sign = 1
    if items[i].text in _MINUS and i + 1 < len(items) and items[i + 1].kind == "num":
        sign, i = -1, i + 1
    it = items[i]
    if it.kind == "num" and it.value is not None:
        return sign * it.value, i + 1

    def unit_next(k: int) -> bool:
        return k < len(items) and items[k].kind == "unit"

    if it.kind != "word":
        return None
    if not first and (it.text in HALF or it.text == "half" or it.text in _ARTICLES):
        return None
    if it.text in HALF and unit_next(i + 1):
        return Fraction(1, 2), i + 1
    if it.text == "half" and i + 2 < len(items) and items[i + 1].text in _ARTICLES and unit_next(i + 2):
        return Fraction(1, 2), i + 2
    if it.text in _ARTICLES and unit_next(i + 1):
        return Fraction(1), i + 1
    for j in range(min(len(items), i + 5), i, -1):
        if unit_next(j) and all(items[k].kind == "word" for k in range(i, j)):
            v = value_of([items[k].text for k in range(i, j)])
            if v is not None:
                return Fraction(sign * v), j
    return None


def group_at(items: list[Item], i: int) -> tuple[list[Part], int] | None:
    """A quantity: number + unit, then more of one dimension ("5 piedi e 6 pollici", "1 lb 4 oz")."""
    parts: list[Part] = []
    k = i
    while True:
        got = number_at(items, k, first=not parts)
        if got is None or got[1] >= len(items) or items[got[1]].kind != "unit":
            break
        value, j = got
        unit = items[j].unit
        assert unit is not None
        if parts and (unit.dimension != parts[0].unit.dimension or unit.affine or unit.generic
                      or parts[0].unit.affine or parts[0].unit.generic):
            break
        parts.append(Part(value, unit, items[j].text))
        k = j + 1
        nxt = k + 1 if k < len(items) and items[k].text in JOIN else k
        if not _unit_follows(items, nxt, parts[0].unit):
            break
        k = nxt
    return (parts, k) if parts else None


def _unit_follows(items: list[Item], i: int, first: Unit) -> bool:
    got = number_at(items, i, first=False)
    if got is None or got[1] >= len(items) or items[got[1]].kind != "unit":
        return False
    unit = items[got[1]].unit
    return unit is not None and unit.dimension == first.dimension and not (unit.affine or first.affine)


def _targets(items: list[Item], k: int) -> tuple[tuple[Unit, ...], str, int] | None:
    """The unit(s) converted to: one, or two of one dimension, bigger first ("feet and inches")."""
    first = items[k].unit if k < len(items) else None
    if first is None:
        return None
    typed = items[k].text
    j = k + 2 if k + 1 < len(items) and items[k + 1].text in JOIN else k + 1
    if j < len(items) and items[j].kind == "unit":
        second = items[j].unit
        if (second is not None and second.dimension == first.dimension and second.size < first.size
                and not (first.affine or second.affine or first.generic)):
            return (first, second), typed + " " + items[j].text, j + 1
    return (first,), typed, k + 1


def _form_a(items: list[Item], i: int, cue: bool) -> Request | Unknown | None:
    """QUANTITY connector TARGET ("5.5 feet in cm", "5 piedi sono quanti cm")."""
    group = group_at(items, i)
    head = items[i]
    if group is None:  # "5 furlongs in metri": a number and a word that is no unit, before a known target
        if head.kind != "num" or i + 1 >= len(items) or not _unknown_word(items[i + 1]):
            return None
        k = _connectors(items, i + 2, cue)
        tgt = _targets(items, k) if k is not None else None
        if tgt is not None and (cue or len(items[k or 0].text) >= 2):
            return Unknown(items[i + 1].text)
        return None
    parts, k0 = group
    k = _connectors(items, k0, cue)
    if k is None:
        return None
    tgt = _targets(items, k)
    if tgt is not None:
        return Request(tuple(parts), tgt[0], tgt[1])
    if cue and k < len(items) and _unknown_word(items[k]) and (k + 1 >= len(items) or items[k + 1].kind == "sym"):
        return Unknown(items[k].text)  # "converti 5 km in furlong"
    return None


# words that point back at a quantity said before ("…it's 50 F there today, how much is that in celsius?")
_BACK = frozenset({"that", "it", "this", "quello", "questo", "questi", "quelli", "sono", "fa", "fanno"})
_TO = frozenset({"in", "to", "into"})
MAX_BETWEEN = 12  # words from the quantity to the question that points back at it


def _form_c(items: list[Item], i: int) -> Request | None:
    """QUANTITY … (that|it|quello…) … in [one word] TARGET: the quantity said in a sentence of its own, the
    question pointing back at it ("my brother says it's 50 F there today, how much is that in proper celsius",
    everyday22-26: the model wrote 50/9*5/9). Only one quantity, a target of its dimension, nothing else between."""
    group = group_at(items, i)
    if group is None:
        return None
    parts, k0 = group
    back = next((k for k in range(k0, min(len(items), k0 + MAX_BETWEEN)) if items[k].text in _BACK), None)
    if back is None or any(it.kind in ("unit", "num") for it in items[k0:back]):
        return None
    to = next((k for k in range(back + 1, min(len(items), back + MAX_CONNECTING)) if items[k].text in _TO), None)
    if to is None:
        return None
    for t in (to + 1, to + 2):  # "in proper celsius": one word may stand before the unit
        tgt = _targets(items, t) if t < len(items) and (t == to + 1 or items[to + 1].kind == "word") else None
        if tgt is not None and tgt[0][0].dimension == parts[0].unit.dimension:
            return Request(tuple(parts), tgt[0], tgt[1])
    return None


def _connectors(items: list[Item], k: int, cue: bool) -> int | None:
    """Skip 1–MAX_CONNECTING connecting words ("in", "to", "sono quanti", "is how many", ", what is that in"); None
    without a real connector."""
    links = CONNECT | CONNECT_WITH_CUE if cue else CONNECT
    start, core = k, False
    while k < len(items) and k - start < MAX_CONNECTING and items[k].kind in ("word", "sym") and \
            items[k].text in links | FILL_A:
        core = core or items[k].text in links
        k += 1
    return k if core else None


def _form_b(items: list[Item], q: int) -> Request | Unknown | None:
    """quanti|how many TARGET … QUANTITY ("quanti cm sono 5 piedi", "how many feet in a mile")."""
    if items[q].text in QUESTION:
        t = q + 1
    elif items[q].text == "how" and q + 1 < len(items) and items[q + 1].text in ("many", "much"):
        t = q + 2
    else:
        return None
    tgt = _targets(items, t)
    if tgt is None:
        return None
    k = tgt[2]
    start = k
    while k < len(items) and k - start < 4 and items[k].kind != "unit" and (
            items[k].text in FILL_B or _article_of_number(items, k)):
        k += 1
    group = group_at(items, k)
    if group is not None:
        return Request(tuple(group[0]), tgt[0], tgt[1])
    if k + 1 < len(items) and items[k].kind == "num" and _unknown_word(items[k + 1]):
        return Unknown(items[k + 1].text)  # "quanti cm sono 5 spanne"
    return None


def _article_of_number(items: list[Item], k: int) -> bool:
    """"how many pints in a 50 litre keg": an article before a number is the container's, not the quantity's ("a
    mile" alone is one mile, read by group_at)."""
    return items[k].text in _ARTICLES and k + 1 < len(items) and items[k + 1].kind == "num"


def _unknown_word(item: Item) -> bool:
    return item.kind == "word" and item.text.isalpha() and len(item.text) >= 2 and item.text not in _NOT_A_UNIT


@lru_cache(maxsize=1024)
def find(text: str) -> Request | Unknown | None:
    """The conversion a request asks for, an `Unknown` when it names a unit not in the table, else None."""
    if not isinstance(text, str) or not _DIGIT.search(text) and not _maybe_wordy(text):
        return None
    items = items_of(text)
    if not any(it.kind == "unit" for it in items):
        return None
    cue = any(it.text in CUES for it in items)
    for i in range(len(items)):
        found = _form_b(items, i) or _form_a(items, i, cue) or _form_c(items, i)
        if isinstance(found, Unknown) and (near := near_alias(found.word)):  # "104 farenait in celsius"
            again = find(re.sub(rf"(?<!\w){re.escape(found.word)}(?!\w)", near, text, count=1, flags=re.I))
            return again if again is not None else found
        if found is not None:
            return found
    return None


def _maybe_wordy(text: str) -> bool:
    """No digits: a conversion only with a question ("how many feet in a mile") or a verb ("converti tre…")."""
    low = text.lower()
    return any(w in low for w in ("quant", "how", "convert", "trasform", " in ", " to "))


def is_conversion(text: str) -> bool:
    return find(text) is not None
