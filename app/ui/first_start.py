"""The first-start card: while there is no turn at all, four requests to try, each asked on a click as if typed.

A new user met an empty window with nothing to try. The card shows in the chat window while its conversation has no
turn, and in the popup while it has no exchange and the chat has none either (the app passes `wanted` on); it goes
as soon as a turn exists. The requests are the UI language's (Qt tr()), worded as a person types them, and cover
what the app does without setup: the time, a calculation, something to remember, a folder's content.
Each one is a button whose words wrap at the width the window gives it.
"""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from .widgets import PlainLabel

_WATCHED = (QEvent.Type.ChildAdded, QEvent.Type.ChildRemoved, QEvent.Type.LayoutRequest)


class ExampleButton(QPushButton):
    """A request to try: a button whose words wrap (a QPushButton's own text never does), so a narrow window
    gets a taller button, never a clipped one or a horizontal scrollbar."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("example")
        self.label = PlainLabel("", self, selectable=False)
        self.label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(10, 6, 10, 6)
        lay.addWidget(self.label)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def set_request(self, text: str) -> None:
        self.label.set_plain(text)
        self.setAccessibleName(text)
        self.updateGeometry()

    def request(self) -> str:
        return self.label.text()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt name
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt name
        lay = self.layout()
        return lay.totalHeightForWidth(width) if lay is not None else super().heightForWidth(width)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt name
        lay = self.layout()
        return lay.totalSizeHint() if lay is not None else super().sizeHint()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt name
        return QSize(self.fontMetrics().averageCharWidth() * 8, self.fontMetrics().height() + 12)


class FirstStartCard(QFrame):
    """`chosen(text)`: a request was clicked (send it as if typed). `wanted(bool)`: whether the card belongs on
    screen now (no turn yet), for another view to follow (the popup)."""

    chosen = Signal(str)
    wanted = Signal(bool)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("firstStart")
        self.setStyleSheet(
            "QFrame#firstStart { border: 1px solid palette(midlight); border-radius: 8px; }"
            "QPushButton#example { text-align: left; border: 1px solid palette(mid); border-radius: 6px;"
            " background: palette(base); }"
            "QPushButton#example:hover, QPushButton#example:focus { border: 1px solid palette(highlight); }")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(12, 10, 12, 12)
        lay.setSpacing(6)
        self.title = PlainLabel("", self, selectable=False)
        self.title.setObjectName("firstStartTitle")
        self.title.setStyleSheet("font-weight: bold;")
        self.note = PlainLabel("", self, selectable=False)
        self.note.setStyleSheet("color: palette(placeholder-text);")
        lay.addWidget(self.title)
        lay.addWidget(self.note)
        self.buttons = [ExampleButton(self) for _ in range(4)]
        for b in self.buttons:
            b.clicked.connect(lambda _=False, b=b: self.chosen.emit(b.request()))
            lay.addWidget(b)
        self._has_turns: Callable[[], bool] | None = None
        self._pending = False
        self._wanted: bool | None = None
        self.retranslate()

    def retranslate(self) -> None:
        self.title.set_plain(self.tr("Try asking"))
        self.note.set_plain(self.tr("Click a request to ask it, or type your own question."))
        for b, text in zip(self.buttons, self.requests()):
            b.set_request(text)

    def requests(self) -> list[str]:
        """The four requests, in the UI language, as a person would type them."""
        return [self.tr("What time is it?"), self.tr("What is 12 times 7?"),
                self.tr("Remember that the dentist is on Thursday at 3 pm"),
                self.tr("What is in the Documents folder?")]

    def changeEvent(self, e: QEvent) -> None:  # noqa: N802
        if e.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(e)

    # -- showing while there is no turn ----------------------------------------------------------------------
    def watch(self, container: QWidget, has_turns: Callable[[], bool]) -> None:
        """Show the card while `has_turns()` is false; asked again whenever `container`'s children or layout
        change (a turn added, a conversation cleared or shown)."""
        self._has_turns = has_turns
        container.installEventFilter(self)
        self.sync()

    def eventFilter(self, watched: QObject, e: QEvent) -> bool:  # noqa: N802
        if e.type() in _WATCHED and not self._pending:
            self._pending = True  # many changes in one go (a conversation's turns) are looked at once
            QTimer.singleShot(0, self, self.sync)
        return False

    def sync(self) -> None:
        self._pending = False
        want = self._has_turns is not None and not self._has_turns()
        self.setVisible(want)
        if want != self._wanted:
            self._wanted = want
            self.wanted.emit(want)

    def is_wanted(self) -> bool:
        return bool(self._wanted)
