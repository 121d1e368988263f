"""Run a slow call (keyring, key derivation, embedding) off the GUI thread; result back as a signal.

Also `GuiAsk`: lets a background thread ask the user something (a passphrase)
and wait for the answer, the way the engine thread waits for approvals.
"""
from __future__ import annotations

import logging
import threading
from typing import Any, Callable

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QInputDialog, QLineEdit, QWidget

log = logging.getLogger(__name__)


class Task(QObject):
    """`Task(fn).start()`; `done(result)` or `failed(exception)` arrive on the GUI thread."""

    done = Signal(object)
    failed = Signal(object)

    def __init__(self, fn: Callable[[], Any], parent: QObject | None = None):
        super().__init__(parent)
        self.fn = fn
        self.worker_thread: threading.Thread | None = None

    def start(self) -> "Task":
        self.worker_thread = threading.Thread(target=self._run, name="metnos-ui-task", daemon=True)
        self.worker_thread.start()
        return self

    def _run(self) -> None:
        try:
            result = self.fn()
        except Exception as e:
            log.debug("background task failed", exc_info=True)
            self.failed.emit(e)
            return
        self.done.emit(result)


class GuiAsk(QObject):
    """A callable `ask(prompt, confirm) -> str` usable from any thread; shows a password dialog."""

    _requested = Signal(str, bool)

    def __init__(self, parent_widget: QWidget | None = None):
        super().__init__()
        self.parent_widget = parent_widget
        self._done = threading.Event()
        self._answer = ""
        self._lock = threading.Lock()
        self._requested.connect(self._show)

    def __call__(self, prompt: str, confirm: bool = False) -> str:
        with self._lock:  # one question at a time
            self._done.clear()
            self._answer = ""
            self._requested.emit(prompt, confirm)
            self._done.wait()
            return self._answer

    @Slot(str, bool)
    def _show(self, prompt: str, confirm: bool) -> None:
        text, ok = QInputDialog.getText(self.parent_widget, self.tr("Metnos memory"), prompt,
                                        QLineEdit.EchoMode.Password)
        if ok and confirm and text:
            again, ok = QInputDialog.getText(self.parent_widget, self.tr("Metnos memory"),
                                             self.tr("Type it again:"), QLineEdit.EchoMode.Password)
            if again != text:
                ok, text = False, ""
        self._answer = text if ok else ""
        self._done.set()
