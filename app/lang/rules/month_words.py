"""Month names in a date: "il 3 marzo", "12th of June 2024", "3 feb".

Read by lang/when.py: a day number before a month word is a date (MONTHS there, month -> number, is built from
these rules, and so is MONTH_NAMES, memory's cue that a fact has a date). Full names per language, in calendar
order (a name's place is its month); the short English forms are a rule of their own, kept out of MONTH_NAMES
("mar", "dec" are no cue in a sentence).
"""
from __future__ import annotations

from .numbers_words import WHOLE_WORD, longest_first
from .table import Rule, Table

MONTHS_IT = ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre",
             "ottobre", "novembre", "dicembre")
MONTHS_EN = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
             "november", "december")
MONTHS_SHORT: dict[str, int] = {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
    "oct": 10, "nov": 11, "dec": 12,
}

_UNITS_IT = ("uno", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove")
_TEENS_IT = ("dieci", "undici", "dodici", "tredici", "quattordici", "quindici", "sedici", "diciassette", "diciotto",
             "diciannove")
_UNITS_EN = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_ORD_EN = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
_TEENS_EN = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
             "nineteen")
_TEENS_ORD_EN = ("tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
                 "seventeenth", "eighteenth", "nineteenth")


def _day_words() -> dict[str, int]:
    """Each way a day of the month (1-31) is said in words -> its number: "due", "ventitré", "trentuno", "third",
    "twenty-first", "twenty first" (Italian "primo" is the reading's own: "il primo di ogni mese")."""
    out: dict[str, int] = {}
    for n, w in enumerate(_UNITS_IT[1:], 2):
        out[w] = n
    for n, w in enumerate(_TEENS_IT, 10):
        out[w] = n
    for ten, value in (("venti", 20), ("trenta", 30)):
        out[ten] = value
        for n, w in enumerate(_UNITS_IT, 1):
            if value + n > 31:
                break
            joined = (ten[:-1] if w[0] in "uo" else ten) + w  # "ventuno", "ventotto", "trentuno"
            out[joined] = value + n
            if joined.endswith("tre"):
                out[joined[:-1] + "é"] = value + n  # "ventitré", as it is written, beside "ventitre" as typed
    for n, (card, ordinal) in enumerate(zip(_UNITS_EN, _ORD_EN), 1):
        out[ordinal] = n
        if n > 1:
            out[card] = n
    for n, (card, ordinal) in enumerate(zip(_TEENS_EN, _TEENS_ORD_EN), 10):
        out[card] = out[ordinal] = n
    for ten, value, tenth in (("twenty", 20, "twentieth"), ("thirty", 30, "thirtieth")):
        out[ten] = out[tenth] = value
        for n, (card, ordinal) in enumerate(zip(_UNITS_EN, _ORD_EN), 1):
            if value + n > 31:
                break
            for sep in ("-", " "):
                out[f"{ten}{sep}{card}"] = out[f"{ten}{sep}{ordinal}"] = value + n
    return out


DAY_WORDS: dict[str, int] = _day_words()
_DAY_IT = r"(?:(?:vent|trent)(?:[ia])?(?:" + "|".join(_UNITS_IT) + r"|tré)?|(?:" + "|".join(_TEENS_IT) + ")|(?:" + \
    "|".join(_UNITS_IT[1:]) + "))"
_UNIT_EN = "(?:" + "|".join((*_UNITS_EN, *_ORD_EN)) + ")"
_DAY_EN = r"(?:(?:twenty|thirty)[-\s]" + _UNIT_EN + r"|(?:twent|thirt)(?:y|ieth)|" \
    r"(?:(?:thir|four|fif|six|seven|eigh|nine)teen|ten|eleven|twelve|twelf)(?:th)?|(?!one\b)" + _UNIT_EN + ")"

MONTH_WORDS = Table("month_words", __doc__ or "", (
    Rule(
        id="month_it",
        effect="an Italian month after a day number ('il 3 marzo'): the date's month",
        pattern=WHOLE_WORD,
        words=longest_first(MONTHS_IT),
        match=("i file del 3 marzo", "foto del 12 agosto 2023", "cosa ho salvato il 1 di dicembre?"),
        no_match=("i file del mese scorso", "il backup del 3/4/2024", "apri marzolino.txt"),
    ),
    Rule(
        id="month_en",
        effect="an English month before or after a day number ('3rd of March', 'June 12, 2024'): the date's month",
        pattern=WHOLE_WORD,
        words=longest_first(MONTHS_EN),
        match=("files from the 3rd of March", "photos of June 12, 2024", "what did I save on 1 december?"),
        no_match=("photos of the marching band", "the mayor's letter in ~/docs", "open decembers.txt"),
    ),
    Rule(
        id="month_short",
        effect="a short English month after a day number ('3 feb', '12 sept 2024'): the date's month",
        pattern=WHOLE_WORD,
        words=longest_first(MONTHS_SHORT),
        match=("files from 3 feb", "the invoice of 12 sept 2024", "logs of 1 dec"),
        no_match=("files from 3 marzo", "the october report", "empty the septic.txt notes"),
    ),
    Rule(
        id="day_in_words_it",
        effect="a date's day said in Italian words before a month ('il due di novembre', 'il ventitré dicembre'): `n` "
               "is the day (DAY_WORDS gives its number), then the date is read as if typed in digits (the "
               "reminders' fix_slips; 'il primo' is the reading's own)",
        pattern=r"(?<!\w)(?P<n>" + _DAY_IT + r")\s+(?:di\s+)?(?=(?:{words})(?!\w))",
        words=longest_first(MONTHS_IT),
        match=("ricordami il due di novembre di portare i fiori", "il ventitré dicembre", "il trentuno maggio"),
        no_match=("il 2 novembre", "entro marzo", "a novembre", "uno marzo"),
    ),
    Rule(
        id="day_in_words_en",
        effect="a date's day said in English words before a month ('the third of March', 'twenty-first of June'): "
               "`n` is the day, read as digits",
        pattern=r"(?<!\w)(?P<n>" + _DAY_EN + r")\s+(?:of\s+)?(?=(?:{words})(?!\w))",
        words=longest_first(MONTHS_EN),
        match=("on the third of March", "the twenty-first of june", "the twelfth of may", "on the thirty first of may"),
        no_match=("on the 3rd of March", "one march morning", "in march", "next may"),
    ),
))
