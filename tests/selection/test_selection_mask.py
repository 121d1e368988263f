"""The items a translation or a rewrite must keep go behind placeholders (app/selection/mask.py) and come back after:
read from real texts in both languages, put back when the model copies them, writes them a little differently or
splits them across streamed tokens, and never lost silently when it drops one (run.py's keep-check then retries
and says so). The last tests run the bundled model."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from app.bench.selection_checks import check
from app.lang.detect import text_lang
from app.selection import SelectionRequest, Setup, keep, run
from app.selection.actions import instruction, mask_note
from app.selection.mask import Masked, Unmasking, mask, placeholder
from app.turn.cancel import CancelToken

MAIL_IT = ("Ciao Giulia, ti confermo la riunione con il cliente Ferretti per giovedì 14 marzo alle 10:30 in sala "
           "Brera. Porta la bozza (v3, 12.400 €) e il file /condivisa/progetti/offerta_v3.xlsx; se riesci, manda "
           "tutto anche a Ferretti entro le 18. Grazie, Luca")
NOTE_EN = ("Hi all, the workshop with Priya Nair runs Wed 14:00-16:00 in room 2C at Howell House. Bring your laptop; "
           "the slides are at https://intranet.example.com/ws/7 and questions go to p.nair@example.com. Thanks, "
           "Jordan")


def test_every_item_of_a_real_mail_is_behind_a_placeholder_and_comes_back_as_written() -> None:
    m = mask(MAIL_IT)
    assert m.text.startswith("Ciao [[1]], ti confermo la riunione con il cliente [[2]] per giovedì [[3]] marzo "
                             "alle [[4]]")
    assert m.text.count("[[2]]") == 2  # the same name twice: one placeholder
    assert "12.400" not in m.text and "offerta" not in m.text and "Luca" not in m.text
    assert m.unmask(m.text) == MAIL_IT
    en = mask(NOTE_EN)
    assert "Priya Nair" in en.items.values()  # names side by side: one item, not two placeholders to drop one of
    assert "Wed 14:00-16:00" in en.items.values()  # the range whole, never "14" inside it
    assert "https://intranet.example.com/ws/7" in en.items.values() and "p.nair@example.com" in en.items.values()
    assert en.unmask(en.text) == NOTE_EN
    # a city with a usual other-language form is left to the model (Turin keeps Torino for the app's reading)
    assert "Torino" in mask("Il pacco per Andrea arriva a Torino alle 18.").text
    assert mask("Nessun nome qui, solo parole.").items == {}


def test_a_placeholder_written_a_little_differently_is_still_read_and_one_the_text_never_had_is_removed() -> None:
    m = mask(MAIL_IT)
    answer = ("Hi [[ 1 ]], I confirm the meeting with client [2] on Thursday {3} March at ⟦4⟧ in room [[5]] [[12]]. "
              "Bring the draft ([[6]], [[7]]) and the file [[8]]; if you can, send everything to [[2]] by [[9]] "
              "too. Thanks, [[10]]")
    back = m.unmask(answer)
    assert back.startswith("Hi Giulia, I confirm the meeting with client Ferretti on Thursday 14 March at 10:30")
    assert "⟦" not in back and "[" not in back and back.endswith("by 18 too. Thanks, Luca")
    assert m.unmask("See [3] and [12] of the manual.") == "See 14 and [12] of the manual."  # one not ours stays
    assert "in room Brera. Bring" in back  # [[12]]: no item of the text, removed with its space
    assert keep.missing(MAIL_IT, back) == []
    assert m.dropped(answer) == []
    # a dropped placeholder is a missing item: the keep-check sees it, nothing is guessed back
    lost = answer.replace("[[8]]", "the spreadsheet")
    assert m.dropped(lost) == ["/condivisa/progetti/offerta_v3.xlsx"]
    assert [i.text for i in keep.missing(MAIL_IT, m.unmask(lost))] == ["/condivisa/progetti/offerta_v3.xlsx"]
    assert Masked("x", {}).unmask("[1] stays") == "[1] stays"  # nothing masked: nothing touched


def test_a_placeholder_split_across_streamed_tokens_is_shown_only_whole() -> None:
    m = mask(NOTE_EN)
    shown: list[str] = []
    u = Unmasking(m, shown.append)
    for tok in ["Ciao a tutti, il workshop con [", "[1", "]] si tiene ", "[[2]", "] nella stanza ⟦", "3 ⟧", "."]:
        u(tok)
        assert not any(c in "".join(shown) for c in "⟦⟧[]"), shown
    u.flush()
    assert "".join(shown) == "Ciao a tutti, il workshop con Priya Nair si tiene Wed 14:00-16:00 nella stanza 2C."
    tail: list[str] = []
    u = Unmasking(m, tail.append)
    u("fine [[")  # the answer ends on half a placeholder: nothing lost, shown as written
    u.flush()
    assert "".join(tail) == "fine [["
    u("vedi [a] e [b].")  # a bracket that opens no placeholder goes out at once
    assert "".join(tail) == "fine [[vedi [a] e [b]."


def test_the_note_to_copy_the_placeholders_is_in_the_prompt_table_in_both_languages() -> None:
    assert mask_note("it", placeholder(1)).startswith("I segni come [[1]] stanno al posto di nomi, numeri")
    assert mask_note("en", placeholder(1)).startswith("The marks such as [[1]] stand for names, numbers")
    assert "[[" not in instruction(SelectionRequest("translate", MAIL_IT, lang="en"))  # said by run.py, masked only


@dataclass
class _Done:
    finish_reason: str = "stop"
    prompt_tokens: int = 100
    evaluated_tokens: int = 100


class Scripted:
    """The model's boundary with written answers (tokens as the model would stream them); records the prompts."""

    n_ctx = 4096

    def __init__(self, *answers: list[str]) -> None:
        self.answers, self.prompts = list(answers), []  # type: list[list[str]]

    def render(self, msgs: list[dict[str, str]], add_generation_prompt: bool = True) -> str:
        return "\n".join(m["content"] for m in msgs)

    def count_tokens(self, text: str) -> int:
        return len(text) // 4

    def complete(self, prompt: str, *, on_token: Any, **_: Any) -> _Done:
        self.prompts.append(prompt)
        for tok in self.answers.pop(0):
            on_token(tok)
        return _Done()


