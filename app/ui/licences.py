"""What the About box says about the bundled models and their licences (no Qt).

The Gemma package ships GEMMA_TERMS.html — a saved web page (170 KB with
scripts and styles). We show its article text as plain text and offer the
original file to open in a browser; we never render the page itself.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

from app.models import bundle


@dataclass(frozen=True)
class Component:
    name: str
    licence: str
    source: str = ""
    file: Path | None = None  # a licence text to open


def gemma_terms_path() -> Path | None:
    p = bundle.models_dir() / "GEMMA_TERMS.html"
    return p if p.is_file() else None


def html_to_text(page: str) -> str:
    """The readable text of a saved web page: the article body when present, tags and scripts removed."""
    m = re.search(r'<div class="devsite-article-body[^>]*>', page)
    body = page[m.end():page.find("</article>", m.end())] if m else page
    body = re.sub(r"<(script|style|noscript)[^>]*>.*?</\1>", "", body, flags=re.S | re.I)
    body = re.sub(r"<br\s*/?>|</p>|</h\d>|</li>|</tr>", "\n", body, flags=re.I)
    body = re.sub(r"<[^>]+>", "", body)
    text = html.unescape(body)
    text = re.sub(r"[ \t]+\n", "\n", text)
    return re.sub(r"\n{3,}", "\n\n", text).strip()


def gemma_terms_text() -> str | None:
    p = gemma_terms_path()
    if p is None:
        return None
    try:
        return html_to_text(p.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return None


def components() -> list[Component]:
    try:
        m = bundle.manifest()
    except (OSError, ValueError):
        m = {}
    instruct = m.get("instruct", {})
    lite = m.get("lite", {})
    embedder = m.get("embedder", {})
    qwen = bundle.models_dir() / "QWEN_LICENSE.txt"
    return [
        Component("Qwen2.5-Coder-1.5B-Instruct (planner and writer, GGUF Q4_K_M; Alibaba Cloud / Qwen team)",
                  instruct.get("licence", "Apache-2.0"), instruct.get("source", ""), qwen if qwen.is_file() else None),
        Component("Gemma 3 270M (lite planner, GGUF Q4_K_M)", lite.get("licence", "Gemma Terms of Use"),
                  lite.get("source", ""), gemma_terms_path()),
        Component("multilingual-e5-small 4-bit (embedder)", embedder.get("licence", "MIT"), embedder.get("source", "")),
        Component("llama.cpp / llama-cpp-python", "MIT"),
        Component("Qt 6 / PySide6", "LGPL-3.0"),
        Component("SQLite3 Multiple Ciphers (apsw-sqlite3mc)", "MIT / zlib (APSW), public domain (SQLite)"),
    ]
