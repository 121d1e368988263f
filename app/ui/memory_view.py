"""The Memory window: list, search, add, edit and delete long-term facts.

The memory opens in the background (keyring, key derivation); while it
cannot open — module missing, no keyring, wrong key, turned off — the window
says exactly why and what to do, and shows no buttons that would do nothing.
Edits are the user's own writes (source "user"); an edit supersedes the old
fact, so its history is kept the same way the remember tool keeps it.
"""
from __future__ import annotations

import logging
from typing import Any, Callable

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .background import GuiAsk, Task
from .widgets import PlainLabel, display_text

log = logging.getLogger(__name__)

COLUMNS = ("id", "date", "category", "source", "fact")


def open_memory(config: Any, ask: Callable[[str, bool], str] | None, embedder: Any = None) -> Any:
    """The LongTermMemory, or raise with the reason it cannot open (runs off the GUI thread)."""
    try:
        from app.memory.longterm import LongTermMemory
    except ImportError as e:
        raise RuntimeError("long-term memory is not part of this build yet "
                           f"({e.name or e}); the assistant works without it") from None
    result = LongTermMemory.open_or_reason(config, ask=ask, embedder=embedder)
    if isinstance(result, Exception):
        raise result
    return result


class MemoryWindow(QWidget):
    def __init__(self, config_fn: Callable[[], Any], embedder: Any = None, parent: QWidget | None = None):
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("memoryWindow")
        self.resize(760, 480)
        self.config_fn = config_fn
        self.embedder = embedder
        self.memory: Any = None
        self.facts: list[Any] = []
        self._task: Task | None = None
        self.ask = GuiAsk(self)

        lay = QVBoxLayout(self)
        self.stack = QStackedWidget(self)
        lay.addWidget(self.stack)
        # page 0: why memory is not available
        self.message_page = QWidget()
        ml = QVBoxLayout(self.message_page)
        self.message = PlainLabel("", self.message_page)
        self.message.setObjectName("memoryMessage")
        ml.addWidget(self.message)
        self.retry_btn = QPushButton(self.message_page)
        self.retry_btn.setObjectName("memoryRetry")
        self.retry_btn.clicked.connect(self.load)
        ml.addWidget(self.retry_btn, 0, Qt.AlignmentFlag.AlignLeft)
        ml.addStretch(1)
        self.stack.addWidget(self.message_page)
        # page 1: the facts
        self.facts_page = QWidget()
        fl = QVBoxLayout(self.facts_page)
        self.search = QLineEdit(self.facts_page)
        self.search.setObjectName("memorySearch")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        self.search.returnPressed.connect(self._recall)
        fl.addWidget(self.search)
        self.table = QTableWidget(0, len(COLUMNS), self.facts_page)
        self.table.setObjectName("memoryTable")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.table.doubleClicked.connect(lambda *_: self.edit_selected())
        fl.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.add_btn = QPushButton(self.facts_page)
        self.edit_btn = QPushButton(self.facts_page)
        self.delete_btn = QPushButton(self.facts_page)
        self.refresh_btn = QPushButton(self.facts_page)
        for name, b, fn in (("memoryAdd", self.add_btn, self.add_fact),
                            ("memoryEdit", self.edit_btn, self.edit_selected),
                            ("memoryDelete", self.delete_btn, self.delete_selected),
                            ("memoryRefresh", self.refresh_btn, self.refresh)):
            b.setObjectName(name)
            b.clicked.connect(fn)
            row.addWidget(b)
        row.addStretch(1)
        self.status = PlainLabel("", self.facts_page)
        row.addWidget(self.status)
        fl.addLayout(row)
        self.stack.addWidget(self.facts_page)
        self.retranslate()
        self._say(self.tr("Opening the memory…"), retry=False)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Metnos Desk — memory"))
        self.retry_btn.setText(self.tr("Try again"))
        self.search.setPlaceholderText(self.tr("Filter; Enter searches by meaning"))
        self.table.setHorizontalHeaderLabels([self.tr("Id"), self.tr("Date"), self.tr("Category"), self.tr("Source"),
                                              self.tr("Fact")])
        self.add_btn.setText(self.tr("Add…"))
        self.edit_btn.setText(self.tr("Edit…"))
        self.delete_btn.setText(self.tr("Delete"))
        self.refresh_btn.setText(self.tr("Refresh"))

    def changeEvent(self, e: QEvent) -> None:  # noqa: N802
        if e.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(e)

    def closeEvent(self, e: QCloseEvent) -> None:  # noqa: N802
        e.ignore()
        self.hide()

    # -- opening ------------------------------------------------------------------------------
    def _say(self, text: str, retry: bool = True) -> None:
        self.message.set_plain(text)
        self.retry_btn.setVisible(retry)
        self.stack.setCurrentWidget(self.message_page)

    def load(self) -> None:
        """Open the memory in the background, then list the facts."""
        if self.memory is not None:
            self.refresh()
            return
        self._say(self.tr("Opening the memory…"), retry=False)
        cfg = self.config_fn()
        self._run(lambda: self._open_and_list(cfg), self._opened, self._unavailable)

    def _open_and_list(self, cfg: Any) -> tuple[Any, list[Any]]:
        mem = open_memory(cfg, self.ask, self.embedder)
        return mem, mem.all_facts()

    def _opened(self, result: tuple[Any, list[Any]]) -> None:
        self.memory, facts = result
        self._show_facts(facts)
        self.stack.setCurrentWidget(self.facts_page)

    def _unavailable(self, e: Exception) -> None:
        self._say(self.tr("Long-term memory is not available:") + "\n\n" + display_text(e))

    def _run(self, fn: Callable[[], Any], ok: Callable[[Any], None],
             bad: Callable[[Exception], None] | None = None) -> None:
        task = Task(fn, self)
        task.done.connect(ok)
        task.failed.connect(bad or self._failed)
        task.done.connect(task.deleteLater)
        task.failed.connect(task.deleteLater)
        self._task = task
        task.start()

    def _failed(self, e: Exception) -> None:
        QMessageBox.warning(self, self.tr("Memory"), display_text(e))
        self.refresh()

    # -- listing --------------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.memory is None:
            self.load()
            return
        self._run(self.memory.all_facts, self._show_facts)

    def _show_facts(self, facts: list[Any]) -> None:
        self.facts = list(facts)
        self.table.setRowCount(len(self.facts))
        for r, f in enumerate(self.facts):
            for c, v in enumerate((str(f.id), f.date, f.category, f.source, f.text)):
                item = QTableWidgetItem(display_text(v))
                item.setData(Qt.ItemDataRole.UserRole, f.id)
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()
        self.status.set_plain(self.tr("%n fact(s)", "", len(self.facts)))
        self._filter(self.search.text())

    def _filter(self, text: str) -> None:
        needle = text.strip().lower()
        for r, f in enumerate(self.facts):
            hay = f"{f.text} {f.category} {f.source}".lower()
            self.table.setRowHidden(r, bool(needle) and needle not in hay)

    def _recall(self) -> None:
        q = self.search.text().strip()
        if not q or self.memory is None:
            return
        self._run(lambda: self.memory.recall(q, 20), self._show_ranked)

    def _show_ranked(self, facts: list[Any]) -> None:
        self.search.blockSignals(True)
        self._show_facts(facts)
        self.search.blockSignals(False)
        for r in range(self.table.rowCount()):
            self.table.setRowHidden(r, False)
        self.status.set_plain(self.tr("Closest by meaning first"))

    def selected_ids(self) -> list[int]:
        rows = sorted({i.row() for i in self.table.selectedIndexes()})
        return [self.facts[r].id for r in rows if r < len(self.facts)]

    # -- editing -----------------------------------------------------------------------------------
    def add_fact(self) -> None:
        if self.memory is None:
            return
        text, ok = QInputDialog.getText(self, self.tr("Add a fact"), self.tr("Fact to remember:"))
        if ok and text.strip():
            self._run(lambda: self.memory.remember(text.strip(), "general", "user"), lambda _r: self.refresh())

    def edit_selected(self) -> None:
        ids = self.selected_ids()
        if self.memory is None or len(ids) != 1:
            return
        fact = next(f for f in self.facts if f.id == ids[0])
        text, ok = QInputDialog.getText(self, self.tr("Edit the fact"), self.tr("Fact:"), QLineEdit.EchoMode.Normal,
                                        fact.text)
        if ok and text.strip() and text.strip() != fact.text:
            self._run(lambda: self.memory.remember(text.strip(), fact.category, "user", supersede=fact.id),
                      lambda _r: self.refresh())

    def delete_selected(self, confirm: bool = True) -> None:
        ids = self.selected_ids()
        if self.memory is None or not ids:
            return
        if confirm and QMessageBox.question(
                self, self.tr("Delete"), self.tr("Delete %n fact(s)? This cannot be undone.", "", len(ids))) \
                != QMessageBox.StandardButton.Yes:
            return
        self._run(lambda: [self.memory.forget(i) for i in ids], lambda _r: self.refresh())
