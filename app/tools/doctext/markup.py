"""HTML pages and EPUB books: markup whose text is what a person reads.

Why the standard library's html.parser: it never fails on broken markup (it gives what it parsed),
needs nothing installed, and is fast enough for any page a person keeps. Scripts, styles and the
<head> are dropped; block elements become line breaks. get_urls (tools/web.py) uses the same parser,
so a page read from the web and one saved to disk give the same text.

An EPUB is a zip of XHTML chapters; ebooklib reads its package file so the chapters come in the
spine's order (the reading order), each through the same HTML parser. A book with DRM (its
encryption.xml lists the chapters, not only fonts) is said to be locked.
"""
from __future__ import annotations

import re
import warnings
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from app.lang.messages import Message

from .base import Budget, DocText, decode, tidy

_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([\w.:-]+)""", re.I)
_LOCKED_CHAPTER = re.compile(rb"""URI\s*=\s*["'][^"']+\.x?html?["']""", re.I)


class _Text(HTMLParser):
    SKIP = {"script", "style", "noscript", "template", "svg", "head"}
    BLOCK = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "pre", "td"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.title = ""
        self._skip = 0
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in self.SKIP:
            self._skip += 1
        if tag == "title":
            self._in_title = True
        if tag in self.BLOCK:
            self.out.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.SKIP and self._skip:
            self._skip -= 1
        if tag == "title":
            self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        elif not self._skip:
            self.out.append(data)


def html_text(html: str) -> tuple[str, str]:
    """(title, text) of an HTML page."""
    p = _Text()
    try:
        p.feed(html)
        p.close()
    except Exception:  # a broken page still gives what was parsed
        pass
    text = re.sub(r"[ \t\r\f\v]+", " ", "".join(p.out))
    text = re.sub(r"\n\s*\n+", "\n\n", text).strip()
    return " ".join(p.title.split()), text


def decode_html(data: bytes) -> str:
    """The page's text in the charset its <meta> declares, else UTF-8 or Windows-1252."""
    m = _CHARSET.search(data[:4096])
    if m:
        try:
            return data.decode(m.group(1).decode("ascii"), errors="replace")
        except (LookupError, UnicodeDecodeError):
            pass
    return decode(data)


def _titled(title: str, text: str) -> str:
    return f"# {title}\n\n{text}" if title and not text.startswith(title) else text


def extract_html(path: Path, shown: str, budget: Budget) -> DocText:
    title, text = html_text(decode_html(path.read_bytes()))
    return DocText("html", budget.take(_titled(title, text)), cut=budget.cut)


def _drm(path: Path) -> bool:
    with zipfile.ZipFile(path) as z:
        try:
            listing = z.read("META-INF/encryption.xml")
        except KeyError:
            return False
    return bool(_LOCKED_CHAPTER.search(listing))  # fonts alone are obfuscated in many free books


def extract_epub(path: Path, shown: str, budget: Budget) -> DocText:
    import ebooklib
    from ebooklib import epub

    if _drm(path):
        return DocText("epub", problem=Message("doctext.encrypted", path=shown))
    with warnings.catch_warnings():  # ebooklib warns about options it will change in a future release
        warnings.simplefilter("ignore")
        book = epub.read_epub(str(path), options={"ignore_ncx": True})
    parts: list[str] = []
    titles = book.get_metadata("DC", "title")
    if titles and titles[0] and titles[0][0]:
        parts.append(budget.take("# " + " ".join(str(titles[0][0]).split())))
    for idref, *_ in book.spine:
        budget.check()
        if budget.full:
            budget.cut = True
            break
        item = book.get_item_with_id(idref)
        if item is None or item.get_type() != ebooklib.ITEM_DOCUMENT:
            continue
        _, text = html_text(decode_html(item.get_content()))
        if text:
            parts.append(budget.take(text))
    return DocText("epub", tidy("\n\n".join(parts)), cut=budget.cut)
