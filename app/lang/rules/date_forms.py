"""Dates as people write them in a reminder, beyond lang/when.py's: numbers ("il 10/01", "24.12.", "10-01-27") and
the named days of the calendar ("a Natale", "la vigilia di Natale", "on new year's eve", "a Pasquetta").

Read by lang/dates_said.py for lang/reminder_when.py. lang/when.py reads a date with numbers only with a 4-digit
year and refuses "03/05/2024" as ambiguous — right for a file's date in a sentence at large, where a wrong date
finds the wrong files. A reminder is asked by a person in Europe/Rome's order: day first ("10/01" is 10 January);
only a first number that cannot be a day of a month the second names ("12/25") is read month first.

A named day is the calendar's: "Capodanno" is 1 January, and "la sera/notte di Capodanno" or "San Silvestro" is
31 December (the night's hours after midnight are then 1 January, as for "stanotte alle 2"). A named day counts
only after a word that makes it a moment ("a Natale", "la vigilia di Natale", "on Christmas Eve") and only when
no other date is said: "chiamare Natale", "the Christmas presents" and "il pranzo di Natale" name no day.
"""
from __future__ import annotations

from .table import Rule, Table

# -- values: a named day -> (month, day) or ("easter", days from Easter Sunday), and the part of the day it says
NAMED_DAYS: dict[str, tuple[int | str, int, str | None]] = {
    # Italian
    "vigilia di capodanno": (12, 31, None), "san silvestro": (12, 31, None), "sera di capodanno": (12, 31, "sera"),
    "notte di capodanno": (12, 31, "notte"), "capodanno": (1, 1, None), "primo dell'anno": (1, 1, None),
    "epifania": (1, 6, None), "befana": (1, 6, None), "san valentino": (2, 14, None),
    "festa della donna": (3, 8, None), "festa della liberazione": (4, 25, None),
    "festa dei lavoratori": (5, 1, None), "festa della repubblica": (6, 2, None), "ferragosto": (8, 15, None),
    "ognissanti": (11, 1, None), "tutti i santi": (11, 1, None), "giorno dei morti": (11, 2, None),
    "immacolata": (12, 8, None), "vigilia di natale": (12, 24, None), "natale": (12, 25, None),
    "santo stefano": (12, 26, None), "pasqua": ("easter", 0, None), "pasquetta": ("easter", 1, None),
    "lunedì dell'angelo": ("easter", 1, None), "lunedi dell'angelo": ("easter", 1, None),
    "venerdì santo": ("easter", -2, None), "venerdi santo": ("easter", -2, None),
    # English
    "new year's eve": (12, 31, None), "new years eve": (12, 31, None), "nye": (12, 31, None),
    "new year's day": (1, 1, None), "new years day": (1, 1, None), "new year's": (1, 1, None),
    "new years": (1, 1, None), "christmas eve": (12, 24, None), "xmas eve": (12, 24, None),
    "christmas day": (12, 25, None), "christmas": (12, 25, None), "xmas": (12, 25, None),
    "boxing day": (12, 26, None), "valentine's day": (2, 14, None), "valentines day": (2, 14, None),
    "halloween": (10, 31, None), "all saints' day": (11, 1, None), "all saints day": (11, 1, None),
    "easter sunday": ("easter", 0, None), "easter": ("easter", 0, None), "easter monday": ("easter", 1, None),
    "good friday": ("easter", -2, None), "epiphany": (1, 6, None),
}


def _words(names: tuple[str, ...]) -> tuple[str, ...]:
    """Longest first ("vigilia di natale" before "natale"), spaces as any run of spaces, the apostrophe optional
    ("new years eve", "valentines day")."""
    return tuple(n.replace(" di ", r" d[ie] ").replace(" ", r"\s+").replace("'", "'?")  # "vigilia de natale"
                 for n in sorted(names, key=len, reverse=True))


_NAMES_IT = ("vigilia di capodanno", "san silvestro", "sera di capodanno", "notte di capodanno", "capodanno",
             "primo dell'anno", "epifania", "befana", "san valentino", "festa della donna", "festa della liberazione",
             "festa dei lavoratori", "festa della repubblica", "ferragosto", "ognissanti", "tutti i santi",
             "giorno dei morti", "immacolata", "vigilia di natale", "natale", "santo stefano", "pasqua", "pasquetta",
             r"luned[iì] dell'angelo", r"venerd[iì] santo")
_NAMES_EN = ("new year's eve", "nye", "new year's day", "new year's", "christmas eve", "xmas eve", "christmas day",
             "christmas", "xmas", "boxing day", "valentine's day", "halloween", "all saints' day", "easter sunday",
             "easter", "easter monday", "good friday", "epiphany")
