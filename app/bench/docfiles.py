"""Real document files written from a small text markup, for the document index's QA set and its bench.

Why files and not text: the index must be measured on what people keep — a PDF's pages, a Word file's
headings and tables, a spreadsheet's sheets — read back through the same extractors (app/tools/doctext)
the app uses. The documents are kept as text in resources/eval/docs/documents.toml (reviewable, diffable)
and written here into a file of the format their name says, with each format's own library (python-docx,
odfpy, openpyxl, python-pptx, ebooklib) or by hand where the format is text (HTML, Markdown, CSV, RTF) or
where no writer is installed (PDF: a minimal PDF 1.4 with one text object per page, Helvetica, WinAnsi —
what pypdfium2 reads like any other text PDF).

The markup: "# " / "## " lines are headings (a sheet's name in a spreadsheet, a slide's title in a
presentation, a chapter in an EPUB), "|" lines are table rows, "<<page>>" starts a new PDF page, blank
lines separate paragraphs.
"""
from __future__ import annotations

import csv
import html
import io
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

PAGE_BREAK = "<<page>>"
PDF_LINE_CHARS = 92  # Helvetica 10 pt on a 612-pt page with 1-inch margins
PDF_PAGE_LINES = 56


@dataclass(frozen=True)
class Block:
    kind: str  # "heading", "para", "row", "page"
    text: str = ""
    level: int = 1
    cells: tuple[str, ...] = ()


def parse(markup: str) -> list[Block]:
    """The blocks of a document's markup, in order."""
    out: list[Block] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            out.append(Block("para", " ".join(para)))
            para.clear()

    for raw in markup.strip("\n").split("\n"):
        line = raw.strip()
        if not line:
            flush()
        elif line == PAGE_BREAK:
            flush()
            out.append(Block("page"))
        elif line.startswith("#"):
            flush()
            hashes = len(line) - len(line.lstrip("#"))
            out.append(Block("heading", line[hashes:].strip(), level=hashes))
        elif line.startswith("|"):
            flush()
            out.append(Block("row", cells=tuple(c.strip() for c in line.strip("|").split("|"))))
        else:
            para.append(line)
    flush()
    return out


def _rows_text(cells: tuple[str, ...], sep: str = " | ") -> str:
    return sep.join(cells)


# -- text formats ---------------------------------------------------------------------------------
def write_md(path: Path, blocks: list[Block]) -> None:
    lines: list[str] = []
    prev = ""
    for b in blocks:
        if prev == "row" and b.kind != "row":
            lines.append("")
        if b.kind == "heading":
            lines += ["#" * b.level + " " + b.text, ""]
        elif b.kind == "para":
            lines += [b.text, ""]
        elif b.kind == "row":
            lines.append("| " + " | ".join(b.cells) + " |")
            if prev != "row":
                lines.append("|" + "---|" * len(b.cells))
        prev = b.kind
    path.write_text("\n".join(lines).strip() + "\n", encoding="utf-8")


def write_txt(path: Path, blocks: list[Block]) -> None:
    lines: list[str] = []
    for b in blocks:
        if b.kind == "heading":
            lines += ["", b.text.upper() if b.level == 1 else b.text]
        elif b.kind == "para":
            lines += textwrap.wrap(b.text, 100) + [""]
        elif b.kind == "row":
            lines.append(_rows_text(b.cells))
    path.write_text("\n".join(lines).strip() + "\n", encoding="utf-8")


def write_csv(path: Path, blocks: list[Block]) -> None:
    buf = io.StringIO()
    w = csv.writer(buf)
    for b in blocks:
        if b.kind == "row":
            w.writerow(b.cells)
        elif b.kind in ("para", "heading"):
            w.writerow([b.text])
    path.write_text(buf.getvalue(), encoding="utf-8")


def write_html(path: Path, blocks: list[Block]) -> None:
    title = next((b.text for b in blocks if b.kind == "heading"), path.stem)
    body: list[str] = []
    in_table = False
    for b in blocks:
        if b.kind == "row":
            if not in_table:
                body.append("<table>")
                in_table = True
            body.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in b.cells) + "</tr>")
            continue
        if in_table:
            body.append("</table>")
            in_table = False
        if b.kind == "heading":
            body.append(f"<h{b.level}>{html.escape(b.text)}</h{b.level}>")
        elif b.kind == "para":
            body.append(f"<p>{html.escape(b.text)}</p>")
    if in_table:
        body.append("</table>")
    page = (f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{html.escape(title)}</title></head>\n"
            f"<body>\n" + "\n".join(body) + "\n</body></html>\n")
    path.write_text(page, encoding="utf-8")


