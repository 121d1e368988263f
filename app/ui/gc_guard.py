"""Python's cycle collector runs on the GUI thread only.

Left automatic, the collector runs on whichever thread happens to allocate
when a threshold is crossed — often the engine's worker thread — and a
collected cycle that holds Qt widgets (a closed window, an old approval card)
is then destroyed off the GUI thread, which crashes Qt (seen as a segfault in
CI while the worker opened the history). So automatic collection is switched
off while the app runs, and a timer on the GUI thread collects with the same
thresholds Python would have used.
"""
from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer


class GuiGarbageCollector(QObject):
    """Install once, on the GUI thread, after the QApplication exists; `stop()` gives collection back."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = 500):
        super().__init__(parent)
        self.threshold = gc.get_threshold()
        self.was_enabled = gc.isenabled()
        gc.disable()
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.check)
        self.timer.start()

    def check(self) -> int:
        """Collect the oldest generation over its threshold, as Python's own trigger would."""
        counts = gc.get_count()
        generation = -1
        for g in range(3):
            if self.threshold[g] and counts[g] > self.threshold[g]:
                generation = g
        return gc.collect(generation) if generation >= 0 else 0

    def stop(self) -> None:
        self.timer.stop()
        gc.collect()
        if self.was_enabled:
            gc.enable()
