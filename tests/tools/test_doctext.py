"""Text from real documents (tools/doctext); read_files and describe_entries on them: test_read_documents.py.

Every document is a real file written in the test: by the format's own library (python-docx, openpyxl,
python-pptx, odfpy, ebooklib: doc_files.py), by hand where the format is text (RTF, HTML), or byte by byte
for PDFs (handmade_pdf.py: text pages, scanned pages, and a real RC4-encrypted PDF that pdfium decrypts with its
password). The "locked" Office, OpenDocument and EPUB files are built the way those programs lay them out
(an OLE container, a manifest with encryption data, an encryption.xml listing chapters): producing the
real ones needs the programs themselves.
"""
from __future__ import annotations

import sys
import time
import zipfile
from pathlib import Path

import pytest
from doc_files import HTML, RTF, write_docx, write_epub, write_odp, write_ods, write_odt, write_pptx, write_xlsx
from handmade_pdf import Page, make_pdf, text_pdf

from app.lang.messages import catalog, render_message, say
from app.tools import doctext
from app.tools.doctext import extract, kind_of
from app.turn.cancel import CancelToken, TurnCancelled

# -- extract: each format ---------------------------------------------------------------------------------

def test_pdf_keeps_page_numbers(tmp_path: Path) -> None:
    f = tmp_path / "contratto.pdf"
    f.write_bytes(text_pdf(("Contratto di affitto", "Il canone è di 800 euro (mensili)"), "Seconda pagina: firme"))
    doc = extract(f)
    assert doc.ok and doc.kind == "pdf" and doc.total_pages == 2 and not doc.cut
    assert doc.pages == [(1, "Contratto di affitto\nIl canone è di 800 euro (mensili)"), (2, "Seconda pagina: firme")]
    assert doc.text == ("[p. 1]\nContratto di affitto\nIl canone è di 800 euro (mensili)\n\n"
                        "[p. 2]\nSeconda pagina: firme")


def test_a_one_page_pdf_needs_no_page_marker(tmp_path: Path) -> None:
    f = tmp_path / "nota.pdf"
    f.write_bytes(text_pdf("Solo una pagina"))
    assert extract(f).text == "Solo una pagina"


def test_scanned_pdf_says_so_in_both_languages(tmp_path: Path) -> None:
    f = tmp_path / "scansione.pdf"
    f.write_bytes(make_pdf([Page(image=True), Page(image=True)]))
    doc = extract(f, shown="~/scansione.pdf")
    assert doc.problem is not None and doc.text == ""
    it, en = render_message(doc.problem, "it"), render_message(doc.problem, "en")
    assert it == "~/scansione.pdf: è una scansione senza testo: non posso leggerla senza OCR"
    assert en == "~/scansione.pdf: is a scan with no text: I cannot read it without OCR"


def test_pdf_with_some_scanned_pages_lists_them(tmp_path: Path) -> None:
    f = tmp_path / "misto.pdf"
    f.write_bytes(make_pdf([Page(("testo vero",)), Page(image=True), Page(("ancora testo",)), Page(image=True)]))
    doc = extract(f)
    assert doc.ok and doc.empty_pages == [2, 4] and doc.pages[2] == (3, "ancora testo")


def test_pdf_without_text_or_pictures(tmp_path: Path) -> None:
    f = tmp_path / "vuoto.pdf"
    f.write_bytes(make_pdf([Page()]))
    doc = extract(f, shown="vuoto.pdf")
    assert doc.problem is not None and doc.problem.key == "doctext.no_text"
    it = render_message(doc.problem, "it")
    assert it == "vuoto.pdf: il PDF non contiene testo (nessuna pagina ha testo o immagini)"