def test_a_run_streams_the_items_back_and_a_dropped_placeholder_is_asked_again_then_said() -> None:
    req = SelectionRequest("translate", MAIL_IT, lang="en")
    first = ["Hi [[", "1]], I confirm the meeting with client [[2]] on Thursday [", "[ 3 ]", "] March at [4] in room ",
             "[[5]]. ",
             "Bring the draft ([[6]], [[7]]) and the file; if you can, send everything to [[2]] by [[9]] too. ",
             "Thanks, [[10]]"]
    again = [t.replace("Bring", "Please bring") for t in first]  # the second attempt drops the file again
    llm = Scripted(first, again)
    shown: list[str] = []
    steps: list[str] = []
    out = run(llm, req, Setup(progress=steps.append), CancelToken(), shown.append)
    assert "[[1]]" in llm.prompts[0] and "Giulia" not in llm.prompts[0] and "I segni" not in llm.prompts[0]
    assert "The marks such as [[1]]" in llm.prompts[0]
    assert "[[8]]" in llm.prompts[1].split(">>>")[-1]  # the retry names the dropped placeholder, not the path
    assert out.retried and out.lost == ["/condivisa/progetti/offerta_v3.xlsx"], (out.lost, steps)
    assert out.text.startswith("Hi Giulia, I confirm the meeting with client Ferretti on Thursday 14 March at 10:30")
    assert not any(c in "".join(shown) for c in "[]"), shown
    assert any(s.startswith("placeholders the answer does not have") for s in steps)


