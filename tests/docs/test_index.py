"""The document index with real parts: real files of each format, the bundled embedder, an encrypted
database whose key comes from a real Secret Service.

Incremental reading is checked by counting what the indexer extracted (`extracted`) and hashed.
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest

from app.config import paths
from app.docs import DocIndex
from app.docs.indexer import wanted

QUESTIONS = [  # (question, file, page)
    ("quanto pago di affitto?", "contratto.docx", None),
    ("cosa dice il contratto sulla disdetta?", "contratto.docx", None),
    ("cosa fare se la caldaia dà E04?", "caldaia.odt", None),
    ("quanto ho pagato di gas a febbraio?", "bollette.xlsx", None),
    ("what does my insurance policy say about water damage?", "polizza.pdf", 2),
    ("is theft covered by my home insurance?", "polizza.pdf", 3),
    ("quanto zucchero serve per la torta?", "ricetta.md", None),
]
NOT_THERE = ["quando scade il passaporto?", "how tall is the Eiffel tower?", "chi ha vinto il campionato?"]


@pytest.fixture
def index(keystore: Any, embedder: Any, folder: Path) -> Any:
    idx = DocIndex(embedder, roots=lambda: [folder.parent])
    yield idx
    idx.close()


def test_a_folder_is_indexed_with_pages_headings_and_the_unreadable_file_said(index: DocIndex, folder: Path) -> None:
    report = index.add_folder(folder)
    assert report["added"] == 5 and report["problem"] == 1, report.outcomes
    st = index.status()
    assert [(f.path, f.files, f.unreadable) for f in st.folders] == [(str(folder), 6, 1)]
    assert st.passages >= 7 and st.last_update is not None
    [(path, why)] = st.problems
    assert path.endswith("scansione.pdf") and why.key == "doctext.scanned"
    assert "scansione senza testo" in why.text("it") and "scan with no text" in why.text("en")
    pages = {r[0] for r in index.store.con.execute(
        "select c.page from chunks c join files f on f.id=c.file_id where f.path like '%polizza.pdf'")}
    assert pages == {1, 2, 3}
    headings = {r[0] for r in index.store.con.execute("select heading from chunks")}
    assert {"Contratto di locazione", "Disdetta", "Manuale della caldaia", "Bollette", "Torta di mele"} <= headings
    assert not index.store.file(str(folder / ".nascosto.txt"))


def test_questions_find_the_file_and_page_and_others_are_not_found(index: DocIndex, folder: Path) -> None:
    index.add_folder(folder)
    for question, name, page in QUESTIONS:
        best = index.search(question, 4)[0]
        assert (best.name, best.page, best.relevant) == (name, page, True), (question, best.to_dict())
    for question in NOT_THERE:
        assert not any(p.relevant for p in index.search(question, 4)), question
    hit = index.search("cosa fare se la caldaia dà E04?", 1)[0]
    assert "E04" in hit.snippet and hit.heading == "Manuale della caldaia"


def test_nothing_unchanged_is_read_again(index: DocIndex, folder: Path) -> None:
    index.add_folder(folder)
    ix = index.indexer
    read, hashed = ix.extracted, ix.hashed
    assert index.add_folder(folder)["unchanged"] == 6
    assert (ix.extracted, ix.hashed) == (read, hashed), "same size and time: not even hashed"

    contract = folder / "contratto.docx"
    st = contract.stat()
    os.utime(contract, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))  # touch: new time, same bytes
    report = index.add_folder(folder)
    assert report["touched"] == 1 and ix.extracted == read and ix.hashed == hashed + 1

    (folder / "ricetta.md").write_text("# Torta di mele\n\nServono 4 uova e 250 g di burro.\n", encoding="utf-8")
    report = index.add_folder(folder)
    assert report["changed"] == 1 and ix.extracted == read + 1
    assert "burro" in index.search("quanto burro serve per la torta?", 1)[0].text


def test_a_rename_moves_the_row_and_a_delete_removes_it(index: DocIndex, folder: Path) -> None:
    index.add_folder(folder)
    ix = index.indexer
    read = ix.extracted
    (folder / "caldaia.odt").rename(folder / "manuale-caldaia.odt")
    report = index.add_folder(folder)
    assert report["renamed"] == 1 and ix.extracted == read, "a renamed file is found by its bytes, not re-read"
    best = index.search("cosa fare se la caldaia dà E04?", 1)[0]
    assert best.name == "manuale-caldaia.odt"

    (folder / "bollette.xlsx").unlink()
    assert index.add_folder(folder)["removed"] == 1
    assert all(p.name != "bollette.xlsx" for p in index.search("quanto ho pagato di gas a febbraio?", 5))
    assert index.store.file(str(folder / "bollette.xlsx")) is None


def test_removing_a_folder_forgets_its_files(index: DocIndex, folder: Path) -> None:
    index.add_folder(folder)
    assert index.remove_folder(folder) == 6
    assert index.folders() == [] and not index.has_passages()
    assert index.store.con.execute("select count(*) from chunk_terms").fetchone()[0] == 0
    assert index.search("quanto pago di affitto?") == []


def test_the_database_holds_no_plaintext(index: DocIndex, folder: Path) -> None:
    index.add_folder(folder)
    index.store.con.execute("pragma wal_checkpoint(passive)")
    files = [p for p in paths.data_dir().iterdir() if p.name.startswith("docs.db")]
    assert files, "the index lives in the data folder"
    data = b"".join(p.read_bytes() for p in files)
    for secret in ("HX-2291", "recedere", "Torta di mele", "burst or leaking", "contratto.docx", "affitt"):
        assert secret.encode() not in data and secret.encode("utf-16-le") not in data, secret
    assert index.search("what does my insurance policy say about water damage?", 1)[0].page == 2


def test_a_symlink_out_of_the_roots_is_not_read(keystore: Any, embedder: Any, folder: Path, tmp_path: Path) -> None:
    outside = tmp_path.parent / f"outside-{time.time_ns()}.txt"
    outside.write_text("segreto fuori dalle cartelle permesse", encoding="utf-8")
    try:
        (folder / "link.txt").symlink_to(outside)
        idx = DocIndex(embedder, roots=lambda: [folder.parent])
        try:
            idx.add_folder(folder)
            assert idx.store.file(str(folder / "link.txt")) is None
        finally:
            idx.close()
    finally:
        outside.unlink()


def test_which_files_are_documents() -> None:
    assert wanted(Path("a/contratto.PDF")) and wanted(Path("note.md")) and wanted(Path("x.odt"))
    for name in ("~$contratto.docx", ".~lock.x.odt#", "note.md~", ".bashrc", "foto.jpg", "archivio.zip"):
        assert not wanted(Path(name)), name