def test_encrypted_pdf_is_a_sentence_and_really_encrypted(tmp_path: Path) -> None:
    import pypdfium2 as pdfium

    f = tmp_path / "busta_paga.pdf"
    f.write_bytes(make_pdf([Page(("Netto in busta: 1.850 euro",))], password="segreta"))
    doc = extract(f, shown="busta_paga.pdf")
    assert doc.problem is not None and doc.text == ""
    assert render_message(doc.problem, "it") == ("busta_paga.pdf: è protetto da password e non posso aprirlo; salvane "
                                                 "una copia senza password e chiedimelo di nuovo")
    assert render_message(doc.problem, "en").startswith("busta_paga.pdf: is protected by a password")
    assert b"Netto" not in f.read_bytes()  # the text is only in the encrypted stream ...
    pdf = pdfium.PdfDocument(str(f), password="segreta")  # ... which the password opens
    try:
        assert pdf[0].get_textpage().get_text_range() == "Netto in busta: 1.850 euro"
    finally:
        pdf.close()


@pytest.mark.parametrize("data", [
    b"%PDF-1.4\n" + bytes(range(256)) * 8,  # a signature and then garbage
    b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog",  # cut in its first object
])
def test_corrupt_pdf_is_a_sentence_never_a_traceback(tmp_path: Path, data: bytes) -> None:
    f = tmp_path / "rotto.pdf"
    f.write_bytes(data)
    doc = extract(f, shown="rotto.pdf")
    assert doc.problem is not None and doc.problem.key == "doctext.corrupt"
    assert render_message(doc.problem, "it") == ("rotto.pdf: non riesco a leggerlo: il file PDF è danneggiato o non "
                                                 "è davvero un PDF")
    en = render_message(doc.problem, "en")
    assert en == "rotto.pdf: I cannot read it: the PDF file is damaged or is not really a PDF"


