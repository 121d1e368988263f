"""Asides (lang/asides.py): the fragments of a request the aside head is sure ask nothing are left out of what
the fast path reads — never a fragment with a path, an asked action or a negation — with the real head and
embedder end to end."""
from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from support import shipped_head_holds

from app.lang.asides import ASIDE_SURE, focus, fragments, trailing
from app.lang.heads import ASIDE_HEAD

NOW = datetime(2024, 5, 8, 15, 30)


def sure(parts: Any) -> list[float]:
    """A judge that reads every fragment it is shown as aside: what the rules still keep is the test."""
    return [1.0] * len(parts)


def test_a_request_is_cut_at_breaks_and_before_connectors() -> None:
    assert fragments("fai una copia di ~/a.txt dentro ~/b, per sicurezza") == [
        "fai una copia di ~/a.txt dentro ~/b,", "per sicurezza"]
    assert fragments("leggimi ~/c.txt che non mi ricordo cosa ci ho scritto") == [
        "leggimi ~/c.txt", "che non mi ricordo cosa ci ho scritto"]
    assert fragments("what's the date today") == ["what's the date today"]
    assert fragments("chiamare il sig. Lombardo x il preventivo") == ["chiamare il sig. Lombardo x il preventivo"]


def test_the_rules_keep_paths_asked_actions_and_negations_whatever_the_head_says() -> None:
    f = focus("copy ~/a.txt to ~/b, thanks a lot, I'm off to the office", sure)
    assert f.text == "copy ~/a.txt to ~/b" and f.asides == ("thanks a lot,", "I'm off to the office")
    assert not focus("leggi ~/a.txt, e poi buttalo nel cestino", sure).asides  # an asked delete stays
    assert not focus("leggi ~/a.txt, non cancellarlo", sure).asides  # a negated order stays
    assert not focus("leggi ~/a.txt, e dimmi quante righe ha", sure).asides  # a word that asks stays
    assert not focus("quanto fa 250 per 4? e già che ci sei dimmi che ore sono", sure).asides
    assert focus("trova i pdf in ~/Documenti, devo mandarli al commercialista", sure).asides == (
        "devo mandarli al commercialista",)  # the person's own plan (the reason rules) may go
    assert not focus("per sicurezza, grazie", sure).asides  # never every fragment
    assert not focus("leggi ~/a.txt, per sicurezza", lambda parts: [ASIDE_SURE - 0.01] * len(parts)).asides


def test_a_task_keeps_its_first_fragment_values_and_what_goes_on_with_it() -> None:
    assert trailing("chiudere il recinto, che viene a piovere", sure).text == "chiudere il recinto"
    assert trailing("call the Tokyo desk, market opens early", sure).asides == ("market opens early",)
    assert trailing("comprare il pane", sure).text == "comprare il pane"
    assert trailing("portare ~/a.txt, market opens early", sure).text == "portare ~/a.txt"  # the first always
    assert not trailing("comprare il pane, e poi chiamare Marco", sure).asides  # it goes on with an action
    assert not trailing("spedire il pacco, in via Roma 3 ~/b.txt", sure).asides  # a value is the task's
    assert not trailing("call the Tokyo desk, market opens early", lambda parts: [0.4] * len(parts)).asides


def test_the_shipped_aside_head_holds_its_held_out_score(bundled_embedder: Any) -> None:
    head = shipped_head_holds(ASIDE_HEAD, bundled_embedder, 3, 200)
    assert set(head.classes) == {"aside", "asks"}


@pytest.mark.slow
def test_the_router_serves_what_is_left_when_the_head_is_sure_the_rest_asks_nothing(make_router: Any) -> None:
    from test_router import teach_read

    r = make_router()
    teach_read(r)
    res = r.route("leggimi /tmp/t/b.txt, i miss her", now=NOW)  # "miss": a word no read was taught with
    assert res is not None and res.tool == "read_files" and res.args == {"paths": ["/tmp/t/b.txt"]}
    assert res.reason.startswith("asides: ['i miss her']")
    copy = r.route("fai una copia di /tmp/t/a.txt dentro /tmp/b, per sicurezza", now=NOW)
    assert copy is not None and copy.tool == "copy_files" and "asides" in copy.reason
    assert r.route("leggimi /tmp/t/b.txt, e poi buttalo nel cestino", now=NOW) is None  # the delete is asked too
    assert r.contradict_last("leggimi /tmp/t/b.txt, i miss her") is not None  # an undo names the request as said
    fact = r.route("ricordati che il dentista è giovedì, per sicurezza", now=NOW)
    assert fact is None or "per sicurezza" in str(fact.args.get("fact"))  # a fact keeps its words


@pytest.mark.slow
def test_a_reminder_is_kept_without_the_reason_said_after_what_to_remind(make_router: Any) -> None:
    from app.reminders.stage import ReminderStage

    r = make_router()
    r.set_stages([ReminderStage()], [])
    res = r.route("remind me tomorrow at 7 to call the Tokyo desk, market opens early")
    assert res is not None and res.tool == "set_reminder" and res.args["text"] == "call the Tokyo desk"
    assert "market opens early" in res.reason
    plain = r.route("ricordami domani alle 9 di pagare l'F24")
    assert plain is not None and plain.args["text"] == "pagare l'F24"


def test_a_question_of_its_own_is_never_an_aside() -> None:
    """everyday19-26: "adesso | che ora è ad Asmara? | voglio chiamare mia mamma" — the question, tied to "adesso",
    went with it as an aside, and the wish after it was refused as a call. A question asks (rule
    asides.direct_question); a tag question ("…, vero?") does not."""
    assert not focus("adesso che ora è ad Asmara? voglio chiamare mia mamma", sure).asides
    assert not focus("copy ~/a.txt to ~/b, what's in it?", sure).asides
    assert focus("copy ~/a.txt to ~/b, right?", sure).asides == ("right?",)
