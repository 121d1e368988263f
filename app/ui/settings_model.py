"""Settings → Model: which model answers new requests, said by its effect, and the processor cores it may use.

One choice stands for up to four keys of runtime.toml (`llm.backend`, `llm.model`, `llm.base_url`,
`llm.remote_model`): the included model, the light one, a GGUF file on this computer, or an OpenAI-compatible
server. The line under the choice says what it changes for the person (understanding, memory, speed), never
the key names. When any of those keys is set by a METNOS_* environment variable, the choice is read-only.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QFileDialog,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from .widgets import PlainLabel

if TYPE_CHECKING:
    from .settings_dialog import SettingsDialog

MODEL_KEYS = ("llm.backend", "llm.model", "llm.base_url", "llm.remote_model")
HELP_STYLE = "color: palette(placeholder-text); font-size: 90%;"


class ModelChoice(QWidget):
    """The Model page's choice: four options, the file and server fields each enables, and the effect line.
    Built with its page by `SettingsDialog`; `values()` is what Save writes for it."""

    def __init__(self, dialog: SettingsDialog):
        super().__init__(dialog)
        cfg = dialog.cfg
        backend, model = cfg.get("llm.backend"), str(cfg.get("llm.model"))
        current = ("server" if backend == "openai" else "bundled" if model == "bundled"
                   else "lite" if model == "bundled-lite" else "file")
        self.group = QButtonGroup(self)
        bl = QVBoxLayout(self)
        bl.setContentsMargins(0, 0, 0, 0)
        self.buttons: dict[str, QRadioButton] = {}
        for key, text in (("bundled", self.tr("Included model (recommended)")),
                          ("lite", self.tr("Light model (Gemma 270M)")),
                          ("file", self.tr("A GGUF model file on this computer")),
                          ("server", self.tr("A server on your network (OpenAI-compatible)"))):
            b = QRadioButton(text, self)
            b.setObjectName(f"model_{key}")
            self.group.addButton(b)
            self.buttons[key] = b
            bl.addWidget(b)
            b.setChecked(key == current)
        file_row = QHBoxLayout()
        self.file = QLineEdit(model if current == "file" else "", self)
        self.file.setObjectName("llm.model_file")
        self.file.setPlaceholderText(self.tr("Path of a .gguf file"))
        self.file.setAccessibleName(self.tr("Model file"))
        pick = QPushButton(self.tr("Choose…"), self)
        pick.setObjectName("pickModel")
        pick.clicked.connect(self._pick)
        file_row.addWidget(self.file, 1)
        file_row.addWidget(pick)
        bl.addLayout(file_row)
        self.server_url = QLineEdit(str(cfg.get("llm.base_url")), self)
        self.server_url.setObjectName("llm.base_url")
        self.server_url.setAccessibleName(self.tr("Server address"))
        self.server_name = QLineEdit(str(cfg.get("llm.remote_model")), self)
        self.server_name.setObjectName("llm.remote_model")
        self.server_name.setPlaceholderText(self.tr("Model name on the server"))
        self.server_name.setAccessibleName(self.tr("Model name on the server"))
        bl.addWidget(self.server_url)
        bl.addWidget(self.server_name)
        self.effect = PlainLabel("", self, selectable=False)
        self.effect.setObjectName("modelEffect")
        self.effect.setStyleSheet(HELP_STYLE)
        bl.addWidget(self.effect)
        self._add_page(dialog)
        if any(cfg.sources.get(k) == "env" for k in MODEL_KEYS):
            self.setEnabled(False)
            self.effect.setText(self.tr("Set by environment variables; this window cannot change it."))
        self.group.buttonToggled.connect(lambda *_: self._changed())
        self._changed()

    def _add_page(self, dialog: SettingsDialog) -> None:
        """The page: what a model is used for, this choice, the processor cores (a setting row like the others)."""
        form = dialog._page(self.tr("Model"))
        form.addRow(self.tr("Used for"), PlainLabel(self.tr("new requests that need reasoning; instant answers "
                                                             "never need a model."), dialog, selectable=False))
        form.addRow(self.tr("Model"), self)
        threads = QSpinBox(dialog)
        threads.setRange(0, max(os.cpu_count() or 1, 1) * 2)
        threads.setSpecialValueText(self.tr("Automatic"))
        threads.setValue(int(dialog.cfg.get("llm.threads")))
        dialog._row(form, "llm.threads", self.tr("Processor cores"), threads,
                    self.tr("How many cores the model may use. Automatic uses one per physical core."))

    def choice(self) -> str:
        for key, b in self.buttons.items():
            if b.isChecked():
                return key
        return "bundled"

    def _changed(self) -> None:
        choice = self.choice()
        self.file.setEnabled(choice == "file")
        self.server_url.setEnabled(choice == "server")
        self.server_name.setEnabled(choice == "server")
        effect = {
            "bundled": self.tr("Understands new requests best. Uses more memory; the first answer after start "
                               "takes a few seconds longer."),
            "lite": self.tr("The smallest and fastest. Understands new requests less well; instant answers do not "
                            "change."),
            "file": self.tr("Uses the model you choose; speed and quality depend on its size."),
            "server": self.tr("New requests go to that server, so it must be reachable. Its key stays in the "
                              "system keyring."),
        }[choice]
        if self.isEnabled():
            self.effect.set_plain(effect + " " + self.tr("The change applies from the next request."))

    def _pick(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Choose a model file"), str(Path.home()),
                                              self.tr("GGUF models (*.gguf)"))
        if path:
            self.file.setText(path)
            self.buttons["file"].setChecked(True)

    def missing_file(self) -> bool:
        """A GGUF file chosen but none named: Save refuses it."""
        return self.isEnabled() and self.choice() == "file" and not self.file.text().strip()

    def values(self) -> dict[str, Any]:
        """The keys this choice sets (none while the environment sets them)."""
        if not self.isEnabled():
            return {}
        choice = self.choice()
        if choice == "server":
            return {"llm.backend": "openai", "llm.base_url": self.server_url.text().strip(),
                    "llm.remote_model": self.server_name.text().strip()}
        model = {"bundled": "bundled", "lite": "bundled-lite"}.get(choice) or self.file.text().strip()
        return {"llm.backend": "llama_cpp", "llm.model": model}
