"""A small dialog for the common keys; writes runtime.toml with tomlkit (comments survive).

Widgets are derived from the schema (type, choices, doc as tooltip), so the
dialog cannot drift from the loader. A key set by a METNOS_* environment
variable is shown read-only: writing the file would not change it.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.config.schema import BY_DOTTED, Setting

from .toml_edit import SettingsWriteError, set_values
from .widgets import PlainLabel

COMMON_KEYS = (
    "ui.language", "ui.theme", "ui.notify_after_s", "ui.pause_learning",
    "hotkey.enabled", "hotkey.sequence",
    "llm.model", "llm.threads",
    "fast_path.l0_enabled", "fast_path.canonical_query_enabled", "multi_tool_fast_path.enabled",
    "memory.long_term_enabled", "tools.allowed_roots",
)


def open_in_editor(path: Any) -> bool:
    """The system's editor for runtime.toml (xdg-open / the OS association)."""
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))


class SettingsDialog(QDialog):
    saved = Signal(object)  # dict of the values written

    def __init__(self, manager: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.manager = manager
        self.setObjectName("settingsDialog")
        self.setWindowTitle(self.tr("Metnos Desk — settings"))
        self.setMinimumWidth(520)
        self.editors: dict[str, QWidget] = {}
        lay = QVBoxLayout(self)
        form = QFormLayout()
        cfg = manager.config
        for dotted in COMMON_KEYS:
            s = BY_DOTTED[dotted]
            w = self._editor(s, cfg.get(dotted))
            w.setToolTip(s.doc)
            if cfg.sources.get(dotted) == "env":
                w.setEnabled(False)
                w.setToolTip(self.tr("Set by the environment variable %1; the file cannot override it.")
                             .replace("%1", s.env_name))
            self.editors[dotted] = w
            form.addRow(QLabel(dotted, self), w)
        lay.addLayout(form)
        self.error = PlainLabel("", self)
        self.error.setObjectName("settingsError")
        self.error.setStyleSheet("color: #c0392b;")
        self.error.setVisible(False)
        lay.addWidget(self.error)
        note = PlainLabel(self.tr("Saved to %1. Other keys: edit the file (changes apply live).")
                          .replace("%1", str(manager.path)), self)
        note.setStyleSheet("color: palette(placeholder-text);")
        lay.addWidget(note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel,
                                   self)
        edit = QPushButton(self.tr("Edit runtime.toml…"), self)
        buttons.addButton(edit, QDialogButtonBox.ButtonRole.ActionRole)
        edit.clicked.connect(lambda: open_in_editor(self.manager.path))
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def _editor(self, s: Setting, value: Any) -> QWidget:
        if s.choices:
            w = QComboBox(self)
            w.addItems(list(s.choices))
            w.setCurrentText(str(value))
        elif s.type is bool:
            w = QCheckBox(self)
            w.setChecked(bool(value))
        elif s.type is int:
            w = QSpinBox(self)
            w.setRange(0, 1_000_000)
            w.setValue(int(value))
        elif s.type is float:
            w = QDoubleSpinBox(self)
            w.setRange(0.0, 100_000.0)
            w.setDecimals(2)
            w.setValue(float(value))
        elif s.type is list:
            w = QLineEdit(", ".join(str(v) for v in value), self)
            w.setPlaceholderText(self.tr("comma-separated"))
        else:
            w = QLineEdit(str(value), self)
        w.setObjectName(s.dotted)
        return w

    def values(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for dotted, w in self.editors.items():
            if not w.isEnabled():
                continue
            s = BY_DOTTED[dotted]
            if isinstance(w, QComboBox):
                v: Any = w.currentText()
            elif isinstance(w, QCheckBox):
                v = w.isChecked()
            elif isinstance(w, (QSpinBox, QDoubleSpinBox)):
                v = w.value()
            elif s.type is list:
                v = [p.strip() for p in w.text().split(",") if p.strip()]  # type: ignore[attr-defined]
            else:
                v = w.text()  # type: ignore[attr-defined]
            out[dotted] = v
        return out

    def changed_values(self) -> dict[str, Any]:
        cfg = self.manager.config
        return {k: v for k, v in self.values().items() if cfg.get(k) != v}

    def save(self) -> bool:
        changed = self.changed_values()
        if changed:
            try:
                set_values(self.manager.path, changed)
            except SettingsWriteError as e:
                self.error.set_plain(str(e))
                self.error.setVisible(True)
                return False
            change = self.manager.reload()
            if change.errors:
                self.error.set_plain("\n".join(change.errors))
                self.error.setVisible(True)
                return False
        self.saved.emit(changed)
        self.accept()
        return True
