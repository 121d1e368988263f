"""The router's action stage: unsupported actions get the "cannot" sentence and no tool, clear file actions
their call by rules, before L0/L1/L2 — and the explicit memory commands still come first."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.config import parse_text
from app.engine.catalog import build_registry
from app.lang.messages import Message
from app.routing.action_stage import ActionStage, fix_verb_typo, request_lang
from app.routing.memo import Memo
from app.routing.router import Router


@pytest.fixture(scope="module")
def stage() -> ActionStage:
    reg = build_registry()
    return ActionStage(lambda: list(reg), lambda n: reg.get(n) is not None)


@pytest.mark.parametrize("text,key,lang", [
    ("manda una email a Marco con il file notes.md", "send", "it"),
    ("send this file to bob@example.com", "send", "en"),
    ("stampa /tmp/x/a.pdf", "print", "it"),
    ("zippa la cartella ~/foto", "archive", "it"),
    ("install vlc", "install", "en"),
    ("cripta /tmp/x/segreto.txt", "encrypt", "it"),
    ("esegui /tmp/x/run.sh", "run", "it"),
    ("turn off the wifi", "device", "en"),
    ("imposta una sveglia alle 7", "alarm", "it"),
    ("chiama la mamma", "call", "it"),
    ("svuota il cestino", "empty_trash", "it"),  # was delete_files on nothing: a substitute action
    ("mi svuoti il cestino per favore?", "empty_trash", "it"),
    ("empty the recycle bin", "empty_trash", "en"),
    ("what's the weather tomorrow in Rome?", "live", "en"),  # the model invented a forecast
    ("che tempo fa domani a Milano?", "live", "it"),
    ("dimmi le ultime notizie", "live", "it"),
    # the weather asked in a sentence of its own; the next one's reported wish read the whole as negated
    ("che tempo fa domani a firenze? gli ospiti della camera 12 vogliono andare a siena e mi chiedono se serve "
     "l'ombrello", "live", "it"),
    # a negation after the action governs nothing asked before it (everyday5-38 went to the model: "Sure, I can…")
    ("turn the volume right up on this thing, can't hear a bloody word", "device", "en"),
    # a thing asked (no verb the lexicon reads), then the person's complaint with its negation (everyday19-32)
    ("whack the volume up on this thing boss, can't hear a sausage", "device", "en"),
    # a time in the person's reason is not when to act (everyday5-40 read the file out instead)
    ("stampami /tmp/x/spese.csv che lo devo portare alla contabile stasera", "print", "it"),
    # an action named by its noun in a formal request (everyday5-42 listed the folder)
    ("Si chiede di procedere alla compressione in formato zip della cartella /tmp/x/Documenti", "archive", "it"),
])
def test_unsupported_actions_get_the_cannot_sentence_and_no_tool(stage: ActionStage, text: str, key: str,
                                                                 lang: str) -> None:
    res = stage.decide(text)
    assert res is not None and res.tool is None and not res.steps
    assert res.reply == Message(f"cannot.{key}").text(lang)
    assert res.stage == "capability"


@pytest.mark.parametrize("text,key,lang", [
    # things only an outside service handles, said without a verb the lexicon reads (unsupported_things.py)
    ("mettimi la sveglia alle 6 e mezza che ho il treno presto", "alarm", "it"),
    ("timer 10 min for the pasta", "alarm", "en"),
    ("metti un po' di musica rilassante", "play", "it"),
    ("next song pls", "play", "en"),
    ("prenota un tavolo per 4 sabato sera", "buy", "it"),
    ("order sushi for 8pm tonight", "buy", "en"),
    ("cerca su google gli orari della farmacia", "web", "it"),
    ("spegni le luci del soggiorno", "device", "it"),
    ("video call Sarah on FaceTime", "call", "en"),
    ("manda un whatsapp a Luca che arrivo", "send", "it"),
    ("fammi uno screenshot", "record", "it"),
    ("directions to the central station", "maps", "en"),
    ("fai da interprete con il cliente tedesco", "listen", "it"),
    ("do I need an umbrella today?", "live", "en"),
    ('converti "relazione finale.docx" in pdf', "convert", "it"),  # a quoted name is still a file named
])
def test_a_thing_only_a_service_handles_gets_its_cannot_sentence(stage: ActionStage, text: str, key: str,
                                                                  lang: str) -> None:
    res = stage.decide(text)
    assert res is not None and res.tool is None and not res.steps and not res.planner_text, res
    assert res.reply == Message(f"cannot.{key}").text(lang)


@pytest.mark.parametrize("text", [
    # the same things where the request is doable: a draft, a how-to or a meaning, a file, an app, a quote
    "scrivimi un messaggio per avvisare i clienti che chiudiamo prima",
    "can you write an email to my boss saying I'm sick tomorrow? I'll send it myself",
    "draft a whatsapp to my landlord saying the boiler is broken",
    "come si imposta una sveglia su android?", "how does a thermostat work?", "cos'è il bitcoin?",
    "traduci in inglese \"vorrei prenotare un tavolo per due\"", "scrivi in /tmp/x/todo.txt \"chiamare l'idraulico\"",
    "apri la cartella /tmp/x/musica", "leggi /tmp/x/sveglia.txt", "what day is it? lost track working nights",
    "68 F in celsius pls, thermostat in my res is weird",  # the conversion is asked (everyday9-48, read after)
])
def test_a_doable_request_naming_those_things_goes_on(stage: ActionStage, text: str) -> None:
    res = stage.decide(text)
    assert res is None or (res.reply is None and res.notice is None), res


@pytest.mark.parametrize("text", [
    "leggi il file /tmp/a.txt", "che ore sono", "traduci in inglese 'ciao'", "cancella le righe vuote da /tmp/a.txt",
    "apri un conto in banca", "open a ticket with support", "apri la mia casella Gmail",
    "non cancellare /tmp/a.txt", "create a directory called /tmp/x/photos", "converti 10 euro in dollari",
    "estrai le date da questo testo: 3 maggio e 4 giugno", "cancella i file pdf nella home",
    "can you open apps?", "apri un'app",  # programs in general, not one
    "quanto tempo fa ho salvato il file?", "leggi /tmp/x/meteo.txt", "summarize https://example.com/weather",
    "non dirmi che tempo fa domani, non voglio saperlo",  # negated in its own sentence: nothing asked
])
def test_what_is_not_a_clear_file_action_or_unsupported_goes_on(stage: ActionStage, text: str) -> None:
    res = stage.decide(text)
    assert res is None or (res.tool is not None and res.reply is None), res


@pytest.mark.parametrize("text,tool,args", [
    ("cancella il file /tmp/x/todo.txt", "delete_files", {"paths": ["/tmp/x/todo.txt"]}),
    ("svuota la cartella /tmp/x/sub", "delete_files", {"paths": ["/tmp/x/sub"], "contents_only": True}),
    ("cancella il contenuto della cartella /tmp/x/sub", "delete_files", {"paths": ["/tmp/x/sub"],
                                                                         "contents_only": True}),
    ("rinomina /tmp/x/todo.txt in done.txt", "move_files", {"paths": ["/tmp/x/todo.txt"], "dest": "/tmp/x/done.txt"}),
    ("move /tmp/x/a.txt and /tmp/x/b.txt to /tmp/x/old", "move_files",
     {"paths": ["/tmp/x/a.txt", "/tmp/x/b.txt"], "dest": "/tmp/x/old"}),
    ("copia /tmp/x/a.txt in /tmp/x/sub", "copy_files", {"paths": ["/tmp/x/a.txt"], "dest": "/tmp/x/sub"}),
    ("crea la cartella /tmp/x/progetti", "make_folder", {"path": "/tmp/x/progetti"}),
    ("dov'è report.pdf? cercalo in /tmp/x", "find_files", {"root": "/tmp/x", "pattern": "report.pdf"}),
    ("cerca 'fattura' dentro i file di /tmp/x", "search_in_files", {"root": "/tmp/x", "pattern": "fattura"}),
    ("in quali file di /tmp/x c'è la parola timeout?", "search_in_files", {"root": "/tmp/x", "pattern": "timeout"}),
    # "c'è scritto X" names the text to look for (everyday7-14 went to the planner, whose model garbled it)
    ("in quali file di /tmp/x c'è scritto Sara?", "search_in_files", {"root": "/tmp/x", "pattern": "Sara"}),
    ("apri firefox", "open_path", {"target": "firefox"}),
    ("I need a copy of /tmp/x/a.txt in /tmp/x/sub", "copy_files", {"paths": ["/tmp/x/a.txt"], "dest": "/tmp/x/sub"}),
    ("trash /tmp/x/duplicate_track.mp3", "delete_files", {"paths": ["/tmp/x/duplicate_track.mp3"]}),
    ("elimna /tmp/x/a.txt", "delete_files", {"paths": ["/tmp/x/a.txt"]}),
    ("porta /tmp/x/a.txt dentro /tmp/x/sub", "move_files", {"paths": ["/tmp/x/a.txt"], "dest": "/tmp/x/sub"}),
    ("fammi partire /tmp/x/intro.mp4", "open_path", {"target": "/tmp/x/intro.mp4"}),
    ("open up libreoffice", "open_path", {"target": "libreoffice"}),
    ("apri l'app Spotify", "open_path", {"target": "Spotify"}),
    ("crea la cartella /tmp/x/sopralluogo, domani ho il sopralluogo", "make_folder", {"path": "/tmp/x/sopralluogo"}),
    ("elenca tutti i .csv in /tmp/x", "find_files", {"root": "/tmp/x", "ext": "*.csv"}),
    ("show me the gif files in /tmp/x", "find_files", {"root": "/tmp/x", "ext": "*.gif"}),
    ("in quali file di /tmp/x compare 'TODO'?", "search_in_files", {"root": "/tmp/x", "pattern": "TODO"}),
])
def test_clear_file_actions_are_decided_by_rules(stage: ActionStage, text: str, tool: str,
                                                 args: dict[str, Any]) -> None:
    res = stage.decide(text)
    assert res is not None and res.tool == tool and res.args == args and res.stage == "files"
    assert all(v == "rules" for v in res.arg_sources.values())


def test_every_path_asked_to_open_is_opened(stage: ActionStage) -> None:
    """"apri A e B con l'app predefinita" opened only A, silently (the issue-30 helper's note): one open each."""
    res = stage.decide("apri /tmp/x/a.pdf e /tmp/x/b.pdf con l'app predefinita")
    assert res is not None and res.steps is not None, res
    assert [s["args"] for s in res.steps] == [{"target": "/tmp/x/a.pdf"}, {"target": "/tmp/x/b.pdf"}]


def test_a_write_action_without_a_path_asks_which_file_instead_of_reading(stage: ActionStage) -> None:
    res = stage.decide("rinomina todo.txt in done.txt")
    assert res is not None and res.tool is None and not res.steps
    assert res.reply == ("Per rinominare mi serve il percorso completo di «todo.txt» (per esempio "
                         "/home/tu/todo.txt): dove si trova?")


def test_a_mixed_request_leaves_the_supported_part_to_the_planner_and_says_what_it_cannot(stage: ActionStage) -> None:
    res = stage.decide("cancella /tmp/x/a.txt e manda una email a Marco")  # nothing half-done by rules
    assert res is not None and res.tool is None and not res.steps and res.planner_text == "cancella /tmp/x/a.txt"
    assert res.notice == Message("cannot.send").text("it") and res.reply is None
    res = stage.decide("elimna /tmp/x/a.txt e manda una email a Marco")  # a mended typo is not lost
    assert res is not None and not res.steps and res.planner_text == "elimina /tmp/x/a.txt"
    res = stage.decide("leggi /tmp/x/a.txt e poi stampalo")
    assert res is not None and res.tool is None and res.planner_text == "leggi /tmp/x/a.txt"
    assert res.notice == Message("cannot.print").text("it")


def test_short_commands_are_answered_in_their_own_language() -> None:
    assert request_lang("mandalo a Luca: /tmp/a.txt") == "it"
    assert request_lang("rinomina todo.txt in done.txt") == "it"
    assert request_lang("delete old.txt") == "en"
    assert fix_verb_typo("instala zoom") == "installa zoom" and fix_verb_typo("ciao come stai") == "ciao come stai"


def test_the_router_runs_the_stage_after_memory_commands_and_before_l0(tmp_path: Path, embedder: Any) -> None:
    from app.memory.route_stages import RememberStage

    cfg = parse_text("", env={})
    router = Router(cfg, lambda: embedder, Memo(tmp_path / "memo.db"), build_registry())
    router.set_stages([RememberStage()], [])
    res = router.route("ricordati che devo mandare la mail a Marco")
    assert res is not None and res.tool == "remember"
    res = router.route("stampa /tmp/x/a.pdf")
    assert res is not None and res.stage == "capability" and res.tool is None
    explained = router.explain("stampa /tmp/x/a.pdf")
    assert explained["reply"] == Message("cannot.print").text("it") and explained["tool"] is None
    res = router.route("annulla")
    assert res is not None and res.tool == "undo" and res.level == "L0"
    router.close()


@pytest.mark.parametrize("text,key,lang", [
    ("recupera il file cancellato /tmp/x/old.log", "restore", "it"),
    ("undelete /tmp/x/old.log", "restore", "en"),
    ("ripristina la cartella /tmp/x/sub dal cestino", "restore", "it"),
    ("recover the deleted folder /tmp/x/sub", "restore", "en"),
    ("cancella il file /tmp/x/old.log domani alle 8", "later", "it"),
    ("sposta /tmp/x/b.txt in /tmp/x/old alle 9", "later", "it"),
    ("cancella la cartella /tmp/x/sub tra un'ora", "later", "it"),
    ("copy the folder /tmp/x/sub to /tmp/y every night", "later", "en"),
])
def test_a_restore_or_a_later_time_is_never_served_as_the_action_now(stage: ActionStage, text: str, key: str,
                                                                    lang: str) -> None:
    res = stage.decide(text)
    assert res is not None and res.tool is None and not res.steps, res
    assert res.reply == Message(f"cannot.{key}").text(lang)


@pytest.mark.parametrize("text", [
    "rename /tmp/x/report.txt to report_final.txt pls, due tonight",  # everyday9-21 (read after its clean run)
    "copia /tmp/x/a.txt in /tmp/y, mi serve entro le 18",
])
def test_a_deadline_is_met_by_acting_now_never_refused_as_later(stage: ActionStage, text: str) -> None:
    from app.lang.later import asks_later

    assert not asks_later(text)
    res = stage.decide(text)
    assert res is None or res.reply is None, res  # done now (rules or planner), not "I can't schedule…"
    assert asks_later(text.replace("due tonight", "tonight").replace("entro le 18", "alle 18"))


@pytest.mark.parametrize("text", [
    "mostra il testo di /tmp/x/notes.md", "let me see the text of /tmp/x/bob.txt",
    "cosa contiene la directory /opt/app",
    "metti il testo 'ok fatto' nel file /tmp/x/stato.txt", "open the file /tmp/x/plan.md and show me the text",
    "print out whats in /tmp/x/todo.md", "ricordati che mia sorella si chiama Giulia", "open the cd tray",
    "apri il cassetto del lettore cd",
])
def test_reading_or_a_fact_is_not_a_search_a_send_a_print_or_a_call(stage: ActionStage, text: str) -> None:
    assert stage.decide(text) is None


@pytest.mark.parametrize("text", [
    "svuota il file /tmp/x/a.txt", "clear the file /tmp/x/a.txt",
    "rinomina /tmp/x/a.txt in /tmp/backup", "cerca nei file di /tmp/x", "cancella la parola 'ciao' da /tmp/x/a.txt",
    "cancella il contenuto del file /tmp/x/a.txt", "delete the contents of /tmp/x/a.txt",
])
def test_file_actions_the_rules_decline_are_held_for_the_planner(stage: ActionStage, text: str) -> None:
    assert stage.decide(text) is None and stage.held(text) is not None
    assert stage.held("leggi il file /tmp/x/a.txt") is None and stage.held("non svuotare /tmp/x/a.txt") is None


def test_a_held_request_is_not_replayed_by_l1(tmp_path: Path, embedder: Any) -> None:
    from app.bench.routing_sets import teach

    cfg = parse_text("", env={})
    router = Router(cfg, lambda: embedder, Memo(tmp_path / "memo.db"), build_registry())
    teach(router, [{"id": "d", "query": "cancella il file /tmp/t/old.log", "tool": "delete_files",
                    "args": {"paths": ["/tmp/t/old.log"]}}])
    assert router.route("svuota il file /tmp/t/a.txt") is None
    assert "no tool truncates" in router.last_reason
    router.close()


def test_a_typo_mend_is_one_slip_only() -> None:
    assert fix_verb_typo("undelete /tmp/x/a.txt") == "undelete /tmp/x/a.txt"
    assert fix_verb_typo("elimna /tmp/x/a.txt") == "elimina /tmp/x/a.txt"


# "apri la pagina https://…" is read as fetching it by the old routing sets and as the browser by newer labels: a
# page is opened by rules only when the browser is named ("…nel browser"); the rest is the planner's to read
@pytest.mark.parametrize("text", ["apri https://example.com e dimmi cosa dice", "open https://example.com in firefox",
                                  "open https://example.com/login and log in", "non aprire https://example.com",
                                  "apri la pagina https://example.com/news", "open https://www.comune.lucca.it"])
def test_a_page_is_not_opened_by_rules_unless_the_browser_is_named(stage: ActionStage, text: str) -> None:
    res = stage.decide(text)
    assert res is None or (res.tool != "open_path" and not res.steps)


@pytest.mark.parametrize("text,tool,args", [
    ("metti /tmp/x/a.pdf nella cartella /tmp/x/docs", "move_files", {"paths": ["/tmp/x/a.pdf"], "dest": "/tmp/x/docs"}),
    ("show /tmp/x/cat.png in the image viewer", "open_path", {"target": "/tmp/x/cat.png"}),
])
def test_put_into_a_folder_is_a_move_and_a_viewer_opens(stage: ActionStage, text: str, tool: str,
                                                       args: dict[str, Any]) -> None:
    res = stage.decide(text)
    assert res is not None and res.tool == tool and res.args == args
    assert stage.decide("metti il testo 'ok' nel file /tmp/x/a.txt") is None  # writing, not moving


def test_a_times_sign_and_an_elided_when_are_not_content_words() -> None:
    from app.lang.actions import action_of

    assert action_of("quanto fa 12 x 7").content == frozenset()
    assert action_of("quand'è il dentista?").content == action_of("quando è il dentista?").content


@pytest.mark.parametrize("text", [
    "distruggi in modo sicuro /tmp/x/old.log sovrascrivendolo",   # words the rules do not read
    "crea una cartella condivisa /tmp/x/progetti per il team",
    "sposta tutti i txt di /tmp/x in /tmp/archivio",               # a choice of files, not the folder
    "cerca la parola 'fattura' solo nei pdf di ~/Documenti",      # the search has no filter by kind
    "evidenzia la parola 'fattura' nei file di ~/Documenti",      # highlighting is not finding
    "show ~/Downloads/report.pdf in the file manager, highlighted in its folder",
    "ho già cancellato /tmp/x/old.log?",                           # a question about it, not the action
    "open the garage door",
])
def test_the_rules_hold_what_they_cannot_read_whole(stage: ActionStage, text: str) -> None:
    res = stage.decide(text)
    assert res is None or (res.tool is None and not res.steps), res


@pytest.mark.parametrize("text", ["pls read /tmp/x/lease.txt, need to send it to my landlord",
                                  "mi copi /tmp/x/a.pdf in /tmp/x/sub? devo mandarlo all'avvocato"])
def test_what_the_person_will_do_next_is_not_a_request_to_refuse(stage: ActionStage, text: str) -> None:
    res = stage.decide(text)  # never "I cannot send": the send is the person's own plan (the planner reads it all)
    assert res is None or res.reply is None or "cannot.send" not in str(res.reason)


def test_a_bare_name_that_is_moved_asks_where_it_is_and_never_renames_the_destination(stage: ActionStage) -> None:
    for text in ("sposta foto.jpg in /tmp/x/Foto", "copy notes.txt to /tmp/x/Backup"):
        res = stage.decide(text)
        assert res is not None and res.tool is None and not res.steps, text
        assert "foto.jpg" in (res.reply or "") or "notes.txt" in (res.reply or "")
    res = stage.decide("rinomina /tmp/x/a.txt in b.txt")  # a bare name after the path is the new name
    assert res is not None and res.tool == "move_files" and res.args == {"paths": ["/tmp/x/a.txt"],
                                                                         "dest": "/tmp/x/b.txt"}


def test_the_person_s_plan_around_a_refused_request_is_not_done_instead(stage: ActionStage) -> None:
    """everyday9-40 (read after its clean run): the send is refused, and the plan told before it ("Dovrei girare a
    Luca, il mio enologo, gli appunti che ho in X") is no request: X was read out, a substitute."""
    text = ("Dovrei girare a Luca, il mio enologo, gli appunti che ho in /tmp/x/note.md, riesci a mandarglieli su "
            "WhatsApp? così li legge stasera")
    res = stage.decide(text)
    assert res is not None and res.reply == Message("cannot.send").text("it") and not res.planner_text, res
    # a plan told before a doable request still reaches the planner with it
    mixed = stage.decide("devo mandare le foto a mia sorella, trovami i jpg in /tmp/x e poi comprimili in uno zip")
    assert mixed is not None and mixed.planner_text and "jpg" in mixed.planner_text, mixed


@pytest.mark.parametrize("text,key,lang", [
    ("fai uno screenshot e salvalo in /tmp/x", "record", "it"),
    ("take a screenshot and save it in /tmp/x", "record", "en"),
    ("stampa /tmp/x/a.pdf e poi mettilo in /tmp/y", "print", "it"),
])
def test_a_clause_acting_on_a_refused_result_is_refused_with_it(stage: ActionStage, text: str, key: str,
                                                                lang: str) -> None:
    """note20: the screenshot was refused, and "salvalo in X" went to the planner, which asked to write other
    content to X — the pronoun points at the refused clause's result, and there is none."""
    res = stage.decide(text)
    assert res is not None and res.tool is None and not res.steps and not res.planner_text, res
    assert res.reply == Message(f"cannot.{key}").text(lang)


def test_a_pronoun_after_a_doable_clause_still_acts_on_it(stage: ActionStage) -> None:
    res = stage.decide("leggi /tmp/x/a.txt e poi stampalo")  # the doable part is kept, the print refused
    assert res is not None and res.planner_text == "leggi /tmp/x/a.txt"
    res = stage.decide("zippa la cartella ~/foto e leggi /tmp/x/a.txt")  # a clause of its own is not dropped
    assert res is not None and res.planner_text and "/tmp/x/a.txt" in res.planner_text, res


@pytest.mark.parametrize("text,key,rest", [
    # a request to be told something after a refused one is a clause of its own (rules clauses.tell_me_opens), and
    # it asks about the file the refused clause named (it was refused whole, the lines never counted)
    ("manda /tmp/x/todo.txt al commercialista e dimmi quante righe ha", "send",
     "dimmi quante righe ha /tmp/x/todo.txt"),
    ("manda un whatsapp a Luca e dimmi che ore sono", "send", "dimmi che ore sono"),
    # …unless it asks about what the refused action would have given
    ('fai una googlata su "bonus mobili 2025" e dimmi cosa esce', "web", None),
    # someone's wish, then the send asked of the assistant: refused (the model had said "Sì, puoi spedire…")
    ("il mio fornitore vuole /tmp/x/todo.txt, me lo può spedire?", "send", None),
])
def test_what_is_refused_and_what_is_left_to_the_planner(stage: ActionStage, text: str, key: str,
                                                          rest: str | None) -> None:
    res = stage.decide(text)
    assert res is not None and res.stage == "capability"
    said = res.notice if rest is not None else res.reply
    assert said == Message(f"cannot.{key}").text("it"), (res.reply, res.notice)
    assert res.planner_text == rest
