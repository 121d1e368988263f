"""Units of time in a window: "negli ultimi 3 giorni", "since two hours", "in the past weeks".

Read by lang/when.py, after a count (rules/numbers_words.py) or right after "ultimi/last": the unit and its length
in hours make the window. Each language is one rule; each word carries its hours below (UNIT_HOURS in when.py is
built from them). "anno/year" is not a unit of a count: "quest'anno", "last year" are calendar windows there.
"""
from __future__ import annotations

from .numbers_words import WHOLE_WORD, longest_first
from .table import Rule, Table

UNITS_IT: dict[str, float] = {
    "minuto": 1 / 60, "minuti": 1 / 60, "ora": 1, "ore": 1, "giorno": 24, "giorni": 24,
    "settimana": 168, "settimane": 168, "mese": 720, "mesi": 720,
}
UNITS_EN: dict[str, float] = {
    "minute": 1 / 60, "minutes": 1 / 60, "min": 1 / 60, "hour": 1, "hours": 1, "h": 1,
    "day": 24, "days": 24, "week": 168, "weeks": 168, "month": 720, "months": 720,
}

TIME_UNITS = Table("time_units", __doc__ or "", (
    Rule(
        id="unit_it",
        effect="an Italian unit of time after a count or 'ultimi' ('ultimi 3 giorni', 'dalle due ore'): the "
               "window is that many of it",
        pattern=WHOLE_WORD,
        words=longest_first(UNITS_IT),
        match=("file modificati negli ultimi 3 giorni", "i log delle ultime due ore", "foto dell'ultimo mese"),
        no_match=("l'orario del treno in ~/viaggi", "leggi il giornale di ieri", "il report settimanale.pdf"),
    ),
    Rule(
        id="unit_en",
        effect="an English unit of time after a count or 'last/past' ('last 3 days', 'since two hours'): the "
               "window is that many of it",
        pattern=WHOLE_WORD,
        words=longest_first(UNITS_EN),
        match=("files changed in the last 3 days", "logs from the past two hours", "downloads of the last week"),
        no_match=("open the daily report", "weekly backups in ~/bak", "monthly invoices as pdf"),
    ),
))
