"""The Qt binding itself: a desktop session emits a signal per engine event (every streamed token), so an
emit must not leak. PySide6 6.12.0 dropped one reference to `True` per Signal.emit on Python 3.11; after a few
hundred emits the process aborted ("Fatal Python error: bool_dealloc"). pyproject excludes that release; this
test fails on any binding that does the same."""
from __future__ import annotations

import sys

from PySide6.QtCore import QObject, Signal


class _Emitter(QObject):
    plain = Signal()
    event = Signal(str, object)  # the worker's turnEvent shape: a tag and an event


def test_emitting_a_signal_leaves_the_reference_counts_alone() -> None:
    e = _Emitter()
    got: list[object] = []
    e.plain.connect(lambda: got.append(None))
    e.event.connect(lambda tag, ev: got.append(ev))
    before_true, before_false = sys.getrefcount(True), sys.getrefcount(False)
    for k in range(300):  # fewer than True's references at start, so a leaking binding fails here, not aborts
        e.plain.emit()
        e.event.emit("turn", {"n": k})
    assert len(got) == 600
    assert sys.getrefcount(True) - before_true >= -5, "the Qt binding drops a reference to True per emit"
    assert sys.getrefcount(False) - before_false >= -5, "the Qt binding drops a reference to False per emit"