def test_truncated_pdf_gives_a_sentence_or_what_survived(tmp_path: Path) -> None:
    data = text_pdf("pagina uno", "pagina due", "pagina tre")
    f = tmp_path / "troncato.pdf"
    for cut in (len(data) // 3, len(data) // 2, len(data) - 40):
        f.write_bytes(data[:cut])
        doc = extract(f)  # pdfium repairs what it can; either way no exception
        assert doc.ok or doc.problem.key in ("doctext.corrupt", "doctext.no_text")


def test_a_long_pdf_is_cut_quickly_with_its_page_count(tmp_path: Path) -> None:
    line = "Il conduttore paga il canone di locazione entro il giorno cinque di ogni mese"
    f = tmp_path / "lungo.pdf"
    f.write_bytes(make_pdf([Page(tuple(f"{line} ({i}.{j})" for j in range(40))) for i in range(600)]))
    started = time.monotonic()
    doc = extract(f)
    assert time.monotonic() - started < 20  # ~0.4 s on 2 cores; the bound only catches a runaway
    assert doc.ok and doc.cut and doc.total_pages == 600
    assert len(doc.pages) < 600 and sum(len(text) for _, text in doc.pages) == doctext.MAX_CHARS
    few = extract(f, max_pages=3)
    assert few.cut and [n for n, _ in few.pages] == [1, 2, 3] and few.total_pages == 600


def test_cancel_stops_between_pages(tmp_path: Path) -> None:
    f = tmp_path / "a.pdf"
    f.write_bytes(text_pdf("uno", "due"))
    token = CancelToken()
    token.cancel()
    with pytest.raises(TurnCancelled):
        extract(f, check=token.check)


def test_docx_paragraphs_headings_and_tables_in_order(tmp_path: Path) -> None:
    doc = extract(write_docx(tmp_path / "contratto.docx"))
    assert doc.ok and doc.kind == "docx"
    assert doc.text.splitlines() == ["# Contratto di locazione", "Il canone è di 800 euro al mese.",
                                     "voce\timporto", "canone\t800",
                                     "Dopo la tabella: le spese condominiali sono a parte."]


def test_xlsx_sheets_by_name_and_rows_as_tab_separated_lines(tmp_path: Path) -> None:
    doc = extract(write_xlsx(tmp_path / "spese.xlsx"))
    assert doc.ok and doc.kind == "xlsx"
    assert doc.text == ("# Spese\nvoce\timporto\tscadenza\naffitto\t800\t2025-01-05\nluce\t61.35\n\n"
                        "# Entrate\nstipendio\t1850.5")


def test_pptx_slides_numbered_like_pages(tmp_path: Path) -> None:
    doc = extract(write_pptx(tmp_path / "bilancio.pptx"))
    assert doc.ok and doc.kind == "pptx" and doc.total_pages == 2
    assert doc.pages == [(1, "Bilancio 2025\nEntrate in crescita del 12%"), (2, "Dettaglio\nvoce\teuro\naffitto\t9600")]
    assert "[slide 2]\nDettaglio" in doc.text


def test_odt_headings_paragraphs_and_tables(tmp_path: Path) -> None:
    doc = extract(write_odt(tmp_path / "caldaia.odt"))
    assert doc.ok and doc.kind == "odt"
    assert doc.text.splitlines() == ["# Manuale della caldaia", "Errore E04: pressione dell'acqua troppo bassa.",
                                     "E04\tpressione bassa", "E10\tfiamma assente"]


def test_ods_sheets_and_no_flood_of_repeated_empty_rows(tmp_path: Path) -> None:
    doc = extract(write_ods(tmp_path / "bollette.ods"))
    assert doc.ok and doc.kind == "ods"
    assert doc.text.splitlines() == ["# Bollette", "gas\t74", "acqua\t31", "# Note", "pagare entro il 10"]


def test_odp_slides(tmp_path: Path) -> None:
    doc = extract(write_odp(tmp_path / "riunione.odp"))
    assert doc.ok and doc.pages == [(1, "Prima diapositiva: obiettivi"), (2, "Seconda diapositiva: risultati")]


def test_html_text_without_scripts_in_its_declared_charset(tmp_path: Path) -> None:
    f = tmp_path / "orari.html"
    f.write_bytes(HTML.encode("latin-1"))
    doc = extract(f)
    assert doc.ok and doc.kind == "html"
    assert doc.text == "# Orari dell'ufficio\n\nOrari\nAperto dal lunedì al venerdì.\nCaffè gratis."
    assert "alert" not in doc.text and "color" not in doc.text


def test_rtf_text_with_escapes(tmp_path: Path) -> None:
    f = tmp_path / "lettera.rtf"
    f.write_text(RTF, encoding="ascii")
    doc = extract(f)
    assert doc.ok and doc.kind == "rtf"
    assert doc.text == "Gentile cliente,\nIl canone è di 800 € al mese."


def test_epub_chapters_in_reading_order(tmp_path: Path) -> None:
    doc = extract(write_epub(tmp_path / "guida.epub"))
    assert doc.ok and doc.kind == "epub"
    assert doc.text.splitlines() == ["# Guida alla casa", "", "Caldaia", "", "Se compare E04, riempi l'impianto.", "",
                                     "Affitto", "", "Il canone si paga entro il 5."]


def test_plain_text_kinds_stay_text(tmp_path: Path) -> None:
    for name in ("a.txt", "b.md", "c.csv"):
        (tmp_path / name).write_text("uno,due\n")
        assert kind_of(tmp_path / name) == "text"
        assert extract(tmp_path / name).text == "uno,due"


def test_kind_from_content_when_the_name_says_nothing(tmp_path: Path) -> None:
    (tmp_path / "scansione").write_bytes(text_pdf("x"))
    write_docx(tmp_path / "lettera.docx").rename(tmp_path / "lettera")
    write_odt(tmp_path / "manuale.odt").rename(tmp_path / "manuale")
    (tmp_path / "blob").write_bytes(b"\x00\x01\x02")
    assert [kind_of(tmp_path / n) for n in ("scansione", "lettera", "manuale", "blob")] == ["pdf", "docx", "odt", None]
    assert extract(tmp_path / "lettera").text.startswith("# Contratto di locazione")
    assert extract(tmp_path / "blob").problem.key == "doctext.unsupported"


# -- locked and broken containers ---------------------------------------------------------------------------

def _zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, data in members.items():
            z.writestr(name, data, compress_type=zipfile.ZIP_STORED if name == "mimetype" else zipfile.ZIP_DEFLATED)
    return path


def test_password_protected_office_file(tmp_path: Path) -> None:
    f = tmp_path / "stipendi.xlsx"  # Office writes an OLE container holding "EncryptedPackage"
    f.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504 + "EncryptedPackage".encode("utf-16-le"))
    doc = extract(f, shown="stipendi.xlsx")
    assert doc.problem is not None and doc.problem.key == "doctext.encrypted"