def _rtf_escape(text: str) -> str:
    out = []
    for ch in text:
        if ch in "\\{}":
            out.append("\\" + ch)
        elif ord(ch) < 128:
            out.append(ch)
        else:
            try:
                out.append("\\'%02x" % ch.encode("cp1252")[0])
            except UnicodeEncodeError:
                out.append("\\u%d?" % (ord(ch) if ord(ch) < 32768 else ord(ch) - 65536))
    return "".join(out)


def write_rtf(path: Path, blocks: list[Block]) -> None:
    parts = ["{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0 Calibri;}}\\f0\\fs22\n"]
    for b in blocks:
        if b.kind == "heading":
            parts.append("{\\b\\fs%d %s}\\par\n" % (32 if b.level == 1 else 26, _rtf_escape(b.text)))
        elif b.kind == "para":
            parts.append(_rtf_escape(b.text) + "\\par\n\\par\n")
        elif b.kind == "row":
            parts.append(_rtf_escape(_rows_text(b.cells, "\t")) + "\\par\n")
    parts.append("}\n")
    path.write_bytes("".join(parts).encode("ascii"))


# -- PDF, by hand ---------------------------------------------------------------------------------
def _pdf_escape(line: str) -> bytes:
    raw = line.encode("cp1252", errors="replace")
    return raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")


def pdf_bytes(pages: list[list[str]]) -> bytes:
    """A text PDF: one list of lines per page (an empty line is a paragraph gap)."""
    objs: dict[int, bytes] = {1: b"<< /Type /Catalog /Pages 2 0 R >>",
                              3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"}
    nums = [4 + 2 * i for i in range(len(pages))]
    objs[2] = (b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % n for n in nums) + b"] /Count %d >>" % len(pages))
    for n, lines in zip(nums, pages):
        objs[n] = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                   b"/Resources << /Font << /F1 3 0 R >> >> >>" % (n + 1))
        ops = [b"BT /F1 10 Tf 72 740 Td 12.5 TL"] + [b"(" + _pdf_escape(x) + b") '" for x in lines] + [b"ET"]
        data = b"\n".join(ops)
        objs[n + 1] = b"<< /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for n in sorted(objs):
        offsets[n] = len(out)
        out += b"%d 0 obj\n" % n + objs[n] + b"\nendobj\n"
    xref, size = len(out), max(objs) + 1
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    for n in range(1, size):
        out += b"%010d 00000 n \n" % offsets[n]
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, xref)
    return bytes(out)


def pdf_pages(blocks: list[Block]) -> list[list[str]]:
    """The blocks laid out as PDF lines: wrapped, a blank line between paragraphs, a new page at
    PAGE_BREAK and when a page is full."""
    pages: list[list[str]] = [[]]

    def add(lines: list[str]) -> None:
        if len(pages[-1]) + len(lines) > PDF_PAGE_LINES and pages[-1]:
            pages.append([])
        pages[-1].extend(lines)

    for b in blocks:
        if b.kind == "page":
            if pages[-1]:
                pages.append([])
        elif b.kind == "heading":
            add([b.text, ""])
        elif b.kind == "para":
            add(textwrap.wrap(b.text, PDF_LINE_CHARS) + [""])
        elif b.kind == "row":
            add(textwrap.wrap(_rows_text(b.cells), PDF_LINE_CHARS))
    return [p for p in pages if p] or [[""]]


def write_pdf(path: Path, blocks: list[Block]) -> None:
    path.write_bytes(pdf_bytes(pdf_pages(blocks)))


# -- office formats, through their libraries --------------------------------------------------------
def write_docx(path: Path, blocks: list[Block]) -> None:
    import docx

    d = docx.Document()
    rows: list[tuple[str, ...]] = []

    def table() -> None:
        if rows:
            t = d.add_table(rows=len(rows), cols=max(len(r) for r in rows))
            for i, r in enumerate(rows):
                for j, v in enumerate(r):
                    t.cell(i, j).text = v
            rows.clear()

    for b in blocks:
        if b.kind == "row":
            rows.append(b.cells)
            continue
        table()
        if b.kind == "heading":
            d.add_heading(b.text, level=min(b.level, 9))
        elif b.kind == "para":
            d.add_paragraph(b.text)
        elif b.kind == "page":
            d.add_page_break()  # type: ignore[no-untyped-call]
    table()
    d.save(str(path))


