"""Small widgets shared by the popup and the chat: plain-text labels, a turn's header, the answer (the approval
card is approval_card.py).

Nothing from a turn is ever interpreted: tool output and file content may
carry HTML, ANSI escapes, control bytes or bidi overrides. Labels are PlainText
with the invisible characters escaped; the answer is Markdown rendered from
already-escaped text (app/ui/markdown.py), so a tag stays a tag on screen.

Everything wraps at the width it is given, never the other way round: labels break a long unbroken run
(markdown.soft_breaks), and a turn's header wraps (HeaderToggle — a QToolButton never wraps, and a long
header made a live turn wider than its window: the chat scrolled sideways, the popup cut its text).
"""
from __future__ import annotations

import json
import re
from typing import Any

from PySide6.QtCore import QRect, QSize, Qt, QUrl, Signal
from PySide6.QtGui import (
    QClipboard,
    QDesktopServices,
    QGuiApplication,
    QPainter,
    QPaintEvent,
    QPalette,
)
from PySide6.QtWidgets import (
    QLabel,
    QSizePolicy,
    QStyle,
    QStyleOption,
    QStyleOptionToolButton,
    QStylePainter,
    QToolButton,
    QWidget,
)

from app.turn.escape import safe

from .markdown import ZWSP, is_safe_link, soft_breaks, soft_breaks_html, to_html

# C1 controls (e.g. 0x9b, a one-byte CSI) and bidi embedding/override/isolate marks.
PREVIEW_LINES = 8  # a longer preview scrolls inside the card; the buttons never move
_INVISIBLE = re.compile("[\u0080-\u009f\u202a-\u202e\u2066-\u2069]")


def display_text(text: Any) -> str:
    """Text safe to show: control bytes, C1 and bidi marks escaped as \\xNN / \\uNNNN."""
    s = safe(str(text))
    return _INVISIBLE.sub(lambda m: ("\\x%02x" if ord(m.group(0)) < 0x100 else "\\u%04x") % ord(m.group(0)), s)


