"""Open runtime.toml in the person's editor — or, when none opens, say so and show the path.

On Linux Qt's openUrl reports success as soon as `xdg-open` starts, even when
it then finds no editor (the failure goes to stderr only). So `xdg-open` is
run here and its exit status watched: a failure, or a missing `xdg-open`,
brings up a small window with the path, a copy button and "open the folder".
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

from PySide6.QtCore import QObject, QProcess, QTimer, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QLineEdit, QPushButton, QVBoxLayout, QWidget

from .widgets import PlainLabel

WATCH_MS = 4000  # xdg-open that is still running (or exited 0) by then has handed the file to an editor


class FileOpener(QObject):
    """`open(path)`: the system's editor; `failed(path)` when none opened (then `FileFallback` is shown)."""

    failed = Signal(str)
    opened = Signal(str)

    def __init__(self, parent: QObject | None = None, command: list[str] | None = None):
        super().__init__(parent)
        self.command = command if command is not None else (["xdg-open"] if sys.platform.startswith("linux")
                                                            else [])
        self._procs: list[QProcess] = []

    def open(self, path: Path) -> None:
        if not self.command:
            ok = QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))
            (self.opened if ok else self.failed).emit(str(path))
            return
        if shutil.which(self.command[0]) is None:
            QTimer.singleShot(0, self, lambda: self.failed.emit(str(path)))
            return
        proc = QProcess(self)
        self._procs.append(proc)
        settled = [False]

        def settle(ok: bool) -> None:
            if settled[0]:
                return
            settled[0] = True
            (self.opened if ok else self.failed).emit(str(path))

        proc.finished.connect(lambda code, _status: settle(code == 0))
        proc.errorOccurred.connect(lambda _err: settle(False))
        proc.finished.connect(lambda *_: self._procs.remove(proc) if proc in self._procs else None)
        QTimer.singleShot(WATCH_MS, self, lambda: settle(True))
        proc.start(self.command[0], [*self.command[1:], str(path)])


class FileFallback(QDialog):
    """No editor opened: where the file is, a copy button, and a button that opens its folder."""

    def __init__(self, path: Path, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("fileFallback")
        self.path = Path(path)
        self.setWindowTitle(self.tr("Edit runtime.toml"))
        lay = QVBoxLayout(self)
        self.message = PlainLabel(self.tr("No text editor opened for runtime.toml. Open it yourself with any text "
                                          "editor — the file is here:"), self)
        lay.addWidget(self.message)
        row = QHBoxLayout()
        self.field = QLineEdit(str(self.path), self)
        self.field.setObjectName("filePath")
        self.field.setReadOnly(True)
        self.field.setAccessibleName(self.tr("Path of runtime.toml"))
        self.field.setMinimumWidth(360)
        row.addWidget(self.field, 1)
        self.copy_btn = QPushButton(self.tr("Copy path"), self)
        self.copy_btn.setObjectName("copyPath")
        self.copy_btn.clicked.connect(self.copy)
        row.addWidget(self.copy_btn)
        lay.addLayout(row)
        self.note = PlainLabel(self.tr("Changes apply as soon as you save the file."), self, selectable=False)
        self.note.setStyleSheet("color: palette(placeholder-text);")
        lay.addWidget(self.note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.folder_btn = QPushButton(self.tr("Open the folder"), self)
        self.folder_btn.setObjectName("openFolder")
        buttons.addButton(self.folder_btn, QDialogButtonBox.ButtonRole.ActionRole)
        self.folder_btn.clicked.connect(self.open_folder)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(str(self.path))
        self.copy_btn.setText(self.tr("Copied"))

    def open_folder(self) -> None:
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.path.parent))):
            self.note.set_plain(self.tr("The folder did not open either; copy the path above."))
