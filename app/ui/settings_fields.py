"""Settings fields that are more than one widget: the allowed-folder list, the folder picker and the shortcut's
key names."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from .i18n import current_language
from .widgets import PlainLabel


def to_qt_sequence(pynput: str) -> str:
    """'<ctrl>+<alt>+<space>' → 'Ctrl+Alt+Space' (what QKeySequenceEdit shows)."""
    names = {"ctrl": "Ctrl", "alt": "Alt", "shift": "Shift", "cmd": "Meta", "super": "Meta", "space": "Space",
             "enter": "Return", "esc": "Esc", "tab": "Tab"}
    parts = []
    for p in pynput.split("+"):
        p = p.strip()
        key = p[1:-1] if p.startswith("<") and p.endswith(">") else p
        parts.append(names.get(key.lower(), key.upper() if len(key) == 1 else key.capitalize()))
    return "+".join(parts)


def to_pynput(qt: str) -> str:
    """'Ctrl+Alt+Space' → '<ctrl>+<alt>+<space>' (what the hotkey listener reads)."""
    names = {"ctrl": "<ctrl>", "alt": "<alt>", "shift": "<shift>", "meta": "<cmd>", "space": "<space>",
             "return": "<enter>", "esc": "<esc>", "tab": "<tab>"}
    out = []
    for p in qt.split("+"):
        low = p.strip().lower()
        if not low:
            continue
        out.append(names.get(low, low if len(low) == 1 else f"<{low}>"))
    return "+".join(out)


def folder_dialog(parent: QWidget | None, title: str) -> QFileDialog:
    """A folder picker in the UI's language: Qt's own dialog when the UI is Italian (a desktop's native one
    speaks the system's language, which may not be the one chosen in Settings), labelled through tr()."""
    dlg = QFileDialog(parent, title, str(Path.home()))
    dlg.setObjectName("folderDialog")
    dlg.setFileMode(QFileDialog.FileMode.Directory)
    dlg.setOption(QFileDialog.Option.ShowDirsOnly, True)
    if current_language() != "en":
        dlg.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        labels = ((QFileDialog.DialogLabel.LookIn, QCoreApplication.translate("FolderPicker", "Look in:")),
                  (QFileDialog.DialogLabel.FileName, QCoreApplication.translate("FolderPicker", "Folder:")),
                  (QFileDialog.DialogLabel.FileType, QCoreApplication.translate("FolderPicker", "Show:")),
                  (QFileDialog.DialogLabel.Accept, QCoreApplication.translate("FolderPicker", "Choose")),
                  (QFileDialog.DialogLabel.Reject, QCoreApplication.translate("FolderPicker", "Cancel")))
        for which, text in labels:
            dlg.setLabelText(which, text)
    return dlg


def pick_folder(parent: QWidget | None, title: str) -> str:
    """The folder chosen, or "" when the person cancelled."""
    dlg = folder_dialog(parent, title)
    if dlg.exec() != QFileDialog.DialogCode.Accepted or not dlg.selectedFiles():
        return ""
    return dlg.selectedFiles()[0]


class FolderList(QWidget):
    """The allowed folders: one row each with a Remove button, and "Add a folder…" (a folder picker)."""

    changed = Signal()

    def __init__(self, folders: list[str], parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("tools.allowed_roots")
        self._folders: list[str] = []
        self.lay = QVBoxLayout(self)
        self.lay.setContentsMargins(0, 0, 0, 0)
        self.rows = QVBoxLayout()
        self.lay.addLayout(self.rows)
        self.empty = PlainLabel(self.tr("No folder: the assistant cannot read or change any file."), self,
                                selectable=False)
        self.lay.addWidget(self.empty)
        self.add_btn = QPushButton(self.tr("Add a folder…"), self)
        self.add_btn.setObjectName("addFolder")
        self.add_btn.clicked.connect(self.pick)
        self.lay.addWidget(self.add_btn, 0, Qt.AlignmentFlag.AlignLeft)
        for f in folders:
            self.add(f)
        self._refresh()

    def folders(self) -> list[str]:
        return list(self._folders)

    def add(self, folder: str) -> None:
        if not folder or folder in self._folders:
            return
        self._folders.append(folder)
        row = QWidget(self)
        rl = QHBoxLayout(row)
        rl.setContentsMargins(0, 0, 0, 0)
        shown = str(Path(folder).expanduser()) if folder.startswith("~") else folder
        label = PlainLabel(shown if folder != "~" else self.tr("Your home folder (%1)").replace("%1", shown), row)
        rl.addWidget(label, 1)
        rm = QPushButton(self.tr("Remove"), row)
        rm.setObjectName("removeFolder")
        rm.setAccessibleName(self.tr("Remove %1").replace("%1", shown))
        rm.clicked.connect(lambda: self.remove(folder))
        rl.addWidget(rm)
        row.setProperty("folder", folder)
        self.rows.addWidget(row)
        self._refresh()

    def remove(self, folder: str) -> None:
        if folder not in self._folders:
            return
        self._folders.remove(folder)
        for i in range(self.rows.count()):
            item = self.rows.itemAt(i)
            w = item.widget() if item is not None else None
            if w is not None and w.property("folder") == folder:
                self.rows.takeAt(i)
                w.deleteLater()
                break
        self._refresh()

    def pick(self) -> None:
        chosen = pick_folder(self, self.tr("Choose a folder the assistant may use"))
        if chosen:
            self.add(chosen)

    def _refresh(self) -> None:
        self.empty.setVisible(not self._folders)
        self.changed.emit()
