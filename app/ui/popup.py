"""The quick-query popup: frameless, centred on the active screen, one line in, answer inline.

Enter sends, Esc hides; the answer streams into the popup; "Open in chat"
moves the exchange (and the rest of a running turn) into the chat window.
"""
from __future__ import annotations

import time
import warnings
from typing import Any

from PySide6.QtCore import QEvent, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QCursor, QGuiApplication, QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.turn import events as ev

from .timeline import TurnView

WIDTH = 640
MAX_HEIGHT_FRACTION = 0.6


class QuickPopup(QWidget):
    submitted = Signal(str)  # the text to ask
    expandRequested = Signal()  # move the exchange into the chat window
    cancelRequested = Signal(str)  # tag
    approval = Signal(str, object)  # approval_id, decision
    answerPainted = Signal()  # the answer of the current exchange reached the screen (benchmarks)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, Qt.WindowType.FramelessWindowHint | Qt.WindowType.Tool
                         | Qt.WindowType.WindowStaysOnTopHint)
        self.setObjectName("quickPopup")
        self.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground, False)
        self.tag: str | None = None
        self.view: TurnView | None = None
        self.text = ""
        self.sent_at: float | None = None  # perf_counter at Enter (benchmarks)
        self._centered_once = False

        frame = QFrame(self)
        frame.setObjectName("popupFrame")
        frame.setFrameShape(QFrame.Shape.StyledPanel)
        frame.setStyleSheet("#popupFrame { border: 1px solid palette(mid); border-radius: 8px; "
                            "background: palette(window); }")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(frame)
        lay = QVBoxLayout(frame)
        lay.setContentsMargins(12, 10, 12, 10)

        self.input = QLineEdit(frame)
        self.input.setObjectName("popupInput")
        self.input.setClearButtonEnabled(True)
        f = self.input.font()
        f.setPointSizeF(f.pointSizeF() * 1.35)
        self.input.setFont(f)
        self.input.returnPressed.connect(self._send)
        lay.addWidget(self.input)

        self.scroll = QScrollArea(frame)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setVisible(False)
        lay.addWidget(self.scroll)

        bar = QHBoxLayout()
        self.hint = QLabel(frame)
        self.hint.setObjectName("popupHint")
        self.hint.setStyleSheet("color: palette(placeholder-text);")
        bar.addWidget(self.hint, 1)
        self.cancel_btn = QPushButton(frame)
        self.cancel_btn.setObjectName("popupCancel")
        self.cancel_btn.setVisible(False)
        self.cancel_btn.clicked.connect(self._cancel)
        bar.addWidget(self.cancel_btn)
        self.expand_btn = QPushButton(frame)
        self.expand_btn.setObjectName("popupExpand")
        self.expand_btn.setEnabled(False)
        self.expand_btn.clicked.connect(self.expandRequested)
        bar.addWidget(self.expand_btn)
        lay.addLayout(bar)
        self.setFixedWidth(WIDTH)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Metnos quick query"))
        self.input.setPlaceholderText(self.tr("Ask Metnos… (Enter to send, Esc to hide)"))
        self.hint.setText(self.tr("Enter sends · Esc hides"))
        self.cancel_btn.setText(self.tr("Cancel"))
        self.expand_btn.setText(self.tr("Open in chat"))
        self.expand_btn.setToolTip(self.tr("Continue this exchange in the chat window"))

    def changeEvent(self, e: QEvent) -> None:  # noqa: N802
        if e.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(e)

    # -- showing -------------------------------------------------------------------------------
    def show_centered(self) -> None:
        self._center()
        self.show()
        self.raise_()
        self.activateWindow()
        self.input.setFocus(Qt.FocusReason.ActiveWindowFocusReason)
        self.input.selectAll()

    def toggle(self) -> None:
        """Hide when shown and focused; otherwise bring it up (a popup behind other windows comes forward)."""
        if self.isVisible() and self.isActiveWindow():
            self.hide()
        else:
            self.show_centered()

    def _center(self) -> None:
        screen = QGuiApplication.screenAt(QCursor.pos()) or QGuiApplication.primaryScreen()
        if screen is None:
            return
        geo = screen.availableGeometry()
        self.adjustSize()
        x = geo.x() + (geo.width() - self.width()) // 2
        y = geo.y() + geo.height() // 4  # a little above the middle, like other launchers
        self.move(QPoint(x, y))

    def showEvent(self, e: QShowEvent) -> None:  # noqa: N802
        super().showEvent(e)
        self.input.setFocus()
        # On X11 an activate request made before the window is mapped is dropped (measured under Xvfb):
        # ask again once the event loop has mapped it, so typing goes to the popup at once.
        QTimer.singleShot(0, self._activate)
        QTimer.singleShot(50, self._activate)

    def _activate(self) -> None:
        if self.isVisible() and not self.isActiveWindow():
            self.raise_()
            self.activateWindow()
            if not self.isActiveWindow() and QGuiApplication.platformName() == "xcb":
                # Without a window manager X focus can already be ours (no FocusIn comes again), and Qt then
                # never marks the popup active, dropping typed keys: tell Qt directly (measured under Xvfb).
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", DeprecationWarning)
                    QApplication.setActiveWindow(self)
            self.input.setFocus(Qt.FocusReason.ActiveWindowFocusReason)

    def keyPressEvent(self, e: QKeyEvent) -> None:  # noqa: N802
        if e.key() == Qt.Key.Key_Escape:
            self.hide()
            return
        super().keyPressEvent(e)

    # -- turns ---------------------------------------------------------------------------------
    def _send(self) -> None:
        text = self.input.text().strip()
        if not text:
            return
        self.sent_at = time.perf_counter()
        self.submitted.emit(text)

    def begin(self, tag: str, text: str) -> TurnView:
        """A new exchange replaces the previous one (which stays in the chat history)."""
        self.tag = tag
        self.text = text
        old = self.scroll.takeWidget()
        if old is not None:
            old.deleteLater()
        self.view = TurnView(text, show_question=False)
        self.view.approval.connect(self.approval)
        self.view.expandedChanged.connect(lambda _on: QTimer.singleShot(0, self._fit))
        self.view.answer.painted.connect(self.answerPainted)
        f = self.view.answer.font()
        f.setPointSizeF(f.pointSizeF() * 1.15)
        self.view.answer.setFont(f)
        self.scroll.setWidget(self.view)
        self.scroll.setVisible(True)
        self.cancel_btn.setVisible(True)
        self.expand_btn.setEnabled(True)
        self._fit()
        return self.view

    def detach(self) -> tuple[str | None, str, list[ev.Event]]:
        """Hand the exchange over (to the chat): (tag, text, events so far); the popup forgets it."""
        tag, text = self.tag, self.text
        events = list(self.view.events) if self.view else []
        self.tag = None
        self.view = None
        old = self.scroll.takeWidget()
        if old is not None:
            old.deleteLater()
        self.scroll.setVisible(False)
        self.cancel_btn.setVisible(False)
        self.expand_btn.setEnabled(False)
        self.input.clear()
        self._fit()
        return tag, text, events

    def on_event(self, tag: str, e: ev.Event) -> None:
        if tag != self.tag or self.view is None:
            return
        self.view.apply(e)
        if isinstance(e, ev.TurnEnded):
            self.cancel_btn.setVisible(False)
        if isinstance(e, (ev.Answer, ev.Error, ev.Cancelled, ev.TurnEnded, ev.Token)) or len(self.view.events) < 3:
            self._fit()

    def on_approval(self, tag: str, approval_id: str, tool: str, args: dict[str, Any], risk: str) -> bool:
        if tag != self.tag or self.view is None:
            return False
        self.view.add_approval(approval_id, tool, args, risk)
        self._fit()
        return True

    def on_approval_resolved(self, tag: str, approval_id: str, decision: Any) -> None:
        if tag == self.tag and self.view is not None:
            self.view.resolve_approval(approval_id, decision)

    def _cancel(self) -> None:
        if self.tag:
            self.cancelRequested.emit(self.tag)

    def _fit(self) -> None:
        """Grow with the answer (word-wrapped height for the real width), up to a share of the screen."""
        if self.view is not None:
            width = self.scroll.viewport().width() or (WIDTH - 40)
            lay = self.view.layout()
            need = lay.totalHeightForWidth(width) if lay.hasHeightForWidth() else self.view.sizeHint().height()
            screen = self.screen() or QGuiApplication.primaryScreen()
            cap = int(screen.availableGeometry().height() * MAX_HEIGHT_FRACTION) if screen else 480
            self.scroll.setFixedHeight(min(need + 2 * self.scroll.frameWidth() + 2, cap))
        self.adjustSize()
