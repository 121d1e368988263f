"""A new request while an approval card waits: deny the waiting action first, or go back to the card.

The engine runs one request at a time, so a request sent while a card waits would only start after that card
is answered — and Enter in the question box must never answer it. The popup and the chat ask instead, inline:
"Deny the waiting action and send the new request?" — Deny and send / Back to the approval. Enter is the
focused button, Esc goes back to the card.
"""
from __future__ import annotations

from typing import Any, Iterable

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from .widgets import PlainLabel

_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Escape)


def waiting_cards(cards: Iterable[Any]) -> list[Any]:
    """The approval cards still waiting for an answer."""
    return [c for c in cards if getattr(c, "decision", True) is None]


class DenyFirstBar(QFrame):
    """Shown by `ask(text)`; emits denyAndSend(text) or back()."""

    denyAndSend = Signal(str)
    back = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("denyFirst")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("QFrame#denyFirst { border: 1px solid palette(mid); border-radius: 6px; }")
        self.text = ""
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 8, 10, 8)
        self.question = PlainLabel("", self, selectable=False)
        self.question.setObjectName("denyFirstQuestion")
        lay.addWidget(self.question)
        row = QHBoxLayout()
        self.deny_send_btn = QPushButton(self)
        self.deny_send_btn.setObjectName("denyAndSend")
        self.back_btn = QPushButton(self)
        self.back_btn.setObjectName("backToCard")
        row.addWidget(self.deny_send_btn)
        row.addWidget(self.back_btn)
        row.addStretch(1)
        lay.addLayout(row)
        self.deny_send_btn.clicked.connect(self._deny_and_send)
        self.back_btn.clicked.connect(self._back)
        self.setVisible(False)
        self.retranslate()

    def retranslate(self) -> None:
        self.question.set_plain(self.tr("Deny the waiting action and send the new request?"))
        self.deny_send_btn.setText(self.tr("Deny and send"))
        self.back_btn.setText(self.tr("Back to the approval"))
        self.setAccessibleName(self.question.text())

    def changeEvent(self, e: QEvent) -> None:  # noqa: N802
        if e.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(e)

    def ask(self, text: str) -> None:
        self.text = text
        self.setVisible(True)
        self.deny_send_btn.setFocus(Qt.FocusReason.OtherFocusReason)

    def event(self, e: QEvent) -> bool:
        """Enter and Esc are the bar's while it asks (not the chat's Esc = cancel, nor the popup's Esc = hide)."""
        if e.type() == QEvent.Type.ShortcutOverride and isinstance(e, QKeyEvent) and e.key() in _KEYS:
            e.accept()
            return True
        return super().event(e)

    def keyPressEvent(self, e: QKeyEvent) -> None:  # noqa: N802
        if e.key() == Qt.Key.Key_Escape:
            self._back()
            return
        if e.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            (self.back_btn if self.back_btn.hasFocus() else self.deny_send_btn).click()
            return
        super().keyPressEvent(e)

    def dismiss(self) -> None:
        self.text = ""
        self.setVisible(False)

    def _deny_and_send(self) -> None:
        text = self.text
        self.dismiss()
        if text:
            self.denyAndSend.emit(text)

    def _back(self) -> None:
        self.dismiss()
        self.back.emit()
