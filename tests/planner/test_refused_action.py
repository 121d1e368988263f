"""A model's bare refusal is never the answer to a request for an action on a named file (planner/writing.py
_about_actions): the person is told the file was left alone and how to ask (everyday18-23, "chuck X in the bin")."""
from __future__ import annotations

from app.planner import answer as ans


def test_a_bare_refusal_is_read_as_one() -> None:
    assert ans.refused("I'm sorry, but I can't assist with that.")
    assert ans.refused("Mi dispiace, ma non posso aiutarti con questo.")
    assert not ans.refused("Il file contiene 3 righe.")
    assert not ans.refused("Sorry, I can't make it on Friday, Jake.")


def test_the_replacement_names_the_file_in_the_request_language() -> None:
    en = ans.not_touched_text("chuck /tmp/x/vecchio.txt in the bin, done with it")
    it = ans.not_touched_text("butta via /tmp/x/vecchio.txt che non mi serve")
    assert "/tmp/x/vecchio.txt" in en and en.startswith("I haven't touched")
    assert "/tmp/x/vecchio.txt" in it and it.startswith("Non ho toccato")


def test_without_a_file_it_says_nothing_was_done() -> None:
    assert ans.not_touched_text("sort it out for me") == ans.nothing_done_text("sort it out for me")


def test_an_answer_that_tells_how_to_do_it_by_hand_is_read_as_one() -> None:
    """everyday19-21: "predisponga la cartella X e vi collochi una copia di Y" was answered with "posso utilizzare
    il comando `cp`…" and a bash block; like a bare refusal, it is replaced by what was (not) done."""
    assert ans.by_hand("Salve! Per rispondere a questa richiesta, posso utilizzare il comando `cp` per copiare il "
                       "file. Ecco come posso fare:\n```bash\ncp a b\n```")
    assert ans.by_hand("Sure, I can help you with that. You can try the following steps: 1. Open the settings")
    assert not ans.by_hand("Ho copiato contratto.txt in /tmp/x/pratiche.")
    assert not ans.by_hand("A command line is a text interface to the computer.")
