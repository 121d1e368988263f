"""An answer may not say it saved, sent or scheduled something when no write ran in the turn (issue 27)."""
from __future__ import annotations

from app.planner import answer as ans


def test_a_claimed_write_with_no_write_run_is_untrue() -> None:
    assert ans.claims_undone("Sure, I'll store that information for you.", wrote=False)
    assert ans.claims_undone("Fatto, ho memorizzato la combinazione 0717.", wrote=False)


def test_the_same_words_are_fine_when_the_write_ran_and_plain_answers_never_claim() -> None:
    assert not ans.claims_undone("Sure, I'll store that information for you.", wrote=True)
    assert not ans.claims_undone("Il file contiene 3 righe.", wrote=False)
    assert not ans.claims_undone("Vuoi che lo salvi tra i tuoi ricordi?", wrote=False)


def test_what_replaces_it_says_nothing_was_done_in_the_request_language() -> None:
    it = ans.nothing_done_text("salvati questa cosa: il lucchetto fa 0717")
    en = ans.nothing_done_text("store this for me: my bike lock code is 0717")
    assert it.startswith("Non l'ho fatto") and "ricordati che" in it
    assert en.startswith("I didn't do that") and "remember that" in en


class _Info:
    def __init__(self, head: dict[str, float] | None) -> None:
        from app.planner.choose import Choice

        self.choices = [Choice("answer", {}, {}, head=head)]


def test_a_claim_is_checked_only_when_the_request_asks_for_something_to_be_done() -> None:
    from app.planner.writing import asked_to_act

    # "store this for me: …" read as remember: an answer saying it was stored must be backed by a write
    assert asked_to_act(_Info({"remember": 0.77, "answer": 0.10}), "store this for me: my lock code is 0717")
    # "scrivimi una mail per dire che ho inviato il report": the mail's "ho inviato" is the person's voice
    assert not asked_to_act(_Info({"answer": 0.96, "write_files": 0.01}), "scrivimi una mail: ho inviato il report")
    # no head (no embedder): the rules' reading of what is asked
    assert asked_to_act(_Info(None), "ricordati che il dentista è giovedì")
    assert not asked_to_act(_Info(None), "che cos'è un file json?")
