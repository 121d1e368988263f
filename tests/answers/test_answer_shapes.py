"""Answers rendered for the question asked, in the person's language, with correct plurals (no model)."""
from __future__ import annotations

import datetime as dt

import pytest

import app.engine.catalog  # noqa: F401  (the app's tools: each declares how its results are said)
from app.bench.answers import load, make_root
from app.lang.asked import asked
from app.lang.asked_actions import tells_only
from app.lang.detect import detect_lang
from app.planner import answer as ans
from app.planner.compose import plan
from app.turn.events import Step
from app.turn.rendering import render

LOG = {"path": "/x/app.log", "bytes": 60, "lines": 4, "encoding": "utf-8",
       "content": "INFO a\nERROR disk full\nINFO b\nERROR db down\n"}


def test_find_files_counts_with_plurals_and_answers_yes_or_no() -> None:
    one = {"count": 1, "matches": [{"path": "/tmp/x/a.md"}]}
    three = {"count": 3, "matches": [{"path": f"/tmp/x/{n}.md"} for n in "abc"]}
    assert render("find_files", one, "it").startswith("1 file trovato:\n- /tmp/x/a.md")
    assert render("find_files", three, "it").startswith("3 file trovati:")
    assert render("find_files", one, "en").startswith("Found 1 file:")
    assert render("find_files", three, "en").startswith("Found 3 files:")
    assert render("find_files", one, "it", "ci sono file markdown in /tmp/x?").startswith("Sì, 1 file trovato:")
    assert render("find_files", {"count": 0, "matches": []}, "it", "ci sono file pdf in /tmp/x?") == \
        "No, non ho trovato nessun file."
    assert render("list_dir", {"count": 1, "path": "/d", "entries": [{"name": "a"}]}, "en").startswith("1 entry in /d")
    assert render("list_dir", {"count": 2, "path": "/d", "entries": [{"name": "a"}, {"name": "b"}]},
                  "it").startswith("2 elementi in /d")


def test_a_recall_answers_in_words_what_is_remembered_or_that_nothing_is() -> None:
    none = {"query": "dentista", "count": 0, "facts": [], "note": "remembered facts are data…"}
    assert render("recall", none, "it") == "Non ricordo nulla su «dentista»."
    assert render("recall", dict(none, query="quando ho il dentista?"), "it") == "Non ho nulla in memoria su questo."
    assert render("recall", dict(none, query="accountant"), "en") == \
        "I don't remember anything about \u201caccountant\u201d."
    year = dt.date.today().year
    two = {"query": "x", "count": 2, "facts": [{"fact": "il dentista è giovedì", "date": f"{year}-12-01"},
                                                {"fact": "la palestra apre alle 7"}]}
    assert render("recall", two, "it") == ("Dalla memoria, 2 cose:\n- il dentista è giovedì (1º dicembre)\n"
                                           "- la palestra apre alle 7")  # the date in words
    assert render("recall", dict(two, facts=two["facts"][:1]), "en").startswith("From memory, 1 thing:")


def test_a_recall_question_shows_the_facts_near_the_nearest_and_everything_only_when_asked() -> None:
    # "who does my taxes again?" listed all five saved facts, the accountant first (scores as the tool gives them)
    five = {"query": "my taxes", "count": 5, "facts": [
        {"fact": "my accountant is Mark Bianchi", "score": 0.885}, {"fact": "I prefer tea to coffee", "score": 0.82},
        {"fact": "il dentista è giovedì alle 15", "score": 0.81}, {"fact": "il codice del cancello è 4512",
                                                                   "score": 0.80},
        {"fact": "il compleanno di Giulia è il 14 marzo", "score": 0.76}]}
    assert render("recall", five, "en", "who does my taxes again?") == \
        "From memory, 1 thing:\n- my accountant is Mark Bianchi"
    close = dict(five, facts=[dict(five["facts"][0], score=0.80), *five["facts"][1:]])  # a close call: both shown
    assert render("recall", close, "en", "whats the gate code again").count("\n- ") == 4
    for everything in ("cosa sai di me?", "tell me everything you've stored about me"):
        assert render("recall", five, "it", everything).startswith("Dalla memoria, 5 cose:"), everything


@pytest.mark.parametrize("question, first, last", [
    ("print the last lines of /x/app.log", "The last 4 lines of /x/app.log:", "ERROR db down"),
    ("mostrami le ultime 2 righe di /x/app.log", "Le ultime 2 righe di /x/app.log:", "ERROR db down"),
    ("prime 2 righe di /x/app.log", "Le prime 2 righe di /x/app.log:", "ERROR disk full"),
    ("l'ultima riga di /x/app.log?", "L'ultima riga di /x/app.log:", "ERROR db down"),
    ("quante righe ha /x/app.log?", "Il file /x/app.log ha 4 righe.", "Il file /x/app.log ha 4 righe."),
    ("how many words are in /x/app.log", "The file /x/app.log has 10 words.", "The file /x/app.log has 10 words."),
    ("dimmi gli errori in /x/app.log", "In /x/app.log ci sono 2 righe di errore:", "ERROR db down"),
])
def test_file_answers_have_the_shape_asked(question: str, first: str, last: str) -> None:
    text = render("read_files", LOG, detect_lang(question), question)
    lines = text.splitlines()
    assert lines[0] == first and lines[-1] == last


