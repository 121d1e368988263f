"""Units of measure as people type them in Italian and English: a table, and the reader built from it.

Why data and not code: the words ("piedi", "libbre", "km orari", "fl oz", "°F") and the exact factors are
facts to look up, not logic. Kept in one table, a unit is added or a spelling fixed in one line, the tests
can walk every entry, and the matcher is built from the table (a dictionary of word tuples looked up
token by token), so no hand-written regex alternation grows with the vocabulary.

Each unit has an id, a dimension, its exact size in the dimension's base unit (a decimal string read as a
Fraction: the legal definitions, 1 in = 2.54 cm, 1 lb = 0.45359237 kg, 1 US gal = 3.785411784 l), the
names used in answers (IT and EN, singular and plural), its symbols, and other spellings. The first
symbol is the canonical one (unique in the table). Conventions chosen where usage is split:

- data sizes: KB, MB, GB, TB are SI (powers of 1000, as disk makers and the SI say); KiB, MiB, GiB, TiB
  are binary (powers of 1024). Bytes only: "Mb" lowercased is "mb", so bits are not read.
- volumes: gallon, quart, pint, cup and fl oz are US customary ("tazza" is the US cup, 236.59 ml);
  the imperial gallon and pint have their own entries ("imperial pint", "pinta imperiale").
- temperatures carry an offset (kelvin = value × factor + offset); "gradi"/"degrees" alone is a
  temperature whose scale the conversion decides (the other one of °C/°F).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from fractions import Fraction
from functools import lru_cache

BASE = {"length": "m", "mass": "kg", "temperature": "K", "volume": "l", "speed": "m/s", "data": "B"}
MAX_ALIASES = 25
MAX_ALIAS_WORDS = 3


@dataclass(frozen=True)
class Unit:
    """One unit: `factor` (and `offset`, temperatures only) give its value in the base unit of `dimension`.

    `it`/`en` are the names (singular, plural); `shown` says how an answer writes it in each language:
    "symbol" (cm, kg, °C: read everywhere) or "name" ("piedi" for an Italian reader, who does not use ft).
    `weak` lists aliases that are also everyday words ("in", "mi"): a unit only right after a number or
    at the very end of the request. `cased` ones count only in that case ("K", "B": "5k" is no kelvin)."""

    id: str
    dimension: str
    factor: str
    it: tuple[str, str]
    en: tuple[str, str]
    symbols: tuple[str, ...]
    more: tuple[str, ...] = ()
    shown: tuple[str, str] = ("symbol", "symbol")  # (Italian answer, English answer)
    offset: str = "0"
    weak: tuple[str, ...] = ()
    cased: tuple[str, ...] = ()  # aliases read only as typed: "K" is kelvin, "5k" is a 5 km run

    @property
    def size(self) -> Fraction:
        return Fraction(self.factor)

    @property
    def shift(self) -> Fraction:
        return Fraction(self.offset)

    @property
    def affine(self) -> bool:
        """A scale with its own zero (°C, °F): values are not added up."""
        return self.offset != "0"

    @property
    def generic(self) -> bool:
        """"gradi", "degrees": a temperature whose scale the other side of the conversion decides."""
        return self.id == "deg"

    def aliases(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys((*self.symbols, *self.it, *self.en, *self.more)))

    def show(self, lang: str, n: Fraction | int) -> str:
        """The unit as an answer writes it after the number `n`."""
        how = self.shown[0] if lang == "it" else self.shown[1]
        if how == "symbol":
            return self.symbols[0]
        one, many = self.it if lang == "it" else self.en
        return one if n == 1 else many


_NAME = ("name", "symbol")  # Italian readers get the name ("piedi"), English ones the symbol ("ft")
_NAMES = ("name", "name")

UNITS: tuple[Unit, ...] = (
    # -- length (base: metre) -------------------------------------------------------------------------
    Unit("mm", "length", "0.001", ("millimetro", "millimetri"), ("millimeter", "millimeters"), ("mm",),
         ("millimetre", "millimetres")),
    Unit("cm", "length", "0.01", ("centimetro", "centimetri"), ("centimeter", "centimeters"), ("cm",),
         ("centimetre", "centimetres")),
    Unit("dm", "length", "0.1", ("decimetro", "decimetri"), ("decimeter", "decimeters"), ("dm",),
         ("decimetre", "decimetres")),
    Unit("m", "length", "1", ("metro", "metri"), ("meter", "meters"), ("m", "mt", "mtr"), ("metre", "metres")),
    Unit("km", "length", "1000", ("chilometro", "chilometri"), ("kilometer", "kilometers"), ("km", "kms"),
         ("kilometre", "kilometres", "kilometro", "kilometri")),
    Unit("in", "length", "0.0254", ("pollice", "pollici"), ("inch", "inches"), ("in", '"'), shown=_NAME,
         weak=("in",)),
    Unit("ft", "length", "0.3048", ("piede", "piedi"), ("foot", "feet"), ("ft", "'"), ("feets", "piedi inglesi"),
         shown=_NAME),
    Unit("yd", "length", "0.9144", ("iarda", "iarde"), ("yard", "yards"), ("yd", "yds"), ("yarde",), shown=_NAME),
    Unit("mi", "length", "1609.344", ("miglio", "miglia"), ("mile", "miles"), ("mi",),
         ("miglio terrestre", "miglia terrestri", "statute mile", "statute miles"), shown=_NAME, weak=("mi",)),
    Unit("nmi", "length", "1852", ("miglio nautico", "miglia nautiche"), ("nautical mile", "nautical miles"),
         ("nmi",), ("miglio marino", "miglia marine", "nautic mile", "nautic miles"), shown=_NAME),
    # -- mass (base: kilogram) ------------------------------------------------------------------------
    Unit("mg", "mass", "0.000001", ("milligrammo", "milligrammi"), ("milligram", "milligrams"), ("mg",),
         ("milligramme", "milligrammes")),
    Unit("g", "mass", "0.001", ("grammo", "grammi"), ("gram", "grams"), ("g", "gr", "grs"),
         ("gramme", "grammes", "grami")),
    Unit("hg", "mass", "0.1", ("etto", "etti"), ("hectogram", "hectograms"), ("hg",), ("ettogrammo", "ettogrammi")),
    Unit("kg", "mass", "1", ("chilogrammo", "chilogrammi"), ("kilogram", "kilograms"), ("kg", "kgs"),
         ("chilo", "chili", "kilo", "kilos", "kilogramme", "kilogrammes", "kilogrammi")),
    Unit("q", "mass", "100", ("quintale", "quintali"), ("quintal", "quintals"), ("q", "ql"), shown=_NAMES,
         weak=("q",)),
    Unit("t", "mass", "1000", ("tonnellata", "tonnellate"), ("tonne", "tonnes"), ("t",),
         ("metric ton", "metric tons", "tonnellata metrica", "tonnellate metriche"), weak=("t",)),
    Unit("oz", "mass", "0.028349523125", ("oncia", "once"), ("ounce", "ounces"), ("oz",), shown=_NAME),
    Unit("lb", "mass", "0.45359237", ("libbra", "libbre"), ("pound", "pounds"), ("lb", "lbs"), shown=_NAME),
    Unit("st", "mass", "6.35029318", ("stone", "stone"), ("stone", "stone"), ("st",), ("stones",), shown=_NAME),
    # -- temperature (base: kelvin; kelvin = value × factor + offset) -----------------------------------
    Unit("°C", "temperature", "1", ("grado Celsius", "gradi Celsius"), ("degree Celsius", "degrees Celsius"),
         ("°C", "c", "° c", "°c"), ("celsius", "centigradi", "centigrado", "gradi celsius", "grado celsius",
                              "gradi centigradi", "degrees celsius", "degree celsius", "degrees c", "gradi c",
                              "deg c", "degc", "celcius", "celsio"),
         offset="273.15"),
    Unit("°F", "temperature", "5/9", ("grado Fahrenheit", "gradi Fahrenheit"),
         ("degree Fahrenheit", "degrees Fahrenheit"), ("°F", "f", "° f", "°f"),
         ("fahrenheit", "farenheit", "fahreneit", "gradi fahrenheit", "grado fahrenheit", "degrees fahrenheit",
          "degree fahrenheit", "degrees f", "gradi f", "deg f", "degf"),
         offset="45967/180"),  # (F + 459.67) × 5/9
    Unit("K", "temperature", "1", ("kelvin", "kelvin"), ("kelvin", "kelvins"), ("K", "°k"),
         ("gradi kelvin", "degrees kelvin"), cased=("K",)),
    Unit("deg", "temperature", "1", ("grado", "gradi"), ("degree", "degrees"), ("°",), ("deg",)),
    # -- volume (base: litre) -------------------------------------------------------------------------
    Unit("ml", "volume", "0.001", ("millilitro", "millilitri"), ("milliliter", "milliliters"), ("ml",),
         ("millilitre", "millilitres", "cm3", "cc", "centimetri cubi", "centimetro cubo", "cubic centimeter",
          "cubic centimeters", "cubic centimetre", "cubic centimetres")),
    Unit("cl", "volume", "0.01", ("centilitro", "centilitri"), ("centiliter", "centiliters"), ("cl",),
         ("centilitre", "centilitres")),
    Unit("dl", "volume", "0.1", ("decilitro", "decilitri"), ("deciliter", "deciliters"), ("dl",),
         ("decilitre", "decilitres")),
    Unit("l", "volume", "1", ("litro", "litri"), ("liter", "liters"), ("l", "lt", "ltr"),
         ("litre", "litres", "dm3", "decimetri cubi", "decimetro cubo")),
    Unit("m3", "volume", "1000", ("metro cubo", "metri cubi"), ("cubic meter", "cubic meters"), ("m3", "mc"),
         ("cubic metre", "cubic metres", "metro cubico", "metri cubici")),
    Unit("cup", "volume", "0.2365882365", ("tazza", "tazze"), ("cup", "cups"), ("cup",), ("us cup", "us cups"),
         shown=_NAMES),
    Unit("floz", "volume", "0.0295735295625", ("oncia liquida", "once liquide"), ("fluid ounce", "fluid ounces"),
         ("fl oz", "floz", "fl. oz"), ("oncia fluida", "once fluide", "fl oz us", "us fl oz"), shown=_NAME),
    Unit("pt", "volume", "0.473176473", ("pinta", "pinte"), ("pint", "pints"), ("pt",),
         ("us pint", "us pints", "pinta americana", "pinte americane"), shown=_NAME),
    Unit("qt", "volume", "0.946352946", ("quarto di gallone", "quarti di gallone"), ("quart", "quarts"), ("qt",),
         ("us quart", "us quarts"), shown=_NAME),
    Unit("gal", "volume", "3.785411784", ("gallone", "galloni"), ("gallon", "gallons"), ("gal",),
         ("us gallon", "us gallons", "gallone americano", "galloni americani", "gallone us", "galloni us", "galoni",
          "galone"),
         shown=_NAME),
    Unit("imp pt", "volume", "0.56826125", ("pinta imperiale", "pinte imperiali"), ("imperial pint", "imperial pints"),
         ("imp pt",), ("uk pint", "uk pints", "pinta inglese", "pinte inglesi", "british pint", "british pints"),
         shown=_NAMES),
    Unit("imp gal", "volume", "4.54609", ("gallone imperiale", "galloni imperiali"),
         ("imperial gallon", "imperial gallons"), ("imp gal",),
         ("uk gallon", "uk gallons", "gallone inglese", "galloni inglesi", "british gallon", "british gallons"),
         shown=_NAMES),
    # -- speed (base: metre per second) ---------------------------------------------------------------
    Unit("km/h", "speed", "5/18", ("chilometro orario", "chilometri orari"),
         ("kilometer per hour", "kilometers per hour"), ("km/h", "kmh", "kph", "km/ora"),
         ("km orari", "km all ora", "km per ora", "km/hr", "chilometri all ora", "chilometri l ora",
          "chilometri per ora", "kilometri orari", "km per hour", "kilometres per hour", "km an hour",
          "kilometers an hour")),
    Unit("m/s", "speed", "1", ("metro al secondo", "metri al secondo"), ("meter per second", "meters per second"),
         ("m/s", "mps"), ("metres per second", "metre per second", "m/sec", "metri al sec", "metri per secondo")),
    Unit("mph", "speed", "0.44704", ("miglio orario", "miglia orarie"), ("mile per hour", "miles per hour"),
         ("mph", "mi/h"), ("miglia all ora", "miglia l ora", "miglia per ora", "miles an hour"), shown=_NAME),
    Unit("kn", "speed", "463/900", ("nodo", "nodi"), ("knot", "knots"), ("kn", "kt", "kts"), shown=_NAME),
    # -- data size (base: byte; KB… are SI, KiB… binary) ----------------------------------------------
    Unit("B", "data", "1", ("byte", "byte"), ("byte", "bytes"), ("B",), cased=("B",)),
    Unit("KB", "data", "1000", ("kilobyte", "kilobyte"), ("kilobyte", "kilobytes"), ("KB", "kbyte", "kbytes"),
         ("kilo byte", "kilo bytes")),
    Unit("MB", "data", "1000000", ("megabyte", "megabyte"), ("megabyte", "megabytes"), ("MB", "mbyte", "mbytes"),
         ("mega", "mega byte", "mega bytes")),
    Unit("GB", "data", "1000000000", ("gigabyte", "gigabyte"), ("gigabyte", "gigabytes"),
         ("GB", "gbyte", "gbytes", "gigs"), ("giga", "giga byte", "giga bytes", "gigabait")),
    Unit("TB", "data", "1000000000000", ("terabyte", "terabyte"), ("terabyte", "terabytes"),
         ("TB", "tbyte", "tbytes"), ("tera", "tera byte", "tera bytes")),
    Unit("KiB", "data", "1024", ("kibibyte", "kibibyte"), ("kibibyte", "kibibytes"), ("KiB",)),
    Unit("MiB", "data", "1048576", ("mebibyte", "mebibyte"), ("mebibyte", "mebibytes"), ("MiB",)),
    Unit("GiB", "data", "1073741824", ("gibibyte", "gibibyte"), ("gibibyte", "gibibytes"), ("GiB",)),
    Unit("TiB", "data", "1099511627776", ("tebibyte", "tebibyte"), ("tebibyte", "tebibytes"), ("TiB",)),
)
BY_ID: dict[str, Unit] = {u.id: u for u in UNITS}
# the SI data multiples and their binary counterparts ("GB people often mean 1024")
BINARY_TWIN = {"KB": "KiB", "MB": "MiB", "GB": "GiB", "TB": "TiB"}


@lru_cache(maxsize=1)
def unit_words() -> frozenset[str]:
    """Every one-word unit name of three letters or more ("miles", "litri", "pounds"): known words, which a
    reader of typos must not take for a mistyped verb ("miles" is not "mails")."""
    return frozenset(a.lower() for u in UNITS for a in u.aliases() if " " not in a and len(a) >= 3 and a.isalpha())


def english_unit_names() -> frozenset[str]:
    """One-word unit names that are English only ("feet", "pounds", not "stone" or "kelvin", which Italian
    shares): evidence of the request's language where a conversion has no other English word."""
    italian = {w.lower() for u in UNITS for w in (*u.it, *u.more)}
    return frozenset(w.lower() for u in UNITS for w in u.en if " " not in w and w.lower() not in italian)


