"""The selection's part of the popup: the text shown (its first lines, then "… N righe"), a row of actions (keys
1–5 pick one while the question box is empty), and under the answer Copia / Sostituisci.

The action names come from the engine's table (app/selection/actions.py) in the UI's language, so the popup,
the CLI and the prompts never disagree on what an action is called. With nothing selected the panel says so and
offers the clipboard's text. Every text shown is escaped (PlainLabel): a selection may hold HTML or control bytes.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QMenu, QPushButton, QToolButton, QVBoxLayout, QWidget

from app.selection import ACTIONS, BY_KEY, STYLE_LABELS, label

from .i18n import current_language
from .widgets import PlainLabel

PREVIEW_LINES = 3
LINE_CHARS = 110
HINT_STYLE = "color: palette(placeholder-text);"


def preview(text: str, lines: int = PREVIEW_LINES, chars: int = LINE_CHARS) -> tuple[str, int]:
    """The first non-empty lines of `text` (each cut to `chars`) and how many lines it has in all."""
    all_lines = [ln.rstrip() for ln in text.strip("\n").splitlines()]
    shown = [ln if len(ln) <= chars else ln[:chars - 1].rstrip() + "…" for ln in all_lines if ln.strip()][:lines]
    return "\n".join(shown), len(all_lines)


class SelectionPanel(QWidget):
    """Above the question box. `actionChosen(action, style)`; `clipboardChosen()` for "use the clipboard"."""

    actionChosen = Signal(str, str)  # action id, style ("" when none)
    clipboardChosen = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("selectionPanel")
        self.text = ""
        self.lines = 0
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 4)
        lay.setSpacing(4)
        self.title = PlainLabel("", self, selectable=False)
        self.title.setObjectName("selectionTitle")
        self.title.setStyleSheet(HINT_STYLE)
        lay.addWidget(self.title)
        self.shown = PlainLabel("", self)
        self.shown.setObjectName("selectionText")
        self.shown.setStyleSheet("QLabel { background: palette(base); border: 1px solid palette(midlight); "
                                 "border-radius: 4px; padding: 4px; }")
        self.shown.setWordWrap(True)
        lay.addWidget(self.shown)
        self.more = PlainLabel("", self, selectable=False)
        self.more.setObjectName("selectionMore")
        self.more.setStyleSheet(HINT_STYLE)
        lay.addWidget(self.more)
        self.use_clipboard = QPushButton(self)
        self.use_clipboard.setObjectName("selectionUseClipboard")
        self.use_clipboard.clicked.connect(self.clipboardChosen)
        lay.addWidget(self.use_clipboard, 0, Qt.AlignmentFlag.AlignLeft)
        row = QHBoxLayout()
        row.setSpacing(4)
        self.buttons: dict[str, QPushButton | QToolButton] = {}
        for a in ACTIONS:
            if not a.key:
                continue
            b: QPushButton | QToolButton
            if a.id == "rewrite":
                tb = QToolButton(self)
                tb.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
                tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
                self.styles = QMenu(tb)
                self.styles.setObjectName("selectionStyles")
                self.style_actions = {}
                for style in STYLE_LABELS:
                    act = self.styles.addAction("")
                    act.setObjectName(f"style_{style}")
                    act.triggered.connect(lambda _c=False, s=style: self.actionChosen.emit("rewrite", s))
                    self.style_actions[style] = act
                tb.setMenu(self.styles)
                b = tb
            else:
                b = QPushButton(self)
                b.clicked.connect(lambda _c=False, x=a.id: self.actionChosen.emit(x, ""))
            b.setObjectName(f"action_{a.id}")
            row.addWidget(b)
            self.buttons[a.id] = b
        row.addStretch(1)
        lay.addLayout(row)
        self.row_widgets = list(self.buttons.values())
        self.retranslate()
        self.setVisible(False)

    def retranslate(self) -> None:
        lang = current_language()
        for a in ACTIONS:
            if a.id in self.buttons:
                b = self.buttons[a.id]
                b.setText(f"{a.key}  {label(a.id, lang)}" + (" ▾" if a.id == "rewrite" else ""))
                b.setToolTip(self.tr("Key %1").replace("%1", str(a.key)))
        for style, act in getattr(self, "style_actions", {}).items():
            act.setText(STYLE_LABELS[style][lang if lang in ("it", "en") else "en"])
        self.title.set_plain(self.tr("Selected text") if self.text else self.tr("No text is selected."))
        self._more_text()

    def changeEvent(self, e: QEvent) -> None:  # noqa: N802
        if e.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(e)

    # -- states -------------------------------------------------------------------------------------
    def show_text(self, text: str) -> None:
        """The selected text, its first lines shown, and the actions."""
        self.text = text
        shown, self.lines = preview(text)
        self.shown.set_plain(shown)
        self.shown.setVisible(True)
        self.use_clipboard.setVisible(False)
        for b in self.row_widgets:
            b.setVisible(True)
        self.retranslate()
        self.setVisible(True)

    def show_nothing(self, clipboard: str, hotkey: str) -> None:
        """Nothing selected: say so; offer the clipboard's text when it has some."""
        self.text = ""
        self.lines = 0
        self.shown.setVisible(False)
        for b in self.row_widgets:
            b.setVisible(False)
        has = bool(clipboard.strip())
        n = len(clipboard.strip("\n").splitlines()) if has else 0
        self.use_clipboard.setText(self.tr("Use the text in the clipboard (1 line)") if n == 1 else
                                   self.tr("Use the text in the clipboard (%1 lines)").replace("%1", str(n)))
        self.use_clipboard.setVisible(has)
        self.retranslate()
        self.more.set_plain("" if has else self.tr("Select a text in any program and press %1 again.")
                            .replace("%1", hotkey))
        self.more.setVisible(not has)
        self.setVisible(True)

    def _more_text(self) -> None:
        if not self.text:
            return
        shown_lines = len([ln for ln in self.text.strip("\n").splitlines() if ln.strip()][:PREVIEW_LINES])
        more = self.lines > shown_lines or any(len(ln) > LINE_CHARS for ln in self.text.splitlines()[:PREVIEW_LINES])
        lines = self.tr("… 1 line") if self.lines == 1 else self.tr("… %1 lines").replace("%1", str(self.lines))
        self.more.set_plain(lines if more else "")
        self.more.setVisible(more)

    # -- keys 1–5 -------------------------------------------------------------------------------------
    def key_action(self, e: QKeyEvent) -> str | None:
        """The action a key press picks (1–5), or None."""
        if not self.isVisible() or not self.text or e.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return None
        digit = e.key() - Qt.Key.Key_0
        row = BY_KEY.get(digit)
        return row.id if row is not None else None


