"""Settings for people: grouped pages, plain labels with help, written to runtime.toml (comments survive).

Pages: General, Model (settings_model.py), Shortcut, Allowed folders, Documents to consult (docs_page.py), Memory,
Reminders, Advanced.
Each row is a setting of the schema (so values are validated exactly like the file), shown
with a human label and a line of help in the UI language. A key set by a
METNOS_* environment variable is read-only: writing the file would not change
it. Everything else stays reachable through "Edit runtime.toml…".
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QKeySequenceEdit,
    QListWidget,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from app.config.schema import BY_DOTTED
from app.config.toml_edit import SettingsWriteError, set_values

from .docs_page import add_docs_page
from .file_open import FileFallback, FileOpener
from .settings_fields import FolderList, to_pynput, to_qt_sequence
from .settings_model import ModelChoice
from .widgets import PlainLabel

HELP_STYLE = "color: palette(placeholder-text); font-size: 90%;"


class SettingsDialog(QDialog):
    saved = Signal(object)  # dict of the values written

    def __init__(self, manager: Any, parent: QWidget | None = None, forget_history: Callable[[], Any] | None = None,
                 opener: FileOpener | None = None, docs: Any = None):
        super().__init__(parent)
        self.manager = manager
        self.docs = docs  # DocsLink: the running app's document index and its progress
        self.forget_history = forget_history
        self.opener = opener or FileOpener(self)
        self.opener.failed.connect(self._no_editor)
        self.fallback: FileFallback | None = None
        self.setObjectName("settingsDialog")
        self.setWindowTitle(self.tr("Metnos Desk — settings"))
        self.resize(760, 520)
        self.editors: dict[str, QWidget] = {}
        self.cfg = manager.config

        lay = QVBoxLayout(self)
        body = QHBoxLayout()
        self.nav = QListWidget(self)
        self.nav.setObjectName("settingsPages")
        self.nav.setFixedWidth(190)
        self.nav.setIconSize(QSize(0, 0))
        self.nav.setAccessibleName(self.tr("Settings pages"))
        self.pages = QStackedWidget(self)
        body.addWidget(self.nav)
        body.addWidget(self.pages, 1)
        lay.addLayout(body, 1)
        self.page_names: list[str] = []
        self._build_general()
        self.model = ModelChoice(self)  # the Model page (settings_model.py)
        self._build_shortcut()
        self._build_folders()
        self.docs_page = add_docs_page(self)  # the page after Allowed folders (its refusals point there)
        self._build_memory()
        self._build_reminders()
        self._build_advanced()
        self.nav.currentRowChanged.connect(self.pages.setCurrentIndex)
        self.nav.setCurrentRow(0)

        self.error = PlainLabel("", self)
        self.error.setObjectName("settingsError")
        self.error.setStyleSheet("color: #c0392b;")
        self.error.setVisible(False)
        lay.addWidget(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel,
                                   self)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    # -- building -------------------------------------------------------------------------------
    def _page(self, name: str) -> QFormLayout:
        page = QWidget(self)
        page.setObjectName(f"page{len(self.page_names)}")
        form = QFormLayout(page)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.DontWrapRows)
        title = PlainLabel(name, page, selectable=False)
        f = title.font()
        f.setBold(True)
        f.setPointSizeF(f.pointSizeF() * 1.2)
        title.setFont(f)
        form.addRow(title)
        self.pages.addWidget(page)
        self.nav.addItem(name)
        self.page_names.append(name)
        return form

    def _row(self, form: QFormLayout, dotted: str, label: str, widget: QWidget, help_text: str = "") -> QWidget:
        widget.setObjectName(dotted)
        widget.setAccessibleName(label)
        if help_text:
            widget.setAccessibleDescription(help_text)
        s = BY_DOTTED[dotted]
        if self.cfg.sources.get(dotted) == "env":
            widget.setEnabled(False)
            help_text = self.tr("Set by the environment variable %1; this window cannot change it.").replace(
                "%1", s.env_name)
        self.editors[dotted] = widget
        form.addRow(label, widget)
        if help_text:
            h = PlainLabel(help_text, self, selectable=False)
            h.setStyleSheet(HELP_STYLE)
            form.addRow("", h)
        return widget

    def _check(self, dotted: str) -> QCheckBox:
        w = QCheckBox(self)
        w.setChecked(bool(self.cfg.get(dotted)))
        return w

    def _combo(self, dotted: str, choices: list[tuple[Any, str]]) -> QComboBox:
        w = QComboBox(self)
        for value, text in choices:
            w.addItem(text, value)
        i = w.findData(self.cfg.get(dotted))
        w.setCurrentIndex(max(i, 0))
        return w

    def _build_general(self) -> None:
        form = self._page(self.tr("General"))
        self._row(form, "ui.language", self.tr("Language"),
                  self._combo("ui.language", [("auto", self.tr("Same as the system")), ("it", "Italiano"),
                                              ("en", "English")]),
                  self.tr("The language of menus and windows. Answers follow the language you write in."))
        self._row(form, "ui.theme", self.tr("Tray icon"),
                  self._combo("ui.theme", [("auto", self.tr("Automatic")), ("light", self.tr("For light panels")),
                                           ("dark", self.tr("For dark panels"))]),
                  self.tr("Pick the variant that stands out on your panel."))
        spin = QDoubleSpinBox(self)
        spin.setRange(0.0, 3600.0)
        spin.setDecimals(1)
        spin.setSuffix(" s")
        spin.setValue(float(self.cfg.get("ui.notify_after_s")))
        self._row(form, "ui.notify_after_s", self.tr("Notify after"), spin,
                  self.tr("When an answer takes longer than this and its window is hidden, a notification tells "
                          "you it is ready."))
        self._row(form, "ui.pause_learning", self.tr("Pause learning"), self._check("ui.pause_learning"),
                  self.tr("While on, the assistant does not learn from your requests to answer them faster."))
        self._row(form, "ui.show_details", self.tr("Technical details"), self._check("ui.show_details"),
                  self.tr("Show how each request was handled: levels, scores, tool names and their arguments."))

    def _build_shortcut(self) -> None:
        form = self._page(self.tr("Shortcut"))
        self._row(form, "hotkey.enabled", self.tr("Global shortcut"), self._check("hotkey.enabled"),
                  self.tr("Opens the quick question box from any program."))
        seq = QKeySequenceEdit(QKeySequence(to_qt_sequence(str(self.cfg.get("hotkey.sequence")))), self)
        seq.setMaximumSequenceLength(1)
        self._row(form, "hotkey.sequence", self.tr("Keys"), seq,
                  self.tr("Click and press the keys. On Wayland, or if it does not work, bind the command "
                          "“metnos --toggle” to a shortcut in your desktop settings."))
        self._row(form, "hotkey.selection_enabled", self.tr("Selected text shortcut"),
                  self._check("hotkey.selection_enabled"),
                  self.tr("Opens the popup on the text selected in any program: translate, summarize, explain, "
                          "correct or rewrite it."))
        sel = QKeySequenceEdit(QKeySequence(to_qt_sequence(str(self.cfg.get("hotkey.selection_sequence")))), self)
        sel.setMaximumSequenceLength(1)
        self._row(form, "hotkey.selection_sequence", self.tr("Keys for the selected text"), sel,
                  self.tr("Click and press the keys. Where the selection cannot be read directly, the text is "
                          "copied with Ctrl+C and the clipboard is put back afterwards."))

    def _build_folders(self) -> None:
        form = self._page(self.tr("Allowed folders"))
        self.folders = FolderList([str(f) for f in self.cfg.get("tools.allowed_roots")], self)
        self._row(form, "tools.allowed_roots", self.tr("Folders"), self.folders,
                  self.tr("The assistant reads files only in these folders, and changes them only after asking "
                          "you."))

    def _build_memory(self) -> None:
        form = self._page(self.tr("Memory"))
        self._row(form, "memory.long_term_enabled", self.tr("Long-term memory"),
                  self._check("memory.long_term_enabled"),
                  self.tr("Remembers what you ask it to remember, encrypted on this computer; the key is kept in "
                          "the system keyring."))
        self._row(form, "memory.passphrase_mode", self.tr("Ask for a passphrase"),
                  self._check("memory.passphrase_mode"),
                  self.tr("Use a passphrase you type instead of the system keyring."))
        fresh = QSpinBox(self)
        fresh.setRange(0, 7 * 24 * 60)
        fresh.setSuffix(self.tr(" min"))
        fresh.setSpecialValueText(self.tr("Never"))
        fresh.setValue(int(self.cfg.get("history.new_after_minutes")))
        fresh.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)  # a number, not a line of text
        self._row(form, "history.new_after_minutes", self.tr("New conversation after"), fresh,
                  self.tr("The quick popup starts a new conversation when you have asked nothing for this long; "
                          "“Never” always continues the last one."))
        self.forget_btn = QPushButton(self.tr("Forget the conversation history…"), self)
        self.forget_btn.setObjectName("forgetHistory")
        self.forget_btn.setEnabled(self.forget_history is not None)
        self.forget_btn.clicked.connect(self._forget)
        self.forget_btn.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        form.addRow(self.tr("History"), self.forget_btn)
        self.forget_note = PlainLabel(self.tr("Removes past questions and answers shown in the chat window.")
                                      if self.forget_history is not None else
                                      self.tr("Not available in this version."), self, selectable=False)
        self.forget_note.setStyleSheet(HELP_STYLE)
        form.addRow("", self.forget_note)

    def _build_reminders(self) -> None:
        form = self._page(self.tr("Reminders"))
        self._row(form, "reminders.sound", self.tr("Sound"), self._check("reminders.sound"),
                  self.tr("Play a short sound when a reminder rings."))
        lead = self._combo("reminders.appointment_lead_minutes", [
            (0, self.tr("Do not offer")), (10, self.tr("10 minutes before")), (15, self.tr("15 minutes before")),
            (30, self.tr("30 minutes before")), (60, self.tr("An hour before")), (120, self.tr("Two hours before")),
            (1440, self.tr("A day before"))])
        current = int(self.cfg.get("reminders.appointment_lead_minutes"))
        if lead.findData(current) < 0:  # a value written in runtime.toml by hand stays what it is
            lead.addItem(self.tr("%1 minutes before").replace("%1", str(current)), current)
            lead.setCurrentIndex(lead.count() - 1)
        self._row(form, "reminders.appointment_lead_minutes", self.tr("Appointments"), lead,
                  self.tr("When you ask me to remember an appointment with its day and time (“the dentist is on "
                          "Thursday at 3pm”), I offer a reminder this long before it."))

    def _forget(self) -> None:
        from PySide6.QtWidgets import QMessageBox

        if self.forget_history is None:
            return
        if QMessageBox.question(self, self.tr("Forget the conversation history"),
                                self.tr("Forget every past question and answer? This cannot be undone.")) \
                != QMessageBox.StandardButton.Yes:
            return
        try:
            self.forget_history()
        except Exception as e:  # say what happened; nothing else is touched
            self.forget_note.set_plain(self.tr("The history could not be forgotten: %1").replace("%1", str(e)))
            return
        self.forget_note.set_plain(self.tr("The history is forgotten."))

    def _build_advanced(self) -> None:
        form = self._page(self.tr("Advanced"))
        self._row(form, "fast_path.l0_enabled", self.tr("Instant answers"), self._check("fast_path.l0_enabled"),
                  self.tr("Common questions (the time, the date…) are answered at once, without a model."))
        self._row(form, "fast_path.canonical_query_enabled", self.tr("Recognise repeated requests"),
                  self._check("fast_path.canonical_query_enabled"),
                  self.tr("A request like one you made several times before is answered the same way, faster."))
        self._row(form, "multi_tool_fast_path.enabled", self.tr("Repeat known sequences"),
                  self._check("multi_tool_fast_path.enabled"),
                  self.tr("A request that needed several steps before is repeated step by step, without a model."))
        edit = QPushButton(self.tr("Edit runtime.toml…"), self)
        edit.setObjectName("editFile")
        edit.clicked.connect(self.edit_file)
        edit.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        form.addRow(self.tr("Everything else"), edit)
        note = PlainLabel(self.tr("All other settings are in %1. Changes apply as soon as the file is saved.")
                          .replace("%1", str(self.manager.path)), self)
        note.setStyleSheet(HELP_STYLE)
        form.addRow("", note)

    # -- the file -------------------------------------------------------------------------------------
    def edit_file(self) -> None:
        self.opener.open(self.manager.path)

    def _no_editor(self, path: str) -> None:
        self.fallback = FileFallback(Path(path), self)
        self.fallback.show()

    # -- values ---------------------------------------------------------------------------------------
    def values(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for dotted, w in self.editors.items():
            if not w.isEnabled():
                continue
            if isinstance(w, QComboBox):
                v: Any = w.currentData()
            elif isinstance(w, QCheckBox):
                v = w.isChecked()
            elif isinstance(w, (QSpinBox, QDoubleSpinBox)):
                v = w.value()
            elif isinstance(w, FolderList):
                v = w.folders()
            elif isinstance(w, QKeySequenceEdit):
                v = to_pynput(w.keySequence().toString(QKeySequence.SequenceFormat.PortableText))
                if not v:
                    continue
            else:
                v = w.text()  # type: ignore[attr-defined]
            out[dotted] = v
        out.update(self.model.values())
        return out

    def changed_values(self) -> dict[str, Any]:
        cfg = self.manager.config
        return {k: v for k, v in self.values().items() if cfg.get(k) != v}

    def save(self) -> bool:
        changed = self.changed_values()
        if self.model.missing_file():
            self._show_error(self.tr("Choose a model file, or pick another model."))
            return False
        if changed:
            try:
                set_values(self.manager.path, changed)
            except SettingsWriteError as e:
                self._show_error(str(e))
                return False
            change = self.manager.reload()
            if change.errors:
                from .config_feedback import explain

                self._show_error("\n".join(explain(p) for p in change.errors))
                return False
        self.saved.emit(changed)
        self.accept()
        return True

    def _show_error(self, text: str) -> None:
        self.error.set_plain(text)
        self.error.setVisible(True)
