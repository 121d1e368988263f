"""Correggi/Fix (app/selection/correct.py): the error table first, then the model, and only the model's changes
that are corrections — judged by the quality check's own word diff (correction_problem).

The merge is tested on model answers written by hand (each kind of change the model makes: a spelling fix, an
agreement fix, a reworded phrase, a name "corrected", a table fix undone, a translation instead of a
correction); one short case runs the whole action on the bundled instruct model."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.bench.selection_checks import correction_problem
from app.selection import SelectionRequest, Setup, run
from app.selection.correct import combine, first_pass
from app.turn.cancel import CancelToken


def corrected(text: str, model: str | None) -> str:
    fixed, _changes = first_pass(text)
    return combine(text, fixed, model)[0]


def test_the_models_spelling_and_agreement_fixes_are_kept() -> None:
    text = "The results of the test was better then we hoped, and the tabel is clear."
    model = "The results of the test were better than we hoped, and the table is clear."
    assert corrected(text, model) == model
    errors = [["was", "were"], ["then", "than"], ["tabel", "table"]]
    assert correction_problem(text, corrected(text, model), errors) is None


def test_a_reworded_phrase_a_changed_name_and_added_punctuation_are_not_kept() -> None:
    text = "Ciao Davide, domani non posso venire perchè ho un impegno. Ci vediamo sabato"
    model = "Ciao David, domani purtroppo non potrò venire perché ho un impegno. Ci vediamo domenica!"
    out = corrected(text, model)
    assert out == "Ciao Davide, domani non posso venire perché ho un impegno. Ci vediamo sabato"
    assert correction_problem(text, out, [["perchè", "perché"]]) is None


def test_the_model_cannot_undo_a_fix_of_the_table() -> None:
    text = "Qual'è il problema? Se avrei saputo, sarei venuto."
    model = "Qual'è il problema? Se avrei saputo, sarei venuto."  # the model left both errors
    assert corrected(text, model) == "Qual è il problema? Se avessi saputo, sarei venuto."
    undo = "Quale è il problema? Se avrei saputo, sarei venuto."
    assert corrected(text, undo) == "Qual è il problema? Se avessi saputo, sarei venuto."


def test_an_answer_that_is_another_text_is_ignored_whole_and_the_tables_pass_stands() -> None:
    text = "Non lo sà nessuno, ma ho un pò di fretta."
    translation = "Nobody knows, but I am in a bit of a hurry."
    assert corrected(text, translation) == "Non lo sa nessuno, ma ho un po' di fretta."
    assert corrected(text, None) == "Non lo sa nessuno, ma ho un po' di fretta."


@pytest.mark.slow
def test_an_italian_correction_on_the_bundled_model_fixes_the_errors_and_only_them(writer: Any,
                                                                                  tmp_path: Path) -> None:
    text = "Ciao Marta, qual'è l'orario? Ho un pò di fretta perchè il treno parte alle 9."
    steps: list[str] = []
    shown: list[str] = []
    out = run(writer, SelectionRequest("fix", text, lang="it"), Setup(progress=steps.append), CancelToken(),
              shown.append)
    assert out.ok and out.text == "".join(shown), (out, shown)  # shown once, whole, after the merge
    errors = [["qual'è", "qual è"], ["pò", "po'"], ["perchè", "perché"]]
    assert correction_problem(text, out.text, errors) is None, out.text
    assert any(s.startswith("corrected by the error table: 3") for s in steps), steps


@pytest.mark.parametrize(("text", "errors"), [
    ("Once their happy with the change, I'll sign it. The flat is great, its right next to a tram stop.",
     [["their happy", "they're happy"], ["its right", "it's right"]]),
    ("Your passports are suppose to be valid, and the file is to big to upload.",
     [["suppose to be", "supposed to be"], ["is to big", "is too big"]]),
    ("Il suono è pulito. L'unico difetto e che la custodia è ingombrante.", [["difetto e che", "difetto è che"]]),
])
def test_the_tables_fix_the_families_the_model_left_in_tune_texts(text: str, errors: list[list[str]]) -> None:
    """fresh2's tune corrections: the model returned these errors unchanged; the tables' pass alone fixes them,
    and a model that returns the text as it was undoes nothing."""
    assert correction_problem(text, corrected(text, text), errors) is None
