"""A fact to keep that says "no good" or asks something of its own still unlocks `remember` when the intent head is
sure of it and the words before the fact ask plainly (veto.fact_unlocked; everyday22-10 was answered "I'll keep
that in mind" and nothing was saved). The fact is then what follows "that/che" (fill._object_text)."""
from __future__ import annotations

from app.engine.catalog import build_registry
from app.planner import veto
from app.planner.evidence import Clause, analyze
from app.planner.fill import _object_text

REG = build_registry()
TOOLS = {n: REG.get(n) for n in ("remember", "write_files", "read_files")}
FACT = "please keep it in your head that I work nights Tuesday to Thursday, so mornings after those are no good"


def test_a_sure_head_unlocks_remember_when_the_words_before_the_fact_ask_plainly() -> None:
    assert veto.fact_unlocked(TOOLS, {"remember": 0.78, "answer": 0.1}, FACT) == {"remember"}
    assert veto.fact_unlocked(TOOLS, {"remember": 0.30, "answer": 0.6}, FACT) == frozenset()  # the head unsure
    # the words before the fact turn it around: nothing is unlocked, however sure the head
    assert veto.fact_unlocked(TOOLS, {"remember": 0.9}, "non tenere a mente che il cancello è rotto") == frozenset()
    assert veto.fact_unlocked(TOOLS, {"remember": 0.9}, "se ti dico che il cancello è rotto, lo ricordi?") == \
        frozenset()
    assert veto.fact_unlocked(TOOLS, {"remember": 0.9}, "I work nights") == frozenset()  # no fact opened


def test_the_fact_is_what_follows_that_when_no_verb_is_known() -> None:
    clause: Clause = analyze(FACT).clauses[0]
    assert _object_text(clause, fact=True).startswith("I work nights Tuesday to Thursday")
    assert _object_text(clause) == clause.text.strip(" .?!")  # another free text keeps the clause


def test_a_write_the_veto_keeps_out_with_the_models_answer_is_a_question_about_it() -> None:
    """everyday22-63, "se buto via X dopo poso tirarlo indrio?": head delete_files 0.40 (not offered), the model 3.5
    nats for the answer — a read of X, which the structure ranked for the file's name, does not run."""
    from app.planner.head_vote import about_a_write_not_asked

    tools = {n: REG.get(n) for n in ("delete_files", "read_files", "list_dir")}
    head = {"delete_files": 0.40, "answer": 0.13, "read_files": 0.10}
    model = {"read_files": -3.98, "list_dir": -4.8, "answer": -0.46}
    none: frozenset[str] = frozenset()
    assert about_a_write_not_asked(head, model, ["read_files", "list_dir", "answer"], tools, none)
    assert not about_a_write_not_asked(head, {**model, "read_files": -0.1}, ["read_files", "answer"], tools, none)
    assert not about_a_write_not_asked(head, model, ["delete_files", "read_files", "answer"], tools, none)  # offered
    assert not about_a_write_not_asked({"read_files": 0.5, "delete_files": 0.3}, model, ["read_files"], tools, none)
    # "devo spostare X in archivio domani, intanto leggimelo": the rules read the read asked; it runs
    assert not about_a_write_not_asked(head, model, ["read_files", "answer"], tools, frozenset({"read"}))


def test_an_opinion_asked_unlocks_nothing_however_sure_the_head() -> None:
    """everyday23-29, a dictated run-on asking an opinion ("secondo te conviene fare l'olio a ottobre o aspettare
    novembre che l'oliva è più matura… tu che ne pensi") was saved as a fact: head remember 0.85."""
    text = ("senti una cosa ma secondo te quest'anno conviene fare l'olio presto a ottobre o aspettare novembre che "
            "l'oliva e piu matura io dico che a ottobre viene piu buono tu che ne pensi")
    assert veto.fact_unlocked(TOOLS, {"remember": 0.85, "answer": 0.06}, text) == frozenset()
