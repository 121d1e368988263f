"""Which kind of document a file is: by its first bytes where they are unambiguous, else by its name.

Why both: a PDF saved as "scansione" (no extension) or "contratto.pdf.txt" is still a PDF, and its
"%PDF" signature says so; a .docx, .odt or .epub is a zip, so its name — or, without one, the parts
inside it — says which. Plain text, CSV and Markdown are "text": read_files keeps reading them as it
always has (encodings, line counts); the index reads them through `extract` like the rest.

Also here: the two checks made before any library opens a zip — Office saves a password-protected
.docx/.xlsx/.pptx as an OLE container, not a zip, and a zip may unpack to far more than it weighs.
"""
from __future__ import annotations

import zipfile
from pathlib import Path

BY_EXTENSION = {
    "pdf": "pdf",
    "docx": "docx", "docm": "docx", "dotx": "docx",
    "xlsx": "xlsx", "xlsm": "xlsx",
    "pptx": "pptx", "ppsx": "pptx",
    "odt": "odt", "ott": "odt", "ods": "ods", "ots": "ods", "odp": "odp",
    "html": "html", "htm": "html", "xhtml": "html",
    "rtf": "rtf",
    "epub": "epub",
    "txt": "text", "text": "text", "md": "text", "markdown": "text", "csv": "text", "tsv": "text",
}
# What a person calls each kind, in both languages (the messages' {kind})
LABELS = {"pdf": "PDF", "docx": "Word (.docx)", "xlsx": "Excel (.xlsx)", "pptx": "PowerPoint (.pptx)",
          "odt": "OpenDocument (.odt)", "ods": "OpenDocument (.ods)", "odp": "OpenDocument (.odp)",
          "html": "HTML", "rtf": "RTF", "epub": "EPUB", "text": "text"}
ZIPPED = frozenset({"docx", "xlsx", "pptx", "odt", "ods", "odp", "epub"})
OOXML = frozenset({"docx", "xlsx", "pptx"})
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_MIMETYPES = {"application/vnd.oasis.opendocument.text": "odt",
              "application/vnd.oasis.opendocument.spreadsheet": "ods",
              "application/vnd.oasis.opendocument.presentation": "odp",
              "application/epub+zip": "epub"}
_OOXML_PARTS = {"word/document.xml": "docx", "xl/workbook.xml": "xlsx", "ppt/presentation.xml": "pptx"}


def head_of(path: Path, n: int = 1024) -> bytes:
    with open(path, "rb") as f:
        return f.read(n)


def kind_of(path: Path, head: bytes | None = None) -> str | None:
    """The document kind of `path` (a key of LABELS), or None for a file that is not a document we read."""
    head = head_of(path) if head is None else head
    if b"%PDF-" in head[:1024]:  # pdfium, like every reader, accepts junk before the header
        return "pdf"
    if head.startswith(b"{\\rtf"):
        return "rtf"
    kind = BY_EXTENSION.get(path.suffix.lower().lstrip("."))
    if kind is not None:
        return kind
    if head.startswith(b"PK\x03\x04"):
        return _zip_kind(path)
    return None


def _zip_kind(path: Path) -> str | None:
    try:
        with zipfile.ZipFile(path) as z:
            names = set(z.namelist())
            if "mimetype" in names:
                return _MIMETYPES.get(z.read("mimetype")[:100].decode("ascii", "replace").strip())
    except (zipfile.BadZipFile, OSError, KeyError):
        return None
    return next((kind for part, kind in _OOXML_PARTS.items() if part in names), None)


def locked_office(kind: str, head: bytes) -> bool:
    """An Office Open XML name on an OLE container: how Office saves a document with a password."""
    return kind in OOXML and head.startswith(OLE_MAGIC)


def unpacked_bytes(path: Path) -> int:
    """What a zip's members add up to once unpacked (raises zipfile.BadZipFile for a broken zip)."""
    with zipfile.ZipFile(path) as z:
        return sum(info.file_size for info in z.infolist())
