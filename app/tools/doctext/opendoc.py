"""OpenDocument files (.odt text, .ods spreadsheets, .odp presentations), through odfpy.

Why odfpy: it is the reference Python reader of the format LibreOffice writes, pure Python, and one
walk over its element tree serves all three kinds. Paragraphs and headings ("#" by outline level) come
in document order; a table row is one tab-separated line, a spreadsheet's sheets come by name like in
an .xlsx, and a presentation's slides are numbered like a PDF's pages.

A spreadsheet marks thousands of empty rows and columns as "repeated"; only rows with something in them
are written, and a repeat is expanded a bounded number of times, so an innocent-looking .ods cannot
turn into millions of lines. A password-protected file (its manifest lists encrypted parts) is said
to be one before odfpy tries to parse ciphertext.
"""
from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

from app.lang.messages import Message

from .base import Budget, DocText, join_pages, tidy

SLIDE_LABEL = "slide"
MAX_REPEAT = 256  # a repeated row or cell is written at most this many times
_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_DRAW = "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
_ELEMENT = 1


def encrypted(path: Path) -> bool:
    """True when the package's manifest says its parts are encrypted (an ODF saved with a password)."""
    with zipfile.ZipFile(path) as z:
        try:
            manifest = z.read("META-INF/manifest.xml")
        except KeyError:
            return False
    return b"encryption-data" in manifest


def _repeat(el: Any, attr: str) -> int:
    try:
        return max(1, min(int(el.getAttrNS(_TABLE, attr) or 1), MAX_REPEAT))
    except (TypeError, ValueError):
        return 1


def _text(el: Any) -> str:
    from odf import teletype

    return " ".join(teletype.extractText(el).split())


def _cell(cell: Any) -> str:
    return " ".join(t for t in (_text(c) for c in cell.childNodes if c.nodeType == _ELEMENT) if t)


def _row(row: Any) -> str:
    cells: list[str] = []
    for cell in row.childNodes:
        if cell.nodeType == _ELEMENT and cell.qname[1] in ("table-cell", "covered-table-cell"):
            cells.extend([_cell(cell)] * _repeat(cell, "number-columns-repeated"))
    while cells and not cells[-1]:
        cells.pop()
    return "\t".join(cells)


class _Walker:
    """Lines of an element tree in document order, within the budget."""

    def __init__(self, budget: Budget, sheets: bool) -> None:
        self.budget = budget
        self.sheets = sheets  # a spreadsheet: each table is a sheet, named
        self.lines: list[str] = []

    def add(self, line: str) -> None:
        if line and not self.budget.full:
            self.lines.append(self.budget.take(line))

    def walk(self, node: Any) -> None:
        for child in node.childNodes:
            if self.budget.full:
                self.budget.cut = True
                return
            if child.nodeType != _ELEMENT:
                continue
            ns, name = child.qname
            if ns == _TEXT and name == "h":
                level = int(child.getAttrNS(_TEXT, "outline-level") or 1)
                text = _text(child)
                self.add("#" * max(1, min(level, 6)) + " " + text if text else "")
            elif ns == _TEXT and name == "p":
                self.add(_text(child))
            elif ns == _TABLE and name == "table-row":
                self.budget.check()
                line = _row(child)
                for _ in range(_repeat(child, "number-rows-repeated") if line else 0):
                    self.add(line)
            elif ns == _TABLE and name == "table" and self.sheets:
                self.add(f"# {child.getAttrNS(_TABLE, 'name') or ''}".rstrip())
                self.walk(child)
            else:
                self.walk(child)


def extract_odf(path: Path, shown: str, budget: Budget, kind: str) -> DocText:
    from odf.opendocument import load

    if encrypted(path):
        return DocText(kind, problem=Message("doctext.encrypted", path=shown))
    doc = load(str(path))
    if kind == "odp":
        slides = [el for el in doc.presentation.childNodes
                  if el.nodeType == _ELEMENT and el.qname == (_DRAW, "page")]
        pages: list[tuple[int, str]] = []
        for i, slide in enumerate(slides):
            budget.check()
            if i >= budget.max_pages or budget.full:
                budget.cut = True
                break
            walker = _Walker(budget, sheets=False)
            walker.walk(slide)
            pages.append((i + 1, tidy("\n".join(walker.lines))))
        return DocText(kind, join_pages(pages, SLIDE_LABEL), pages, total_pages=len(slides), cut=budget.cut)
    walker = _Walker(budget, sheets=kind == "ods")
    walker.walk(doc.spreadsheet if kind == "ods" else doc.text)
    return DocText(kind, tidy("\n".join(walker.lines)), cut=budget.cut)
