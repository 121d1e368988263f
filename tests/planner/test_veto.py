"""The write veto (app/planner/veto.py): a tool that changes something is offered only when the part of the
request that asks, asks for it. Each row is a rule's example: what must be asked, and what must not."""
from __future__ import annotations

import pytest

from app.engine.catalog import build_registry
from app.planner import veto
from app.tools.registry import risky

ASKED = [  # (request, an action class that must be asked)
    ("cancella /tmp/x/a.txt", "delete"),
    ("crea la cartella /tmp/x/b e spostaci dentro /tmp/x/a.txt", "move"),
    ("crea la cartella /tmp/x/b e spostaci dentro /tmp/x/a.txt", "write"),
    ("ricordati che il dentista è giovedì alle 15", "remember"),
    ("tieni a mente che Luca è vegano", "remember"),
    ("segnati che ho già chiamato Marco", "remember"),  # the account is the fact to keep, not the person's
    ("dont delete /tmp/x/report.txt just move it to /tmp/x/archivio", "move"),
    ("non cancellarlo, ma spostalo in /tmp/y", "move"),
    ("devo spostare /tmp/x/a.txt in /tmp/y", "move"),  # alone, the person's need is the request
    ("copia /tmp/x/a.txt in /tmp/y, dopo ci penso io", "copy"),
    # a negation after every action, governing none of them, leaves the action asked
    ("cancella /tmp/x/todo.txt tanto nn lo uso mai", "delete"),
    ("delete /tmp/x/old.log I never open it anyway", "delete"),
    ("copy /tmp/x/a.txt to /tmp/y but dont overwrite anything", "copy"),
    ("do remember that my boss is called Dana", "remember"),
    ("ricorda che il dentista è giovedì", "remember"),
    # a time said in the person's reason after the action is not when to act (everyday5-40)
    ("stampami /tmp/x/spese.csv che lo devo portare alla contabile stasera", "print"),
    ("delete /tmp/x/a.txt because I'm leaving tomorrow", "delete"),
    # an action named by its noun in a formal request (lang/nominal.py; everyday5-34, everyday5-42)
    ("Si chiede di procedere alla compressione in formato zip della cartella /tmp/x/Documenti", "compress"),
    ("Si richiede la cancellazione dalla memoria dell'informazione relativa al mio codice", "forget"),
    ("Please proceed with the deletion of /tmp/x/old.log", "delete"),
    ("apri la cartella /tmp/x e leggimi /tmp/x/a.txt", "open"),  # the read names a file of its own
    ("ormai la spesa l'ho fatta e quella lista non mi serve più, elimina pure il file /tmp/x/lista.txt", "delete"),
    # the memory named by its "ricordi" (the fresh set's tune half recalled instead)
    ("il dentista l'ho spostato, quindi togli dai ricordi quello vecchio che mi confonde", "forget"),
]
NOT_ASKED = [  # (request, an action class it names but does not ask)
    ("non cancellare niente, dimmi solo quanti file ci sono in /tmp/x", "delete"),
    ("non aprirlo, leggimelo", "open"),
    ("se lo cancello, posso recuperarlo?", "delete"),
    ("se butto via /tmp/x/vecchio.txt poi lo posso riprendere?", "delete"),
    ("ho già letto /tmp/x/note.md, grazie", "read"),
    ("I already moved the photos, thanks", "move"),
    ("devo mandarlo al commercialista, dimmi il totale della colonna importo in /tmp/x/spese.csv", "send"),
    ("I'll delete it later, first show me /tmp/x/app.log", "delete"),
    ("dont delete /tmp/x/report.txt just move it to /tmp/x/archivio", "delete"),
    ("domani devo spostare /tmp/x/progetti su un altro disco, intanto dimmi quanti file ci sono dentro", "move"),
    ("how do I delete a file?", "delete"),
    ("ma se elimino per sbaglio /tmp/x/spese.csv poi lo ritrovo nel cestino?", "delete"),
    ("Can you help me remember... wait, no. When IS Giulia's birthday?", "remember"),
    ("se faccio undo adesso, cosa viene annullato esattamente? just asking", "undo"),
    ("Thanks for making that folder yesterday. No need to make another one", "write"),
    ("non cancellare /tmp/x/todo.txt, lo uso ancora", "delete"),
    ("copy /tmp/x/a.txt to /tmp/y but dont overwrite anything", "write"),
    ("how do I delete /tmp/x/a.txt without losing the backup?", "delete"),
    ("leggimelo /tmp/x/a.txt non aprirlo", "open"),
    ("apri /tmp/x/note.md e dimmi cosa contiene", "open"),  # opened to be read, as the whole request reads it
    # a participle agreeing with its clitic object ("l'ho creata", "le ho spostate") is a past action told
    ("perfetto, la cartella /tmp/x/backup l'ho creata io ieri sera", "write"),
    ("le foto le ho spostate io in /tmp/x/archivio", "move"),
    # asking whether the assistant remembers is a question about the memory, never a fact to keep
    ("when is my mum's birthday, do you remember?", "remember"),
    ("quando compie gli anni mia mamma, te lo ricordi?", "remember"),
    ("ti ricordi il codice del cancello?", "remember"),
    ("cancella /tmp/x/a.txt domani", "delete"),  # a later moment in the action's own clause: not now
    ("la cancellazione di /tmp/x/a.txt è reversibile?", "delete"),  # a noun outside a request frame
    ("the compression of /tmp/x/a.zip looks poor", "compress"),
    # a noun that names an action, pointed at with a demonstrative, is a thing (fresh tune half: list_reminders)
    ("quella lista non mi serve più, elimina pure il file /tmp/x/lista spesa.txt", "list"),
    # a noun that names an action after "in" is a manner (everyday7-38 copied the contract beside the print refusal)
    ("Le chiederei di stampare su carta, in duplice copia, il documento /tmp/x/contratto.txt", "copy"),
    ("stampami /tmp/x/a.txt in copia conforme", "copy"),
    # "telefono" after "sul" is the phone, not "I phone" (the fresh set's tune half refused a delete as a call)
    ("buttami nel cestino /tmp/x/canzone.mp3 che tanto ce l'ho sul telefono", "call"),
    # a question about what the person told before is never a fact to keep (everyday7-29 saved it)
    ("Le sarei grato se potesse indicarmi la data in cui Giulia festeggia gli anni, che a suo tempo Le avevo "
     "comunicato.", "remember"),
]


