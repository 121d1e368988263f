"""A column's total, average, highest or lowest value is computed from the table read, never written by a model
(app/tools/columns.py), and said through read_files's own rendering — what the fast path and the planner show."""
from __future__ import annotations

from fractions import Fraction

import pytest

from app.lang.asked import asked
from app.tools.columns import column_answer, number
from app.tools.files_said import render_file

SPESE = ("data,descrizione,importo\n2026-11-02,affitto,850\n2026-11-03,spesa,62\n2026-11-05,bolletta luce,74\n"
         "2026-11-08,benzina,55\n2026-11-10,farmacia,18\n")


def shown(question: str, content: str, lang: str = "it") -> str:
    result = {"path": "/x/spese.csv", "content": content, "lines": content.count("\n"), "bytes": len(content),
              "encoding": "utf-8"}
    return render_file(result, lang, asked(question))


@pytest.mark.parametrize("question,lang,expected", [
    ("dimmi il totale della colonna importo", "it", "Il totale della colonna «importo» è 1059 (5 righe)."),
    ("quanto ho speso in tutto?", "it", "Il totale della colonna «importo» è 1059 (5 righe)."),
    ("whats the average amount", "en", "The average of the \u201cimporto\u201d column is 211.8 (5 rows)."),
    ("qual è la spesa più alta?", "it", "Il valore più alto della colonna «importo» è 850, nella riga: 2026-11-02, "
                                        "affitto, 850."),
    ("the cheapest one?", "en", "The lowest value of the \u201cimporto\u201d column is 18, in the row: 2026-11-10, "
                                "farmacia, 18."),
])
def test_a_column_question_gets_the_number(question: str, lang: str, expected: str) -> None:
    assert shown(question, SPESE, lang) == expected


def test_italian_decimals_and_thousands_are_read_as_written() -> None:
    csv_it = "voce;importo;quantità\nsedia;1.234,50;2\ntavolo;99,90;1\nlampada;12;3\n"
    assert shown("somma della colonna importo", csv_it) == "Il totale della colonna «importo» è 1346,4 (3 righe)."
    # a column named among two numeric ones
    assert shown("il totale delle quantità", csv_it) == "Il totale della colonna «quantità» è 6 (3 righe)."
    assert number("1.234", comma_decimal=True) == 1234 and number("1.234") == Fraction(1234, 1000)
    assert number("1,234.50") == number("1.234,50") and number("2026-11-02") is None and number("affitto") is None


@pytest.mark.parametrize("question,content", [
    ("dimmi il totale", "voce,prezzo,quantità\nsedia,10,2\ntavolo,20,1\n"),  # two numeric columns, none named
    ("dimmi il totale", "10,20\n30,40\n"),  # no header: which column is which cannot be said
    ("dimmi il totale", "Caro Marco,\nti scrivo per il totale della fattura.\n"),  # not a table
    ("leggimi il file", SPESE),  # no computation asked
    ("riassumi il file in totale", SPESE),  # a summary is written, not computed
])
def test_otherwise_the_file_is_shown_as_before(question: str, content: str) -> None:
    text = shown(question, content)
    assert "colonna" not in text.split("\n")[0] and text.split("\n")[0].startswith("/x/spese.csv")


def test_the_shape_names_the_column_only_for_a_data_question() -> None:
    assert asked("il totale della colonna importo").column == "sum"
    assert asked("il totale della colonna importo").column_words[0] == "importo"
    assert asked("quante righe in tutto?").column == ""  # a count of lines is its own shape
    assert asked("riassumi in totale").column == ""
    assert column_answer(SPESE, asked("leggi"), "it") is None
