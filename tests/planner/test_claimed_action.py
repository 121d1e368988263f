"""An answer may not say it saved, sent or scheduled something when no write ran in the turn (issue 27)."""
from __future__ import annotations

import re

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
    # unsure, `answer` still likeliest: a question is not asked to act ("…iniziare subito a lavorare?" read a start,
    # and an opinion the model refused became "Non l'ho fatto…"); a plain request the rules read still is
    question = "secondo te ha senso fare la magistrale o conviene iniziare subito a lavorare? ho 23 anni"
    assert not asked_to_act(_Info({"answer": 0.38, "recall": 0.09}), question)
    assert asked_to_act(_Info({"answer": 0.40, "remember": 0.30}), "salvati questa: Giulia porta il 38 di scarpe")
    # no head (no embedder): the rules' reading of what is asked
    assert asked_to_act(_Info(None), "ricordati che il dentista è giovedì")
    assert not asked_to_act(_Info(None), "che cos'è un file json?")
    # a question about words in quotes: the action is the quote's, whatever the head reads ("Il comando 'sposta…'
    # indica che…" had been replaced by "Non l'ho fatto…", by hand)
    quoted = "sul post-it c'è scritto 'sposta /x/todo.txt in archivio', che vuol dire?"
    assert not asked_to_act(_Info({"answer": 0.20, "move_files": 0.70}), quoted)
    assert asked_to_act(_Info({"answer": 0.20, "write_files": 0.70}), "scrivi 'sposta la macchina' in /x/todo.txt")


def test_a_claim_about_a_file_never_named_becomes_the_question_which() -> None:
    """"chuck that file in the bin" with nothing before it: the model said "Sure, I'll chuck that file in the bin."
    (everyday5-68) and the intent head read words (answer 0.77), so the claim went unchecked. A request that points
    at a file it never names is checked whatever the head says, and the answer asks which file."""
    assert ans.points_at_unnamed("chuck that file in the bin")
    assert ans.points_at_unnamed("butta quel file nel cestino, non mi serve")
    assert not ans.points_at_unnamed("chuck /tmp/x/old.log in the bin")
    assert not ans.points_at_unnamed("delete that file, report.txt")
    assert ans.claims_undone("Sure, I'll chuck that file in the bin.", wrote=False)
    assert ans.nothing_done_text("chuck that file in the bin") == "Which file or folder do you mean?"
    assert ans.nothing_done_text("butta quel file nel cestino").endswith("?")
    assert not ans.nothing_done_text("store this: my bike code is 0717").endswith("?")


def test_a_saved_fact_is_shown_to_the_writer_only_for_a_question_about_the_person() -> None:
    """everyday6-40: "Could you please retrieve the name of the person who handles my tax filings?" was answered
    "your tax preparer" — the model never saw "my accountant is Mark Bianchi". A question about the person (a
    word of their own, or "I told you before") gets the nearest saved facts beside it; a general question does
    not ("who is the best accountant in Milan?" became "Mark Bianchi is the best accountant in Milan.")."""
    from app.planner import compose
    from app.planner.writing import about_the_person

    assert about_the_person("Could you please retrieve the name of the person who handles my tax filings?")
    assert about_the_person("Le sarei grato se potesse indicarmi la data in cui Giulia festeggia gli anni, che a "
                            "suo tempo Le avevo comunicato.")
    assert not about_the_person("who is the best accountant in Milan?")
    assert not about_the_person("ma oggi è il 15 o no?")
    how = compose.plan("who does my taxes?", [], True, 64, facts=["my accountant is Mark Bianchi"])
    assert how.mode == "write" and any("Mark Bianchi" in m["content"] and m["role"] == "system"
                                       for m in how.messages[1:])
    assert how.messages[0]["content"] == compose.plan("who does my taxes?", [], True, 64).messages[0]["content"]
    plain = compose.plan("who does my taxes?", [], True, 64)
    assert not any("Mark Bianchi" in m["content"] for m in plain.messages)


def test_an_answer_that_states_the_clock_from_nothing_gets_the_clocks_reading() -> None:
    """everyday8-36: "what day is it even. nights have me wrecked" was answered "It's currently evening." — the
    model has no clock. The replacement is the clock tool's own sentence, in the question's language, and the
    date where the day was asked."""
    from app.tools.clock import get_date
    today = get_date({})
    date_en = ans.clock_text("It's currently evening.", "what day is it even. nights have me wrecked")
    assert date_en is not None and today["text_en"] in date_en
    date_it = ans.clock_text("Oggi è lunedì, buona settimana!", "che giorno è oggi?")
    assert date_it is not None and today["text_it"] in date_it
    time_it = ans.clock_text("Sono le 10 e un quarto.", "che ore sono, più o meno?")
    assert time_it is not None and re.fullmatch(r"Sono le \d\d:\d\d\.", time_it), time_it
    assert ans.clock_text("Il film dura due ore.", "quanto dura il film?") is None
    assert ans.clock_text("Christmas is on a Friday this year.", "what day is Christmas?") is None


