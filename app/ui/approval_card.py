"""The approval card: what a change will do, a preview, Approve / Deny / yes to all in this request.

Kept apart from the small shared widgets (widgets.py) because it is the one place a key press changes something
on the person's machine: its keys wait ARM_MS after it takes the focus, and nothing outside it answers it.
"""
from __future__ import annotations

import time
from typing import Any, Callable

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QFontDatabase, QFontMetrics, QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.turn import events as ev

from .prefs import prefs
from .widgets import PREVIEW_LINES, PlainLabel, display_text, short_args

_YES_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Y, Qt.Key.Key_S)
_NO_KEYS = (Qt.Key.Key_Escape, Qt.Key.Key_N)
_CARD_KEYS = _YES_KEYS + _NO_KEYS
# The card's keys wait this long after it takes the focus, and again after every key pressed meanwhile: a person
# typing the next question when the card appears (or pressing Enter to send it) does not answer it by accident.
ARM_MS = 700


class ApprovalCard(QFrame):
    """Asks before a change: what will happen, a preview, Approve / Deny / yes to all in this request.

    Keyboard, only while the focus is in the card (it takes the focus when it appears): Y (or S) and Enter
    approve, N and Esc deny — once the card has held the focus for ARM_MS with no key pressed; a key before
    that (or a held key's repeats) does nothing and restarts the wait. The key hint is shown only when the
    keys act. Emits decided(approval_id, decision); calls `on_hint()` when the hint appears or goes (read
    `hint_shown`) and when the focus comes into the card or leaves it (`has_focus_within`). A plain callback, not
    a signal, and the focus connection is never disconnected by hand: PySide6 6.12's SignalInstance.emit() and
    disconnect() each drop a reference to True (a crash once it reaches zero), so a card adds none of either.
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
        self.hint_shown = False
        self.on_hint: Callable[[], None] | None = None
        self._armed_at = float("inf")  # monotonic time from which the keys act; never before the card has focus
        self._arm_timer = QTimer(self)
        self._arm_timer.setSingleShot(True)
        self._arm_timer.timeout.connect(self._refresh_hint)
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
        lay.addLayout(row)
        # the key hint on a line of its own, wrapping: beside the buttons it pushed the card past a narrow popup
        self.keys = PlainLabel("", self, selectable=False)
        self.keys.setObjectName("approvalKeys")
        self.keys.setStyleSheet("color: palette(placeholder-text);")
        self.keys.setVisible(False)
        lay.addWidget(self.keys)
        self.outcome = PlainLabel("", self, selectable=False)
        self.outcome.setObjectName("approvalOutcome")
        self.outcome.setVisible(False)
        lay.addWidget(self.outcome)
        prefs().changed.connect(self._details_changed)
        self.approve_btn.clicked.connect(lambda: self._decide(True))
        self.deny_btn.clicked.connect(lambda: self._decide(False))
        self.always_btn.clicked.connect(lambda: self._decide("always"))
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)
        self.retranslate()

    def retranslate(self) -> None:
        self.approve_btn.setText(self.tr("Approve"))
        self.deny_btn.setText(self.tr("Deny"))
        self.always_btn.setText(self.tr("Yes to all in this request"))
        self.keys.set_plain(self.tr("Y/Enter approves · N/Esc denies"))
        q = self.question.text()
        self.approve_btn.setAccessibleName(self.tr("Approve: %1").replace("%1", q))
        self.deny_btn.setAccessibleName(self.tr("Deny: %1").replace("%1", q))
        self.always_btn.setAccessibleName(self.tr("Approve this and the same kind of change for the rest of this "
                                                  "request"))
        self.setAccessibleName(self.tr("Permission needed: %1").replace("%1", q))
        self.setAccessibleDescription(self.tr("Y or Enter approves, N or Esc denies"))
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
        if self.decision is None and self.has_focus_within():
            plain = not e.modifiers() & ~Qt.KeyboardModifier.KeypadModifier  # Ctrl+Y and the like: not a card key
            card_key = plain and e.key() in _CARD_KEYS
            if not card_key or not self.keys_live() or e.isAutoRepeat():
                if card_key or (plain and e.text().isprintable() and bool(e.text())):
                    self._arm()  # the person is typing, not answering the card: nothing, and wait again
                    e.accept()
                    return
                super().keyPressEvent(e)  # Tab, arrows, modifiers: as usual
                return
            if e.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                focused = self.focusWidget()
                if isinstance(focused, QPushButton) and focused.isVisible():
                    focused.click()  # Enter on a button (reached with Tab) is that button, not "approve"
                else:
                    self._decide(True)
                return
            if e.key() in _YES_KEYS:
                self._decide(True)
                return
            if e.key() in _NO_KEYS:
                self._decide(False)
                return
        super().keyPressEvent(e)

    def take_focus(self) -> None:
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def deny(self) -> None:
        """Deny from outside the card (a new request was sent while it waited)."""
        self._decide(False)

    def has_focus_within(self) -> bool:
        w = QApplication.focusWidget()
        return w is not None and (w is self or self.isAncestorOf(w))

    def keys_live(self) -> bool:
        """Y/N/Enter act now (and the hint says so): the card waits, holds the focus, and has held it ARM_MS
        without a key."""
        return self.hint_shown and self._ready()

    def _ready(self) -> bool:
        return self.decision is None and self.has_focus_within() and time.monotonic() >= self._armed_at

    def _arm(self) -> None:
        self._armed_at = time.monotonic() + ARM_MS / 1000
        self._arm_timer.start(ARM_MS)
        self._refresh_hint()

    def _focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        if self.decision is not None:
            return
        inside_new = new is not None and (new is self or self.isAncestorOf(new))
        inside_old = old is not None and (old is self or self.isAncestorOf(old))
        if inside_new and not inside_old:
            self._arm()  # the wait starts whenever the focus comes into the card
        elif inside_old and not inside_new:
            self._armed_at = float("inf")
            self._arm_timer.stop()
            self._refresh_hint()
        if inside_new != inside_old and self.on_hint is not None:
            self.on_hint()  # the popup's "Enter sends" is wrong while the card holds the keys, live or not yet

    def _refresh_hint(self) -> None:
        live = self._ready()
        if not live and self.decision is None and self._armed_at != float("inf"):
            self._arm_timer.start(max(1, int((self._armed_at - time.monotonic()) * 1000) + 1))  # fired early
        if live != self.hint_shown:
            self.hint_shown = live
            self.keys.setVisible(live)
            if self.on_hint is not None:
                self.on_hint()

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
        self._arm_timer.stop()
        for b in (self.approve_btn, self.deny_btn, self.always_btn):
            b.setEnabled(False)
            b.setVisible(False)  # answered: the card shrinks to the question and what was decided
        if self.hint_shown:
            self.hint_shown = False
            if self.on_hint is not None:
                self.on_hint()
        self.keys.setVisible(False)
        self.on_hint = None  # answered: no more hints (and no cycle through the popup's callback)
        if self.preview is not None:
            self.preview.setVisible(False)
        self._show_outcome()

    def _show_outcome(self) -> None:
        text = {True: self.tr("Approved"), "always": self.tr("Approved, also for the rest of this request")}.get(
            self.decision, self.tr("Denied"))
        self.outcome.set_plain("→ " + text)
        self.outcome.setVisible(True)
