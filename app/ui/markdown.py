"""A small, closed Markdown subset to HTML for answers: lists, code, emphasis, headings, links.

Everything is escaped first, so no HTML from an answer (which may quote a file or a web page)
is ever interpreted: tags show as text, there are no images, no styles, no scripts. Only links
with http, https or mailto become links, and they open only when clicked (the label decides).
No Qt here, so it is cheap and testable on its own.

Long words wrap too: Qt's labels break lines only where the text allows it (spaces, after a "/"), so a
long unbroken run (a file name with underscores, a hash, "aaaa…") made a label as wide as the run and the
whole chat or popup wider than its window. `soft_breaks` puts an invisible break opportunity (U+200B) every
SOFT_BREAK_EVERY characters inside such runs only — what HTML's <wbr> does — and code blocks wrap
(`white-space: pre-wrap`). Nothing copied carries them: the copy button copies the answer as written, and
text selected and copied from a label is cleaned on the clipboard (widgets.py).
"""
from __future__ import annotations

import html
import re
from functools import partial

_FENCE = re.compile(r"^\s*(```|~~~)")
_BULLET = re.compile(r"^\s*[-*•]\s+(.*)$")
_NUMBERED = re.compile(r"^\s*(\d{1,3})[.)]\s+(.*)$")
_HEADING = re.compile(r"^\s*(#{1,6})\s+(.*)$")
_CODE = re.compile(r"`([^`\n]+)`")
_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?=\S)([^*\n]+?)(?<=\S)\*(?![\w*])")
_LINK = re.compile(r"\[([^\]\n]+)\]\(((?:https?://|mailto:)[^\s)]+)\)")
_URL = re.compile(r"(?<![\"'=>])\b(https?://[^\s<]+[^\s<.,;:!?)\]'\"])")
CODE_STYLE = "background-color: rgba(127,127,127,0.15); font-family: monospace;"
PRE_STYLE = CODE_STYLE + " white-space: pre-wrap;"  # a long code line wraps instead of widening the window
SOFT_BREAK_EVERY = 32  # characters of an unbroken run between two invisible break opportunities
ZWSP = "\u200b"
_UNBROKEN = re.compile(rf"[^\s/\\\-{ZWSP}]{{{SOFT_BREAK_EVERY + 1},}}")  # no space, slash or dash to break at
_TEXT_NODE = re.compile(r"(<[^>]*>|&[#\w]+;)")  # tags and entities: never split
SAFE_SCHEMES = ("http://", "https://", "mailto:")
_PLACEHOLDER = re.compile("\x00(\\d+)\x00")


def _restore(links: list[str], m: re.Match[str]) -> str:
    return links[int(m.group(1))]


def _inline(text: str) -> str:
    """Escape, then inline code (kept literal), links, bold, italic."""
    parts = re.split(r"(`[^`\n]+`)", text)
    out: list[str] = []
    for part in parts:
        m = _CODE.fullmatch(part)
        if m:
            out.append(f'<code style="{CODE_STYLE}">{html.escape(m.group(1))}</code>')
            continue
        links: list[str] = []

        def keep(a: str, links: list[str] = links) -> str:
            links.append(a)
            return f"\x00{len(links) - 1}\x00"

        s = _LINK.sub(lambda m: keep(f'<a href="{html.escape(m.group(2), quote=True)}">'
                                     f'{html.escape(m.group(1))}</a>'), part)
        s = _URL.sub(lambda m: keep(f'<a href="{html.escape(m.group(1), quote=True)}">'
                                    f'{html.escape(m.group(1))}</a>'), s)
        s = html.escape(s, quote=False)
        s = _BOLD.sub(r"<b>\1</b>", s)
        s = _ITALIC.sub(r"<i>\1</i>", s)
        s = _PLACEHOLDER.sub(partial(_restore, links), s)
        out.append(s)
    return "".join(out)


def _item(text: str) -> str:
    """A list item; a folder in a listing (a name ending in "/") is marked as one."""
    body = _inline(text)
    if text.rstrip().endswith("/") and " " not in text.strip()[:-1].strip("/"):
        return f"<li><b>{body}</b></li>"
    return f"<li>{body}</li>"


def to_html(text: str) -> str:
    """HTML for a QLabel/QTextBrowser in RichText mode; the text is already free of control characters."""
    lines = text.split("\n")
    out: list[str] = []
    para: list[str] = []
    lst: str | None = None  # "ul" | "ol"
    i = 0

    def flush_para() -> None:
        if para:
            out.append("<p>" + "<br>".join(_inline(p) for p in para) + "</p>")
            para.clear()

    def close_list() -> None:
        nonlocal lst
        if lst:
            out.append(f"</{lst}>")
            lst = None

    while i < len(lines):
        line = lines[i]
        if _FENCE.match(line):
            flush_para()
            close_list()
            fence = _FENCE.match(line).group(1)  # type: ignore[union-attr]
            body: list[str] = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith(fence):
                body.append(lines[i])
                i += 1
            out.append(f'<pre style="{PRE_STYLE}">{html.escape(chr(10).join(body))}</pre>')
            i += 1
            continue
        bullet, numbered, heading = _BULLET.match(line), _NUMBERED.match(line), _HEADING.match(line)
        if bullet or numbered:
            flush_para()
            kind = "ul" if bullet else "ol"
            if lst != kind:
                close_list()
                out.append(f"<{kind}>")
                lst = kind
            out.append(_item(bullet.group(1) if bullet else numbered.group(2)))  # type: ignore[union-attr]
        elif heading:
            flush_para()
            close_list()
            out.append(f"<p><b>{_inline(heading.group(2))}</b></p>")
        elif not line.strip():
            flush_para()
            close_list()
        else:
            close_list()
            para.append(line)
        i += 1
    flush_para()
    close_list()
    return "".join(out)


def _cut(m: re.Match[str]) -> str:
    run = m.group(0)
    return ZWSP.join(run[i:i + SOFT_BREAK_EVERY] for i in range(0, len(run), SOFT_BREAK_EVERY))


def soft_breaks(text: str) -> str:
    """Plain text with an invisible break opportunity inside every run too long to wrap (see the module doc)."""
    return _UNBROKEN.sub(_cut, text)


def soft_breaks_html(markup: str) -> str:
    """The same for HTML made by `to_html`: only in the text between tags, never in a tag or an entity (an
    entity counts as one character's worth of run, so a run of them may stay a little longer)."""
    return "".join(part if _TEXT_NODE.fullmatch(part) else soft_breaks(part) for part in _TEXT_NODE.split(markup))


def is_safe_link(url: str) -> bool:
    return url.lower().startswith(SAFE_SCHEMES)