# -- reading ----------------------------------------------------------------------------------------
_FOLD = str.maketrans({"º": "°", "³": "3", "²": "2", "’": "'", "′": "'", "″": '"', "”": '"', "“": '"', "µ": "u"})


def normalize(text: str) -> str:
    """Lowercase, with the typographic variants people paste folded to one form (º -> °, ³ -> 3, ″ -> ").
    Character for character, so an offset in the result is the same offset in the text as typed."""
    text = text.replace("→", "->")
    low = text.lower()
    if len(low) != len(text):  # a character whose lowercase is longer ("İ"): keep it as typed
        low = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
    return low.translate(_FOLD)


@dataclass(frozen=True)
class Token:
    kind: str  # "num" (digits), "word", "sym" (-> = + , ? ' " -), "bar" (a path: nothing reads across it)
    text: str  # normalized
    start: int
    end: int
    raw: str = ""  # as typed (the case of "K", "B")


_TOKEN = re.compile(r"(?P<num>\d+(?:[.,]\d+)*)|(?P<word>°?[a-zà-öø-ÿ]+(?:/[a-z]+)?(?:[23](?!\w))?|°)"
                    r"|(?P<sym>->|[=+,;:?!()\-'\"])|(?P<bar>\|+)")
_PATHLIKE = re.compile(r"(?:https?://|www\.)\S+|(?<!\S)~\S*|\S*/\S*")


