"""The chat window: the side list of conversations, the current one's turns with their timelines; Cancel;
model-loading progress.

History comes from the engine's journal at start-up (so it survives
restarts); live turns are appended as the worker's events arrive. The window
shows the newest turn when it opens and after every answer; opening a turn's
timeline scrolls it into view instead. A request sent while an approval card
waits asks first whether to deny it (deny_first.py).
"""
from __future__ import annotations

from typing import Any

import shiboken6
from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QIcon, QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.turn import events as ev

from .chat_turns import ConversationTurns
from .conversation_list import ConversationList
from .deny_first import DenyFirstBar, waiting_cards
from .first_start import FirstStartCard
from .parked_turns import ParkedTurns
from .timeline import TurnView
from .worker import ApprovalAsked

# Below this width the side list (SIDEBAR_MAX at most) and a conversation no longer fit side by side without a
# sideways scroll: one of them takes the window (ChatWindow._fit_width)
NARROW_WIDTH = 640
SIDEBAR_MAX = 280
QWIDGETSIZE_MAX = (1 << 24) - 1


class ChatWindow(ConversationTurns, QMainWindow):
    submitted = Signal(str)
    cancelRequested = Signal(str)  # tag
    approval = Signal(str, object)  # approval_id, decision
    earlierRequested = Signal()  # "Show earlier requests": the conversation's turns above the ones shown
    turnWanted = Signal(str)  # a parked turn's tag: its conversation is to be shown (an approval card waits there)

    def __init__(self, icon: QIcon | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("chatWindow")
        if icon is not None:
            self.setWindowIcon(icon)
        self.resize(960, 640)
        self.views: dict[str, TurnView] = {}  # tag -> live view
        self.current: str | None = None  # tag of the running turn started here
        self.history_count = 0
        self._shown_batch = 0
        self._retired: list[TurnView] = []  # turns off the screen, deleted soon
        self.older_coming = False  # a shown conversation's older turns are still being added above

        central = QWidget(self)
        sides = QHBoxLayout(central)
        sides.setContentsMargins(8, 8, 8, 8)
        self.sidebar = ConversationList(central)  # Conversations (conversations.py) fills it and acts on it
        sides.addWidget(self.sidebar)
        self.main_pane = QWidget(central)  # the conversation shown: its turns, the question box
        outer = QVBoxLayout(self.main_pane)
        outer.setContentsMargins(0, 0, 0, 0)
        sides.addWidget(self.main_pane, 1)
        # Narrower than NARROW_WIDTH the list and the conversation do not fit side by side: the conversation takes
        # the window, and this button opens the list in its place (picking one, or a new one, closes it again)
        self.list_btn = QToolButton(central)
        self.list_btn.setObjectName("showConversations")
        self.list_btn.setAutoRaise(True)
        self.list_btn.clicked.connect(lambda: self._open_list(True))
        outer.addWidget(self.list_btn, 0, Qt.AlignmentFlag.AlignLeft)
        self._list_open = False
        self.sidebar.chosen.connect(lambda _cid: self._open_list(False))
        self.sidebar.newRequested.connect(lambda: self._open_list(False))

        self.loading = QWidget(central)
        lrow = QHBoxLayout(self.loading)
        lrow.setContentsMargins(0, 0, 0, 0)
        self.loading_label = QLabel(self.loading)
        self.loading_bar = QProgressBar(self.loading)
        self.loading_bar.setRange(0, 100)
        self.loading_bar.setMaximumWidth(220)
        lrow.addWidget(self.loading_label, 1)
        lrow.addWidget(self.loading_bar)
        self.loading.setVisible(False)
        outer.addWidget(self.loading)

        self.earlier_btn = QPushButton(central)  # shown while the conversation has turns above the ones on screen
        self.earlier_btn.setObjectName("earlier")
        self.earlier_btn.setFlat(True)
        self.earlier_btn.setVisible(False)
        self.earlier_btn.clicked.connect(self.earlierRequested)
        outer.addWidget(self.earlier_btn)

        self.scroll_area = QScrollArea(central)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.list = QWidget()
        self.list.setObjectName("conversation")
        self.list_layout = QVBoxLayout(self.list)
        self.list_layout.setContentsMargins(0, 0, 0, 0)
        self.list_layout.addStretch(1)
        self.parked = ParkedTurns(self.list_layout)  # live turns of a conversation not on screen
        self.scroll_area.setWidget(self.list)
        self.first_start = FirstStartCard(central)  # requests to try while the window has no turn at all
        self.first_start.chosen.connect(self.ask_example)
        outer.addWidget(self.first_start)
        outer.addWidget(self.scroll_area, 1)
        self._follow = True  # keep the newest turn in view while the content grows
        self.scroll_area.verticalScrollBar().rangeChanged.connect(self._range_changed)
        self._turns_shown = 0  # bumped when a new turn or an answer is shown: an older reveal must not scroll it away

        self.deny_first = DenyFirstBar(central)
        self.deny_first.denyAndSend.connect(self._deny_and_send)
        self.deny_first.back.connect(self._back_to_card)
        outer.addWidget(self.deny_first)

        row = QHBoxLayout()
        self.input = QLineEdit(central)
        self.input.setObjectName("chatInput")
        self.input.returnPressed.connect(self._send)
        self.send_btn = QPushButton(central)
        self.send_btn.setObjectName("send")
        self.send_btn.clicked.connect(self._send)
        self.cancel_btn = QPushButton(central)
        self.cancel_btn.setObjectName("cancel")
        self.cancel_btn.setEnabled(False)
        self.cancel_btn.clicked.connect(self.cancel_current)
        row.addWidget(self.input, 1)
        row.addWidget(self.send_btn)
        row.addWidget(self.cancel_btn)
        outer.addLayout(row)
        self.setCentralWidget(central)
        escape = QShortcut(QKeySequence(Qt.Key.Key_Escape), self)
        escape.activated.connect(self.cancel_current)
        new = QShortcut(QKeySequence(QKeySequence.StandardKey.New), self)  # Ctrl+N
        new.activated.connect(self.sidebar.newRequested)
        self.retranslate()
        self.first_start.watch(self.list, lambda: bool(self.turn_views()))
        self._fit_width()

    # -- a narrow window: the list or the conversation, not both -------------------------------------------------
    def narrow(self) -> bool:
        return self.width() < NARROW_WIDTH

    def _open_list(self, on: bool) -> None:
        self._list_open = on
        self._fit_width()

    def _fit_width(self) -> None:
        """Side by side when the window is wide enough; else one of the two, the conversation by default."""
        narrow = self.narrow()
        list_only = narrow and self._list_open
        self.sidebar.setMaximumWidth(QWIDGETSIZE_MAX if list_only else SIDEBAR_MAX)
        self.sidebar.setVisible(not narrow or list_only)
        self.main_pane.setVisible(not list_only)
        self.list_btn.setVisible(narrow and not list_only)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit_width()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Metnos Desk — chat"))
        self.list_btn.setText("☰ " + self.tr("Conversations"))
        self.list_btn.setToolTip(self.tr("Show the list of conversations"))
        self.input.setPlaceholderText(self.tr("Ask anything… (Enter to send)"))
        self.input.setAccessibleName(self.tr("Your question"))
        self.send_btn.setText(self.tr("Send"))
        self.cancel_btn.setText(self.tr("Cancel"))
        self.cancel_btn.setToolTip(self.tr("Stop the running turn (Esc)"))
        self.earlier_btn.setText(self.tr("Show earlier requests"))

    def changeEvent(self, e: QEvent) -> None:  # noqa: N802
        if e.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(e)

    def closeEvent(self, e: QCloseEvent) -> None:  # noqa: N802
        e.ignore()  # closing the window keeps the app in the tray
        self.hide()

    def show_raised(self) -> None:
        room = self.screen().availableGeometry()  # a small screen (1024×600) gets the window whole
        if self.width() > room.width() - 40 or self.height() > room.height() - 60:
            self.resize(min(self.width(), room.width() - 40), min(self.height(), room.height() - 60))
        self.show()
        self.raise_()
        self.activateWindow()
        self.input.setFocus()
        self.scroll_to_newest()

    # -- turns -----------------------------------------------------------------------------------
    def _send(self) -> None:
        text = self.input.text().strip()
        if not text:
            return
        if self.waiting_cards():
            self.deny_first.ask(text)  # Enter here never answers the card: ask whether to deny it first
            return
        if self.current is not None:
            return
        self.input.clear()
        self.submitted.emit(text)

    def ask_example(self, text: str) -> None:
        """A request of the first-start card: asked as if typed."""
        self.input.setText(text)
        self._send()

    def waiting_cards(self) -> list[Any]:
        return waiting_cards(c for v in self.views.values() for c in v.cards.values())

    def _deny_and_send(self, text: str) -> None:
        """The waiting card is denied (its turn ends soon); the new request runs after it."""
        for card in self.waiting_cards():
            card.deny()
        self.input.clear()
        self.submitted.emit(text)

    def _back_to_card(self) -> None:
        waiting = self.waiting_cards()
        if waiting:
            tag = next((t for t, v in self.views.items() if waiting[0] in v.cards.values()), None)
            if tag in self.parked:
                self.turnWanted.emit(tag)  # the card is in a conversation not on screen: that one is shown
            waiting[0].take_focus()
        else:
            self.input.setFocus()

    def _add(self, view: TurnView) -> TurnView:
        self._turns_shown += 1
        self.list_layout.insertWidget(self.list_layout.count() - 1, view)
        self._connect(view)
        self.scroll_to_newest()
        return view

    def _connect(self, view: TurnView) -> None:
        view.approval.connect(self.approval)
        view.offerAnswered.connect(self.submitted)  # "sì" on an offer is a request, as if typed
        view.expandedChanged.connect(lambda on, v=view: self._show_timeline(v) if on else None)
        view.cardAdded.connect(self._card_added)

    def _card_added(self, card: Any) -> None:
        self.scroll_to_newest()
        QTimer.singleShot(0, card, card.take_focus)
        card.decided.connect(lambda *_: QTimer.singleShot(0, self, self._after_decision))

    def _after_decision(self) -> None:
        """Answered: the next waiting card has the keyboard, else the question box; no question about it left."""
        if not self.waiting_cards():
            self.deny_first.dismiss()
        self._back_to_card()

    def expire_offers(self) -> None:
        """A request was sent: an offer made before it lapsed, its buttons go."""
        for view in self.turn_views():
            view.expire_offer()

    def begin(self, tag: str, text: str) -> TurnView:
        view = self._add(TurnView(text))
        self.views[tag] = view
        self.current = tag
        self.cancel_btn.setEnabled(True)
        return view

    def adopt(self, tag: str | None, text: str, events: list[ev.Event]) -> TurnView:
        """Take over an exchange started in the popup; the rest of its events come here."""
        view = self._add(TurnView(text))
        for e in events:
            view.apply(e)
        if tag is not None and view.running:
            self.views[tag] = view
            self.current = tag
            self.cancel_btn.setEnabled(True)
        return view

    def on_event(self, tag: str, e: ev.Event) -> bool:
        """Apply an event of a turn shown here; False when no turn here owns the tag."""
        view = self.views.get(tag)
        if view is None:
            return False
        if isinstance(e, ApprovalAsked) and tag in self.parked:
            self.turnWanted.emit(tag)  # its conversation is shown first, so the card can be answered
        view.apply(e)
        if self.deny_first.isVisibleTo(self) and not self.waiting_cards():
            self.deny_first.dismiss()  # answered elsewhere (cancelled, settled): nothing left to deny
        if isinstance(e, (ev.TurnAnswered, ev.TurnEnded)) and self.current == tag:
            self.current = None  # over for the person at the answer: the next request may go
            self.cancel_btn.setEnabled(False)
        if isinstance(e, ev.TurnEnded):
            self.views.pop(tag, None)  # the events after the answer (up to here) still reach its view
            self.parked.ended(tag)
        if isinstance(e, (ev.Answer, ev.TurnAnswered, ev.Error)):
            self._turns_shown += 1
            self.scroll_to_newest()
        return True

    def owns(self, tag: str) -> bool:
        return tag in self.views

    def cancel_current(self) -> None:
        if self.current is not None:
            self.cancelRequested.emit(self.current)

    def scroll_to_newest(self) -> None:
        """Show the newest turn, now and as the layout settles (the range grows after this call)."""
        self._follow = True
        bar = self.scroll_area.verticalScrollBar()
        bar.setValue(bar.maximum())
        QTimer.singleShot(0, bar, lambda: bar.setValue(bar.maximum()) if self._follow else None)

    def _range_changed(self, _lo: int, hi: int) -> None:
        if self._follow:
            self.scroll_area.verticalScrollBar().setValue(hi)

    def _show_timeline(self, view: TurnView) -> None:
        """An opened timeline comes into view (its turn's header stays visible above it)."""
        self._follow = False
        shown = self._turns_shown

        def reveal() -> None:
            if not (shiboken6.isValid(self.scroll_area) and shiboken6.isValid(view)):
                return  # the window or the turn went away before the timer fired
            if self._turns_shown != shown:
                return  # a request was sent since: its turn stays in view (a late reveal scrolled its answer away)
            self.scroll_area.ensureWidgetVisible(view.timeline, 0, 24)
            top = view.mapTo(self.list, view.rect().topLeft()).y()
            bar = self.scroll_area.verticalScrollBar()
            if top < bar.value():
                bar.setValue(top)

        QTimer.singleShot(0, self.scroll_area, reveal)
        # again once the layout has given the timeline its height (a busy machine lays out later than the first
        # turn of the event loop: the timeline was left half below the fold)
        QTimer.singleShot(120, self.scroll_area, reveal)

    # -- model loading -------------------------------------------------------------------------------
    def set_loading(self, text: str, fraction: float | None) -> None:
        """fraction None hides the indicator."""
        if fraction is None:
            self.loading.setVisible(False)
            return
        self.loading_label.setText(text)
        self.loading_bar.setValue(round(max(0.0, min(1.0, fraction)) * 100))
        self.loading.setVisible(True)