def test_password_protected_opendocument(tmp_path: Path) -> None:
    manifest = (b'<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
                b'<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml">'
                b'<manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="AAAA"/>'
                b'</manifest:file-entry></manifest:manifest>')
    f = _zip(tmp_path / "segreto.odt", {"mimetype": b"application/vnd.oasis.opendocument.text",
                                        "META-INF/manifest.xml": manifest, "content.xml": bytes(range(256))})
    doc = extract(f, shown="segreto.odt")
    assert doc.problem is not None and doc.problem.key == "doctext.encrypted"


def test_epub_with_drm_but_not_one_with_obfuscated_fonts(tmp_path: Path) -> None:
    f = write_epub(tmp_path / "libro.epub")
    with zipfile.ZipFile(f, "a") as z:
        z.writestr("META-INF/encryption.xml", '<encryption><EncryptedData><CipherData>'
                                              '<CipherReference URI="EPUB/font.otf"/></CipherData></EncryptedData>'
                                              '</encryption>')
    assert extract(f).ok
    locked = _zip(tmp_path / "drm.epub", {"mimetype": b"application/epub+zip",
                                          "META-INF/encryption.xml": b'<encryption><CipherReference '
                                                                     b'URI="OEBPS/chapter1.xhtml"/></encryption>'})
    assert extract(locked).problem.key == "doctext.encrypted"


@pytest.mark.parametrize("name, data", [
    ("rotto.docx", b"PK\x03\x04 not really a zip"),
    ("finto.xlsx", None),  # a valid zip with none of a workbook's parts
    ("rotto.pptx", b"ciao"),
    ("rotto.odt", b"PK\x03\x04" + bytes(100)),
    ("rotto.epub", b"PK\x05\x06" + bytes(18)),  # an empty zip
])
def test_broken_office_files_are_a_sentence(tmp_path: Path, name: str, data: bytes | None) -> None:
    f = tmp_path / name
    if data is None:
        _zip(f, {"a.txt": b"hello"})
    else:
        f.write_bytes(data)
    doc = extract(f, shown=name)
    assert doc.problem is not None and doc.problem.key == "doctext.corrupt", doc
    assert name in render_message(doc.problem, "it") and "danneggiato" in render_message(doc.problem, "it")


def test_zip_that_unpacks_too_big_is_refused_unopened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(doctext, "MAX_UNPACKED", 1000)  # a real docx unpacks to far more than 1000 bytes
    doc = extract(write_docx(tmp_path / "grande.docx"), shown="grande.docx")
    assert doc.problem is not None and doc.problem.key == "doctext.too_big"
    assert render_message(doc.problem, "en").startswith("grande.docx: the document unpacks to 0 MB")


def test_missing_library_names_the_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pypdfium2", None)  # import fails as if the package were not installed
    f = tmp_path / "a.pdf"
    f.write_bytes(text_pdf("x"))
    doc = extract(f, shown="a.pdf")
    assert render_message(doc.problem, "it") == ("a.pdf: per leggere i file PDF manca il pacchetto Python pypdfium2 "
                                                 "(installalo con: pip install pypdfium2)")


def test_every_doctext_sentence_has_both_languages_and_plurals() -> None:
    entries = {k: v for k, v in catalog().items() if k.startswith("doctext.")}
    assert len(entries) >= 12
    for key, texts in entries.items():
        for lang in ("it", "en"):
            text = texts[lang]
            assert isinstance(text, str) or set(text) == {"one", "other"}, key
    assert say("doctext.cut_pages", "it", n=1, total=9) == "Ho letto solo la prima pagina su 9."
    assert say("doctext.cut_pages", "it", n=3, total=9) == "Ho letto solo le prime 3 pagine su 9."
    assert say("doctext.cut_slides", "en", n=2, total=5) == "I read only the first 2 slides of 5."
    assert say("doctext.pages_without_text", "it", n=1, pages="4") == \
        "La pagina 4 non ha testo (forse è una scansione)."
    assert say("doctext.pages_without_text", "en", n=2, pages="2, 4") == \
        "2 pages have no text (perhaps they are scans): 2, 4."