def write_odt(path: Path, blocks: list[Block]) -> None:
    from odf.opendocument import OpenDocumentText
    from odf.table import Table, TableCell, TableColumn, TableRow
    from odf.text import H, P

    doc = OpenDocumentText()
    rows: list[tuple[str, ...]] = []

    def table() -> None:
        if rows:
            t = Table(name=f"Tabella{len(doc.text.childNodes)}")
            t.addElement(TableColumn(numbercolumnsrepeated=max(len(r) for r in rows)))
            for r in rows:
                tr = TableRow()
                for v in r:
                    cell = TableCell()
                    cell.addElement(P(text=v))
                    tr.addElement(cell)
                t.addElement(tr)
            doc.text.addElement(t)
            rows.clear()

    for b in blocks:
        if b.kind == "row":
            rows.append(b.cells)
            continue
        table()
        if b.kind == "heading":
            doc.text.addElement(H(outlinelevel=b.level, text=b.text))
        elif b.kind == "para":
            doc.text.addElement(P(text=b.text))
    table()
    doc.save(str(path))


def _sheets(blocks: list[Block], default: str) -> list[tuple[str, list[tuple[str, ...]]]]:
    sheets: list[tuple[str, list[tuple[str, ...]]]] = []
    for b in blocks:
        if b.kind == "heading":
            sheets.append((b.text[:31], []))
            continue
        if not sheets:
            sheets.append((default, []))
        if b.kind == "row":
            sheets[-1][1].append(b.cells)
        elif b.kind == "para":
            sheets[-1][1].append((b.text,))
    return sheets


def _number(v: str) -> str | int | float:
    try:
        return int(v)
    except ValueError:
        try:
            return float(v) if "." in v and v.replace(".", "", 1).isdigit() else v
        except ValueError:
            return v


def write_xlsx(path: Path, blocks: list[Block]) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    first = True
    for name, rows in _sheets(blocks, "Foglio1"):
        ws = wb.active if first else wb.create_sheet()
        first = False
        ws.title = name
        for r in rows:
            ws.append([_number(v) for v in r])
    wb.save(str(path))


def write_ods(path: Path, blocks: list[Block]) -> None:
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    for name, rows in _sheets(blocks, "Foglio1"):
        t = Table(name=name)
        for r in rows:
            tr = TableRow()
            for v in r:
                cell = TableCell(valuetype="string")
                cell.addElement(P(text=v))
                tr.addElement(cell)
            t.addElement(tr)
        doc.spreadsheet.addElement(t)
    doc.save(str(path))


def write_pptx(path: Path, blocks: list[Block]) -> None:
    from pptx import Presentation

    prs = Presentation()
    slides: list[tuple[str, list[str]]] = []
    for b in blocks:
        if b.kind == "heading":
            slides.append((b.text, []))
        elif b.kind in ("para", "row"):
            if not slides:
                slides.append(("", []))
            slides[-1][1].append(b.text if b.kind == "para" else _rows_text(b.cells))
    for title, body in slides:
        s = prs.slides.add_slide(prs.slide_layouts[1])
        s.shapes.title.text = title
        s.placeholders[1].text = "\n".join(body)
    prs.save(str(path))


def write_epub(path: Path, blocks: list[Block]) -> None:
    import warnings

    from ebooklib import epub

    book = epub.EpubBook()
    book.set_identifier(f"metnos-eval-{path.stem}")
    book.set_title(path.stem.replace("_", " ").capitalize())
    book.set_language("it")
    chapters: list[tuple[str, list[str]]] = []
    for b in blocks:
        if b.kind == "heading":
            chapters.append((b.text, []))
        elif b.kind in ("para", "row"):
            if not chapters:
                chapters.append((path.stem, []))
            chapters[-1][1].append(b.text if b.kind == "para" else _rows_text(b.cells))
    items = []
    for i, (title, paras) in enumerate(chapters, 1):
        c = epub.EpubHtml(title=title, file_name=f"chap_{i}.xhtml", lang="it")
        c.content = f"<h1>{html.escape(title)}</h1>" + "".join(f"<p>{html.escape(p)}</p>" for p in paras)
        book.add_item(c)
        items.append(c)
    book.toc = items
    book.add_item(epub.EpubNcx())
    book.add_item(epub.EpubNav())
    book.spine = ["nav", *items]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        epub.write_epub(str(path), book)


WRITERS: dict[str, Callable[[Path, list[Block]], None]] = {
    "pdf": write_pdf, "docx": write_docx, "odt": write_odt, "ods": write_ods, "xlsx": write_xlsx,
    "pptx": write_pptx, "html": write_html, "md": write_md, "txt": write_txt, "csv": write_csv,
    "rtf": write_rtf, "epub": write_epub,
}


def write_document(path: Path, markup: str) -> Path:
    """`markup` written into `path`, in the format its extension names."""
    ext = path.suffix.lower().lstrip(".")
    if ext not in WRITERS:
        raise ValueError(f"no writer for .{ext} (known: {', '.join(sorted(WRITERS))})")
    WRITERS[ext](path, parse(markup))
    return path
