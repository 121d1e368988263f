"""A reminder that rings: a small always-on-top card with Fatto / Rimanda 10 min / Apri, and the desktop's own
notification with the same three actions where the desktop has a notification service (the tray's message where
it has none).

Why a card of our own as well: QSystemTrayIcon.showMessage has no buttons, may be shown for a few seconds only, and
on some desktops (GNOME without the AppIndicator extension) is not shown at all; the system's notification
(org.freedesktop.Notifications, app/ui/system_notify.py) has the buttons, but a server may drop them, expire the
popup or keep it in a drawer. A reminder must stay until the person answers it, so the card stays on top until a
button is pressed (or it is closed: then the reminder simply stays as the scheduler left it — shown, not done).
The two are one reminder: answering either takes the other away (the popup's Fatto hides the card; the card's
Fatto closes the popup; dismissing one dismisses the other), so nothing waits for an answer already given.
One card per reminder: a snoozed one that rings again reuses its card and replaces its popup. With
`reminders.sound` on, a short sound plays as it rings (app/ui/chime.py), the setting read at each ring.

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
from .system_notify import SystemNotifications
from .widgets import PlainLabel, display_text

CARD_WIDTH = 340
MARGIN = 16


class ReminderCard(QFrame):
    """One ringing reminder. `answered(kind, id)` with kind "done" | "snooze" | "open"; the card hides itself on
    "done" and "snooze" (the reminder is handled); on "open" ReminderAlerts hides it once the page is asked for
    (the page lists the reminder, with edit and delete)."""

    answered = Signal(str, int)
    closed = Signal(int)  # the person closed the card without answering ("not now")

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
        if self.firing is not None:
            self.closed.emit(self.firing.reminder.id)

    def _answer(self, kind: str) -> None:
        if self.firing is None:
            return
        if kind != "open":
            self.hide()
        self.answered.emit(kind, self.firing.reminder.id)


class ReminderAlerts(QObject):
    """Shows each firing that reaches the GUI thread: a card, and the desktop's notification when `system` is given
    and a service answers (else `notify(title, text)`, the app's tray message); the buttons of either call the
    plugin through the link. `openRequested` asks the app to show the reminders page (Apri). `chime` (optional)
    plays a short sound at each ring when its setting is on."""

    openRequested = Signal()

    def __init__(self, link: RemindersLink, notify: Callable[[str, str], None] | None = None,
                 parent: QObject | None = None, system: SystemNotifications | None = None, chime: Any = None):
        super().__init__(parent)
        self.link = link
        self.notify = notify
        self.system = system
        self.chime = chime
        self.cards: dict[int, ReminderCard] = {}
        self._said: dict[int, tuple[str, str]] = {}  # what a late fallback says, if the service never answers
        link.fired.connect(self.show_firing)
        if system is not None:
            system.invoked.connect(self._from_system)
            system.dismissed.connect(self._dismissed_in_system)
            system.failed.connect(self._system_failed)

    def show_firing(self, f: Firing) -> ReminderCard:
        title, body = firing_title(f), firing_body(f, self.link.now())
        rid = f.reminder.id
        self._said[rid] = (title, body)
        if not (self.system is not None and self.system.show(rid, title, body, self.actions())):
            self._tray(title, body)
        if self.chime is not None:
            self.chime.ring()
        card = self.cards.get(rid)
        if card is None:
            card = ReminderCard()
            card.answered.connect(self._answered)
            card.closed.connect(self._card_closed)
            self.cards[rid] = card
        card.set_firing(f, self.link.now)
        self._place(card)
        card.show()
        card.raise_()
        return card

    @staticmethod
    def actions() -> list[tuple[str, str]]:
        """The popup's actions, in the UI language; "default" is clicking the popup itself: open the page."""
        opened = say_ui("desk.reminders.open")
        return [("done", say_ui("desk.reminders.done")), ("snooze", snooze_label()), ("open", opened),
                ("default", opened)]

    def _tray(self, title: str, body: str) -> None:
        if self.notify is not None:
            self.notify(title, body)

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
        """A card's button, or the popup's action: the same three answers."""
        if self.system is not None:
            self.system.close(rid)  # answered here: the desktop's popup goes
        if kind == "done":
            self.link.done(rid)
        elif kind == "snooze":
            self.link.snooze(rid)
        else:
            self.openRequested.emit()
            card = self.cards.get(rid)
            if card is not None:
                card.hide()  # the page shows it now, with edit and delete

    def _hide_card(self, rid: int) -> None:
        card = self.cards.get(rid)
        if card is not None:
            card.hide()

    def _from_system(self, rid: int, key: str) -> None:
        kind = {"done": "done", "snooze": "snooze"}.get(key, "open")  # "open" and "default"
        self._hide_card(rid)
        self._answered(kind, rid)

    def _dismissed_in_system(self, rid: int) -> None:
        self._hide_card(rid)  # "not now" there is "not now" here: the reminder stays as it is

    def _card_closed(self, rid: int) -> None:
        if self.system is not None:
            self.system.close(rid)

    def _system_failed(self, rid: int) -> None:
        said = self._said.get(rid)
        if said is not None:
            self._tray(*said)  # no service answered after all: the tray's message, as without one

    def close_all(self) -> None:
        if self.system is not None:
            self.system.shutdown()
        for card in self.cards.values():
            card.hide()
            card.deleteLater()
        self.cards.clear()
