"""The Memory window: list, search, add, edit and delete long-term facts.

The memory opens in the background (keyring, key derivation); while it
cannot open — module missing, no keyring, wrong key, turned off — the window
says exactly why and what to do, and shows no buttons that would do nothing.
Edits are the user's own writes (source "user"); an edit supersedes the old
fact, so its history is kept the same way the remember tool keeps it.
Columns keep their widths whatever is shown (all facts, a filter, a search by
meaning); categories, sources and dates are in the UI language, and the
status line is rebuilt from its state whenever the language changes.
"""
from __future__ import annotations

import logging
from typing import Any, Callable

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QCloseEvent, QFontMetrics
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
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.turn.describe import category_name, day_words, source_name

from .background import GuiAsk, Task
from .i18n import current_language
from .prefs import prefs
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


def _date_words(iso: str, lang: str) -> str:
    import datetime as dt

    try:
        return day_words(dt.date.fromisoformat(iso[:10]), lang)
    except ValueError:
        return iso


class MemoryWindow(QWidget):
    def __init__(self, config_fn: Callable[[], Any], embedder: Any = None, parent: QWidget | None = None,
                 reminders: Any = None):
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
        self.tabs: QTabWidget | None = None
        self.reminders_page: Any = None
        if reminders is not None:  # a RemindersLink: the reminders page is a second tab (app/ui/reminders_page.py)
            from .reminders_page import RemindersPage

            self.tabs = QTabWidget(self)
            self.tabs.setObjectName("memoryTabs")
            self.tabs.addTab(self.stack, "")
            self.reminders_page = RemindersPage(reminders, self.tabs)
            self.tabs.addTab(self.reminders_page, "")
            lay.addWidget(self.tabs)
        else:
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
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        header = self.table.horizontalHeader()
        header.setStretchLastSection(True)
        for c in range(len(COLUMNS) - 1):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self._fixed_widths()
        self.table.setColumnHidden(0, not prefs().details)
        prefs().changed.connect(lambda: self.table.setColumnHidden(0, not prefs().details))
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
        self.status.setObjectName("memoryStatus")
        row.addWidget(self.status)
        self._status: tuple[str, Any] = ("", None)  # what the status says, re-rendered on a language change
        self._message: tuple[str, Any] = ("opening", None)
        fl.addLayout(row)
        self.stack.addWidget(self.facts_page)
        self.retranslate()
        self._say("opening", retry=False)

    def _fixed_widths(self) -> None:
        """Column widths from the font, not from the rows: the same layout in every mode."""
        fm = QFontMetrics(self.table.font())
        for c, sample in enumerate(("00000", "30 settembre 2026", "appuntamenti__", "dal file nome-lungo")):
            self.table.setColumnWidth(c, fm.horizontalAdvance(sample) + 24)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Metnos Desk — memory"))
        if self.tabs is not None:
            from .reminder_link import say_ui

            self.tabs.setTabText(0, say_ui("desk.reminders.tab_facts"))
            self.tabs.setTabText(1, say_ui("desk.reminders.tab"))
        self.retry_btn.setText(self.tr("Try again"))
        self.search.setPlaceholderText(self.tr("Filter; Enter searches by meaning"))
        self.table.setHorizontalHeaderLabels([self.tr("Id"), self.tr("Date"), self.tr("Category"), self.tr("Source"),
                                              self.tr("Fact")])
        self.add_btn.setText(self.tr("Add…"))
        self.edit_btn.setText(self.tr("Edit…"))
        self.delete_btn.setText(self.tr("Delete"))
        self.refresh_btn.setText(self.tr("Refresh"))
        self.refresh_btn.setToolTip(self.tr("Read the facts again; the filter in the box stays applied"))
        if self.facts or self.memory is not None:
            self._fill(self.facts)
        self._render_status()
        self._render_message()

    def changeEvent(self, e: QEvent) -> None:  # noqa: N802
        if e.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(e)

    def closeEvent(self, e: QCloseEvent) -> None:  # noqa: N802
        e.ignore()
        self.hide()

    def show_reminders(self) -> None:
        """The reminders tab, its list read again (the card's Apri)."""
        if self.tabs is not None and self.reminders_page is not None:
            self.tabs.setCurrentWidget(self.reminders_page)
            self.reminders_page.load()

    # -- opening ------------------------------------------------------------------------------
    def _say(self, kind: str, detail: Any = None, retry: bool = True) -> None:
        self._message = (kind, detail)
        self._render_message()
        self.retry_btn.setVisible(retry)
        self.stack.setCurrentWidget(self.message_page)

    def _render_message(self) -> None:
        kind, detail = getattr(self, "_message", ("opening", None))
        if kind == "opening":
            self.message.set_plain(self.tr("Opening the memory…"))
        else:
            self.message.set_plain(self.tr("Long-term memory is not available:") + "\n\n" + display_text(detail))

    def load(self) -> None:
        """Open the memory in the background, then list the facts."""
        if self.memory is not None:
            self.refresh()
            return
        self._say("opening", retry=False)
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
        self._say("unavailable", e)

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
        self._fill(facts)
        self._filter(self.search.text())

    def _fill(self, facts: list[Any]) -> None:
        self.facts = list(facts)
        lang = current_language()
        self.table.setRowCount(len(self.facts))
        for r, f in enumerate(self.facts):
            for c, v in enumerate((str(f.id), _date_words(f.date, lang), category_name(f.category, lang),
                                   source_name(f.source, lang), f.text)):
                item = QTableWidgetItem(display_text(v))
                item.setData(Qt.ItemDataRole.UserRole, f.id)
                item.setToolTip(display_text(v))
                self.table.setItem(r, c, item)

    def _filter(self, text: str) -> None:
        needle = text.strip().lower()
        lang = current_language()
        shown = 0
        for r, f in enumerate(self.facts):
            hay = f"{f.text} {f.category} {f.source} {category_name(f.category, lang)}".lower()
            hide = bool(needle) and needle not in hay
            self.table.setRowHidden(r, hide)
            shown += not hide
        if needle:
            self._status = ("filtered", (shown, len(self.facts), text.strip()))
        else:
            self._status = ("count", len(self.facts))
        self._render_status()

    def _render_status(self) -> None:
        kind, data = self._status
        if kind == "count":
            text = self.tr("%n fact(s)", "", data)
        elif kind == "filtered":
            shown, total, query = data
            text = self.tr("Filter “%2”: %1 of %n shown — clear the box to see all", "", total).replace(
                "%1", str(shown)).replace("%2", query)
        elif kind == "ranked":
            text = self.tr("Closest by meaning to “%1” first — clear the box to see them all").replace("%1", data)
        else:
            text = ""
        self.status.set_plain(text)

    def _recall(self) -> None:
        q = self.search.text().strip()
        if not q or self.memory is None:
            return
        self._run(lambda: self.memory.recall(q, 20), lambda facts: self._show_ranked(facts, q))

    def _show_ranked(self, facts: list[Any], query: str = "") -> None:
        self._fill(facts)
        for r in range(self.table.rowCount()):
            self.table.setRowHidden(r, False)
        self._status = ("ranked", query or self.search.text().strip())
        self._render_status()

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
