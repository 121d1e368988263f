"""SIGTERM/SIGINT while a window paints: the handler must only queue the quit.

Python runs a signal handler at the next bytecode of the GUI thread — inside whatever Qt callback runs Python
then, e.g. an application event filter during a paint. The app's handler once quit right there; the shutdown
deleted a widget under the paint and the app ended with SIGSEGV at SIGTERM (tests/ui/test_ui_xvfb.py, 1 run in
~8 under load; gdb showed ~QWidget called from handle_signals inside QWidgetPrivate::drawWidget)."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Slot
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from app.ui.launch import queued_quit


class _Desk(QObject):
    """Stands for DeskApp: records when its quit runs and whether a paint was under way then."""

    def __init__(self) -> None:
        super().__init__()
        self.painting = False
        self.quits: list[bool] = []

    @Slot()
    def quit(self) -> None:
        self.quits.append(self.painting)


class _SignalDuringPaint(QObject):
    """An application event filter that delivers 'SIGTERM' (calls the handler) while a child paints."""

    def __init__(self, target: QWidget, desk: _Desk) -> None:
        super().__init__()
        self.target, self.desk, self.handler, self.fired = target, desk, queued_quit(desk), 0

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self.target and event.type() == QEvent.Type.Paint and not self.fired:
            self.fired += 1
            self.desk.painting = True
            self.handler(15, None)
            self.desk.painting = False
        return False


def test_a_signal_arriving_during_a_paint_quits_after_it_from_the_event_loop(qapp: QApplication) -> None:
    window = QWidget()
    label = QLabel("answer", window)
    QVBoxLayout(window).addWidget(label)
    desk = _Desk()
    spy = _SignalDuringPaint(label, desk)
    qapp.installEventFilter(spy)
    try:
        window.show()
        assert QTest.qWaitForWindowExposed(window)
        label.repaint()  # a synchronous paint: the filter sees it
        assert spy.fired == 1, "the paint never reached the event filter; the test proves nothing"
        assert desk.quits == [], "the handler quit inside the paint"
        for _ in range(5):
            qapp.processEvents()
        assert desk.quits == [False], "the queued quit never ran, or ran during the paint"
    finally:
        qapp.removeEventFilter(spy)
        window.close()
