"""A reminder that rings: the tray's message and a small always-on-top card with Fatto / Rimanda 10 min / Apri.

Why a card of our own and not only the tray's message: QSystemTrayIcon.showMessage has no buttons, may be
shown for a few seconds only, and on some desktops (GNOME without the AppIndicator extension) is not shown at
all; a reminder must stay until the person answers it. The card stays on top until a button is pressed (or it
is closed: then the reminder simply stays as the scheduler left it — shown, not done). One card per reminder:
a snoozed one that rings again reuses its card. The system's own notification service (D-Bus
org.freedesktop.Notifications with actions) is not used yet: the card works on every desktop, and the tray's
message is what the system shows where it can.

Words are the UI language's (app/ui/reminder_link.py's catalogue); the text is the person's, shown verbatim
(escaped like any text from outside: app/ui/widgets.py).
"""
from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QCloseEvent, QGuiApplication
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from app.reminders import Firing

from .reminder_link import RemindersLink, firing_body, firing_title, say_ui, snooze_label
from .widgets import PlainLabel, display_text

CARD_WIDTH = 340
MARGIN = 16


class ReminderCard(QFrame):
    """One ringing reminder. `answered(kind, id)` with kind "done" | "snooze" | "open"; the card hides itself on
    "done" and "snooze" (the reminder is handled); on "open" ReminderAlerts hides it once the page is asked for
    (the page lists the reminder, with edit and delete)."""

    answered = Signal(str, int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent, Qt.WindowType.Tool | Qt.WindowType.WindowStaysOnTopHint)
        self.setObjectName("reminderCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setFixedWidth(CARD_WIDTH)
        self.firing: Firing | None = None
        self.now: Callable[[], Any] | None = None
        lay = QVBoxLayout(self)
        self.title = PlainLabel("", self)
        self.title.setObjectName("reminderTitle")
        self.title.setWordWrap(True)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.when = PlainLabel("", self)
        self.when.setObjectName("reminderWhen")
        self.when.setWordWrap(True)
        lay.addWidget(self.title)
        lay.addWidget(self.when)
        row = QHBoxLayout()
        self.done_btn = QPushButton(self)
        self.snooze_btn = QPushButton(self)
        self.open_btn = QPushButton(self)
        for name, b, kind in (("reminderDone", self.done_btn, "done"), ("reminderSnooze", self.snooze_btn, "snooze"),
                              ("reminderOpen", self.open_btn, "open")):
            b.setObjectName(name)
            b.clicked.connect(lambda _=False, k=kind: self._answer(k))
            row.addWidget(b)
        lay.addLayout(row)
        self.done_btn.setDefault(True)

    def set_firing(self, f: Firing, now: Callable[[], Any]) -> None:
        self.firing, self.now = f, now
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(say_ui("desk.reminders.card_title"))
        self.done_btn.setText(say_ui("desk.reminders.done"))
        self.snooze_btn.setText(snooze_label())
        self.open_btn.setText(say_ui("desk.reminders.open"))
        if self.firing is not None and self.now is not None:
            self.title.set_plain(display_text(firing_title(self.firing)))
            self.when.set_plain(firing_body(self.firing, self.now()))
        self.adjustSize()

    def changeEvent(self, e: QEvent) -> None:  # noqa: N802
        if e.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(e)

    def closeEvent(self, e: QCloseEvent) -> None:  # noqa: N802
        e.ignore()  # closing is "not now": the card goes, the app stays (no tray: the chat is the app)
        self.hide()

    def _answer(self, kind: str) -> None:
        if self.firing is None:
            return
        if kind != "open":
            self.hide()
        self.answered.emit(kind, self.firing.reminder.id)


class ReminderAlerts(QObject):
    """Shows each firing that reaches the GUI thread: `notify(title, text)` (the app's: tray message, log) and
    a card; the card's buttons call the plugin through the link. `openRequested` asks the app to show the
    reminders page (Apri)."""

    openRequested = Signal()

    def __init__(self, link: RemindersLink, notify: Callable[[str, str], None] | None = None,
                 parent: QObject | None = None):
        super().__init__(parent)
        self.link = link
        self.notify = notify
        self.cards: dict[int, ReminderCard] = {}
        link.fired.connect(self.show_firing)

    def show_firing(self, f: Firing) -> ReminderCard:
        title, body = firing_title(f), firing_body(f, self.link.now())
        if self.notify is not None:
            self.notify(title, body)
        card = self.cards.get(f.reminder.id)
        if card is None:
            card = ReminderCard()
            card.answered.connect(self._answered)
            self.cards[f.reminder.id] = card
        card.set_firing(f, self.link.now)
        self._place(card)
        card.show()
        card.raise_()
        return card

    def visible_cards(self) -> list[ReminderCard]:
        return [c for c in self.cards.values() if c.isVisible()]

    def _place(self, card: ReminderCard) -> None:
        """Bottom right of the screen, each new card above the ones already there."""
        if card.isVisible():
            return
        screen = QGuiApplication.primaryScreen()
        if screen is None:
            return
        area = screen.availableGeometry()
        below = sum(c.height() + MARGIN // 2 for c in self.visible_cards())
        card.adjustSize()
        card.move(area.right() - card.width() - MARGIN, area.bottom() - card.height() - MARGIN - below)

    def _answered(self, kind: str, rid: int) -> None:
        if kind == "done":
            self.link.done(rid)
        elif kind == "snooze":
            self.link.snooze(rid)
        else:
            self.openRequested.emit()
            card = self.cards.get(rid)
            if card is not None:
                card.hide()  # the page shows it now, with edit and delete

    def close_all(self) -> None:
        for card in self.cards.values():
            card.hide()
            card.deleteLater()
        self.cards.clear()