@lru_cache(maxsize=2048)
def tokens(text: str) -> tuple[Token, ...]:
    """The request as tokens. A path or URL becomes one barrier token ("the 3 files in /tmp/x" has no
    unit in it); an apostrophe or quote is a token only right after a number (5'6")."""
    typed = text.replace("→", "->")
    low = normalize(text)

    def barrier(m: re.Match[str]) -> str:
        word = re.sub(r"^[\d.,]+", "", m.group(0).strip(".,;:?!()"))  # "100km/h"
        return m.group(0) if (word,) in alias_index() else "|" * len(m.group(0))

    low = _PATHLIKE.sub(barrier, low)
    out: list[Token] = []
    for m in _TOKEN.finditer(low):
        kind = m.lastgroup or "sym"
        tok = Token(kind, m.group(0), m.start(), m.end(), typed[m.start():m.end()])
        if kind == "sym" and tok.text in "'\"" and not (out and out[-1].kind == "num" and out[-1].end == tok.start):
            continue  # all'ora, l'acqua, quotes around words
        out.append(tok)
    return tuple(out)


def _key(alias: str) -> tuple[str, ...]:
    """An alias as the token tuple the reader sees: "all'ora" -> ("all", "ora"), "° c" -> ("°", "c")."""
    alias = normalize(alias)
    alias = re.sub(r"(?<=[a-z])'(?=[a-z])", " ", alias).replace(".", " ")
    return tuple(alias.split())