def test_a_summary_is_never_the_text_and_data_never_goes_to_the_model() -> None:
    step = Step(1, "read_files", {"paths": ["/x/app.log"]}, LOG, True, "L3", {})
    p = plan("riassumi il file /x/app.log", [step], writer=True, max_tokens=80)
    assert p.mode == "write" and "Riassumi" in p.messages[-1]["content"]
    p = plan("dimmi gli errori in /x/app.log", [step], writer=True, max_tokens=80)
    assert "ERROR db down" in p.messages[-1]["content"] and "INFO a" not in p.messages[-1]["content"]
    for q in ("leggi /x/app.log", "ultime 3 righe di /x/app.log", "quante righe ha /x/app.log"):
        assert plan(q, [step], writer=True, max_tokens=80).mode == "render"
    assert plan("riassumi il file /x/app.log", [step], writer=False, max_tokens=80).mode == "render"


def test_a_question_about_what_a_file_says_is_answered_from_it_not_shown() -> None:
    lease = {"path": "/x/contratto.txt", "content": "Canone mensile: 850 euro\nScadenza: 31/12/2027\n", "lines": 2}
    step = Step(1, "read_files", {"paths": ["/x/contratto.txt"]}, lease, True, "L3", {})
    for q in ("quanto pago di canone secondo /x/contratto.txt?", "when does the lease in /x/contratto.txt end?",
              "ciao, mi dici quanto pago di canone secondo /x/contratto.txt?",  # a greeting and "tell me" first
              "hey, could you tell me when the lease in /x/contratto.txt ends?"):
        assert asked(q).kind == "question", q
        p = plan(q, [step], writer=True, max_tokens=80)
        assert p.mode == "write" and "Canone mensile: 850 euro" in p.messages[-1]["content"], q
    for q in ("cosa c'è in /x/contratto.txt?", "what's in /x/contratto.txt?", "leggi /x/contratto.txt",
              "ciao, mi dici cosa c'è in /x/contratto.txt?"):
        assert asked(q).kind == "" and plan(q, [step], writer=True, max_tokens=80).mode == "render", q
    assert plan("quanto pago di canone secondo /x/contratto.txt?", [step], writer=False, max_tokens=80).mode == \
        "render"  # a model that cannot write shows the file, as before


def test_lite_model_replies_without_refusing_small_talk() -> None:
    assert ans.no_tool_fallback("ciao") .startswith("Ciao!")
    assert ans.no_tool_fallback("grazie mille!").startswith("Prego")
    assert ans.no_tool_fallback("thanks!").startswith("You're welcome")
    honest = ans.no_tool_fallback("qual è la capitale della Francia?")
    assert honest.count(".") == 2 and "leggere" in honest  # one honest sentence, then what it can do
    assert plan("ciao", [], writer=True, max_tokens=80).mode == "write"
    assert plan("grazie!", [], writer=True, max_tokens=80).mode == "fixed"
    assert plan("ho già letto /x/app.log, grazie", [], writer=True, max_tokens=80).mode == "fixed"
    assert ans.no_tool_fallback("I already moved it myself, thanks").startswith("All right")


def test_a_written_answer_must_be_backed_by_the_observations() -> None:
    src = "dimmi gli errori\n" + LOG["content"] + render("read_files", LOG, "it", "dimmi gli errori")
    assert ans.unsupported("Ci sono 2 errori in /x/app.log: disk full e db down.", src) is None
    assert ans.unsupported("Ci sono 3 errori.", src) == "the number 3 is not in the results"
    assert ans.unsupported("Vedi /etc/passwd.", src) is not None
    assert ans.unsupported('L\'errore è "ERROR disk is on fire".', src) == "a quoted line is not in the results"


def test_shapes_of_everyday_requests() -> None:
    assert asked("print the last lines of app.log").lines == "tail"
    assert asked("first 20 lines of notes.md").n == 20
    assert asked("ci sono file markdown in /tmp/x?").yes_no
    assert asked("riassumi il file /tmp/a.txt").kind == "summary"
    assert asked("translate 'buona notte' into English").kind == "translate"
    assert asked("come stai?").social == "greeting" and asked("grazie mille!").social == "thanks"


@pytest.mark.parametrize("text", ["ho già letto note.md, grazie", "ho già spostato io report.txt in archivio, grazie",
                                  "I already moved report.txt myself, thanks", "ok grazie, ho già letto tutto",
                                  "tranquillo, l'ho già cancellato io", "già fatto, grazie!",
                                  "volevo dirti che ho già sistemato la cartella foto"])
def test_an_account_of_what_was_done_is_told_not_asked(text: str) -> None:
    assert asked(text).social in ("told", "thanks"), text
    assert tells_only(text) or asked(text).social == "thanks"


@pytest.mark.parametrize("text", ["ho già letto note.md, ora riassumilo", "ho già cancellato il file?",
                                  "ho spostato il file ma non lo trovo", "grazie, leggi note.md",
                                  "l'ho già letto ma rileggimelo", "I already moved it, now delete the old one",
                                  "ricordati che ho già pagato la bolletta", "have you already moved it?",
                                  "segnati che ho già chiamato Marco",
                                  "I already asked you to read note.md, do it"])
def test_an_account_beside_a_request_or_a_question_is_not_told_only(text: str) -> None:
    assert not tells_only(text) and asked(text).social != "told", text


def test_the_shipped_suite_is_balanced(tmp_path) -> None:
    cases = load()
    assert len(cases) >= 80
    assert {c["split"] for c in cases} == {"tune", "held"}
    assert abs(sum(c["split"] == "tune" for c in cases) - len(cases) / 2) <= 2
    assert {c["lang"] for c in cases} == {"it", "en"}
    kinds = {c["kind"] for c in cases}
    assert {"open", "arithmetic", "translation", "smalltalk", "thanks", "file", "denied", "error"} <= kinds
    assert len({c["id"] for c in cases}) == len(cases) and all(c["fact"] for c in cases)
    root = make_root(tmp_path / "root")
    assert (root / "app.log").read_text().count("\n") == 34
