"""What a translation or a rewrite must keep from its text: names, numbers, times, amounts, codes, links and paths.

Why: the small model sometimes drops a name, cuts one ("Chiara" → "Chia"), turns "entro le 18" into "by 6 PM" or
invents a date. A person pasting the result into a mail would not see it. `items` reads what must be kept from
the text itself (the quality table lists it by hand per case: resources/eval/selection); `carries` is the one
reading of "carried" — the quality check (app/bench/selection_checks.py) imports it from here, so the app and the
measurement agree: a number may change its separators ("4.350" as "4,350", "10:30" as "10.30"), everything else
is written as in the text. At run time (`kept`) a name with a usual other-language form (Torino/Turin) also counts
as kept in that form; the check does not relax.

What is a name here: a capitalized word inside a sentence (never its first word: "Porta tu il dolce" is a verb)
that is not a weekday, a month, a title or another word that is capitalized without being a name; a
camel-cased word (ParentPay) anywhere. A name that opens a sentence is not read ("Tom can't make it"): a
dictionary would be needed to tell it from a verb, and a false alarm costs the person a retry and a wrong note.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from . import dates, ranges

_LINK = re.compile(r"(?:https?://|www\.)[^\s<>\"')\]]+|[\w.+-]+@[\w-]+\.[\w.-]+")
_PATH = re.compile(r"(?<![\w/\\])(?:[A-Za-z]:\\[^\s,;]+|\\\\[^\s,;]+|~?/(?:[\w.-]+/)+[\w.-]+)")
_FILE = re.compile(r"(?<![\w/\\.])[\w-]{2,}\.[A-Za-z][A-Za-z0-9]{1,4}(?::\d+)?(?![\w])")
_CODE = re.compile(r"(?<![\w#/])(?:#\d+|#?[\w/-]*(?:\d[\w/-]*[A-Za-z]|[A-Za-z][\w/-]*\d)[\w./-]*(?<![./-]))")
_UNITS = r"(?i:st|nd|rd|th|am|pm|h|k|m|km|kg|g|mb|gb|tb|kb|ml|l|cm|mm|min|s|x)"
_UNIT = re.compile(rf"\d+(?:[.,:]\d+)?{_UNITS}")
_NUM = r"\d+(?:[.,:/-]\d+|\s\d{3}(?!\d))*"
_AMOUNT = re.compile(rf"[€£$]\s?{_NUM}|(?<![\w.,]){_NUM}\s?[€£$]")
_NUMBER = re.compile(rf"(?<![\w.,:/-]){_NUM}(?={_UNITS}?(?!\w))")


def _unit_symbols() -> frozenset[str]:
    """The unit symbols a number may carry after a space ("75 g", "87.000 km", "120 mph", "3,5 kg"): from the unit
    table (app/lang/units.py), not the names ("chili" is translated), nor the weak or one-letter ones a sentence
    uses as words ("in", "c", "B"), but g, m and l."""
    from app.lang.units import UNITS

    return frozenset({y for u in UNITS for y in u.symbols if y not in u.weak and y.isascii()
                      and (len(y) >= 2 or y in "gml") and y not in ("st", "in")} | {"°C", "°F", "°"})


# A number, a space and the word after it: one item when that word is a unit symbol (_UNIT_SYMBOLS), so the
# translation's placeholder holds the unit too — alone, the number was kept and the symbol became a word the model
# translated or dropped ("87.000 kilometers", "75").
_NUMBER_WORD = re.compile(rf"(?<![\w.,:/-])(?P<n>{_NUM})\s(?P<u>°?[A-Za-z][A-Za-z/]*|°)(?![\w°])")
_UNIT_SYMBOLS = _unit_symbols()

_WORD = re.compile(r"(?<!\w)[A-ZÀ-Þ][a-zà-ÿ]+(?:[A-Z][a-zà-ÿ]+)*(?:-[A-Z][a-zà-ÿ]+)?(?![\w])")
_CAMEL = re.compile(r"(?<!\w)[A-Za-z]+[a-z][A-Z]\w*")
_HEAD = re.compile(r"(?:[.!?…:;]|\n|[-–—•*]\s|(?<!\w)\d{1,2}[.)]\s)[\s\"'«“‘(\[]*$")  # "1) Release": a list item opens
# Capitalized without being names: titles, weekdays, months, languages, the pronoun I, polite forms.
COMMON = frozenset("""
i mr mrs ms dr dott dottor dottoressa prof sig signor signora gentile caro cara dear hi hello ciao salve
lei la le loro voi sv
monday tuesday wednesday thursday friday saturday sunday lunedì martedì mercoledì giovedì venerdì sabato domenica
january february march april may june july august september october november december gennaio febbraio marzo
aprile maggio giugno luglio agosto settembre ottobre novembre dicembre
english italian inglese italiano french german spanish
""".split())
# Names with a usual form in the other language: either form is kept.
EXONYMS: dict[str, str] = {
    "Torino": "Turin", "Milano": "Milan", "Roma": "Rome", "Firenze": "Florence", "Napoli": "Naples",
    "Venezia": "Venice", "Genova": "Genoa", "Padova": "Padua", "Mantova": "Mantua", "Sicilia": "Sicily",
    "Sardegna": "Sardinia", "Toscana": "Tuscany", "Lombardia": "Lombardy", "Piemonte": "Piedmont", "Italia": "Italy",
    "Londra": "London", "Parigi": "Paris", "Germania": "Germany", "Francia": "France", "Spagna": "Spain",
    "Inghilterra": "England", "Svizzera": "Switzerland", "Monaco": "Munich", "Ginevra": "Geneva",
    "Lisbona": "Lisbon", "Atene": "Athens", "Bruxelles": "Brussels", "Mosca": "Moscow", "Europa": "Europe",
    "Natale": "Christmas", "Pasqua": "Easter",
}
_OTHER = {**EXONYMS, **{v: k for k, v in EXONYMS.items()}}


_RANGE_DASH = re.compile(r"(?<=\d)\s?[-\u2010-\u2015\u2212]\s?(?=\d)")


def norm(s: str) -> str:
    """Separators of numbers made one ("4.350", "4,350" and "4 350" compare equal), the dash of a range made one
    ("14:00–16:00", "14:00-16:00" and "14:00 - 16:00": a reader sees the same range; a typed text has a hyphen
    where a typeset one has an en dash), spaces squeezed."""
    s = _RANGE_DASH.sub("-", s)
    s = re.sub(r"(?<=\d)[.,:\u202f\u00a0 ](?=\d)", ".", s)
    return " ".join(s.split())


def carries(answer: str, item: str) -> bool:
    """Does `answer` keep `item` as written (numbers' separators aside)? The quality check's reading."""
    return norm(item) in norm(answer)


def kept(answer: str, item: str) -> bool:
    """`carries`, or a name's other-language form ("Turin" keeps "Torino"): the app's reading, which must not
    warn about a city written as the other language writes it."""
    other = _OTHER.get(item)
    return carries(answer, item) or (bool(other) and carries(answer, other or ""))


_DIGITS = re.compile(r"\d+")


def added_numbers(source: str, answer: str) -> list[str]:
    """Digit runs of the answer that the source does not have (an invented time, a changed amount)."""
    have = set(_DIGITS.findall(source))
    return [d for d in _DIGITS.findall(answer) if d not in have and d.lstrip("0") not in have]


def invented(source: str, answer: str) -> list[str]:
    """`added_numbers` a person should be told about: not the zeros of a time written out ("by 18:00" for
    "entro le 18"), which the quality check still counts."""
    return [d for d in added_numbers(source, answer) if d.strip("0")]


@dataclass(frozen=True)
class Item:
    """One thing to keep: its text as written, and its kind (link, path, code, amount, number, name)."""

    text: str
    kind: str


def _opens_sentence(text: str, at: int) -> bool:
    before = text[max(0, at - 12):at]
    return not text[:at].strip(" \"'«“‘([") or bool(_HEAD.search(before))


def items(text: str) -> list[Item]:
    """What a translation or a rewrite of `text` must carry, in the order the text has it, once each."""
    found: list[tuple[int, Item]] = []
    masked = text

    def take(rx: re.Pattern[str], kind: str, strip: str = ".,;:!?)",
             when: Callable[[re.Match[str]], bool] | None = None) -> None:
        nonlocal masked
        for m in rx.finditer(masked):
            if when is not None and not when(m):
                continue
            value = m.group(0).rstrip(strip)
            if kind == "code" and _UNIT.fullmatch(value):
                continue  # "10am", "3rd", "500MB": a number with its unit; the number is read below
            if value:
                found.append((m.start(), Item(value, kind)))
                masked = masked[:m.start()] + " " * len(m.group(0)) + masked[m.end():]

    take(_LINK, "link")
    take(_PATH, "path")
    take(_FILE, "path")
    take(_AMOUNT, "amount", ".,;:!?)")
    take(_CODE, "code")
    take(_NUMBER_WORD, "number", ",;:!?)", when=lambda m: m.group("u") in _UNIT_SYMBOLS)
    take(_NUMBER, "number", ",;:!?)")
    for m in _CAMEL.finditer(masked):
        found.append((m.start(), Item(m.group(0), "name")))
        masked = masked[:m.start()] + " " * len(m.group(0)) + masked[m.end():]
    for m in _WORD.finditer(masked):
        word = m.group(0)
        if word.lower() in COMMON or _opens_sentence(text, m.start()):
            continue
        found.append((m.start(), Item(word, "name")))
    seen: set[str] = set()
    out: list[Item] = []
    for _at, item in sorted(found, key=lambda p: p[0]):
        if item.text not in seen:
            seen.add(item.text)
            out.append(item)
    return out


def missing(source: str, answer: str) -> list[Item]:
    """The items of `source` that `answer` does not carry."""
    return [i for i in items(source) if not kept(answer, i.text)]


def _digits(s: str) -> str:
    return re.sub(r"\D", "", s)


_HOUR = re.compile(r"(\d{1,2})(?:[:.](\d{2}))?")
Mended = tuple[str, "tuple[str, str] | None"]


def _mend_name(answer: str, name: str, source_words: set[str]) -> Mended:
    """"Chia" for "Chiara": a capitalized word the name begins with, not itself a word of the text."""
    for m in re.finditer(r"(?<!\w)[A-ZÀ-Þ]\w{2,}(?!\w)", answer):
        cut = m.group(0)
        if name.startswith(cut) and len(cut) < len(name) and cut not in source_words:
            return answer[:m.start()] + name + answer[m.end():], (cut, name)
    return answer, None


def _mend_hour(answer: str, number: str) -> Mended:
    """"6 PM" for "18", "9:00 p.m." for "21:00": the text's hour back as the text writes it ("by 18", never
    "18:00": the ":00" would be a number the text does not have)."""
    hour = _HOUR.fullmatch(number)
    if not hour or not 13 <= int(hour.group(1)) <= 23:
        return answer, None
    h, mm = int(hour.group(1)), hour.group(2)
    pm = re.compile(rf"(?<![\w.:]){h - 12}(?:[:.]({mm or '00'}))?\s?(?:p\.\s?m\.|pm\b)", re.IGNORECASE)
    m = pm.search(answer)
    if not m or (mm is not None and not m.group(1)):
        return answer, None
    restored = number
    rest = answer[m.end():]
    ends = m.group(0).endswith(".") and (not rest.strip() or re.match(r"\s+[A-ZÀ-Þ]", rest))
    return answer[:m.start()] + restored + ("." if ends else "") + rest, (m.group(0), restored)  # "p.m." ended it


def _mend_path(answer: str, path: str) -> Mended:
    """"C:\\Users\\marta\\Documents\\bilancio.xlsx" for "C:\\Utenti\\marta\\Documenti\\bilancio.xlsx": a path is a
    name on the disk, never translated — a path of the answer with the same file name and as many parts is the
    text's, put back as written."""
    sep = "\\" if "\\" in path else "/"
    parts = path.split(sep)
    for m in list(_PATH.finditer(answer)) + list(_FILE.finditer(answer)):
        found = m.group(0).rstrip(".,;:!?)")
        got = found.split(sep)
        if found != path and got[-1] == parts[-1] and len(got) == len(parts):
            return answer[:m.start()] + path + answer[m.start() + len(found):], (found, path)
    return answer, None


