"""The text of the documents people keep: PDF, Word, Excel, PowerPoint, OpenDocument, HTML, RTF, EPUB.

`extract(path)` gives a `DocText`: the text (pages kept for PDFs, slides for presentations), or a
`problem` — a sentence from the message catalogue for a scan without text, a password, a broken
file — and never raises for a bad file: one unreadable document must end as a sentence the person
reads, not as a traceback, whether read_files asked for it or the coming document index did.

One module per format family, each importing its library only when a file of that kind is read, so
starting the app costs nothing. Work is bounded (base.Budget: characters and pages, with the turn's
cancel check between pages), and a zip that would unpack to more than MAX_UNPACKED is refused before
any library opens it.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Callable

from app.lang.messages import Message

from .. import messages as _file_messages  # noqa: F401  (files.permission)
from . import messages  # noqa: F401  (registers the doctext.* sentences)
from .base import MAX_CHARS, MAX_PAGES, Budget, DocText, decode, tidy
from .detect import LABELS, ZIPPED, head_of, kind_of, locked_office, unpacked_bytes
from .markup import extract_epub, extract_html, html_text
from .ooxml import extract_docx, extract_pptx, extract_xlsx
from .opendoc import extract_odf
from .pdf import extract_pdf
from .rtf import extract_rtf

log = logging.getLogger(__name__)

MAX_UNPACKED = 512 * 1024 * 1024  # a zipped document that unpacks to more is a zip bomb, not a letter
PACKAGES = {"pdf": "pypdfium2", "docx": "python-docx", "xlsx": "openpyxl", "pptx": "python-pptx",
            "odt": "odfpy", "ods": "odfpy", "odp": "odfpy", "rtf": "striprtf", "epub": "ebooklib"}
Extractor = Callable[[Path, str, Budget], DocText]
_EXTRACTORS: dict[str, Extractor] = {
    "pdf": extract_pdf, "docx": extract_docx, "xlsx": extract_xlsx, "pptx": extract_pptx,
    "odt": lambda p, s, b: extract_odf(p, s, b, "odt"), "ods": lambda p, s, b: extract_odf(p, s, b, "ods"),
    "odp": lambda p, s, b: extract_odf(p, s, b, "odp"),
    "html": extract_html, "rtf": extract_rtf, "epub": extract_epub,
}
DOCUMENT_KINDS = frozenset(_EXTRACTORS)  # what read_files reads through `extract` (text stays as it was)


def _extract_text(path: Path, shown: str, budget: Budget) -> DocText:
    with open(path, "rb") as f:
        data = f.read(budget.max_chars * 4 + 4)  # UTF-8: at most 4 bytes a character
    return DocText("text", budget.take(tidy(decode(data))), cut=budget.cut)


def extract(path: Path | str, *, kind: str | None = None, shown: str | None = None, max_chars: int = MAX_CHARS,
            max_pages: int = MAX_PAGES, check: Callable[[], None] | None = None) -> DocText:
    """The text of the document at `path`.

    `kind` skips detection when the caller already knows it; `shown` is the path as the person wrote
    it, for the sentences; `check` is called between pages and may raise (a cancelled turn) — that
    exception reaches the caller unchanged. An unreadable file gives `problem`, never an exception.
    """
    path = Path(path)
    shown = shown or str(path)
    budget = Budget(max_chars, max_pages, check)
    try:
        head = head_of(path)
        kind = kind or kind_of(path, head)
        if kind is None:
            return DocText("unknown", problem=Message("doctext.unsupported", path=shown))
        if locked_office(kind, head):
            return DocText(kind, problem=Message("doctext.encrypted", path=shown))
        if kind in ZIPPED:
            size = unpacked_bytes(path)
            if size > MAX_UNPACKED:
                return DocText(kind, problem=Message("doctext.too_big", path=shown, size_mb=size // 2**20))
        return (_EXTRACTORS.get(kind) or _extract_text)(path, shown, budget)
    except ImportError as e:
        log.warning("cannot read %s: %s", kind, e)
        return DocText(kind or "unknown", problem=Message("doctext.missing_library", path=shown,
                                                          kind=LABELS.get(kind or "", kind),
                                                          package=PACKAGES.get(kind or "", "?")))
    except Exception as e:
        if budget.stopped is e:  # the turn was cancelled between two pages
            raise
        if isinstance(e, PermissionError):
            return DocText(kind or "unknown", problem=Message("files.permission", path=shown))
        log.info("cannot read %s as %s: %s: %s", path, kind, type(e).__name__, e)
        kind = kind or "unknown"
        return DocText(kind, problem=Message("doctext.corrupt", path=shown, kind=LABELS.get(kind, kind)))


__all__ = ["DOCUMENT_KINDS", "LABELS", "MAX_CHARS", "MAX_PAGES", "DocText", "extract", "html_text", "kind_of"]
