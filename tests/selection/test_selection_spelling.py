"""Correggi/Fix, the dictionary pass (app/selection/spelling.py) on pyspellchecker's real IT and EN lists: a word
no dictionary knows, with one frequent word an edit away, is corrected before the model; names, jargon, codes,
paths, links, forms the lists miss and Italian double-letter pairs are left alone."""
from __future__ import annotations

import subprocess
import sys

import pytest

from app.selection import spelling
from app.selection.correct import Change, first_pass


@pytest.mark.parametrize(("text", "fixed", "wrong", "right"), [
    ("Ho bevuto un bicchiere d'aqua fresca prima di uscire.",
     "Ho bevuto un bicchiere d'acqua fresca prima di uscire.", "aqua", "acqua"),
    ("Ci vediamo domani, ma sono propio stanca dopo la riunione.",
     "Ci vediamo domani, ma sono proprio stanca dopo la riunione.", None, None),  # the table's fix stands
    ("Please send the invoice tomorow morning, before the meeting.",
     "Please send the invoice tomorrow morning, before the meeting.", None, None),
    ("The new prodcut will ship next week.", "The new product will ship next week.", "prodcut", "product"),
    # a letter written twice that the frequent word writes once (the list has no doubled form): fresh2 tune texts
    ("Partiamo alle 9 dalla stazzione, il biglietto costa 12 euro.",
     "Partiamo alle 9 dalla stazione, il biglietto costa 12 euro.", "stazzione", "stazione"),
    ("Anche il microfono non è eccezzionale: in strada c'è rumore.",
     "Anche il microfono non è eccezionale: in strada c'è rumore.", "eccezzionale", "eccezionale"),
    # a letter to double in a word of DOUBLE_FROM letters or more ("tuta" stays: below)
    ("Ci vediamo la prossima setimana per il preventivo.",
     "Ci vediamo la prossima settimana per il preventivo.", "setimana", "settimana"),
    ("Il pachetto arriva domani mattina.", "Il pacchetto arriva domani mattina.", "pachetto", "pacchetto"),
])
def test_dictionary_fixes_a_misspelling_no_table_names(text: str, fixed: str, wrong: str | None,
                                                       right: str | None) -> None:
    out, changes = first_pass(text)
    assert out == fixed
    if wrong:
        assert Change("dictionary", wrong, right) in changes  # recorded like the tables' fixes


@pytest.mark.parametrize("text", [
    "Domani i bambini portano la tuta per la palestra e il papà li accompagna alle nove.",  # tuta/tutta, papà
    "Spegnete le luci e aggiungerne due al conto: 40 euro in tutto, segano la legna domani.",  # forms the list misses
    "Il deploy su jira è fatto: vedi https://github.com/acme/aqua-tools e /home/marta/aqua/note.txt, codice kl1602.",
    "Ok, il meeting col team è domani alle 10: porta il feedback sul budget e la password del wifi.",
    "Marco texted me from Aquileia: the npm build of webpackr failed on node18, see ticket #4471.",
    # a repetition verb and a verb with a clitic the list misses: "ridai" → "ridi", "rivolgervi" → "rivolgersi"
    # were false fixes on fresh2 tune texts
    "Se vuoi lo prendo io, poi mi ridai i soldi. Per dubbi potete rivolgervi a Enrico, interno 214.",
])
def test_dictionary_leaves_names_jargon_codes_and_real_words(text: str) -> None:
    assert [c for c in first_pass(text)[1] if c.rule == "dictionary"] == []


def test_dictionary_is_not_loaded_until_a_correction_runs() -> None:
    code = ("import sys; import app.selection, app.selection.run, app.selection.actions; "
            "print('spellchecker' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    assert spelling.dictionary("it") is spelling.dictionary("it")  # loaded once


def test_an_italian_word_typed_without_its_final_accent_gets_it_when_only_that_form_is_a_word() -> None:
    """"Domani potra venire" stayed: the inflection guess took "potra" for a form of "potrete". A word neither list
    knows whose accented form is frequent takes the accent; one that is also a word unaccented ("papa", "meta",
    "pero") is the error table's call, never the dictionary's."""
    got, done = spelling.fix("Domani potra venire anche Luca e la liberta non ha prezzo.", "it")
    assert got == "Domani potrà venire anche Luca e la libertà non ha prezzo."
    assert ("potra", "potrà") in done
    same, none = spelling.fix("Il papa ha raggiunto la meta, pero non tutti.", "it")
    assert none == [] and same == "Il papa ha raggiunto la meta, pero non tutti."
