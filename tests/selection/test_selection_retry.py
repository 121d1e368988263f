"""The second attempt of app/selection/run.py after a garbled first answer (the guard stops a loop: "il sink del
kocina … inutilmente inutilmente …" on gtranslate-11, fresh2 tune — answered on the second attempt in the bench),
and a rewrite told up front, in the text's language named, what it must carry (real model). Whether the model loops
on a text depends on its threads (the bench runs one), and the long text took 450 s in a test process under load:
the loop's retry is recorded by the bench, not re-run here."""
from __future__ import annotations

from typing import Any

import pytest

from app.bench.selection_checks import check
from app.selection import SelectionRequest, Setup, run
from app.selection.actions import clean_again, instruction
from app.selection.prompt import messages
from app.turn.cancel import CancelToken

LANDLORD = ("Hi Mr. Patel, just letting you know that the kitchen sink in Flat 4B has been leaking since Sunday "
            "night. I've put a bucket under it and closed the valve, but the bottom of the cabinet is already soaked. "
            "Could you send a plumber this week? I work from home, so any time between 10:00 and 16:00 is fine, "
            "except Wednesday 14:00-15:00 when I have a meeting. Also, the October rent of $950 went out on the 1st "
            "as usual. You can reach me on 07700 900461. Thanks, Hannah")


def test_the_retry_after_a_garbled_answer_says_what_went_wrong_in_the_persons_language() -> None:
    req = SelectionRequest("translate", LANDLORD, lang="it")
    assert clean_again("it") in messages(req, LANDLORD, extra=clean_again("it"))[1]["content"]
    assert clean_again("en").startswith("Do it anyway, without refusing")
    # a rewrite names the text's language (an English text, an Italian person: the answer stays English)
    assert "nella sua lingua (inglese)" in instruction(SelectionRequest("rewrite", LANDLORD, lang="it", style="formal"))


@pytest.mark.slow
def test_a_rewrite_for_an_italian_person_of_an_english_text_stays_english_and_keeps_its_items(writer: Any) -> None:
    """frewrite-02 (fresh tune), asked by an Italian person: the instruction is Italian, the answer must not be."""
    text = ("hey, so the heating's been broken since Friday and honestly it's freezing in here. I've texted you twice "
            "already. Can someone come round this week? I'm in after 5 every day except Wednesday. Also the rent for "
            "March went out yesterday, £950 like usual. Cheers, Jake (flat 4)")
    out = run(writer, SelectionRequest("rewrite", text, lang="it", style="formal"), Setup(), CancelToken(),
              lambda _t: None)
    case = {"action": "rewrite", "text": text, "text_lang": "en", "style": "formal",
            "keep": ["5", "£950", "Jake", "4"]}
    assert out.ok and check(case, out.text) == [], out.text


def test_a_refusal_is_not_an_answer_unless_the_text_itself_says_it() -> None:
    """The model declined a friendly rewrite of a club notice (rewrite-05, tune) when the items to keep were named
    up front: "Ciao amico,\\nMi dispiace, ma non posso aiutarti con questo." — the guard stops such an answer and
    the run tries once more; a translation of a text that says it is left alone."""
    from app.selection.guard import problem

    assert problem("Ciao amico,\nMi dispiace, ma non posso aiutarti con questo.", "Si comunica che…", True) == \
        "a refusal"
    assert problem("I'm sorry, but I can't help with that request.", "Riscrivi…", False) == "a refusal"
    assert problem("Non posso aiutarti con il trasloco sabato.", "I can't help with the move on Saturday.",
                   True) is None
    assert problem("Purtroppo non posso venire venerdì, Jake.", "Sorry, can't come on Friday. Jake", True) is None


def test_a_rewrite_that_copies_the_text_or_a_shorter_one_that_is_not_shorter_is_tried_again() -> None:
    """rewrite-06, frewrite-01, grewrite-03 (tune): the model copied the text out as its "rewrite"; the run sees it
    by the check's own reading and asks once more, saying what was wrong."""
    from app.selection.actions import rewrite_again
    from app.selection.run import _not_a_rewrite

    text = "I just wanted to let you know that the delivery for Johnson & Sons has been postponed to Thursday, 9:00."
    shorter = SelectionRequest("rewrite", text, lang="en", style="shorter")
    assert _not_a_rewrite(shorter, text, text + " ") == "copied"
    assert _not_a_rewrite(shorter, text, "Hi! " + text) == "longer"
    assert _not_a_rewrite(shorter, text, "Johnson & Sons' delivery moved to Thursday, 9:00.") == ""
    assert _not_a_rewrite(SelectionRequest("rewrite", text, lang="en", style="formal"), text, "Hi! " + text) == ""
    assert _not_a_rewrite(SelectionRequest("translate", text, lang="it"), text, text) == ""  # the keep-check's job
    assert rewrite_again("it", "copied") == "Non ricopiare il testo: riscrivilo davvero, con parole tue."
    assert rewrite_again("en", "longer", 12) == "Use at most 12 words."
