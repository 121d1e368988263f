"""Small widgets shared by the popup and the chat: plain-text labels and the approval card.

Everything shown from a turn is plain text: tool output and file content may
carry HTML, ANSI escapes, control bytes or bidi overrides, and none of it is
ever interpreted (QLabel in PlainText mode + escaping the invisible ones).
"""
from __future__ import annotations

import json
import re
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app.turn.escape import safe

# C1 controls (e.g. 0x9b, a one-byte CSI) and bidi embedding/override/isolate marks.
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


class AnswerLabel(PlainLabel):
    """The answer text; `painted` fires on the first paint after the text changed (benchmarks, tests)."""

    painted = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__("", parent)
        self._dirty = False
        self.setObjectName("answer")

    def set_plain(self, text: str) -> None:
        super().set_plain(text)
        self._dirty = bool(text)

    def append(self, text: str) -> None:
        super().set_plain(self.text() + text)
        self._dirty = True

    def paintEvent(self, e: QPaintEvent) -> None:  # noqa: N802
        super().paintEvent(e)
        if self._dirty:
            self._dirty = False
            self.painted.emit()


class ApprovalCard(QFrame):
    """Inline approval: Approve / Deny / Always for this tool. Emits decided(approval_id, decision)."""

    decided = Signal(str, object)

    def __init__(self, approval_id: str, tool: str, args: dict[str, Any], risk: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.approval_id = approval_id
        self.tool = tool
        self.decision: Any = None
        self._marked = False
        self.setObjectName("approval")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 6, 8, 6)
        what = self.tr("wants to change something") if risk == "write" else self.tr("wants to send something")
        self.question = PlainLabel(f"{tool} {what}: {short_args(args, 300)}", self)
        lay.addWidget(self.question)
        row = QHBoxLayout()
        self.approve_btn = QPushButton(self.tr("Approve"), self)
        self.deny_btn = QPushButton(self.tr("Deny"), self)
        self.always_btn = QPushButton(self.tr("Always for this tool"), self)
        self.approve_btn.setObjectName("approve")
        self.deny_btn.setObjectName("deny")
        self.always_btn.setObjectName("always")
        for b in (self.approve_btn, self.deny_btn, self.always_btn):
            row.addWidget(b)
        row.addStretch(1)
        lay.addLayout(row)
        self.approve_btn.clicked.connect(lambda: self._decide(True))
        self.deny_btn.clicked.connect(lambda: self._decide(False))
        self.always_btn.clicked.connect(lambda: self._decide("always"))

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
        outcome = {True: self.tr("Approved"), "always": self.tr("Approved (always for this tool)")}.get(
            decision, self.tr("Denied"))
        self.question.set_plain(f"{self.question.text()}\n→ {outcome}")
