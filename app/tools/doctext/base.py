"""What every extractor returns, and the budget that stops one early.

Why a budget and not a timeout: extraction runs in the turn's thread, and a 500-page PDF or a
100,000-row sheet must not hold the turn for a minute. Counting pages and characters is
deterministic (the same file always gives the same text, which the tests and the coming document
index rely on) where a clock is not; the budget also calls the turn's cancel check between pages,
so "stop" works in the middle of a long file.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from app.lang.messages import Message

MAX_CHARS = 1_000_000  # ≈ 300 dense pages: more than a summary or a question ever needs, read in seconds
MAX_PAGES = 500  # PDF pages or slides read at most (pdfium reads a text page in about a millisecond)


@dataclass
class DocText:
    """The text of one document.

    `pages` keeps (page number, text) for PDFs and (slide number, text) for presentations, so an
    answer can say where a sentence is; other formats leave it empty. `problem` is the sentence a
    person reads when there is no usable text (a scan, a password, a broken file); `text` is then
    empty. `cut` says the caps stopped the reading: `text` is the beginning of the document only.
    """

    kind: str  # pdf, docx, xlsx, pptx, odt, ods, odp, html, rtf, epub, text
    text: str = ""
    pages: list[tuple[int, str]] = field(default_factory=list)
    problem: Message | None = None
    total_pages: int = 0  # pages or slides in the document; len(pages) may be less when cut
    cut: bool = False
    empty_pages: list[int] = field(default_factory=list)  # pages with no text layer (scanned pages)

    @property
    def ok(self) -> bool:
        return self.problem is None


class Budget:
    """Characters and pages an extraction may still take; `check` is the turn's cancel check."""

    def __init__(self, max_chars: int = MAX_CHARS, max_pages: int = MAX_PAGES,
                 check: Callable[[], None] | None = None) -> None:
        self.max_chars = max(1, max_chars)
        self.max_pages = max(1, max_pages)
        self.chars = 0
        self.cut = False
        self._check = check
        self.stopped: BaseException | None = None  # what `check` raised: it must reach the caller as is

    @property
    def full(self) -> bool:
        return self.chars >= self.max_chars

    def check(self) -> None:
        if self._check is None:
            return
        try:
            self._check()
        except BaseException as e:
            self.stopped = e
            raise

    def take(self, text: str) -> str:
        """`text`, or as much of it as still fits (then `cut` is set)."""
        room = self.max_chars - self.chars
        if len(text) > room:
            self.cut = True
            text = text[:max(0, room)]
        self.chars += len(text)
        return text


_SPACES = re.compile(r"[ \f\v\u00a0]+")  # not tabs: they separate the cells of a table row
_BLANKS = re.compile(r"\n\s*\n+")


def tidy(text: str) -> str:
    """One line ending, no NULs or pdfium's soft-hyphen markers, runs of spaces and blank lines squeezed."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "").replace("\ufffe", "")
    text = "\n".join(_SPACES.sub(" ", ln).strip(" ") for ln in text.split("\n"))
    return _BLANKS.sub("\n\n", text).strip("\n ")


def join_pages(pages: list[tuple[int, str]], label: str) -> str:
    """The pages as one text, each after a neutral marker ("[p. 3]", "[slide 2]") the model can quote;
    a single page needs no marker."""
    if len(pages) == 1:
        return pages[0][1]
    return "\n\n".join(f"[{label} {n}]\n{text}" if text else f"[{label} {n}]" for n, text in pages)


def decode(data: bytes) -> str:
    """Text of a file whose encoding nobody declared: UTF-8 (with or without BOM), else Windows-1252,
    the usual legacy encoding of Italian and English documents (every byte maps to something)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    elif data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16", errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")