# the words that make a named day a moment: a preposition or article right before it ("a Natale", "on NYE")
_MARK_IT = (r"(?<!\w)(?P<mark>a|ad|al|il|la|per\s+la|il\s+giorno\s+di|giorno\s+di|entro|il\s+prossimo|"
            r"la\s+prossima|questo|questa)\s+")
_MARK_EN = r"(?<!\w)(?P<mark>on|at|by|this|next|until)\s+"

DATE_FORMS = Table("date_forms", __doc__ or "", (
    Rule(
        id="numeric_date",
        effect="a date in numbers, day first: 'il 10/01', '10/1/27', '24.12.', 'il 10.01', '10-01', '10-01-2027' "
               "(`a`, then `b`/`b2`/`b3`, the year `y`/`y2`/`y3` when said); a dot form needs a year, a closing "
               "dot or 'il/on' before it, and no date follows 'alle/ore/at' — '9.30' and '10.05' are clock times; "
               "a fraction before a unit ('1/2 kg') is a quantity",
        pattern=r"(?<![\w/.:@-])(?<!alle\s)(?<!ore\s)(?<!at\s)(?:(?P<art>il|del|dal|on|the)\s+)?(?P<a>\d{1,2})"
                r"(?:/(?P<b>\d{1,2})(?:/(?P<y>\d{4}|\d{2}))?|-(?P<b2>\d{2})(?:-(?P<y2>\d{4}|\d{2}))?"
                r"|\.(?P<b3>\d{1,2})(?:\.(?P<y3>\d{4}|\d{2})|\.|(?(art)|(?!))))(?!\w|[/:.-]\d)"
                r"(?!\s*(?:kg|g|gr|hg|etti|l|lt|litr[oi]|ml|cl|cm|m|km|cups?|tbsp|tsp|oz|lbs?|pounds?)(?!\w))",
        match=("ricordami il 10/01 di portare l'auto in revisione", "remind me on 12/25 at 9", "entro il 24.12.",
               "il 10.01 alle 9", "scadenza 10-01-2027", "il 3/2/27 alle 8", "ricordami 5/11 di pagare"),
        no_match=("alle 9.30", "ricordami alle 10.05.", "domani 14:30", "apri /tmp/10/01", "il 2026-12-04",
                  "tra 1.5 ore", "versione v1.2.3", "tra 3-4 giorni", "comprare 1/2 kg di pane", "add 3/4 cup"),
    ),
    Rule(
        id="named_day_it",
        effect="a day the Italian calendar names ('a Natale', 'la vigilia di Natale', 'a Pasquetta', 'la notte di "
               "Capodanno'): its date (NAMED_DAYS), only after a word that makes it a moment (`mark`)",
        pattern=_MARK_IT + r"(?P<name>{words})(?!\w)",
        words=_words(_NAMES_IT),
        match=("ricordami a Natale di chiamare la zia", "la vigilia di Natale alle 18", "a capodanno alle 10",
               "ricordami la notte di capodanno alle 23:50", "a pasquetta di prenotare", "per la befana"),
        no_match=("ricordami di chiamare Natale", "il pranzo di Natale", "gli auguri di buon natale",
                  "ricordami domani di comprare il panettone"),
    ),
    Rule(
        id="named_day_en",
        effect="a day the English calendar names ('on Christmas Eve', 'on new year's eve', 'at Easter', 'on "
               "Halloween'): its date (NAMED_DAYS), only after a word that makes it a moment (`mark`)",
        pattern=_MARK_EN + r"(?P<name>{words})(?!\w)",
        words=_words(_NAMES_EN),
        match=("remind me on new year's eve at 11:50 pm", "on new years eve", "remind me on christmas eve",
               "at easter call grandma", "on NYE at 11pm"),
        no_match=("remind me to buy christmas presents", "the christmas party playlist", "merry christmas",
                  "remind me to buy a christmas tree", "remind me tomorrow to wish happy new year"),
    ),
    Rule(
        id="month_end",
        effect="the last day of this month ('l'ultimo giorno del mese', 'on the last day of the month'): a date "
               "named by its place, read like a named day",
        pattern=r"(?<!\w)(?:{words})(?!\w)",
        words=(r"(?:l'|il\s+)?ultimo\s+(?:giorno\s+)?del\s+mese",
               r"(?:on\s+)?the\s+last\s+day\s+of\s+(?:the|this)\s+month"),
        match=("ricordami l'ultimo giorno del mese di pagare", "remind me on the last day of the month to invoice",
               "l'ultimo del mese"),
        no_match=("il mese scorso", "the last day of my holiday", "l'ultimo giorno di scuola"),
    ),
))
