"""About Metnos Desk: version, paths, model licences including the Gemma terms."""
from __future__ import annotations

from importlib import metadata

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices, QIcon
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from app.config import paths

from .licences import components, gemma_terms_path, gemma_terms_text
from .widgets import PlainLabel


def app_version() -> str:
    try:
        return metadata.version("metnos-desk")
    except metadata.PackageNotFoundError:
        return "dev"


class AboutDialog(QDialog):
    def __init__(self, icon: QIcon | None = None, hotkey_note: str = "", parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle(self.tr("About Metnos Desk"))
        self.resize(620, 560)
        lay = QVBoxLayout(self)
        if icon is not None:
            logo = QLabel(self)
            logo.setPixmap(icon.pixmap(64, 64))
            lay.addWidget(logo)
        lay.addWidget(PlainLabel(f"Metnos Desk {app_version()}", self))
        lay.addWidget(PlainLabel(self.tr("An offline assistant: everything runs on this computer."), self))
        lines = [self.tr("Configuration: %1").replace("%1", str(paths.config_file())),
                 self.tr("Data: %1").replace("%1", str(paths.data_dir()))]
        if hotkey_note:
            lines.append(hotkey_note)
        lay.addWidget(PlainLabel("\n".join(lines), self))
        lay.addWidget(PlainLabel(self.tr("Components and licences:"), self))
        rows = [f"• {c.name} — {c.licence}" + (f"\n    {c.source}" if c.source else "") for c in components()]
        lay.addWidget(PlainLabel("\n".join(rows), self))
        terms = gemma_terms_text()
        self.terms = QPlainTextEdit(self)
        self.terms.setObjectName("gemmaTerms")
        self.terms.setReadOnly(True)
        self.terms.setPlainText(terms or self.tr(
            "The Gemma Terms of Use file (GEMMA_TERMS.html) is missing from the model folder. "
            "Run `metnos models install` to restore it; the terms are at https://ai.google.dev/gemma/terms"))
        lay.addWidget(PlainLabel(self.tr("Gemma Terms of Use (the reasoning model is provided under these terms):"),
                                 self))
        lay.addWidget(self.terms, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        path = gemma_terms_path()
        if path is not None:
            open_btn = QPushButton(self.tr("Open the original terms"), self)
            open_btn.clicked.connect(lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))))
            buttons.addButton(open_btn, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        lay.addWidget(buttons)
