"""A sentence that only gives a reason is not part of what is asked; anything that could change the request is."""
from __future__ import annotations

import pytest

from app.lang.actions import action_of, asked_part


@pytest.mark.parametrize("text,plain", [
    ("devo consegnare le slide, trovami i pptx in ~/università", "trovami i pptx in ~/università"),
    ("ho finito la tesi finalmente! copia ~/tesi.pdf in ~/backup", "copia ~/tesi.pdf in ~/backup"),
    ("il pc è lento. cancella ~/big.iso", "cancella ~/big.iso"),
    ("sono in ritardo?? che ore sono", "che ore sono"),
])
def test_a_reason_in_a_sentence_of_its_own_is_left_out(text: str, plain: str) -> None:
    assert action_of(text) == action_of(plain)


@pytest.mark.parametrize("text,plain", [
    ("se è vuota, cancella la cartella ~/x", "cancella la cartella ~/x"),  # a condition
    ("dopo pranzo, leggi ~/a.txt", "leggi ~/a.txt"),  # a later time
    ("search for 'TODO' in ~/code, case sensitive, whole words only", "search for 'TODO' in ~/code"),  # modifiers
    ("io dimentico sempre, ricordati che la bici è in garage", "ricordati che la bici è in garage"),  # an action
    ("ho un casino nella cartella ~/x, mi fai vedere cosa contiene?", "mi fai vedere cosa contiene ~/x?"),
])
def test_a_sentence_that_could_change_the_request_stays(text: str, plain: str) -> None:
    assert action_of(text) != action_of(plain)


def test_a_taken_back_request_stays_taken_back() -> None:
    assert action_of("non ho tempo, leggi ~/a.txt").negated
    assert action_of("whats the date today? nvm").negated


@pytest.mark.parametrize("text,plain", [
    ("list the contents of ~/x please, I need to see what's been uploaded", "list the contents of ~/x please"),
    ("cerca i file pdf in ~/x, mi servono le domande da stampare", "cerca i file pdf in ~/x"),
    # a purpose whose "non" negates nothing asked; what it is for; the person busy with something
    ("scrivi 'ok' in ~/note.txt, così non me lo scordo", "scrivi 'ok' in ~/note.txt"),
    ("write 'ok' in ~/note.txt, so I don't forget", "write 'ok' in ~/note.txt"),
    ("scrivi 'ok' in ~/note.txt, cosi me lo ricordo", "scrivi 'ok' in ~/note.txt"),
    # what the person lost track of ("track" is no music here)
    ("show the contents of folder ~/x, I lost track", "show the contents of folder ~/x"),
    ("scrivi 'ok' in ~/a.txt, me lo sono dimenticato", "scrivi 'ok' in ~/a.txt"),
    ("what's the time? running late for a pickup", "what's the time?"),
    # what the person will do then; a reason said first, before a colon
    ("crea la cartella ~/x, così ci metto dentro le ricette che mi manda mia sorella", "crea la cartella ~/x"),
    ("mi serve per la cena di stasera: leggi ~/a.md", "leggi ~/a.md"),
    # the person's plan said first, then a sentence that asks by its first word (it mentions sending: no refusal)
    ("devo mandarlo al commercialista, dimmi il totale di ~/spese.csv", "dimmi il totale di ~/spese.csv"),
    ("I need to send it to Mark, tell me how many lines ~/a.md has", "tell me how many lines ~/a.md has"),
    ("tell me the date, I need it for the delivery slip", "tell me the date"),
    ("what's the date? filling out an enrollment form", "what's the date?"),
    ("copy ~/a.xlsx to /media/usb, taking it to the club meeting", "copy ~/a.xlsx to /media/usb"),
    # what the person must do with it, said with a pronoun; their schedule for a day
    ("copia ~/a.pdf in ~/b, lo devo mandare al tribunale", "copia ~/a.pdf in ~/b"),
    ("crea la cartella ~/perizie/x, domani ho il sopralluogo", "crea la cartella ~/perizie/x"),
    # when the person has to do it does not make it a request ("I can't control lights" was the answer)
    ("che ore sono? tra poco devo accendere le luci di sala", "che ore sono?"),
    ("what's the date, later I have to lock up the hall", "what's the date"),
])
def test_the_persons_own_plan_after_the_request_is_not_asked_of_the_assistant(text: str, plain: str) -> None:
    assert action_of(text) == action_of(plain)
    assert action_of("trova i pdf in ~/x, voglio che tu li cancelli") != action_of("trova i pdf in ~/x")
    # how the request is to be done is not a reason: a filter said with a gerund stays
    assert action_of("trova i pdf in ~/x, excluding the old ones") != action_of("trova i pdf in ~/x")
    assert action_of("cancella ~/a.txt, così non lo vedo più").negated  # not a "so I don't forget"
    assert action_of("cancella ~/a.txt, non ricordo").negated  # "non ricordo" keeps its "non": never replayed
    assert asked_part("domani, crea la cartella ~/x") == "domani, crea la cartella ~/x"  # when to act: kept
    # said first with nothing asking after it, the person's need is the request
    assert asked_part("devo spostare ~/a.txt in ~/b, puoi farlo?") == "devo spostare ~/a.txt in ~/b, puoi farlo?"


@pytest.mark.parametrize("text,asked", [
    # what the person will do later, then "for now…": the plan is theirs (the fresh set's tune half was refused as an
    # action for later and nothing was listed)
    ("want to move these to a USB stick tonight so I can show my parents, so for now just list ~/Foto",
     "so for now just list ~/Foto"),
    ("devo spostarle stasera su una chiavetta, intanto elencami ~/Foto", "intanto elencami ~/Foto"),
    # the later action names what it acts on: it is asked (and refused as "for later"), not a plan
    ("sposta ~/a.txt in ~/b stasera, intanto leggimi ~/c.txt",
     "sposta ~/a.txt in ~/b stasera, intanto leggimi ~/c.txt"),
])
def test_for_now_opens_what_is_asked_now(text: str, asked: str) -> None:
    assert asked_part(text) == asked


def test_a_wish_after_a_request_and_a_comma_says_why() -> None:
    """everyday14-49, "Nairobi time now please, I want to call my mother before she sleeps": refused as a call by
    the fast path — the wish was read as asked. After a comma a wish of the person's own is a clause of its own that
    says why; "voglio che tu…" asks the assistant, and a state after a comma ("…, ho fretta") stays where it was."""
    from app.lang.clauses import split_continuation, wish_after_question

    text = "Nairobi time now please, I want to call my mother before she sleeps"
    assert split_continuation(text) == ["Nairobi time now please", "I want to call my mother before she sleeps"]
    assert wish_after_question(text, "I want to call my mother before she sleeps")
    asks = "elenca /tmp/x, voglio che tu cancelli i vecchi"
    assert split_continuation(asks) == [asks]
    assert split_continuation("leggi /tmp/a.txt, ho fretta") == ["leggi /tmp/a.txt, ho fretta"]