def test_an_answer_that_writes_around_most_placeholders_is_made_again_on_the_text_as_it_is() -> None:
    """gtranslate-03 (fresh2 tune): "Notice: The text contains some placeholders that need to be replaced…" — no
    placeholder in it. The masked attempt is dropped and the text itself is translated (the path before masks)."""
    req = SelectionRequest("translate", MAIL_IT, lang="en")
    comment = ["Notice: The text contains some placeholders that need to be replaced with actual names. ",
               "Please provide the necessary information."]
    plain = ["Hi Giulia, I confirm the meeting with client Ferretti on Thursday 14 March at 10:30 in room Brera. ",
             "Bring the draft (v3, 12.400 €) and the file /condivisa/progetti/offerta_v3.xlsx; if you can, send ",
             "everything to Ferretti by 18 too. Thanks, Luca"]
    llm = Scripted(comment, plain)
    steps: list[str] = []
    out = run(llm, req, Setup(progress=steps.append), CancelToken(), lambda _t: None)
    assert "[[1]]" in llm.prompts[0] and "[[" not in llm.prompts[1] and "Giulia" in llm.prompts[1]
    assert any("dropped 10 of 10 placeholders" in s for s in steps), steps
    assert out.ok and out.text == "".join(plain) and out.lost == [] and not out.retried


def test_a_summary_a_correction_and_a_rewrite_see_the_text_as_it_is() -> None:
    """Only translations mask (the table's `masks`): a correction must see the words it corrects, and the model
    fills [[n]] in a rewrite as a template's blank ("Ciao [Nome]") — measured on the tune rewrites."""
    from app.selection.actions import BY_ID

    assert [a for a, row in BY_ID.items() if row.masks] == ["translate"]
    llm = Scripted(["Ciao Giulia, riunione con Ferretti giovedì."])
    run(llm, SelectionRequest("summarize", MAIL_IT, lang="it"), Setup(), CancelToken(), lambda _t: None)
    assert "[[" not in llm.prompts[0] and "Giulia" in llm.prompts[0]


@pytest.mark.slow
def test_the_bundled_model_translates_a_masked_mail_and_nothing_is_lost_silently(writer: Any) -> None:
    text = ("Ciao Marta, la consegna per Ferretti è spostata a giovedì, fascia 14:00-16:00, in Via Garibaldi 14, "
            "20121. Il codice del ritiro è KL1602 e per dubbi scrivi a logistica@example.it. Grazie, Luca")
    shown: list[str] = []
    out = run(writer, SelectionRequest("translate", text, lang="it"), Setup(), CancelToken(), shown.append)
    assert out.ok and text_lang(out.text) == "en", out.text
    assert "[[" not in "".join(shown) and "[[" not in out.text
    assert sorted(out.lost) == sorted(i.text for i in keep.missing(text, out.text))  # said, never silent
    case = {"action": "translate", "text": text, "target": "en",
            "keep": ["Marta", "Ferretti", "14:00-16:00", "Via Garibaldi 14", "20121", "KL1602",
                     "logistica@example.it", "Luca"]}
    assert check(case, out.text) == [], out.text


@pytest.mark.slow
def test_the_bundled_model_translates_an_english_note_into_italian_keeping_its_items(writer: Any) -> None:
    shown: list[str] = []
    out = run(writer, SelectionRequest("translate", NOTE_EN, lang="en"), Setup(), CancelToken(), shown.append)
    assert "[[" not in "".join(shown) and "[[" not in out.text
    assert sorted(out.lost) == sorted(i.text for i in keep.missing(NOTE_EN, out.text))
    case = {"action": "translate", "text": NOTE_EN, "target": "it",
            "keep": ["Priya Nair", "14:00-16:00", "2C", "Howell", "https://intranet.example.com/ws/7",
                     "p.nair@example.com", "Jordan"]}
    assert out.ok and check(case, out.text) == [], out.text
