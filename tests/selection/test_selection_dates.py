"""Dates and weekdays a translation changed (app/selection/dates.py, through keep.repair): put back as the text
has them when the change is recognisable — a date in digits written in words, a weekday turned into a date the
text does not have, a weekday swapped — and nothing guessed otherwise. The answers are the bundled model's own
slips on tune texts of the quality table (ftranslate-13, gtranslate-13) and its first prompts."""
from __future__ import annotations

from app.bench.selection_checks import check
from app.selection.dates import mend
from app.selection.keep import repair


def test_a_date_in_digits_written_in_words_comes_back_in_digits_in_either_order() -> None:
    text = "L'appuntamento è fissato per il giorno 03/04/2025 alle ore 9:20 presso l'Ufficio, via Manin 11."
    answer = "The appointment is fixed for April 3, 2025 at 9:20 AM at the Office, via Manin 11."
    assert repair(text, answer) == ("The appointment is fixed for 03/04/2025 at 9:20 AM at the Office, via Manin 11.",
                                    [("April 3, 2025", "03/04/2025")])
    assert mend("Il 3/4 chiudiamo.", "On 4 March, we close.")[0] == "On 3/4, we close."  # read as M/D: still that date
    assert mend("Closed on 12/05/2024.", "Chiuso il 12 maggio 2024.")[0] == "Chiuso il 12/05/2024."
    # another day, another year, or a date the text writes in words: left alone
    assert mend("Il 03/04/2025 chiudiamo.", "On April 5, 2025 we close.")[1] == []
    assert mend("Il 03/04/2025 chiudiamo.", "On April 3, 2026 we close.")[1] == []
    assert mend("Giovedì 14 marzo alle 10.", "Thursday 14 March at 10.")[1] == []


def test_a_weekday_turned_into_an_invented_date_or_another_weekday_is_the_texts_weekday_again() -> None:
    text = "2) Luca will finish the migration script by Friday and share it in #backend."
    answer = "2) Luca terminerà lo script di migrazione il 5 marzo e lo condividerà in #backend."
    mended, done = repair(text, answer)
    assert mended == "2) Luca terminerà lo script di migrazione venerdì e lo condividerà in #backend."
    assert done == [("il 5 marzo", "venerdì")]
    case = {"action": "translate", "text": text, "target": "it", "keep": ["Luca", "#backend"]}
    assert check(case, answer) == ["added number 5"] and check(case, mended) == []
    assert mend("Ci vediamo giovedì alle 10.", "See you on Friday at 10.")[0] == "See you on Thursday at 10."
    assert mend("Send it by Friday.", "Mandalo entro il 5 marzo.")[0] == "Mandalo entro venerdì."


def test_no_weekday_is_guessed_when_the_answer_is_not_recognisably_wrong() -> None:
    # the date is the text's own (14 is in it), two weekdays of the text are missing, or the answer has both
    assert mend("Release moved from Monday to 14 March.", "Rilascio spostato al 14 marzo.")[1] == []
    assert mend("Monday and Friday are off.", "Il 5 marzo è libero.")[1] == []
    assert mend("Ci vediamo giovedì o venerdì.", "See you on Friday or Saturday.")[1] == []
    assert mend("See you on Friday.", "Ci vediamo venerdì 5.")[1] == []


def test_a_word_and_a_number_that_are_no_date_do_not_hide_the_date_they_overlap() -> None:
    """"dalle 10" is read first and is no date; "10 marzo", which overlaps it, still is one."""
    assert mend("Send it by Friday.", "Mandalo dalle 10 marzo.")[1] == [("10 marzo", "venerdì")]