@pytest.mark.parametrize("text,action", ASKED)
def test_asked(text: str, action: str) -> None:
    assert action in veto.asked_actions(text)


@pytest.mark.parametrize("text,action", NOT_ASKED)
def test_not_asked(text: str, action: str) -> None:
    assert action not in veto.asked_actions(text)


def test_every_risky_tool_declares_what_it_does() -> None:
    """A write tool without `acts` would be read from its examples; the app's own declare them."""
    writes = [t for t in build_registry() if risky(t)]
    assert writes and all(t.acts for t in writes), [t.name for t in writes if not t.acts]


@pytest.mark.parametrize("text,offered,refused", [
    ("non cancellare niente, dimmi solo quanti file ci sono in /tmp/x", set(), {"delete_files", "move_files"}),
    ("se lo cancello, posso recuperarlo?", set(), {"delete_files", "undo"}),
    ("non aprirlo, leggimelo", set(), {"open_path"}),
    ("ricordati che il dentista è giovedì", {"remember"}, {"forget", "write_files"}),
    ("delete the old one, we don't need it anymore", {"delete_files"}, {"forget"}),  # a file, not a memory
    ("sposta /tmp/x/a.txt in /tmp/y", {"move_files"}, {"delete_files", "copy_files"}),
])
def test_vetoed_tools(text: str, offered: set[str], refused: set[str]) -> None:
    reg = {t.name: t for t in build_registry()}
    out = veto.vetoed(reg, list(reg), veto.asked_actions(text), {})
    assert refused <= out
    assert not offered & out
    assert not {n for n in out if not risky(reg[n])}  # read tools are never vetoed


def test_a_dropped_clause_hands_its_file_to_the_one_that_asks() -> None:
    from app.planner.evidence import analyze

    evd = veto.asking_only(analyze("il file /tmp/x/note.md non me lo aprire che non ci capisco niente, leggimelo tu"))
    assert len(evd.clauses) == 1 and evd.clauses[0].paths == ["/tmp/x/note.md"]
    assert "read" in evd.clauses[0].sig.actions


def test_the_planner_reads_a_clause_with_the_whole_request() -> None:
    """'ma se elimino X poi lo ritrovo nel cestino?': read alone, the second clause names the trash (a delete);
    the whole request reads it as the consequence of a condition. The planner's veto takes the whole's word."""
    from app.planner.evidence import analyze

    text = "ma se elimino per sbaglio /tmp/x/spese.csv poi lo ritrovo nel cestino?"
    evd = veto.asking_only(analyze(text))
    alone = set().union(*(veto.asked_actions(c.text) for c in evd.clauses))
    assert "delete" in alone  # why the intersection is needed
    assert not {a for a in alone if a in veto.asked_actions(text)} & {"delete"}


@pytest.mark.parametrize("text,offered,removed", [
    ("cancellalo stu file, nn m serv cchiù", "delete_files", "cancel_reminder"),  # everyday set: ran cancel_reminder
    ("cancella /tmp/x/vecchio.txt", "delete_files", "cancel_reminder"),
    ("cancella il promemoria del dentista", "cancel_reminder", None),
    ("cancel my reminder about the dentist", "cancel_reminder", None),
])
def test_a_write_that_declares_its_object_needs_it_named(text: str, offered: str, removed: str | None) -> None:
    tools = {t.name: t for t in build_registry()}
    out = veto.vetoed(tools, tools, veto.asked_actions(text) or frozenset({"delete"}), {}, veto.named_objects(text))
    assert offered not in out
    assert removed is None or removed in out