def short_args(args: dict[str, Any], limit: int = 160) -> str:
    try:
        s = json.dumps(args, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        s = str(args)
    return s if len(s) <= limit else s[:limit] + "…"


_clipboard_guarded = False


def guard_clipboard() -> None:
    """Text this app puts on the clipboard (or the X11 selection) carries no soft break (U+200B, markdown.py):
    a path selected in an answer and pasted in a terminal stays the path. Installed once, by the first label."""
    global _clipboard_guarded
    if _clipboard_guarded or not isinstance(QGuiApplication.instance(), QGuiApplication):
        return
    board = QGuiApplication.clipboard()
    if board is None:
        return
    _clipboard_guarded = True

    def clean(mode: QClipboard.Mode) -> None:
        ours = board.ownsSelection() if mode == QClipboard.Mode.Selection else board.ownsClipboard()
        ours = ours or QGuiApplication.platformName() in ("offscreen", "minimal")  # no other app there to own it
        if ours and mode in (QClipboard.Mode.Clipboard, QClipboard.Mode.Selection):
            text = board.text(mode)
            if ZWSP in text:
                board.setText(text.replace(ZWSP, ""), mode)  # changes it again, without them: stops there

    board.changed.connect(clean)


class PlainLabel(QLabel):
    """A QLabel that can only ever show plain text; selectable, wrapping (long unbroken runs too).
    `text()` is the text as given (escaped), without the soft breaks added to show it."""

    def __init__(self, text: str = "", parent: QWidget | None = None, selectable: bool = True):
        super().__init__(parent)
        self._plain = ""
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        if selectable:
            self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            guard_clipboard()
        self.set_plain(text)

    def set_plain(self, text: str) -> None:
        self._plain = display_text(text)
        super().setText(soft_breaks(self._plain) if self.wordWrap() else self._plain)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt name; every path escapes
        self.set_plain(text)

    def text(self) -> str:  # noqa: D102 - as given, not as broken to show it
        return self._plain

    def setWordWrap(self, on: bool) -> None:  # noqa: N802 - Qt name
        super().setWordWrap(on)
        if hasattr(self, "_plain"):
            super().setText(soft_breaks(self._plain) if on else self._plain)


class HeaderToggle(QToolButton):
    """A turn's header as a disclosure button: an arrow, and its text wrapped at the width the row gives it (a
    QToolButton's own text never wraps). Checkable; `text()` and `setText` as any button. A run of text too long
    for a line breaks inside."""

    PAD = 3

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt name
        if text != self.text():
            super().setText(text)
            self.updateGeometry()
            self.update()

    def _arrow(self) -> int:
        return max(8, self.fontMetrics().height() - 4)

    def _text_width(self, width: int) -> int:
        return max(1, width - self._arrow() - 3 * self.PAD)

    _FLAGS = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft) | int(Qt.AlignmentFlag.AlignTop)

    def _shown(self) -> str:
        return soft_breaks(self.text())  # a run too long for a line breaks inside (markdown.soft_breaks)

    def _text_height(self, width: int) -> int:
        rect = QRect(0, 0, self._text_width(width), 1 << 20)
        return self.fontMetrics().boundingRect(rect, self._FLAGS, self._shown()).height()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt name
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt name
        return max(self._text_height(width), self.fontMetrics().height()) + 2 * self.PAD

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt name
        width = self._arrow() + 3 * self.PAD + self.fontMetrics().horizontalAdvance(self.text()) + 2
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt name
        return QSize(self._arrow() + 3 * self.PAD + self.fontMetrics().averageCharWidth() * 6,
                     self.fontMetrics().height() + 2 * self.PAD)

    def paintEvent(self, e: QPaintEvent) -> None:  # noqa: N802
        painter = QStylePainter(self)
        opt = QStyleOptionToolButton()
        self.initStyleOption(opt)
        opt.text = ""
        opt.arrowType = Qt.ArrowType.NoArrow
        painter.drawComplexControl(QStyle.ComplexControl.CC_ToolButton, opt)  # the hover/pressed panel only
        size = self._arrow()
        line = self.fontMetrics().height()
        arrow = QStyleOption()
        arrow.initFrom(self)
        arrow.rect = QRect(self.PAD, self.PAD + (line - size) // 2, size, size)
        down = self.arrowType() == Qt.ArrowType.DownArrow
        painter.drawPrimitive(QStyle.PrimitiveElement.PE_IndicatorArrowDown if down
                              else QStyle.PrimitiveElement.PE_IndicatorArrowRight, arrow)
        painter.setPen(self.palette().color(QPalette.ColorRole.ButtonText))
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.drawText(QRect(size + 2 * self.PAD, self.PAD, self._text_width(self.width()),
                               self.height() - 2 * self.PAD), self._FLAGS, self._shown())


class AnswerLabel(QLabel):
    """The answer, rendered from a closed Markdown subset (escaped first: never HTML from the answer).

    `text()` gives the answer as written (control bytes made visible); `painted` fires on the first
    paint after the text changed (benchmarks, tests). Links open only when clicked, and only web/mail.
    """

    painted = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("answer")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setOpenExternalLinks(False)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                     | Qt.TextInteractionFlag.LinksAccessibleByMouse)
        self.linkActivated.connect(_open_link)
        guard_clipboard()
        self._source = ""
        self._dirty = False

    def text(self) -> str:  # noqa: D102 - the answer as written, not the HTML made from it
        return self._source

    def html(self) -> str:
        return super().text()

    def set_plain(self, text: str) -> None:
        self._source = display_text(text)
        super().setText(soft_breaks_html(to_html(self._source)))
        self._dirty = bool(text)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt name; every path escapes
        self.set_plain(text)

    def append(self, text: str) -> None:
        self.set_plain(self._source + text)

    def paintEvent(self, e: QPaintEvent) -> None:  # noqa: N802
        super().paintEvent(e)
        if self._dirty:
            self._dirty = False
            self.painted.emit()


def _open_link(url: str) -> None:
    if is_safe_link(url):
        QDesktopServices.openUrl(QUrl(url))
