"""Unit conversions for `calculate`: exact, and written with the unit in the request's language.

Why: a language model converts units wrongly (5.5 feet came out as 169.34 cm). A conversion read by
units_read.py is computed with Fractions from the exact legal definitions in app/lang/units.py (the
words and factors are data there) and written for a person: "5,5 piedi = 167,64 cm" / "5.5 ft =
167.64 cm", ≈ when the number is rounded (4 decimals; 4 significant digits below 1).
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from app.lang.messages import Message, register, say
from app.lang.units import BINARY_TWIN, BY_ID, Unit

from .registry import ToolError
from .units_read import MAX_DECIMALS, Request, Unknown, find, is_conversion

register({
    "units.incompatible": {
        "it": "«{src}» e «{dst}» misurano cose diverse ({src_dim} e {dst_dim}): non si possono convertire tra loro",
        "en": "“{src}” and “{dst}” measure different things ({src_dim} and {dst_dim}), so one can't be "
              "converted into the other"},
    "units.unknown": {
        "it": "non conosco l'unità di misura «{word}»; so convertire lunghezze, pesi, temperature, volumi, "
              "velocità e dimensioni di dati (ad esempio cm, piedi, kg, libbre, °C, litri, km/h, GB)",
        "en": "I don't know the unit “{word}”; I can convert lengths, weights, temperatures, volumes, speeds "
              "and data sizes (e.g. cm, feet, kg, pounds, °F, liters, mph, GB)"},
    "units.below_zero": {"it": "{value} è sotto lo zero assoluto (-273,15 °C): non è una temperatura possibile",
                         "en": "{value} is below absolute zero (-459.67 °F): no temperature is that low"},
    "units.si_note": {"it": "in unità SI, multipli di 1000; con multipli di 1024: {alt}",
                      "en": "SI units, multiples of 1000; with multiples of 1024: {alt}"},
    "units.dim.length": {"it": "una lunghezza", "en": "a length"},
    "units.dim.mass": {"it": "un peso", "en": "a weight"},
    "units.dim.temperature": {"it": "una temperatura", "en": "a temperature"},
    "units.dim.volume": {"it": "un volume", "en": "a volume"},
    "units.dim.speed": {"it": "una velocità", "en": "a speed"},
    "units.dim.data": {"it": "una quantità di dati", "en": "an amount of data"},
    "units.quantity": {"it": "{it}", "en": "{en}"},  # a quantity written in both languages, shown in one
})


# -- converting and writing -----------------------------------------------------------------------
def rounded(v: Fraction) -> tuple[Fraction, int, bool]:
    """`v` kept to 4 decimals (4 significant digits below 1: 0.0254, 0.000001), half away from zero;
    with the decimals used and whether nothing was lost."""
    a = abs(v)
    d = 4
    while a and a * 10 ** d < 1000 and d < MAX_DECIMALS:
        d += 1
    q = math.floor(a * 10 ** d + Fraction(1, 2))
    r = Fraction(q, 10 ** d) * (-1 if v < 0 else 1)
    return r, d, r == v


def write(v: Fraction, lang: str) -> str:
    """A number for a person: trailing zeros dropped, decimal comma in Italian ("167,64"), point in English."""
    r, d, _ = rounded(v)
    digits = str(abs(r.numerator) * (10 ** d // r.denominator)).rjust(d + 1, "0")
    whole, frac = digits[:-d], digits[-d:].rstrip("0")
    text = whole + (("," if lang == "it" else ".") + frac if frac else "")
    return ("-" if r < 0 else "") + text


def plain_number(v: Fraction) -> str:
    """The exact decimal of a typed number, for the canonical expression ("5.5", "-40", "0.000015")."""
    for d in range(MAX_DECIMALS):
        if (v * 10 ** d).denominator == 1:
            digits = str(abs(v.numerator) * (10 ** d // v.denominator)).rjust(d + 1, "0")
            text = digits[:-d] + "." + digits[-d:] if d else digits
            return ("-" if v < 0 else "") + text
    return write(v, "en")


def _quantity(parts: list[tuple[Fraction, Unit]], lang: str) -> str:
    """ "5 piedi e 6 pollici" / "5 ft 6 in": each number with its unit, the way the language writes it."""
    texts = []
    for v, unit in parts:
        n = write(v, lang)
        texts.append(f"{n} {unit.show(lang, 1 if n in ('1', '-1') else 2)}")
    if lang != "it" or len(texts) == 1:
        return " ".join(texts)
    return ", ".join(texts[:-1]) + " e " + texts[-1]


def _resolve(req: Request) -> tuple[list[tuple[Fraction, Unit]], tuple[Unit, ...]]:
    """ "gradi"/"degrees" alone take their scale from the other side: 20 gradi in °F are °C, 70 degrees in °C
    are °F (and °C beside kelvin)."""
    parts = [(p.value, p.unit) for p in req.parts]
    targets = req.targets
    src, dst = parts[0][1], targets[0]
    if src.generic and dst.dimension == "temperature":
        parts = [(parts[0][0], BY_ID["°F"] if dst.id == "°C" else BY_ID["°C"])]
    if dst.generic and src.dimension == "temperature":
        real = parts[0][1]
        targets = (BY_ID["°F"] if real.id == "°C" else BY_ID["°C"],)
    return parts, targets


def _base(parts: list[tuple[Fraction, Unit]]) -> Fraction:
    return sum((v * u.size + u.shift for v, u in parts), Fraction(0))


def exact_value(found: Request) -> Fraction:
    """The unrounded value in the (first) target unit: what the written answer rounds."""
    parts, targets = _resolve(found)
    return (_base(parts) - targets[0].shift) / targets[0].size


def _value(base: Fraction, targets: tuple[Unit, ...], lang: str) -> tuple[str, str, bool]:
    """(the number, the number with its unit(s), exact) of `base` written in the target unit(s)."""
    if len(targets) == 1:
        t = targets[0]
        out = (base - t.shift) / t.size
        n = write(out, lang)
        return n, f"{n} {t.show(lang, 1 if n in ('1', '-1') else 2)}", rounded(out)[2]
    big, small = targets
    a = abs(base)
    whole = math.floor(a / big.size)
    rest, _, exact = rounded((a - whole * big.size) / small.size)
    if rest >= big.size / small.size:  # 5 ft 12 in after rounding is 6 ft 0 in
        whole, rest = whole + 1, rest - big.size / small.size
    sign = -1 if base < 0 else 1
    text = _quantity([(Fraction(sign * whole), big), (rest * sign if not whole else rest, small)], lang)
    return text, text, exact


def convert(found: Request | Unknown) -> dict[str, Any]:
    """The tool result of a conversion; a `ToolError` for units that measure different things, a word that is
    no unit, or a temperature below absolute zero."""
    if isinstance(found, Unknown):
        raise ToolError(Message("units.unknown", word=found.word))
    parts, targets = _resolve(found)
    dim, dst_dim = parts[0][1].dimension, targets[0].dimension
    if dim != dst_dim or any(t.generic for t in targets) or parts[0][1].generic:
        raise ToolError(Message("units.incompatible", src=found.parts[0].typed, dst=found.typed_target,
                                src_dim=Message(f"units.dim.{dim}"), dst_dim=Message(f"units.dim.{dst_dim}")))
    base = _base(parts)
    if dim == "temperature" and base < 0:
        raise ToolError(Message("units.below_zero", value=Message(
            "units.quantity", it=_quantity(parts, "it"), en=_quantity(parts, "en"))))
    out: dict[str, Any] = {
        "expression": " + ".join(f"{plain_number(v)} {u.symbols[0]}" for v, u in parts) + " -> " +
                      " + ".join(t.symbols[0] for t in targets),
        "conversion": True, "dimension": dim, "unit": " + ".join(t.id for t in targets)}
    for lang in ("it", "en"):
        number, value, exact = _value(base, targets, lang)
        out["result_it" if lang == "it" else "result"] = number
        out[f"shown_{lang}"] = _quantity(parts, lang)
        out[f"value_{lang}"] = value
        out["exact"] = exact
        out[f"note_{lang}"] = _si_note(parts, targets, lang)
    return out


def _si_note(parts: list[tuple[Fraction, Unit]], targets: tuple[Unit, ...], lang: str) -> str:
    """For "2 GB in MB": SI is what was computed, and what 1024 would give (people often mean it)."""
    ids = {u.id for _, u in parts} | {t.id for t in targets}
    if (parts[0][1].dimension != "data" or len(targets) != 1 or len(ids) < 2 or not ids & set(BINARY_TWIN)
            or ids & set(BINARY_TWIN.values())):
        return ""
    twin = [(v, BY_ID[BINARY_TWIN.get(u.id, u.id)]) for v, u in parts]
    target = (BY_ID[BINARY_TWIN.get(targets[0].id, targets[0].id)],)
    _, value, exact = _value(_base(twin), target, lang)
    return say("units.si_note", lang, alt=f"{_quantity(twin, lang)} {'=' if exact else '≈'} {value}")


__all__ = ["Request", "Unknown", "convert", "exact_value", "find", "is_conversion", "rounded", "write"]