@lru_cache(maxsize=1)
def alias_index() -> dict[tuple[str, ...], Unit]:
    """Every alias of the table, as a token tuple -> its unit. Two units claiming one alias is a bug."""
    index: dict[tuple[str, ...], Unit] = {}
    for unit in UNITS:
        for alias in unit.aliases():
            key = _key(alias)
            if not key or len(key) > MAX_ALIAS_WORDS:
                raise ValueError(f"unit {unit.id}: alias {alias!r} is not 1–{MAX_ALIAS_WORDS} words")
            other = index.get(key)
            if other is not None and other.id != unit.id:
                raise ValueError(f"alias {alias!r} belongs to both {other.id} and {unit.id}")
            index[key] = unit
    return index


@lru_cache(maxsize=1)
def _cased() -> dict[tuple[str, ...], tuple[str, ...]]:
    return {_key(a): tuple(a.split()) for u in UNITS for a in u.cased}


@lru_cache(maxsize=256)
def near_alias(word: str) -> str | None:
    """The one unit name `word` is a misspelling of ("farenait" → "fahrenheit", "celsious" → "celsius"), or None.

    Why: a conversion with its unit misspelt was answered "I don't know the unit «farenait»" (everyday8-16); a
    one-slip reading (lang.words.one_slip) misses a word spelt by ear. Only words of five letters or more, only
    aliases of one word, the same first letter, a similarity of at least NEAR_RATIO and no second alias of another
    unit as near: "litri" stays a word, "metro" is no "meter" (already an alias), "chilo" is no "chili"."""
    w = normalize(word)
    if len(w) < 5 or not w.isalpha() or (w,) in alias_index():
        return None
    scored = sorted(((SequenceMatcher(None, w, key[0]).ratio(), key[0], unit.id)
                     for key, unit in alias_index().items()
                     if len(key) == 1 and len(key[0]) >= 4 and key[0][0] == w[0] and key[0].isalpha()),
                    reverse=True)
    if not scored or scored[0][0] < NEAR_RATIO:
        return None
    rivals = [s for s in scored[1:] if s[2] != scored[0][2] and s[0] > scored[0][0] - NEAR_GAP]
    return None if rivals else scored[0][1]


