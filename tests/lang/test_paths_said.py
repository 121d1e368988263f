"""Paths as people say them (app/lang/paths_said.py), on real files: names with spaces, a file named apart
from its folder, "a folder called X in Y" — and nothing joined that the request did not put together."""
from __future__ import annotations

from pathlib import Path

import pytest

from app.lang.paths_said import resolve
from app.planner.evidence import analyze


@pytest.fixture()
def root(tmp_path: Path) -> Path:
    (tmp_path / "Foto Vacanze").mkdir()
    (tmp_path / "archivio").mkdir()
    for name in ("lista spesa.txt", "notes.md", "scan.pdf", "Documenti/lettera.txt", "archivio/2024/bozza.txt",
                 "archivio/doppio.txt", "archivio/2024/doppio.txt"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x\n", encoding="utf-8")
    return tmp_path


CASES = [  # (request, the paths the planner must see)
    ("read the notes.md file in {r}", ["{r}/notes.md"]),
    ("sposta scan.pdf da {r} a {r}/archivio", ["{r}/scan.pdf", "{r}/archivio"]),
    ("leggi {r}/lista spesa.txt", ["{r}/lista spesa.txt"]),
    ("leggi '{r}/lista spesa.txt'", ["{r}/lista spesa.txt"]),
    ("elenca la cartella {r}/Foto Vacanze", ["{r}/Foto Vacanze"]),
    ("quante foto ci sono in {r}/Foto Vacanze?", ["{r}/Foto Vacanze"]),
    ("leggimi il file lista spesa.txt che sta in {r}", ["{r}/lista spesa.txt"]),
    ("crea una cartella chiamata bozze dentro {r}", ["{r}/bozze"]),
    # a folder named in lowercase, with a few words of where it is (everyday5-21 listed {r})
    ("what files have i got in the archivio folder its inside {r} i cant find anything", ["{r}/archivio"]),
    ("what's in the foto vacanze folder, it's in {r}", ["{r}/Foto Vacanze"]),
    # a new folder's name said after its place (fresh tune half: the folder itself was "created")
    ("fammi una cartela nuova in {r} che si chiama scuola", ["{r}/scuola"]),
    ("I need one new directory in {r}, name it tractor manuals", ["{r}/tractor manuals"]),
    ("preparami in {r}/archivio una cartella di nome tesi, grazie mille", ["{r}/archivio/tesi"]),
    ("crea una cartella in {r} chiamata bozze e poi copiaci {r}/notes.md", ["{r}/bozze", "{r}/notes.md"]),
    # the name said by "called", apart from the word "folder" (everyday5-15)
    ("open up the folder with my vacation photos its called Foto Vacanze in {r} please", ["{r}/Foto Vacanze"]),
    ("create a folder named Case Files 2024 inside {r}", ["{r}/Case Files 2024"]),
    # the formal name word and place words, one list for every pattern (everyday8-11, everyday8-27)
    ("La pregherei di creare una cartella denominata Pratiche 2025 all'interno di {r}/Documenti e, subito dopo, di "
     "copiarvi il curriculum {r}/Documenti/cv.txt", ["{r}/Documenti/Pratiche 2025", "{r}/Documenti/cv.txt"]),
    ("Io voglio una cartella nuova che si chiama Tedesco dentro il {r}/Documenti, per i mie esercizi",
     ["{r}/Documenti/Tedesco"]),
    ("crea il file nuovo.txt in {r} con scritto ciao", ["{r}/nuovo.txt"]),
    # a new file named after its place (everyday7-24 read {r} as the file)
    ("fammi un file nuovo in {r} che si chiama turni.txt e scrivici lunedì notte", ["{r}/turni.txt"]),
    # a space in the new name (everyday20-51: the bare "scores.txt" was written nowhere)
    ("so what I need is a new file in {r} called golf scores.txt and put in it the line Saturday 88",
     ["{r}/golf scores.txt"]),
    ("make a file in {r} called shifts.md with monday and tuesday", ["{r}/shifts.md"]),
    ("write a file called {r}/grocery run.txt with: milk, eggs", ["{r}/grocery run.txt"]),  # a new file
    ("crea una cartella fatture 2024 dentro {r} e poi ci sposti dentro {r}/notes.md",
     ["{r}/fatture 2024", "{r}/notes.md"]),
    ('fai una copia di "lista spesa.txt" da {r} a {r}/archivio', ["{r}/lista spesa.txt", "{r}/archivio"]),
    # a relative clause cut off by the splitter still says where the file is (everyday4-18)
    ("copia il documento lista spesa.txt, che si trova nella cartella {r}, dentro {r}/archivio",
     ["{r}/lista spesa.txt", "{r}", "{r}/archivio"]),
    # an existing folder named in words inside a folder given as a path (everyday2, everyday3 listed {r})
    ("fammi vedre che c'è nella cartella Foto Vacanze dentro {r}", ["{r}/Foto Vacanze"]),
    ("open up the Foto Vacanze folder in {r} for me", ["{r}/Foto Vacanze"]),
    ("whit's in the archivio folder in {r}, just gie me the names", ["{r}/archivio"]),
    ("how many files are inside the folder archivio, which is in {r}. I think there is only my CV",
     ["{r}/archivio"]),  # everyday7-15 listed {r}
    # a new thing's name with a space, said as a path right after "called" (everyday14-65 made {r}/flash)
    ("make a folder called {r}/flash sheets and then move {r}/notes.md in there",
     ["{r}/flash sheets", "{r}/notes.md"]),
    ("crea una cartella chiamata {r}/foto mare 2024 e poi spostaci {r}/scan.pdf",
     ["{r}/foto mare 2024", "{r}/scan.pdf"]),
    # a file said apart from its folder, the folder in words under a path (the family of everyday14-17's misses):
    # the disk says where the name is, and every folder on the way is named in the request
    ("display lettera.txt, it is in Documenti under {r}", ["{r}/Documenti/lettera.txt"]),
    # …and a clause that only says where it is is no clause of its own (everyday17-25 listed the folder)
    ("Might I ask you to display the contents of lettera.txt, which is kept in the Documenti folder under {r}?",
     ["{r}/Documenti/lettera.txt"]),
    ("read lettera.txt and then list the Documenti folder under {r}",  # a clause with its own action stays
     ["{r}/Documenti/lettera.txt", "{r}/Documenti"]),
    ("leggimi bozza.txt che sta in archivio/2024 sotto {r}", ["{r}/archivio/2024/bozza.txt"]),
    # the thing named first, then the folder it is in, found among that folder's entries (everyday21-13, -14, -20)
    ("elencami la roba dentro Documenti, quella cartella sotto {r}", ["{r}/Documenti"]),
    ("please open Foto Vacanze folder in {r}, i want see the sea pictures", ["{r}/Foto Vacanze"]),
    ("per favore leggere a me lista spesa, sta dentro {r}, devo andare mercato", ["{r}/lista spesa.txt"]),
    # must not change
    ("sposta in archivio tutti i file di {r}", ["{r}"]),  # a destination said first
    ("leggimi le notes che stanno in {r}", ["{r}"]),  # one word without its extension is just a word
    ("tra archivio e Documenti, cosa c'è in {r}?", ["{r}"]),  # two entries named: no guess
    ("read lettera.txt in {r}", ["{r}/lettera.txt"]),  # under Documenti, a folder the request never names
    ("leggimi doppio.txt che sta sotto {r}, in archivio o forse in 2024", ["{r}/doppio.txt"]),  # two on the way
    ("create a folder named {r}/drafts for the letters", ["{r}/drafts"]),
    ("elenca la cartella nuova dentro {r}", ["{r}"]),  # no folder "nuova" there: nothing is guessed
    ('salva "ok domani.txt" in {r}/notes.md', ["{r}/notes.md"]),  # quoted content, no file of that name
    ("sposta la cartella Foto Vacanze dentro {r}/archivio", ["{r}/archivio"]),
    ("cancella {r}/notes.md", ["{r}/notes.md"]),
    ("copia {r}/notes.md in {r}/archivio", ["{r}/notes.md", "{r}/archivio"]),
    ("elenca {r}/archivio vecchio stile", ["{r}/archivio"]),  # "archivio vecchio" does not exist
]


@pytest.mark.parametrize("text,want", CASES)
def test_paths_as_said(root: Path, text: str, want: list[str]) -> None:
    evd = analyze(text.replace("{r}", str(root)))
    got = [p for c in evd.clauses for p in c.paths]
    assert got == [w.replace("{r}", str(root)) for w in want]


def test_the_file_stage_reads_paths_as_the_planner_does(root: Path) -> None:
    """"rinomina notes.md in /x come appunti.md" asked for the full path of notes.md (everyday4-16)."""
    from app.routing.file_stage import plan_clause

    plan = plan_clause(f"rinomina notes.md in {root} come appunti.md, thanks", lambda _t: True)
    assert plan is not None and plan.steps, plan
    assert plan.steps[0]["args"] == {"paths": [f"{root}/notes.md"], "dest": f"{root}/appunti.md"}
    plan = plan_clause("rinomina notes.md come appunti.md", lambda _t: True)  # no folder said: asked
    assert plan is not None and plan.question is not None and not plan.steps


def test_a_bare_name_is_the_one_full_path_the_whole_request_gives_it() -> None:
    from app.lang.paths_said import from_whole

    whole = ["/x/contratto affitto.txt", "/x/archivio"]
    assert from_whole(["affitto.txt"], whole) == ["/x/contratto affitto.txt"]
    assert from_whole(["archivio"], whole) == ["/x/archivio"]
    assert from_whole(["note.txt"], whole) == ["note.txt"]  # not named anywhere: left as said
    assert from_whole(["a.txt"], ["/x/a.txt", "/y/a.txt"]) == ["a.txt"]  # two fit: no guess


def test_nothing_to_resolve_is_returned_as_is() -> None:
    assert resolve("leggi note.txt", ["note.txt"]) == ["note.txt"]  # a bare name with no folder: no guess
    assert resolve("", []) == []
