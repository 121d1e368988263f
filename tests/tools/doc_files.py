"""Real documents written by the formats' own libraries (python-docx, openpyxl, python-pptx, odfpy,
ebooklib), and RTF and HTML written by hand, for the document tests. PDFs: handmade_pdf.py."""
from __future__ import annotations

import datetime as dt
from pathlib import Path


def write_docx(path: Path) -> Path:
    import docx

    d = docx.Document()
    d.add_heading("Contratto di locazione", level=1)
    d.add_paragraph("Il canone è di 800 euro al mese.")
    t = d.add_table(rows=2, cols=2)
    for (r, c), v in {(0, 0): "voce", (0, 1): "importo", (1, 0): "canone", (1, 1): "800"}.items():
        t.cell(r, c).text = v
    d.add_paragraph("Dopo la tabella: le spese condominiali sono a parte.")
    d.save(str(path))
    return path


def write_xlsx(path: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Spese"
    ws.append(["voce", "importo", "scadenza"])
    ws.append(["affitto", 800.0, dt.date(2025, 1, 5)])
    ws.append(["luce", 61.35, None])
    wb.create_sheet("Entrate").append(["stipendio", 1850.5])
    wb.save(str(path))
    return path


def write_pptx(path: Path) -> Path:
    from pptx import Presentation
    from pptx.util import Inches

    prs = Presentation()
    s1 = prs.slides.add_slide(prs.slide_layouts[1])
    s1.shapes.title.text = "Bilancio 2025"
    s1.placeholders[1].text = "Entrate in crescita del 12%"
    s2 = prs.slides.add_slide(prs.slide_layouts[5])
    s2.shapes.title.text = "Dettaglio"
    table = s2.shapes.add_table(2, 2, Inches(1), Inches(2), Inches(4), Inches(1)).table
    for (r, c), v in {(0, 0): "voce", (0, 1): "euro", (1, 0): "affitto", (1, 1): "9600"}.items():
        table.cell(r, c).text = v
    prs.save(str(path))
    return path


def write_odt(path: Path) -> Path:
    from odf.opendocument import OpenDocumentText
    from odf.table import Table, TableCell, TableColumn, TableRow
    from odf.text import H, P

    doc = OpenDocumentText()
    doc.text.addElement(H(outlinelevel=1, text="Manuale della caldaia"))
    doc.text.addElement(P(text="Errore E04: pressione dell'acqua troppo bassa."))
    table = Table(name="Codici")
    table.addElement(TableColumn(numbercolumnsrepeated=2))
    for code, what in (("E04", "pressione bassa"), ("E10", "fiamma assente")):
        row = TableRow()
        for v in (code, what):
            cell = TableCell()
            cell.addElement(P(text=v))
            row.addElement(cell)
        table.addElement(row)
    doc.text.addElement(table)
    doc.save(str(path))
    return path


def write_ods(path: Path) -> Path:
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    for name, rows in (("Bollette", [("gas", "74"), ("acqua", "31")]), ("Note", [("pagare entro il 10",)])):
        table = Table(name=name)
        for values in rows:
            row = TableRow()
            for v in values:
                cell = TableCell(valuetype="string")
                cell.addElement(P(text=v))
                row.addElement(cell)
            table.addElement(row)
        empty = TableRow(numberrowsrepeated=100000)  # what a spreadsheet program writes below the data
        empty.addElement(TableCell(numbercolumnsrepeated=1024))
        table.addElement(empty)
        doc.spreadsheet.addElement(table)
    doc.save(str(path))
    return path


def write_odp(path: Path) -> Path:
    from odf.draw import Frame, TextBox
    from odf.draw import Page as DrawPage
    from odf.opendocument import OpenDocumentPresentation
    from odf.style import MasterPage, PageLayout
    from odf.text import P

    doc = OpenDocumentPresentation()
    layout = PageLayout(name="layout")
    doc.automaticstyles.addElement(layout)
    master = MasterPage(name="master", pagelayoutname=layout)
    doc.masterstyles.addElement(master)
    for words in ("Prima diapositiva: obiettivi", "Seconda diapositiva: risultati"):
        page = DrawPage(masterpagename=master)
        frame = Frame(width="20cm", height="3cm", x="1cm", y="1cm")
        box = TextBox()
        box.addElement(P(text=words))
        frame.addElement(box)
        page.addElement(frame)
        doc.presentation.addElement(page)
    doc.save(str(path))
    return path


def write_epub(path: Path) -> Path:
    from ebooklib import epub

    book = epub.EpubBook()
    book.set_identifier("metnos-test-book")
    book.set_title("Guida alla casa")
    book.set_language("it")
    first = epub.EpubHtml(title="Caldaia", file_name="caldaia.xhtml", lang="it")
    first.content = "<html><body><h1>Caldaia</h1><p>Se compare E04, riempi l'impianto.</p></body></html>"
    second = epub.EpubHtml(title="Affitto", file_name="affitto.xhtml", lang="it")
    second.content = "<html><body><h1>Affitto</h1><p>Il canone si paga entro il 5.</p></body></html>"
    book.add_item(second)  # added in the other order: the spine, not the zip, decides the reading order
    book.add_item(first)
    book.toc = (first, second)
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    book.spine = [first, second]
    epub.write_epub(str(path), book)
    return path


RTF = (r"{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0 Arial;}}{\colortbl;\red255\green0\blue0;}"
       r"\f0\fs24 Gentile cliente,\par Il canone \'e8 di 800 \u8364? al mese.\par}")

HTML = ("<html><head><meta charset=\"iso-8859-1\"><title>Orari dell'ufficio</title>"
        "<style>p { color: red }</style><script>alert('no')</script></head>"
        "<body><h1>Orari</h1><p>Aperto dal luned\xec al venerd\xec.</p><p>Caff\xe8 gratis.</p></body></html>")
