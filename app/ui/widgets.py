"""Small widgets shared by the popup and the chat: plain-text labels, the answer, the approval card.

Nothing from a turn is ever interpreted: tool output and file content may
carry HTML, ANSI escapes, control bytes or bidi overrides. Labels are PlainText
with the invisible characters escaped; the answer is Markdown rendered from
already-escaped text (app/ui/markdown.py), so a tag stays a tag on screen.
"""
from __future__ import annotations

import json
import re
from typing import Any

from PySide6.QtCore import QEvent, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QFontDatabase, QFontMetrics, QKeyEvent, QPaintEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from app.turn import events as ev
from app.turn.escape import safe

from .markdown import is_safe_link, to_html
from .prefs import prefs

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


class PlainLabel(QLabel):
    """A QLabel that can only ever show plain text; selectable, wrapping."""

    def __init__(self, text: str = "", parent: QWidget | None = None, selectable: bool = True):
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        if selectable:
            self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.set_plain(text)

    def set_plain(self, text: str) -> None:
        super().setText(display_text(text))

    def setText(self, text: str) -> None:  # noqa: N802 - Qt name; every path escapes
        self.set_plain(text)


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
        self._source = ""
        self._dirty = False

    def text(self) -> str:  # noqa: D102 - the answer as written, not the HTML made from it
        return self._source

    def html(self) -> str:
        return super().text()

    def set_plain(self, text: str) -> None:
        self._source = display_text(text)
        super().setText(to_html(self._source))
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


_CARD_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Y, Qt.Key.Key_S, Qt.Key.Key_Escape, Qt.Key.Key_N)


class ApprovalCard(QFrame):
    """Asks before a change: what will happen, a preview, Approve / Deny / yes to all in this request.

    Keyboard: Enter or Y approves, Esc or N denies (the card takes the focus when it appears).
    Emits decided(approval_id, decision).
    """

    decided = Signal(str, object)

    def __init__(self, approval_id: str, request: ev.ApprovalNeeded, details: bool = False,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.approval_id = approval_id
        self.request = request
        self.tool = request.tool
        self.decision: Any = None
        self._marked = False
        self.setObjectName("approval")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setStyleSheet("QFrame#approval { border: 1px solid palette(highlight); border-radius: 6px; }"
                           "QFrame#approval:focus { border: 2px solid palette(highlight); }")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 8, 10, 8)
        lay.setSpacing(6)
        self.question = PlainLabel(request.question or self.tr("May I go ahead with this change?"), self)
        self.question.setObjectName("approvalQuestion")
        f = self.question.font()
        f.setBold(True)
        self.question.setFont(f)
        lay.addWidget(self.question)
        self.preview: QPlainTextEdit | None = None
        if request.preview:
            self.preview = QPlainTextEdit(self)
            self.preview.setObjectName("approvalPreview")
            self.preview.setReadOnly(True)
            self.preview.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            self.preview.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth
                                         if request.preview_kind == "text" else QPlainTextEdit.LineWrapMode.NoWrap)
            self.preview.setPlainText(display_text(request.preview))
            mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
            self.preview.setFont(mono)
            lines = min(max(request.preview.count("\n") + 1, 1), PREVIEW_LINES)
            self.preview.setFixedHeight(int(QFontMetrics(mono).lineSpacing() * lines + 14))
            self.preview.setAccessibleName(self.tr("What will change"))
            lay.addWidget(self.preview)
        self.details = PlainLabel(f"{request.tool} · {request.risk} · {short_args(request.args, 300)}", self)
        self.details.setObjectName("approvalDetails")
        self.details.setStyleSheet("color: palette(placeholder-text); font-family: monospace; font-size: 85%;")
        self.details.setVisible(details)
        lay.addWidget(self.details)
        row = QHBoxLayout()
        self.approve_btn = QPushButton(self)
        self.deny_btn = QPushButton(self)
        self.always_btn = QPushButton(self)
        self.approve_btn.setObjectName("approve")
        self.deny_btn.setObjectName("deny")
        self.always_btn.setObjectName("always")
        for b in (self.approve_btn, self.deny_btn, self.always_btn):
            b.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            row.addWidget(b)
        row.addStretch(1)
        self.keys = PlainLabel("", self, selectable=False)
        self.keys.setWordWrap(False)
        self.keys.setObjectName("approvalKeys")
        self.keys.setStyleSheet("color: palette(placeholder-text);")
        row.addWidget(self.keys)
        lay.addLayout(row)
        self.outcome = PlainLabel("", self, selectable=False)
        self.outcome.setObjectName("approvalOutcome")
        self.outcome.setVisible(False)
        lay.addWidget(self.outcome)
        prefs().changed.connect(self._details_changed)
        self.approve_btn.clicked.connect(lambda: self._decide(True))
        self.deny_btn.clicked.connect(lambda: self._decide(False))
        self.always_btn.clicked.connect(lambda: self._decide("always"))
        self.retranslate()

    def retranslate(self) -> None:
        self.approve_btn.setText(self.tr("Approve"))
        self.deny_btn.setText(self.tr("Deny"))
        self.always_btn.setText(self.tr("Yes to all in this request"))
        self.keys.set_plain(self.tr("Enter or Y approves · Esc or N denies"))
        q = self.question.text()
        self.approve_btn.setAccessibleName(self.tr("Approve: %1").replace("%1", q))
        self.deny_btn.setAccessibleName(self.tr("Deny: %1").replace("%1", q))
        self.always_btn.setAccessibleName(self.tr("Approve this and the same kind of change for the rest of this "
                                                  "request"))
        self.setAccessibleName(self.tr("Permission needed: %1").replace("%1", q))
        self.setAccessibleDescription(self.tr("Enter or Y approves, Esc or N denies"))
        if self._marked:
            self._show_outcome()

    def changeEvent(self, e: QEvent) -> None:  # noqa: N802
        if e.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(e)

    def set_details(self, on: bool) -> None:
        self.details.setVisible(on)

    def _details_changed(self) -> None:
        self.set_details(prefs().details)

    def event(self, e: QEvent) -> bool:
        """The card's keys win over window shortcuts (the chat's Esc = cancel) while it waits."""
        if e.type() == QEvent.Type.ShortcutOverride and self.decision is None and isinstance(e, QKeyEvent) \
                and e.key() in _CARD_KEYS:
            e.accept()
            return True
        return super().event(e)

    def keyPressEvent(self, e: QKeyEvent) -> None:  # noqa: N802
        if self.decision is None:
            if e.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Y, Qt.Key.Key_S):
                self._decide(True)
                return
            if e.key() in (Qt.Key.Key_Escape, Qt.Key.Key_N):
                self._decide(False)
                return
        super().keyPressEvent(e)

    def take_focus(self) -> None:
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def _decide(self, decision: Any) -> None:
        if self.decision is not None:
            return
        self.decided.emit(self.approval_id, decision)
        self.mark(decision)

    def mark(self, decision: Any) -> None:
        """Show the outcome (also when the turn was cancelled while waiting)."""
        if self._marked:
            return
        self._marked = True
        self.decision = decision
        for b in (self.approve_btn, self.deny_btn, self.always_btn):
            b.setEnabled(False)
            b.setVisible(False)  # answered: the card shrinks to the question and what was decided
        self.keys.setVisible(False)
        if self.preview is not None:
            self.preview.setVisible(False)
        self._show_outcome()

    def _show_outcome(self) -> None:
        text = {True: self.tr("Approved"), "always": self.tr("Approved, also for the rest of this request")}.get(
            self.decision, self.tr("Denied"))
        self.outcome.set_plain("→ " + text)
        self.outcome.setVisible(True)
