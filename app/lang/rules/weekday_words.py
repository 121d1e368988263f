"""Weekday names: "lunedì", "venerdi" (the accent left out), "Monday".

The one list of the seven names per language, in calendar order (a name's place is its number, Monday = 0, as
`datetime.weekday()` counts). Read by lang/when.py (a day said in a request), the reminders' reading of moments
(rules/reminder_when.py), the clock's and the world clock's answers (tools/clock.py), the reminders' sentences
(reminders/messages.py), the selection's date put-back (selection/dates.py) and the clock claims of an answer
(rules/claimed_clock.py). Italian names are also typed without their accent ("lunedi"): the reading accepts both.
"""
from __future__ import annotations

from .numbers_words import WHOLE_WORD, longest_first
from .table import Rule, Table

WEEKDAYS_IT = ("lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica")
WEEKDAYS_EN = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


# the short English forms of a rota or a text ("sat at 10", "every sat and sun"): also common words ("I sat", "the
# sun"), so read only where a weekday stands (the rule below), and only by the reminders (lang/reminder_ask.py)
WEEKDAYS_EN_SHORT: dict[str, int] = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3,
                                     "thurs": 3, "fri": 4, "sat": 5, "sun": 6}


# the Italian ones ("sab alle 11", "ogni gio"): "mar" and "dom" are words too, so the same care (reminders 534)
WEEKDAYS_IT_SHORT: dict[str, int] = {"lun": 0, "mar": 1, "mer": 2, "merc": 2, "gio": 3, "giov": 3, "ven": 4, "sab": 5,
                                     "dom": 6}


def _unaccented(name: str) -> str:
    return name[:-1] + "i" if name.endswith("ì") else name


# every form a name is typed in (lowercase) -> its number
WEEKDAY_NUMBERS: dict[str, int] = {
    **{name: i for i, name in enumerate(WEEKDAYS_IT)},
    **{_unaccented(name): i for i, name in enumerate(WEEKDAYS_IT)},
    **{name: i for i, name in enumerate(WEEKDAYS_EN)},
}


def weekday_pattern(extra: tuple[str, ...] = ()) -> str:
    """A non-capturing alternation of every form (and `extra` forms, e.g. plurals), longest first."""
    return "(?:" + "|".join(longest_first((*WEEKDAY_NUMBERS, *extra))) + ")"


WEEKDAY_WORDS = Table("weekday_words", __doc__ or "", (
    Rule(
        id="weekday_it",
        effect="an Italian weekday, with or without its accent ('lunedì', 'venerdi'): the day's number, Monday 0",
        pattern=WHOLE_WORD,
        words=longest_first(n for n, i in WEEKDAY_NUMBERS.items() if n not in WEEKDAYS_EN),
        match=("ci vediamo lunedì", "venerdi alle 9", "sabato mattina"),
        no_match=("ogni settimana", "sabatini.txt", "la domenicale di ieri"),
    ),
    Rule(
        id="weekday_en",
        effect="an English weekday ('Monday', 'on friday'): the day's number, Monday 0",
        pattern=WHOLE_WORD,
        words=longest_first(WEEKDAYS_EN),
        match=("see you on Monday", "friday at 9", "this Sunday"),
        no_match=("every week", "the mondayitis.txt notes", "weekend plans"),
    ),
    Rule(
        id="weekday_en_short",
        effect="a short English weekday where a weekday stands: after 'on/every/each/this/next/and', or before "
               "'at', a number, a part of the day, 'and' or the end ('sat at 10', 'every sat and sun'): that day",
        pattern=r"(?:(?<=\bon\s)|(?<=\bevery\s)|(?<=\beach\s)|(?<=\bthis\s)|(?<=\bnext\s)|(?<=\band\s)|(?<=&\s)|"
                r"(?<=,\s)|(?<=^))(?P<d>{words})\.?(?!\w)"
                r"|(?<!\w)(?P<d2>{words})\.?(?=\s*(?:@|\d|&|,|$)|\s+(?:at\b|morning|afternoon|evening|night|and\b))",
        words=longest_first(WEEKDAYS_EN_SHORT),
        match=("remind me sat at 10", "every sat and sun at 7", "on thurs remind me", "mon 9am standup"),
        no_match=("I sat down", "the sun is out", "we wed in june", "fried rice", "sunday at 9",
                  "check the satand setup"),
    ),
    Rule(
        id="weekday_it_short",
        effect="a short Italian weekday where a weekday stands: after 'ogni/tutti i/e', or before 'alle', a number, a "
               "part of the day or 'e' ('sab alle 11', 'ogni mar e gio'): that day",
        pattern=r"(?:(?<=\bogni\s)|(?<=\btutti\si\s)|(?<=\be\s))(?P<d>{words})\.?(?!\w)"
                r"|(?<!\w)(?P<d2>{words})\.?(?=\s*(?:\d|,|$)|\s+(?:alle\b|all'|mattina|pomeriggio|sera|e\b))",
        words=longest_first(WEEKDAYS_IT_SHORT),
        match=("sab alle 11 ricordami", "ogni mar e gio alle 8", "ven 9:30 dentista", "mi ricordi giov alle 3"),
        no_match=("il mar Mediterraneo", "dom perignon", "la ven tilazione", "sabato alle 11",
                  "cambiare la bandiera, c'è mare grosso"),
    ),
    Rule(
        id="weekday_slip_it",
        effect="an Italian weekday typed with one slip ('giovdì', 'venrdi', 'sabto'): in an Italian request, a word "
               "one letter away from one of these, and from no other, is read as it (the reminders' fix_slips)",
        pattern=WHOLE_WORD,
        words=longest_first(n for n in WEEKDAY_NUMBERS if n not in WEEKDAYS_EN),
        match=("ricordami giovedì alle 5", "venerdi sera"),
        no_match=("giovedìgrasso", "il domenicano"),
    ),
    Rule(
        id="weekday_slip_en",
        effect="an English weekday typed with one slip ('Thrusday', 'Wedensday', 'fridya'): in an English request, a "
               "word one letter away from one of these, and from no other, is read as it",
        pattern=WHOLE_WORD,
        words=longest_first(WEEKDAYS_EN),
        match=("remind me on thursday at 10", "Friday morning"),
        no_match=("thursdays.txt", "the sundayschool"),
    ),
))