def _mend_amount(answer: str, amount: str) -> Mended:
    """"€12,400" for "12.400 €": the same digits and sign, the sign on the other side."""
    sign = next(c for c in amount if c in "€£$")
    for m in _AMOUNT.finditer(answer):
        if sign in m.group(0) and _digits(m.group(0)) == _digits(amount):
            return answer[:m.start()] + amount + answer[m.end():], (m.group(0), amount)
    return answer, None


def repair(source: str, answer: str) -> tuple[str, list[tuple[str, str]]]:
    """`answer` with what is recognisably an item of `source` cut or moved put back as written: a name cut short
    ("Chia" for "Chiara"), an amount with its currency sign on the other side ("€12,400" for "12.400 €"), an hour
    of the 24-hour clock the model wrote on the 12-hour one ("6 PM" for "18", "9:00 p.m." for "21:00": the text's
    hour, as the text writes it), a range of hours spelled out in words ("from 10:00 to 13:00" for "10:00-13:00",
    ranges.py), a path with its folders translated, a date or a weekday changed (dates.py:
    "April 3, 2025" for "03/04/2025", "il 5 marzo" for "by Friday"). Nothing else: a dropped item is not guessed
    back. Returns the answer and the (found, restored) pairs."""
    done: list[tuple[str, str]] = []
    source_words = set(re.findall(r"\w+", source))
    for item in missing(source, answer):
        if item.kind == "name" and len(item.text) >= 5:
            answer, pair = _mend_name(answer, item.text, source_words)
        elif item.kind == "number" and ranges.is_range(item.text):
            answer, pair = ranges.mend(answer, item.text)
        elif item.kind == "number":
            answer, pair = _mend_hour(answer, item.text)
        elif item.kind == "amount":
            answer, pair = _mend_amount(answer, item.text)
        elif item.kind == "path":
            answer, pair = _mend_path(answer, item.text)
        else:
            pair = None
        if pair:
            done.append(pair)
    answer, changed = dates.mend(source, answer)
    return answer, done + changed


__all__ = ["COMMON", "EXONYMS", "Item", "added_numbers", "carries", "invented", "items", "kept", "missing", "norm",
           "repair"]
