"""About Metnos Desk: version, paths and the shortcut in plain words; the model licences (the Gemma terms
included) one click away."""
from __future__ import annotations

from importlib import metadata

from PySide6.QtCore import Qt, QUrl
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
    """What a person reads first: the name and version, one sentence, where settings and data live, the shortcut
    as it is pressed ("Ctrl+Alt+Space"). The components, their licences and the Gemma terms are one click away
    ("Licences and components"), not on the first view."""

    def __init__(self, icon: QIcon | None = None, hotkey_note: str = "", parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle(self.tr("About Metnos Desk"))
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
        self.licences_btn = QPushButton(self.tr("Licences and components"), self)
        self.licences_btn.setObjectName("aboutLicences")
        self.licences_btn.setCheckable(True)
        lay.addWidget(self.licences_btn, 0, Qt.AlignmentFlag.AlignLeft)

        self.licences = QWidget(self)
        self.licences.setObjectName("aboutLicencesPane")
        more = QVBoxLayout(self.licences)
        more.setContentsMargins(0, 0, 0, 0)
        more.addWidget(PlainLabel(self.tr("Components and licences:"), self.licences))
        rows = [f"• {c.name} — {c.licence}" + (f"\n    {c.source}" if c.source else "") for c in components()]
        more.addWidget(PlainLabel("\n".join(rows), self.licences))
        terms = gemma_terms_text()
        self.terms = QPlainTextEdit(self.licences)
        self.terms.setObjectName("gemmaTerms")
        self.terms.setReadOnly(True)
        self.terms.setPlainText(terms or self.tr(
            "The Gemma Terms of Use file (GEMMA_TERMS.html) is missing from the model folder. "
            "Run `metnos models install` to restore it; the terms are at https://ai.google.dev/gemma/terms"))
        more.addWidget(PlainLabel(self.tr("Gemma Terms of Use (the reasoning model is provided under these terms):"),
                                  self.licences))
        more.addWidget(self.terms, 1)
        self.licences.setVisible(False)
        lay.addWidget(self.licences, 1)
        self.licences_btn.toggled.connect(self._show_licences)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        path = gemma_terms_path()
        if path is not None:
            self.open_terms = QPushButton(self.tr("Open the original terms"), self)
            self.open_terms.clicked.connect(lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))))
            buttons.addButton(self.open_terms, QDialogButtonBox.ButtonRole.ActionRole)
            self.open_terms.setVisible(False)  # with the licences (the box shows what it is given)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        lay.addWidget(buttons)
        self.resize(520, self.sizeHint().height())

    def _show_licences(self, on: bool) -> None:
        self.licences.setVisible(on)
        if hasattr(self, "open_terms"):
            self.open_terms.setVisible(on)
        if on:
            self.resize(max(self.width(), 620), max(self.height(), 560))