def test_a_stated_time_is_the_clock_s_and_for_a_place_named_it_is_that_place_s() -> None:
    """everyday9-45: "what time is it boss, clock in the van's knackered" was answered "It's 10:30 AM." from
    nothing (a bare clock time was no claim the table knew). And a time stated for a place the question names is
    that place's (tools/world_clock.py), never the time here."""
    here = ans.clock_text("It's 10:30 AM.", "what time is it boss, clock in the van's knackered")
    assert here is not None and re.fullmatch(r"It's \d\d:\d\d\.", here), here
    there = ans.clock_text("It's 10:30 AM.", "what time is it in Tokyo right now?")
    assert there is not None and there.startswith("In Tokyo it's ") and "here)." in there, there
    tokyo_it = ans.clock_text("Sono le 10 e un quarto.", "che ore sono a Tokyo adesso?")
    assert tokyo_it is not None and tokyo_it.startswith("A Tokyo sono le "), tokyo_it
    assert ans.clock_text("It's 10 km from the station.", "how far is the hotel?") is None
    # everyday11-53: "The current time in San Francisco is 12:00 PM." from nothing — the place said in the claim
    sf = ans.clock_text("The current time in San Francisco is 12:00 PM.",
                        "what time now in San Francisco ah? my client there want to do call")
    assert sf is not None and sf.startswith("In San Francisco it's "), sf
    assert ans.clock_text("The time in Tokyo is usually ahead of Rome.", "is Tokyo ahead of Rome?") is None


def test_a_time_zone_stated_for_this_computer_is_the_machine_s() -> None:
    """everyday19-68: "what timezone's this box set to mate, clock looks off" was answered "The box set is likely
    set to the Eastern Standard Time (EST) timezone." on a machine set to UTC. A zone the answer names for this
    computer is the machine's own (where_am_i); a question about another place's zone, or about zones in general,
    keeps the model's words."""
    from app.tools.clock import where_am_i

    zone = where_am_i({}, None)["timezone"]  # type: ignore[arg-type]
    said = ans.clock_text("The box set is likely set to the Eastern Standard Time (EST) timezone.",
                          "what timezone's this box set to mate, clock looks off")
    assert said is not None and said.startswith("You are on ") and said.endswith(f"time zone {zone}."), said
    it = ans.clock_text("Il fuso orario è CET.", "che fuso orario ha questo computer?")
    assert it is not None and it.startswith("Sei su ") and it.endswith(f"fuso orario {zone}."), it
    assert ans.clock_text("Il fuso orario di New York è EST.", "che fuso orario ha New York?") is None
    assert ans.clock_text("CET is one hour ahead of UTC.", "what is the difference between CET and UTC?") is None


def test_a_date_of_the_person_s_stated_from_nothing_must_be_one_they_told() -> None:
    """everyday9-28 and -33 (read after the clean run): "quannu fa l'anni a niputi mia Giulia" was answered "il 15
    maggio" (the saved birthday is 14 marzo), a dentist's time "giovedì alle 14:00" (saved: 15). A day, date or
    time the answer states about the person must be in the question or in the saved facts shown beside it; else
    the memory answers (planner/writing.from_memory), or says it does not know."""
    from app.lang.messages import say
    from app.lang.stated import when_backed

    birthday = ["il compleanno di Giulia è il 14 marzo"]
    assert not when_backed("Giulia compie gli anni il 15 maggio.", birthday, "quando compie gli anni mia nipote?")
    assert when_backed("Giulia compie gli anni il 14 marzo.", birthday, "quando compie gli anni mia nipote?")
    dentist = ["il dentista è giovedì alle 15"]
    assert not when_backed("Il dentista ti aspetta giovedì alle 14:00.", dentist, "a che ora ho il dentista?")
    assert when_backed("Il dentista ti aspetta giovedì alle 15.", dentist, "a che ora ho il dentista?")
    # what the person said themselves backs it; an answer with no day, date or time is no claim of one
    assert when_backed("Per domenica prova una lasagna.", [], "cosa cucino per mia madre domenica?")
    assert when_backed("Giulia è tua nipote.", [], "chi è mia nipote?")
    assert say("answer.not_in_memory", "it").startswith("Non lo so")


def test_a_request_that_tells_something_done_to_an_unnamed_file_is_asked_which() -> None:
    """everyday9-69 "nuke that file" (the model: "I'm sorry, but I can't assist with that.") and everyday8-39 "just
    bin that file" (the model asked for "the file path") — read after their clean runs: whatever the verb, a file
    never named is asked back. A question about such a file is not."""
    assert ans.tells_of_unnamed("nuke that file")
    assert ans.tells_of_unnamed("just bin that file. too tired to argue")
    assert ans.tells_of_unnamed("butta quel file nel cestino, non mi serve")
    assert not ans.tells_of_unnamed("is that file safe to open?")
    assert not ans.tells_of_unnamed("what is that file format called")
    assert not ans.tells_of_unnamed("quel file è troppo grande, cosa faccio")
    assert not ans.tells_of_unnamed("nuke /tmp/x/old.log")