NEAR_RATIO = 0.75  # difflib's ratio: "farenait"/"fahrenheit" 0.78, "celsious"/"celsius" 0.93
NEAR_GAP = 0.05  # another unit's alias this close makes the word ambiguous: no guess


@lru_cache(maxsize=1)
def weak_keys() -> frozenset[tuple[str, ...]]:
    """Aliases that are also everyday words ("in", "mi"): units only right after a number or at the end."""
    return frozenset(_key(a) for u in UNITS for a in u.weak)


@lru_cache(maxsize=1)
def _first_words() -> frozenset[str]:
    return frozenset(key[0] for key in alias_index())


def unit_at(toks: tuple[Token, ...], i: int) -> tuple[Unit, int] | None:
    """The unit whose longest alias starts at token i, and the token after it; None when there is none."""
    if toks[i].text not in _first_words():
        return None
    index, cased = alias_index(), _cased()
    for n in range(min(MAX_ALIAS_WORDS, len(toks) - i), 0, -1):
        run = toks[i:i + n]
        if any(t.kind not in ("word", "sym") for t in run):
            continue
        key = tuple(t.text for t in run)
        unit = index.get(key)
        if unit is not None and (key not in cased or tuple(t.raw for t in run) == cased[key]):
            return unit, i + n
    return None


__all__ = ["BASE", "BINARY_TWIN", "BY_ID", "MAX_ALIASES", "Token", "UNITS", "Unit", "alias_index",
           "english_unit_names", "near_alias", "normalize", "tokens", "unit_at", "weak_keys"]