def _clauses(text: str) -> list[str]:
    from app.planner.evidence import analyze

    return [c.text for c in veto.asking_only(analyze(text)).clauses]


def test_a_clause_that_asks_stays_beside_an_account_and_a_reason_goes() -> None:
    # the splitter leaves "ho messo il file chissà dove, ci sono…? trovameli" whole: its account marked it
    # negated and the reason was the only clause left, so the planner answered the reason
    kept = _clauses("devo chiudere il bilancio e ho messo il file chissà dove, ci sono dei csv sotto /tmp/x? "
                    "trovameli")
    assert len(kept) == 1 and "trovameli" in kept[0]
    assert _clauses("I'm leaving tomorrow, so just list /tmp/x for me") == ["so just list /tmp/x for me"]


def test_a_story_beside_an_asked_action_goes_and_values_stay() -> None:
    """everyday5-12: the account before "quindi scrivimi in X anche farina e strutto" was the planner's first clause,
    and it answered the story; a clause carrying values a later one uses (numbers, a quote) stays."""
    kept = _clauses("eja, allora, stamattina mi sono accorto che mi manca sempre qualcosa quando vado all'ingrosso, "
                    "quindi scrivimi in /tmp/x/lista spesa.txt anche farina e strutto")
    assert len(kept) == 1 and "scrivimi" in kept[0]
    assert len(_clauses("ho questi numeri: 3 5 7, sommali")) == 2
    assert len(_clauses("crea la cartella /tmp/x/b e spostaci dentro /tmp/x/a.txt")) == 2


def test_a_question_stays_and_what_the_person_only_tells_beside_it_goes() -> None:
    """everyday5-23: "whats teh last thing i changed in X? like the most recently modifed file, can't remember" —
    both clauses read as accounts, so neither went, and "can't remember" became a recall after the search."""
    kept = _clauses("whats teh last thing i changed in /tmp/x? like the most recently modifed file, can't remember")
    assert len(kept) == 1 and kept[0].startswith("whats teh last thing")


def test_the_persons_plan_goes_beside_a_clause_that_names_its_file() -> None:
    """"I'll delete it later, first show me X": the plan became a clause of its own (this session) and, with "show"
    unread after "first", stayed first: the planner answered "Sure, I'll show you…" and read nothing."""
    assert _clauses("I'll delete it later, first show me /tmp/x/todo.txt") == ["first show me /tmp/x/todo.txt"]
    assert _clauses("devo mandarlo al commercialista, dimmi il totale della colonna importo in /tmp/x/spese.csv") == \
        ["dimmi il totale della colonna importo in /tmp/x/spese.csv"]


def test_the_persons_plan_goes_beside_a_question() -> None:
    """everyday5-60: the plan ("might copy them for my mum later") stayed beside a question that asks no action, and
    the planner answered the plan."""
    assert _clauses("might copy them for my mum later, but for now how many pics have i got in /tmp/x/Foto?") == \
        ["but for now how many pics have i got in /tmp/x/Foto?"]


def test_a_clause_that_only_says_no_still_goes() -> None:
    assert _clauses("non aprirlo, leggimi /tmp/x/a.txt") == ["leggimi /tmp/x/a.txt"]


@pytest.mark.parametrize("text,kept", [
    # read alone, "devo mandarlo al capo" asks to send; the whole request asks a read: the planner answered the reason
    # ("Certo, leggi il file…") and never read the file
    ("devo mandarlo al capo, intanto leggimi /tmp/x/report.txt", ["intanto leggimi /tmp/x/report.txt"]),
    ("I need to check my CV, can you read /tmp/x/cv.txt to me", ["can you read /tmp/x/cv.txt to me"]),
    # both clauses ask: both stay
    ("crea la cartella /tmp/x/nuova e spostaci dentro /tmp/x/a.txt",
     ["crea la cartella /tmp/x/nuova", "spostaci dentro /tmp/x/a.txt"]),
])
def test_a_reason_that_reads_as_a_request_alone_goes_when_the_whole_asks_otherwise(text: str, kept: list[str]) -> None:
    assert _clauses(text) == kept


@pytest.mark.parametrize("text,asked", [
    # the goal of the action asked names why, not a second request (everyday3: the notice was refused as sending)
    ("mi scrivi un messaggio breve e gentile per avvisare i clienti che sabato siamo chiusi", {"write"}),
    ("mi ridici il numero per aprire il portone?", set()),
    ("scrivimi un testo per avvisarli e poi cancella /tmp/x/a.txt", {"write", "delete"}),  # the next clause still asks
    ("manda il file per email", {"send"}),  # "per email" is how, not a goal
])
def test_a_purpose_after_the_action_asked_is_not_asked(text: str, asked: set[str]) -> None:
    assert set(veto.asked_actions(text)) >= asked and not ({"notify", "open"} & set(veto.asked_actions(text)))
