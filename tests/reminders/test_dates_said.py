"""Dates written in numbers and named days, read into a reminder's moment (lang/dates_said.py, rules/date_forms.py).

Batch 5 of the request suite missed "il 10/01" (no date read) and "on new year's eve" (the wrong day): the forms
people write were not read at all. These cases are the forms, not the suite's sentences.
"""
from __future__ import annotations

from datetime import date, datetime

import pytest

from app.lang.dates_said import easter, named_day, numeric_dates
from app.lang.reminder_ask import read_reminder

NOW = datetime(2026, 12, 20, 11, 0)  # Sunday


@pytest.mark.parametrize(("text", "due", "what"), [
    ("ricordami il 10/01 di pagare il bollo", datetime(2027, 1, 10, 9), "pagare il bollo"),
    ("ricordami il 10/1/27 alle 8 di pagare il bollo", datetime(2027, 1, 10, 8), "pagare il bollo"),
    ("il 24.12. alle 18 ricordami di ritirare il panettone", datetime(2026, 12, 24, 18), "ritirare il panettone"),
    ("ricordami il 28.12 alle 9 di chiamare Luca", datetime(2026, 12, 28, 9), "chiamare Luca"),
    ("avvisami il 05-01 alle 15 per la riunione", datetime(2027, 1, 5, 15), "la riunione"),
    ("remind me on 12/25 at 9am to call mom", datetime(2026, 12, 25, 9), "call mom"),
    ("remind me on 3/1 at 10am to renew the lease", datetime(2027, 1, 3, 10), "renew the lease"),
    ("ricordami lunedì 11/01 alle 8 di portare i documenti", datetime(2027, 1, 11, 8), "portare i documenti"),
    ("ricordami alle 10.05 di uscire", datetime(2026, 12, 20, 22, 5), "uscire"),  # a clock time, not 10 May
    ("remind me on new year's eve at 11:50 pm to open the champagne", datetime(2026, 12, 31, 23, 50),
     "open the champagne"),
    ("ricordami la notte di capodanno alle 2 di chiamare a casa", datetime(2027, 1, 1, 2), "chiamare a casa"),
    ("ricordami a capodanno di fare gli auguri", datetime(2027, 1, 1, 9), "fare gli auguri"),
    ("la vigilia di natale alle 18 ricordami di chiamare la nonna", datetime(2026, 12, 24, 18),
     "chiamare la nonna"),
    ("ricordami a pasquetta di prenotare la grigliata", datetime(2027, 3, 29, 9), "prenotare la grigliata"),
    ("remind me on christmas eve at 6pm to wrap the gifts", datetime(2026, 12, 24, 18), "wrap the gifts"),
    ("ricordami l'ultimo giorno del mese alle 18 di mandare le fatture", datetime(2026, 12, 31, 18),
     "mandare le fatture"),
    ("remind me on the last day of this month to renew the pass", datetime(2026, 12, 31, 9), "renew the pass"),
    ("ricordami domani di chiamare Natale", datetime(2026, 12, 21, 9), "chiamare Natale"),
    ("ricordami domani di portare 1/2 torta alla nonna", datetime(2026, 12, 21, 9), "portare 1/2 torta alla nonna"),
    ("ricordami alle 18 di comprare 1/2 kg di pane", datetime(2026, 12, 20, 18), "comprare 1/2 kg di pane"),
    ("remind me tomorrow to buy christmas presents", datetime(2026, 12, 21, 9), "buy christmas presents"),
])
def test_the_date_forms_give_the_moment(text: str, due: datetime, what: str) -> None:
    ask = read_reminder(text, NOW)
    assert ask is not None and ask.when is not None
    assert (ask.when.at, ask.text) == (due, what)


def test_day_first_unless_the_second_number_cannot_be_a_month() -> None:
    today = date(2026, 12, 20)
    assert [d.day for d in numeric_dates("il 3/4", today)] == [date(2026, 4, 3)]
    assert [d.day for d in numeric_dates("on 4/13", today)] == [date(2026, 4, 13)]
    assert numeric_dates("il 31/02 e il 13/13", today) == []
    assert numeric_dates("alle 9.30 e alle 10.05.", today) == []
    said = numeric_dates("il 3/2/2026", today)
    assert said[0].year_said and said[0].day == date(2026, 2, 3)  # a past date with its year stays past


def test_named_days_are_the_next_ones() -> None:
    assert [easter(y) for y in (2024, 2026, 2027)] == [date(2024, 3, 31), date(2026, 4, 5), date(2027, 3, 28)]
    said = named_day("ricordami a Natale", date(2026, 12, 26))
    assert said is not None and said.day == date(2027, 12, 25)
    assert named_day("ricordami di chiamare Natale", date(2026, 12, 1)) is None
    assert named_day("the christmas party", date(2026, 12, 1)) is None
