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
))
