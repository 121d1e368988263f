"""Cycles holding Qt objects are collected on the GUI thread, even when a worker thread does the allocating."""
from __future__ import annotations

import gc
import threading
import weakref

from PySide6.QtCore import QObject


class _Cycle:
    def __init__(self) -> None:
        self.me = self
        self.widget_like = QObject()


def test_a_worker_thread_never_collects_a_cycle(qtbot, gui_thread_gc):
    assert not gc.isenabled(), "automatic collection stays off while the GUI runs"
    died_on: list[str] = []
    cycle = _Cycle()
    weakref.finalize(cycle, lambda: died_on.append(threading.current_thread().name))
    del cycle

    kept: list[list[list[object]]] = []

    def allocate() -> None:  # far past generation 0's threshold, kept alive: automatic GC would run here
        for _ in range(50_000):
            kept.append([[]])

    worker = threading.Thread(target=allocate, name="worker")
    worker.start()
    worker.join()
    assert died_on == [], "the cycle was collected on a worker thread"
    qtbot.waitUntil(lambda: bool(died_on), timeout=10_000)
    assert died_on == [threading.main_thread().name]


def test_stop_gives_collection_back(qapp):
    from app.ui.gc_guard import GuiGarbageCollector

    was = gc.isenabled()
    gc.enable()
    try:
        guard = GuiGarbageCollector(qapp)
        assert not gc.isenabled()
        guard.stop()
        assert gc.isenabled()
        guard.deleteLater()
    finally:
        if not was:
            gc.disable()
