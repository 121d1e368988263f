"""Where a documents answer comes from, under the answer: each source a link that opens the file.

The search_documents tool puts its `sources` (file, page, the label in the request's language) first in
its result, so they are inside the first 300 characters that the turn's Observation event carries
(`preview`, possibly cut). Only whole entries are read from it: a cut one is left out, never guessed.
The label is the tool's own words ("contratto.pdf, pagina 2"); the link opens the file itself with the
desktop's application for it — only a file the index named, and only when it is still there.
"""
from __future__ import annotations

import html
import json
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QEvent, Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QLabel, QWidget

from .widgets import display_text

TOOL = "search_documents"  # app.docs.tool.NAME, spelled here: importing app.docs would load numpy before the tray
SHOWN = 3  # the best source and the others the answer names ("Anche in: …", two at most)
_KEY = '"sources":['


@dataclass(frozen=True)
class Source:
    file: str
    page: int | None
    label: str


def _source(obj: object) -> Source | None:
    if not isinstance(obj, dict) or not isinstance(obj.get("file"), str) or not obj["file"]:
        return None
    page = obj.get("page")
    label = obj.get("label")
    return Source(obj["file"], page if isinstance(page, int) else None,
                  label if isinstance(label, str) and label else Path(obj["file"]).name)


def sources_of(preview: str) -> list[Source]:
    """The whole source entries in a search_documents result's JSON (whole or cut), each file+page once."""
    try:
        data = json.loads(preview)
        raw = data.get("sources") if isinstance(data, dict) else None
        items = list(raw) if isinstance(raw, list) else []
    except ValueError:
        items = _whole_entries(preview)
    out: list[Source] = []
    for obj in items:
        s = _source(obj)
        if s is not None and all((s.file, s.page) != (o.file, o.page) for o in out):
            out.append(s)
    return out


def _whole_entries(preview: str) -> list[object]:
    start = preview.find(_KEY)
    if start < 0:
        return []
    i, dec, items = start + len(_KEY), json.JSONDecoder(), []
    while preview.startswith("{", i):
        try:
            obj, i = dec.raw_decode(preview, i)
        except ValueError:
            break  # the preview was cut inside this entry
        items.append(obj)
        if not preview.startswith(",", i):
            break
        i += 1
    return items


class SourcesLabel(QLabel):
    """"Fonte: contratto.pdf, pagina 2" under an answer; hidden while there is none."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("sources")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setOpenExternalLinks(False)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse
                                     | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
        self.setStyleSheet("font-size: 90%;")
        self.linkActivated.connect(self.open_source)
        self.sources: list[Source] = []
        self.gone: set[str] = set()  # files found missing when clicked
        self.setVisible(False)

    def set_sources(self, sources: list[Source]) -> None:
        self.sources = sources[:SHOWN]
        self.gone.clear()
        self._render()

    def _render(self) -> None:
        self.setVisible(bool(self.sources))
        if not self.sources:
            self.clear()
            return
        head = self.tr("Source:") if len(self.sources) == 1 else self.tr("Sources:")
        gone = html.escape(self.tr("no longer there"), quote=False)
        links = []
        for i, s in enumerate(self.sources):
            text = html.escape(display_text(s.label), quote=False)
            if s.file in self.gone:
                links.append(f"{text} ({gone})")
            else:
                links.append(f'<a href="{i}">{text}</a>')
        self.setText(f"{html.escape(head, quote=False)} " + " · ".join(links))
        self.setToolTip("\n".join(display_text(s.file) for s in self.sources))

    def open_source(self, href: str) -> bool:
        """Open the source numbered `href` with the desktop's application for it; False when it is gone."""
        try:
            s = self.sources[int(href)]
        except (ValueError, IndexError):
            return False
        if not Path(s.file).is_file():
            self.gone.add(s.file)
            self._render()
            return False
        return bool(QDesktopServices.openUrl(QUrl.fromLocalFile(s.file)))

    def changeEvent(self, e: QEvent) -> None:  # noqa: N802
        if e.type() == QEvent.Type.LanguageChange and self.sources:
            self._render()
        super().changeEvent(e)


__all__ = ["TOOL", "Source", "SourcesLabel", "sources_of"]
