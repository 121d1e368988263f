"""A document's text cut into passages a question can be answered from.

Why paragraphs within a page, 300–450 characters: a passage's vector must be about one thing. The bundled
e5-small blurs a longer passage into the average of its topics: on the QA set's tune half
(resources/eval/docs/README.md) the right file was in the top 3 for 89 % of the questions with passages of
800–1,200 characters, 93 % at 400, 97 % at 300 (92 % at 200: too little context around the sentence that
answers). Embedding costs about the same per character whatever the cut (~0.17 ms per character on 2
cores), so shorter passages cost more rows, not more time. Cutting on paragraph boundaries keeps a clause
whole; cutting within a page keeps the page number an answer cites. The heading in force (a '# ' line of a
Word or OpenDocument file, a sheet's name) travels with every passage below it, so "Disdetta" still frames
the paragraph that only says "sei mesi di preavviso".
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from app.tools.doctext import DocText

TARGET_CHARS = 300  # a passage is closed once it reaches this
MAX_CHARS = 450  # and never grows past this (a longer paragraph is cut at lines, then sentences)
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+")
_HEADING = re.compile(r"^(#{1,6})\s+(.+)$")


@dataclass(frozen=True)
class Chunk:
    page: int | None  # PDF page or slide number; None for a document without pages
    heading: str
    text: str

    def passage(self) -> str:
        """What is embedded and matched: the heading, when the text does not already start with it."""
        if self.heading and not self.text.startswith(self.heading):
            return f"{self.heading}\n{self.text}"
        return self.text


def _pieces(paragraph: str, limit: int) -> list[str]:
    """A paragraph longer than `limit`, cut at line ends, then sentence ends, then spaces."""
    if len(paragraph) <= limit:
        return [paragraph]
    for splitter in (lambda t: t.split("\n"), _SENTENCE_END.split, lambda t: t.split(" ")):
        parts = [p for p in splitter(paragraph) if p.strip()]
        if len(parts) > 1:
            out: list[str] = []
            for part in parts:
                out += _pieces(part, limit)
            return _regroup(out, limit, "\n" if "\n" in paragraph else " ")
    return [paragraph[i:i + limit] for i in range(0, len(paragraph), limit)]


def _regroup(parts: list[str], limit: int, sep: str) -> list[str]:
    out: list[str] = []
    for p in parts:
        if out and len(out[-1]) + len(sep) + len(p) <= limit:
            out[-1] += sep + p
        else:
            out.append(p)
    return out


class _Builder:
    """Paragraphs in, passages out: a passage closes at TARGET_CHARS, at MAX_CHARS and at every heading."""

    def __init__(self) -> None:
        self.out: list[Chunk] = []
        self.heading = ""
        self._parts: list[str] = []
        self._size = 0
        self._page: int | None = None

    def close(self) -> None:
        text = "\n\n".join(self._parts).strip()
        if text:
            self.out.append(Chunk(self._page, self.heading, text))
        self._parts, self._size = [], 0

    def add(self, paragraph: str, page: int | None) -> None:
        for piece in _pieces(paragraph, MAX_CHARS):
            if self._parts and self._size + len(piece) + 2 > MAX_CHARS:
                self.close()
            self._page = page
            self._parts.append(piece)
            self._size += len(piece) + 2
            if self._size >= TARGET_CHARS:
                self.close()

    def feed(self, text: str, page: int | None) -> None:
        for block in re.split(r"\n\s*\n", text):
            lines: list[str] = []
            for line in block.split("\n"):
                m = _HEADING.match(line.strip())
                if m is None:
                    lines.append(line)
                    continue
                if lines:
                    self.add("\n".join(lines).strip(), page)
                    lines = []
                self.close()
                self.heading = m.group(2).strip()
            if "\n".join(lines).strip():
                self.add("\n".join(lines).strip(), page)
        self.close()  # a passage never spans two pages


def chunk_document(doc: DocText) -> list[Chunk]:
    """The passages of a readable document, page by page when it has pages."""
    b = _Builder()
    if doc.pages:
        for number, text in doc.pages:
            b.feed(text, number)
    else:
        b.feed(doc.text, None)
    return b.out
