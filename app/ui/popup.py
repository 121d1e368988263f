"""The quick-query popup: frameless, centred on the active screen, one line in, answer inline.

Enter sends, Esc hides; the answer streams into the popup; "Open in chat"
moves the exchange (and the rest of a running turn) into the chat window.
The popup grows with its answer up to a share of the screen; past that the
answer scrolls. An approval card sits outside the scrolling part, so its
question and buttons are always in view, and it takes the keyboard focus. While
it waits, Enter in the question box asks whether to deny it first (deny_first.py);
only one key hint shows at a time: the card's while its keys act, else the popup's.
"""
from __future__ import annotations

import time
import warnings
from typing import Any, Callable

from PySide6.QtCore import QEvent, QPoint, QRect, Qt, QTimer, Signal
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

from .deny_first import DenyFirstBar, waiting_cards
from .first_start import FirstStartCard
from .timeline import TurnView

WIDTH = 640
MAX_HEIGHT_FRACTION = 0.8  # of the screen's available height
MARGIN = 16  # kept free below the popup
MIN_ANSWER = 48  # the answer keeps at least this much when an approval card needs the room


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
        self._hint_on = True  # False while an approval card's own key hint shows
        self.area: QRect | None = None  # the screen area to fit in; None = the available area of its screen

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
        self.above = QVBoxLayout()  # a panel above the question box (the selected text and its actions)
        self.above.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(self.above)
        lay.addWidget(self.input)
        self.send_hook: Callable[[str], bool] | None = None  # takes Enter's text first (the selection panel)
        self.first_start = FirstStartCard(frame)  # requests to try while no turn exists anywhere (show_examples)
        self.first_start.setVisible(False)
        self.first_start.chosen.connect(self.ask_example)
        self.examples_wanted: Callable[[], bool] = lambda: False  # the app's word: no turn exists anywhere yet
        lay.addWidget(self.first_start)

        self.scroll_area = QScrollArea(frame)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.setVisible(False)
        lay.addWidget(self.scroll_area)
        self.below = QVBoxLayout()  # a row under the answer (the selection's Copia / Sostituisci)
        self.below.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(self.below)

        self.approval_box = QWidget(frame)
        self.approval_box.setObjectName("popupApprovals")
        self.approval_area = QVBoxLayout(self.approval_box)
        self.approval_area.setContentsMargins(0, 0, 0, 0)
        self.approval_box.setVisible(False)
        lay.addWidget(self.approval_box)

        self.deny_first = DenyFirstBar(frame)
        self.deny_first.denyAndSend.connect(self._deny_and_send)
        self.deny_first.back.connect(self._back_to_card)
        lay.addWidget(self.deny_first)

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
        self.input.setPlaceholderText(self.tr("Ask Metnos…"))
        self.input.setAccessibleName(self.tr("Your question"))
        self._show_hint(self._hint_on)
        self.cancel_btn.setText(self.tr("Cancel"))
        self.expand_btn.setText(self.tr("Open in chat"))
        self.expand_btn.setToolTip(self.tr("Continue this exchange in the chat window"))

    def changeEvent(self, e: QEvent) -> None:  # noqa: N802
        if e.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(e)

    # -- showing -------------------------------------------------------------------------------
    def show_centered(self) -> None:
        self._sync_examples()
        self._center()
        self.show()
        self.raise_()
        self.activateWindow()
        self._focus_first()
        self.input.selectAll()

    def toggle(self) -> None:
        """Hide when shown and focused; otherwise bring it up (a popup behind other windows comes forward)."""
        if self.isVisible() and self.isActiveWindow():
            self.hide()
        else:
            self.show_centered()

    def available(self) -> QRect | None:
        """Where the popup must fit: `area` when set, else the available part of the screen under the mouse."""
        if self.area is not None:
            return self.area
        screen = QGuiApplication.screenAt(QCursor.pos()) or self.screen() or QGuiApplication.primaryScreen()
        return screen.availableGeometry() if screen is not None else None

    def _center(self) -> None:
        geo = self.available()
        if geo is None:
            return
        self.adjustSize()
        x = geo.x() + (geo.width() - self.width()) // 2
        y = geo.y() + geo.height() // 4  # a little above the middle, like other launchers
        self.move(QPoint(x, y))

    def showEvent(self, e: QShowEvent) -> None:  # noqa: N802
        super().showEvent(e)
        self._focus_first()
        # On X11 an activate request made before the window is mapped is dropped (measured under Xvfb):
        # ask again once the event loop has mapped it, so typing goes to the popup at once.
        QTimer.singleShot(0, self, self._activate)
        QTimer.singleShot(50, self, self._activate)

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
            self._focus_first()

    def _focus_first(self) -> None:
        """The keyboard goes to a waiting approval card, else to the question box."""
        waiting = waiting_cards(self.cards())
        if waiting:
            if not waiting[0].has_focus_within():
                waiting[0].take_focus()
        else:
            self.input.setFocus(Qt.FocusReason.ActiveWindowFocusReason)

    def keyPressEvent(self, e: QKeyEvent) -> None:  # noqa: N802
        if e.key() == Qt.Key.Key_Escape:
            self.hide()
            return
        super().keyPressEvent(e)

    # -- turns ---------------------------------------------------------------------------------
    def show_examples(self, _changed: bool = True) -> None:
        """Look again whether the first-start card belongs under the question box (the chat's card changed)."""
        self._sync_examples()
        self._fit()

    def _sync_examples(self) -> None:
        """The card only on an empty popup while no turn exists anywhere (`examples_wanted`): not over an
        exchange, nor over a selected text and its actions."""
        self.first_start.setVisible(self.view is None and self.send_hook is None and self.examples_wanted())

    def ask_example(self, text: str) -> None:
        """A request of the first-start card: asked as if typed."""
        self.input.setText(text)
        self._send()

    def _send(self) -> None:
        text = self.input.text().strip()
        if not text:
            return
        if self.send_hook is not None and self.send_hook(text):
            return
        if waiting_cards(self.cards()):
            self.deny_first.ask(text)  # Enter here never answers the card: ask whether to deny it first
            self._fit()
            return
        self.sent_at = time.perf_counter()
        self.submitted.emit(text)

    def _deny_and_send(self, text: str) -> None:
        for card in waiting_cards(self.cards()):
            card.deny()
        self.sent_at = time.perf_counter()
        self.submitted.emit(text)

    def _back_to_card(self) -> None:
        self._fit()
        self._focus_first()

    def begin(self, tag: str, text: str) -> TurnView:
        """A new exchange replaces the previous one (which stays in the chat history)."""
        self.tag = tag
        self.text = text
        old = self.scroll_area.takeWidget()
        if old is not None:
            old.deleteLater()
        self._clear_cards()
        self.deny_first.dismiss()
        self.view = TurnView(text, show_question=False, approval_host=self.approval_area)
        self.view.approval.connect(self.approval)
        self.view.offerAnswered.connect(self.submitted)  # "sì" on an offer is a request, as if typed
        self.view.cardAdded.connect(self._card_added)
        self.view.expandedChanged.connect(lambda _on: QTimer.singleShot(0, self, self._fit))
        self.view.answer.painted.connect(self.answerPainted)
        f = self.view.answer.font()
        f.setPointSizeF(f.pointSizeF() * 1.15)
        self.view.answer.setFont(f)
        self.scroll_area.setWidget(self.view)
        self.scroll_area.setVisible(True)
        self.first_start.setVisible(False)
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
        old = self.scroll_area.takeWidget()
        if old is not None:
            old.deleteLater()
        self._clear_cards()
        self.deny_first.dismiss()
        self.scroll_area.setVisible(False)
        self.cancel_btn.setVisible(False)
        self.expand_btn.setEnabled(False)
        self.input.clear()
        self._fit()
        return tag, text, events

    def on_event(self, tag: str, e: ev.Event) -> bool:
        """Apply an event of the current exchange; False when it belongs to another one."""
        if tag != self.tag or self.view is None:
            return False
        self.view.apply(e)
        if isinstance(e, (ev.TurnAnswered, ev.TurnEnded)):
            self.cancel_btn.setVisible(False)  # over for the person at the answer
        if isinstance(e, (ev.Answer, ev.Offer, ev.Error, ev.Cancelled, ev.TurnAnswered, ev.Token)) or \
                len(self.view.events) < 3:  # an offer adds its Yes / No row under the answer
            self._fit()
        return True

    def _card_added(self, card: Any) -> None:
        self.approval_box.setVisible(True)
        card.decided.connect(lambda *_: QTimer.singleShot(0, self, self._after_decision))
        card.on_hint = lambda c=card: self._card_hint(c)
        self._fit()
        QTimer.singleShot(0, self, self._fit)  # once the card is laid out at its real width
        card.take_focus()

    def _card_hint(self, card: Any) -> None:
        """A card's focus or key hint changed: the popup's hint follows, and the card's height is measured again
        (its key line appears ARM_MS after it; at its old height the question's last line was drawn over)."""
        self._show_hint(not (card.hint_shown or card.has_focus_within()))
        self._fit()

    def _show_hint(self, on: bool) -> None:
        """One hint: the popup's "Enter sends" is off while a card holds the keys (Enter approves there once its
        keys act, and does nothing before)."""
        self._hint_on = on
        self.hint.setText(self.tr("Enter sends · Esc hides") if on else "")

    def _after_decision(self) -> None:
        if not waiting_cards(self.cards()):
            self.deny_first.dismiss()
            self._show_hint(True)
        if self.isVisible():
            self._focus_first()
        self._fit()

    def _clear_cards(self) -> None:
        while self.approval_area.count():
            item = self.approval_area.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.hide()  # gone from the screen now, not at the next turn of the event loop
                w.deleteLater()
        self.approval_box.setVisible(False)
        self._show_hint(True)

    def panels(self) -> list[QWidget]:
        """The widgets placed above the question box and under the answer."""
        found = []
        for lay in (self.above, self.below):
            for i in range(lay.count()):
                item = lay.itemAt(i)
                w = item.widget() if item is not None else None
                if w is not None:
                    found.append(w)
        return found

    def cards(self) -> list[Any]:
        return list(self.view.cards.values()) if self.view is not None else []

    def _cancel(self) -> None:
        if self.tag:
            self.cancelRequested.emit(self.tag)

    def _fit(self) -> None:
        """Grow with the answer (word-wrapped height at the real width), up to a share of the screen.

        The approval card and the button row are never squeezed: the answer gets what is left, and
        scrolls past that. The popup then moves up if its bottom would leave the screen.
        """
        geo = self.available()
        cap = int(geo.height() * MAX_HEIGHT_FRACTION) if geo is not None else 480
        if self.first_start.isVisible():  # its words wrapped at the popup's width: no gaps between them
            self.first_start.setFixedHeight(self.first_start.heightForWidth(WIDTH - 24))
        if self.approval_box.isVisible():
            inner = WIDTH - 24
            lay = self.approval_area
            need_cards = lay.totalHeightForWidth(inner) if lay.hasHeightForWidth() else lay.sizeHint().height()
            self.approval_box.setFixedHeight(need_cards)
        if self.view is not None:
            width = self.scroll_area.viewport().width() or (WIDTH - 40)
            view_lay = self.view.layout()
            if view_lay is not None and view_lay.hasHeightForWidth():
                need = view_lay.totalHeightForWidth(width)
            else:
                need = self.view.sizeHint().height()
            fixed = self.input.sizeHint().height() + self.cancel_btn.sizeHint().height() + 20 + 3 * 8
            fixed += sum(w.sizeHint().height() + 8 for w in self.panels() if w.isVisible())
            if self.approval_box.isVisible():
                fixed += self.approval_box.height() + 8
            if self.deny_first.isVisible():
                fixed += self.deny_first.sizeHint().height() + 8
            room = max(MIN_ANSWER, cap - fixed)
            self.scroll_area.setFixedHeight(min(need + 2 * self.scroll_area.frameWidth() + 2, room))
        frame = self.scroll_area.parentWidget()
        for layout in (frame.layout() if frame is not None else None, self.layout()):
            if layout is not None:  # the height set just now counts (a visible popup's layouts update later):
                layout.activate()  # a shorter answer after a long one shrinks the popup, with no gaps left
        self.adjustSize()
        if geo is not None and self.isVisible():
            bottom = geo.y() + geo.height() - MARGIN
            if self.y() + self.height() > bottom:
                self.move(self.x(), max(geo.y(), bottom - self.height()))
