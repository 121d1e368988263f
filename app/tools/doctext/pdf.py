"""PDF text with its page numbers, through pypdfium2.

Why pdfium: it is the engine of Chrome's viewer, so it opens the damaged and odd PDFs people really
have, it is fast (a text page in about a millisecond), its licence is permissive and its wheels carry
the native library for every OS we ship. It reads from the path, so a 50 MB file is not copied into
Python's memory.

A PDF with no text on any page is a scan (or a PDF of pictures): the person is told so instead of
getting an empty answer — OCR is not something this app does. Pages without text inside a text PDF
are listed. A password or a broken file becomes a sentence, never a traceback.

pdfium is not thread-safe; every call goes through one lock, so the coming background indexer and a
turn can both read PDFs.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from app.lang.messages import Message

from .base import Budget, DocText, join_pages, tidy

_LOCK = threading.Lock()
PAGE_LABEL = "p."


def extract_pdf(path: Path, shown: str, budget: Budget) -> DocText:
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    with _LOCK:
        try:
            doc = pdfium.PdfDocument(str(path))
        except pdfium.PdfiumError as e:
            if e.err_code in (raw.FPDF_ERR_PASSWORD, raw.FPDF_ERR_SECURITY):
                return DocText("pdf", problem=Message("doctext.encrypted", path=shown))
            return DocText("pdf", problem=Message("doctext.corrupt", path=shown, kind="PDF"))
        try:
            return _read(doc, shown, budget, raw.FPDF_PAGEOBJ_IMAGE)
        finally:
            doc.close()


def _read(doc: Any, shown: str, budget: Budget, image_type: int) -> DocText:
    total = len(doc)
    pages: list[tuple[int, str]] = []
    any_image = False
    for i in range(total):
        budget.check()
        if i >= budget.max_pages or budget.full:
            budget.cut = True
            break
        page = doc[i]
        try:
            textpage = page.get_textpage()
            try:
                text = tidy(textpage.get_text_range())
            finally:
                textpage.close()
            if not text and not any_image:
                any_image = any(True for _ in page.get_objects(filter=[image_type], max_depth=3))
        finally:
            page.close()
        pages.append((i + 1, budget.take(text)))
    empty = [n for n, text in pages if not text]
    if pages and len(empty) == len(pages):
        key = "doctext.scanned" if any_image else "doctext.no_text"
        return DocText("pdf", total_pages=total, problem=Message(key, path=shown), empty_pages=empty)
    if total == 0:
        return DocText("pdf", problem=Message("doctext.no_text", path=shown))
    return DocText("pdf", join_pages(pages, PAGE_LABEL), pages, total_pages=total, cut=budget.cut,
                   empty_pages=empty)
