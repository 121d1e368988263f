"""Word, Excel and PowerPoint files (Office Open XML: .docx, .xlsx, .pptx).

Why these libraries: python-docx, openpyxl and python-pptx read the XML parts directly (no Office, no
LibreOffice), are pure Python over lxml, and are what every Python tool uses for these formats.

What is kept is what a question is about: a document's paragraphs and tables in reading order
(headings marked with "#", so a summary and the coming index see the structure); a workbook's sheets
by name, each row one tab-separated line with the values Excel last computed (`data_only`: a formula's
result, not its text), read row by row (`read_only`) so a 100,000-row sheet streams instead of loading;
a presentation's slides by number, like a PDF's pages.
"""
from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

from .base import Budget, DocText, join_pages, tidy

SLIDE_LABEL = "slide"
# Word keeps the built-in style names in English whatever the interface language ("heading 1", "Title")
_HEADING = re.compile(r"heading\s*(\d)", re.I)


def _cell_text(value: Any) -> str:
    """A cell's value as a person would read it: 1200 not 1200.0, a date without a midnight time."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    if isinstance(value, dt.datetime):
        return value.date().isoformat() if value.time() == dt.time() else value.isoformat(sep=" ")
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    return " ".join(str(value).split())


def _row_line(cells: list[str]) -> str:
    while cells and not cells[-1]:
        cells.pop()
    return "\t".join(cells)


# ------------------------------------------------------------------------------------------ Word

def _paragraph_line(paragraph: Any) -> str:
    text = str(paragraph.text)
    try:
        style = paragraph.style.name if paragraph.style is not None else ""
    except (KeyError, ValueError, AttributeError):  # a style the file names but does not define
        style = ""
    m = _HEADING.match(style or "")
    if m and text.strip():
        return "#" * int(m.group(1)) + " " + text.strip()
    if (style or "").lower() == "title":
        return "# " + text.strip() if text.strip() else ""
    return text


def _table_lines(table: Any) -> list[str]:
    lines = []
    for row in table.rows:
        seen: set[int] = set()
        cells = []
        for cell in row.cells:  # a merged cell is repeated once per grid column: keep it once
            if id(cell._tc) in seen:
                continue
            seen.add(id(cell._tc))
            cells.append(" ".join(cell.text.split()))
        line = _row_line(cells)
        if line:
            lines.append(line)
    return lines


def extract_docx(path: Path, shown: str, budget: Budget) -> DocText:
    import docx
    from docx.table import Table

    document = docx.Document(str(path))
    lines: list[str] = []
    for block in document.iter_inner_content():
        budget.check()
        if budget.full:
            break
        try:
            new = _table_lines(block) if isinstance(block, Table) else [_paragraph_line(block)]
        except (KeyError, ValueError, IndexError, AttributeError):  # one odd table must not lose the document
            continue
        lines.extend(budget.take(ln) for ln in new)
    return DocText("docx", tidy("\n".join(lines)), cut=budget.cut)


# ------------------------------------------------------------------------------------------ Excel

def extract_xlsx(path: Path, shown: str, budget: Budget) -> DocText:
    import openpyxl

    workbook = openpyxl.load_workbook(str(path), read_only=True, data_only=True)
    parts: list[str] = []
    try:
        for sheet in workbook.worksheets:
            budget.check()
            if budget.full:
                budget.cut = True
                break
            lines = [budget.take(f"# {sheet.title}")]
            for i, row in enumerate(sheet.iter_rows(values_only=True)):
                if i % 500 == 0:
                    budget.check()
                line = _row_line([_cell_text(v) for v in row])
                if line:
                    lines.append(budget.take(line))
                if budget.full:
                    budget.cut = True
                    break
            parts.append("\n".join(lines))
    finally:
        workbook.close()
    return DocText("xlsx", "\n\n".join(parts).strip(), cut=budget.cut)


# ------------------------------------------------------------------------------------------ PowerPoint

def _shape_lines(shape: Any, out: list[str]) -> None:
    from pptx.enum.shapes import MSO_SHAPE_TYPE

    if shape.shape_type == MSO_SHAPE_TYPE.GROUP:
        for inner in _reading_order(shape.shapes):
            _shape_lines(inner, out)
        return
    if getattr(shape, "has_text_frame", False) and shape.has_text_frame:
        out.append(shape.text_frame.text.replace("\v", "\n"))
    if getattr(shape, "has_table", False) and shape.has_table:
        for row in shape.table.rows:
            line = _row_line([" ".join(c.text.split()) for c in row.cells])
            if line:
                out.append(line)


def _reading_order(shapes: Any) -> list[Any]:
    """Top to bottom, then left to right: the order a person reads a slide (the file keeps z-order)."""
    return sorted(shapes, key=lambda s: (s.top or 0, s.left or 0))


def extract_pptx(path: Path, shown: str, budget: Budget) -> DocText:
    from pptx import Presentation

    slides = list(Presentation(str(path)).slides)
    pages: list[tuple[int, str]] = []
    for i, slide in enumerate(slides):
        budget.check()
        if i >= budget.max_pages or budget.full:
            budget.cut = True
            break
        lines: list[str] = []
        for shape in _reading_order(slide.shapes):
            _shape_lines(shape, lines)
        pages.append((i + 1, budget.take(tidy("\n".join(lines)))))
    return DocText("pptx", join_pages(pages, SLIDE_LABEL), pages, total_pages=len(slides), cut=budget.cut)