class DigitKeys(QObject):
    """An event filter on the question box: 1–5 pick an action while the box is empty (typing goes on as usual
    once it holds text: "cosa vuol dire la riga 2?")."""

    def __init__(self, panel: SelectionPanel, box: QLineEdit):
        super().__init__(box)
        self.panel = panel
        self.box = box

    def eventFilter(self, watched: QObject, e: QEvent) -> bool:  # noqa: N802
        if e.type() == QEvent.Type.KeyPress and isinstance(e, QKeyEvent) and not self.box.text():
            action = self.panel.key_action(e)
            if action is not None:
                if action == "rewrite":  # the styles' menu, opened without a modal loop (showMenu would block)
                    b = self.panel.buttons["rewrite"]
                    self.panel.styles.popup(b.mapToGlobal(b.rect().bottomLeft()))
                else:
                    self.panel.actionChosen.emit(action, "")
                return True
        return False


class AnswerRow(QWidget):
    """Under the answer: Copia, Sostituisci, and what happened ("copiato: incollalo con Ctrl+V")."""

    copyChosen = Signal()
    replaceChosen = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("selectionAnswerRow")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.copy_btn = QPushButton(self)
        self.copy_btn.setObjectName("selectionCopy")
        self.copy_btn.clicked.connect(self.copyChosen)
        self.replace_btn = QPushButton(self)
        self.replace_btn.setObjectName("selectionReplace")
        self.replace_btn.clicked.connect(self.replaceChosen)
        self.status = PlainLabel("", self, selectable=False)
        self.status.setObjectName("selectionStatus")
        self.status.setStyleSheet(HINT_STYLE)
        row.addWidget(self.copy_btn)
        row.addWidget(self.replace_btn)
        row.addWidget(self.status, 1)
        self.retranslate()
        self.setVisible(False)

    def retranslate(self) -> None:
        self.copy_btn.setText(self.tr("Copy"))
        self.copy_btn.setToolTip(self.tr("Put the answer on the clipboard"))
        self.replace_btn.setText(self.tr("Replace"))
        self.replace_btn.setToolTip(self.tr("Put the answer in place of the selected text"))

    def changeEvent(self, e: QEvent) -> None:  # noqa: N802
        if e.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(e)

    def ready(self, on: bool) -> None:
        self.copy_btn.setEnabled(on)
        self.replace_btn.setEnabled(on)

    def say(self, text: str) -> None:
        self.status.set_plain(text)


__all__ = ["AnswerRow", "DigitKeys", "SelectionPanel", "preview"]
