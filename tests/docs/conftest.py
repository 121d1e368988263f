"""Fixtures of the document index tests: a folder of real documents, a real keyring, the real embedder.

The documents are written by the formats' own libraries and the handmade PDF writer of the doctext tests
(tests/tools/doc_files.py, tests/tools/handmade_pdf.py); the index is a real encrypted database whose key
comes from a real Secret Service (run through installer/run-tests.sh, which starts one).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from support import write_runtime

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

from doc_files import write_docx, write_odt  # noqa: E402
from handmade_pdf import Page, make_pdf, text_pdf  # noqa: E402


@pytest.fixture(scope="session")
def embedder(bundled_embedder: Any) -> Any:
    return bundled_embedder


CONTRACT_EXTRA = [("Disdetta", 1), ("Il conduttore può recedere dal contratto in qualsiasi momento con un preavviso "
                                    "di sei mesi, da comunicare con lettera raccomandata al locatore.", 0)]
POLICY_PAGES = (
    ("Home insurance policy", "Policy number HX-2291. Insured address: Via Roma 12, Verona.",
     "This policy covers the apartment and its contents."),
    ("Water damage", "Damage caused by burst or leaking pipes is covered up to 10,000 euros per year.",
     "Floods and rising ground water are excluded."),
    ("Theft", "Theft is covered up to 5,000 euros only if doors and windows were locked.",
     "Report the theft to the police within 48 hours."),
)


def write_contract(path: Path) -> Path:
    """The doctext helper's lease (rent 800 euro a month), plus a termination clause under its own heading."""
    import docx

    write_docx(path)
    d = docx.Document(str(path))
    for text, level in CONTRACT_EXTRA:
        d.add_heading(text, level=level) if level else d.add_paragraph(text)
    d.save(str(path))
    return path


def write_bills(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Bollette"
    ws.append(["fornitura", "mese", "importo"])
    ws.append(["gas", "gennaio", 74.0])
    ws.append(["gas", "febbraio", 68.5])
    ws.append(["acqua", "gennaio", 31.0])
    wb.save(str(path))
    return path


@pytest.fixture
def folder(tmp_path: Path, metnos_home: Path) -> Path:
    """A folder of documents inside the allowed roots: a lease (docx), a boiler manual (odt), a home
    insurance policy (3-page PDF, English), the bills (xlsx), a recipe (md), and a scan with no text."""
    docs = tmp_path / "Documenti"
    docs.mkdir()
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{tmp_path}"]\n')
    write_contract(docs / "contratto.docx")
    write_odt(docs / "caldaia.odt")
    (docs / "polizza.pdf").write_bytes(text_pdf(*POLICY_PAGES))
    write_bills(docs / "bollette.xlsx")
    (docs / "ricetta.md").write_text("# Torta di mele\n\nServono 3 uova, 200 g di zucchero e 300 g di farina. "
                                     "Cuocere in forno a 180 gradi per 40 minuti.\n", encoding="utf-8")
    (docs / "scansione.pdf").write_bytes(make_pdf([Page(image=True)]))
    (docs / ".nascosto.txt").write_text("non va indicizzato", encoding="utf-8")
    return docs
