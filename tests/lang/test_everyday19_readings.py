"""Readings everyday19 (and everyday18) showed wrong, read after their clean runs (resources/eval/requests/README.md):
an action named by what it does to a file rather than by a verb — the file in another format, the file made to
reach a person — is that action, whatever verb carries it, so "no tool does that" is said instead of the file
being read (rules action_reading.format_target, handing_over)."""
from __future__ import annotations

import pytest

from app.lang.actions import action_of
from app.lang.asked_actions import asked_actions


@pytest.mark.parametrize(("text", "asked"), [
    ("puoi fare foto /tmp/r/Foto Vacanze/mare1.jpg diventare pdf? serve per questura", {"convert"}),  # everyday19-25
    ("turn /tmp/x/report.docx into a pdf", {"convert"}),
    ("salva /tmp/x/a.txt come pdf", {"convert"}),
    ("export /tmp/x/a.odt to PDF please", {"convert"}),
    ("dovrei far avere /tmp/x/todo.txt al mio fornitore", {"send"}),  # everyday18-37
    ("get /tmp/x/a.txt to my accountant by friday", {"send"}),
    ("fagli arrivare /tmp/x/a.txt entro stasera", {"send"}),
    # the same words with no such frame
    ("trova i pdf in /tmp/x", {"find"}),
    ("copy /tmp/x/a.txt to the pdf folder", {"copy"}),
    ("copy /tmp/x/a.txt to /tmp/y", {"copy"}),
    ("fammi avere il file /tmp/x/a.txt", set()),
    ("dovrei far avere successo al progetto", set()),
])
def test_an_action_named_by_what_it_does_to_a_file(text: str, asked: set[str]) -> None:
    assert asked_actions(text) == asked, action_of(text)


def test_a_spoken_because_with_its_helper_verb_left_out_is_the_reason() -> None:
    # everyday19-51: "che mi voglio guardare le fotografie" read as what was asked; the folder was listed, not opened
    text = ("aprimi la cartella Foto Vacanze che sta dentro /tmp/r che mi voglio guardare le fotografie che ha fatto "
            "mia figlia al mare e in montagna")
    assert action_of(text).actions == ("open",) and asked_actions(text) == {"open"}
    assert asked_actions("elenca i file di /tmp/x che devo ritrovare la verifica") == {"list"}
    assert asked_actions("leggi /tmp/x/a.txt e poi guarda /tmp/x/b.txt") == {"read"}


@pytest.mark.parametrize(("text", "fact"), [
    ("note it for future: my daily standup is at 9:30 only, not 10", "my daily standup is at 9:30 only, not 10"),
    ("note this down for later on, the white pills are for the morning", "the white pills are for the morning"),
    ("tien a mente che la mia pilotina se ciama Nettuno", "la mia pilotina se ciama Nettuno"),
    ("keep that, delete the rest", None),
])
def test_memory_said_loosely_keeps_the_fact(text: str, fact: str | None) -> None:
    """everyday18/19: 'note it for future:' was answered, not kept; 'tien a mente' kept its trigger in the fact."""
    from app.memory.facts import extract_fact

    got = extract_fact(text)
    assert (got[0] if got else None) == fact


def test_the_formal_verbs_of_making_and_placing() -> None:
    # everyday19-21: the model answered with a bash command; both actions are asked, in order
    text = "Cortesemente, predisponga la cartella /tmp/x/pratiche e vi collochi una copia di /tmp/x/todo.txt."
    assert asked_actions(text) == {"write", "copy"}
    assert asked_actions("colloca /tmp/x/a.txt in /tmp/y") == {"move"}
    assert asked_actions("la collocazione dei file in /tmp/x") == set()
