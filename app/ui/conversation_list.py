"""The chat window's side list of conversations: new, search by words, pick one, rename, delete.

Only the widgets: what a click means (load a conversation's turns, write a name, forget one) is decided by
`Conversations` (conversations.py), which fills this list. Renaming and deleting happen in place, in the list
itself (a name box; a "Delete …? [Delete] [Keep]" bar), never in a modal dialog: the keyboard stays here and
nothing is deleted by a stray key (Enter in the name box saves the name, nothing else).
"""
from __future__ import annotations

import datetime as dt
from typing import Any

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics, QKeyEvent, QPainter, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from app.turn.describe import day_words, when_words

from .i18n import current_language
from .widgets import display_text

SEARCH_PAUSE_MS = 200  # the list is searched once typing pauses this long
TITLE_SHOWN = 60  # characters of a name quoted in the delete question (the row elides at its width)
ID_ROLE = Qt.ItemDataRole.UserRole
PAD = 6  # pixels around a row's two lines


def when_listed(ts: float, lang: str, now: dt.datetime | None = None) -> str:
    """'oggi alle 10:32', 'ieri alle 9:05', '2 dicembre' (the time only for the last two days)."""
    at = dt.datetime.fromtimestamp(ts)
    now = now or dt.datetime.now()
    if at.date() >= now.date() - dt.timedelta(days=1):
        return when_words(at, lang, now)
    return day_words(at.date(), lang)


class _Row(QStyledItemDelegate):
    """A row: the name on one line (elided at the list's width), the date below it, smaller and dimmer. The item's
    text is both lines ("name\ndate"), which screen readers read as they are."""

    @staticmethod
    def _small(font: QFont) -> QFont:
        small = QFont(font)
        small.setPointSizeF(max(6.0, font.pointSizeF() * 0.85))
        return small

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        title, _, when = str(index.data() or "").partition("\n")
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)  # background, selection
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        pal: QPalette = opt.palette
        r = opt.rect.adjusted(PAD, PAD, -PAD, -PAD)
        fm = QFontMetrics(opt.font)
        small = self._small(opt.font)
        painter.save()
        painter.setPen(pal.color(QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text))
        painter.drawText(r.x(), r.y() + fm.ascent(), fm.elidedText(title, Qt.TextElideMode.ElideRight, r.width()))
        painter.setFont(small)
        dim = pal.color(QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.PlaceholderText)
        painter.setPen(dim)
        painter.drawText(r.x(), r.y() + fm.height() + 2 + QFontMetrics(small).ascent(), when)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem,  # noqa: N802
                 index: QModelIndex | QPersistentModelIndex) -> QSize:
        font = option.font
        return QSize(100, 2 * PAD + QFontMetrics(font).height() + 2 + QFontMetrics(self._small(font)).height())


class ConversationList(QWidget):
    newRequested = Signal()
    chosen = Signal(str)  # a conversation's id
    renamed = Signal(str, str)  # id, the new name
    deleteConfirmed = Signal(str)  # id
    searched = Signal(str)  # the search box's words, once typing pauses

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("conversationList")
        self.setMinimumWidth(200)
        self.setMaximumWidth(280)  # chat.SIDEBAR_MAX: a narrow chat window lifts it to show the list alone
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        self.new_btn = QPushButton(self)
        self.new_btn.setObjectName("newConversation")
        self.new_btn.clicked.connect(self.newRequested)
        box.addWidget(self.new_btn)
        self.search = QLineEdit(self)
        self.search.setObjectName("searchConversations")
        self.search.setClearButtonEnabled(True)
        self._pause = QTimer(self)
        self._pause.setSingleShot(True)
        self._pause.setInterval(SEARCH_PAUSE_MS)
        self._pause.timeout.connect(lambda: self.searched.emit(self.search.text()))
        self.search.textChanged.connect(lambda _t: self._pause.start())
        box.addWidget(self.search)
        self.items = QListWidget(self)
        self.items.setObjectName("conversations")
        self.items.setItemDelegate(_Row(self.items))
        self.items.setUniformItemSizes(True)
        self.items.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.items.itemClicked.connect(self._picked)
        self.items.itemActivated.connect(self._picked)
        self.items.currentItemChanged.connect(lambda *_: self._selection_changed())
        box.addWidget(self.items, 1)
        self.empty = QLabel(self)
        self.empty.setWordWrap(True)
        self.empty.setStyleSheet("color: palette(mid);")
        box.addWidget(self.empty)
        self.name_box = QLineEdit(self)
        self.name_box.setObjectName("conversationName")
        self.name_box.returnPressed.connect(self._save_name)
        self.name_box.installEventFilter(self)
        self.name_box.setVisible(False)
        box.addWidget(self.name_box)
        self.confirm = QWidget(self)
        confirm_box = QVBoxLayout(self.confirm)
        confirm_box.setContentsMargins(0, 0, 0, 0)
        self.confirm_text = QLabel(self.confirm)
        self.confirm_text.setWordWrap(True)
        self.confirm_text.setTextFormat(Qt.TextFormat.PlainText)
        confirm_box.addWidget(self.confirm_text)
        crow = QHBoxLayout()
        self.confirm_delete = QPushButton(self.confirm)
        self.confirm_delete.setObjectName("confirmDelete")
        self.confirm_delete.clicked.connect(self._delete_confirmed)
        self.confirm_keep = QPushButton(self.confirm)
        self.confirm_keep.clicked.connect(self._hide_confirm)
        crow.addWidget(self.confirm_delete)
        crow.addWidget(self.confirm_keep)
        confirm_box.addLayout(crow)
        self.confirm.setVisible(False)
        box.addWidget(self.confirm)
        self.action_row = QWidget(self)
        row = QHBoxLayout(self.action_row)
        row.setContentsMargins(0, 0, 0, 0)
        self.rename_btn = QPushButton(self)
        self.rename_btn.setObjectName("renameConversation")
        self.rename_btn.clicked.connect(self.start_rename)
        self.delete_btn = QPushButton(self)
        self.delete_btn.setObjectName("deleteConversation")
        self.delete_btn.clicked.connect(self.ask_delete)
        row.addWidget(self.rename_btn)
        row.addWidget(self.delete_btn)
        box.addWidget(self.action_row)
        self._pending_delete: str | None = None
        self._renaming: str | None = None
        self._rows: list[dict[str, Any]] = []
        self.retranslate()
        self._selection_changed()

    def retranslate(self) -> None:
        self.new_btn.setText(self.tr("New conversation"))
        self.new_btn.setToolTip(self.tr("Start a new conversation (Ctrl+N)"))
        self.search.setPlaceholderText(self.tr("Search conversations"))
        self.search.setAccessibleName(self.tr("Search conversations"))
        self.items.setAccessibleName(self.tr("Conversations"))
        self.name_box.setPlaceholderText(self.tr("Name, then Enter"))
        self.name_box.setAccessibleName(self.tr("Conversation name"))
        self.rename_btn.setText(self.tr("Rename"))
        self.delete_btn.setText(self.tr("Delete…"))
        self.confirm_delete.setText(self.tr("Delete"))
        self.confirm_keep.setText(self.tr("Keep"))
        self.fill(self._rows, self.current_id())

    def changeEvent(self, e: QEvent) -> None:  # noqa: N802
        if e.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(e)

    # -- filling -----------------------------------------------------------------------------------------
    def fill(self, rows: list[dict[str, Any]], current: str | None) -> None:
        """Show `rows` (most recently used first), `current` selected; no signal is sent for it."""
        self._rows = list(rows)
        lang = current_language()
        self.items.blockSignals(True)
        try:
            self.items.clear()
            for r in rows:
                title = display_text(" ".join(str(r.get("title") or "").split()))
                item = QListWidgetItem(f"{title}\n{when_listed(float(r['last_at']), lang)}")
                item.setData(ID_ROLE, r["id"])
                item.setToolTip(title)
                self.items.addItem(item)
                if r["id"] == current:
                    self.items.setCurrentItem(item)
        finally:
            self.items.blockSignals(False)
        searching = bool(self.search.text().strip())
        self.empty.setText(self.tr("No conversation has these words.") if searching
                           else self.tr("Your conversations will be listed here."))
        self.empty.setVisible(not rows)
        self._selection_changed()

    def current_id(self) -> str | None:
        item = self.items.currentItem()
        return str(item.data(ID_ROLE)) if item is not None else None

    def titles(self) -> list[str]:
        return [str(r.get("title") or "") for r in self._rows]

    def _picked(self, item: QListWidgetItem) -> None:
        self._hide_confirm()
        self.chosen.emit(str(item.data(ID_ROLE)))

    def _selection_changed(self) -> None:
        on = self.items.currentItem() is not None
        self.rename_btn.setEnabled(on)
        self.delete_btn.setEnabled(on)

    # -- renaming ------------------------------------------------------------------------------------------
    def start_rename(self) -> None:
        conv = self.current_id()
        if conv is None:
            return
        self._hide_confirm()
        self._renaming = conv
        self.name_box.setText(next((str(r.get("title") or "") for r in self._rows if r["id"] == conv), ""))
        self.name_box.setVisible(True)
        self.name_box.selectAll()
        self.name_box.setFocus()

    def _save_name(self) -> None:
        conv, name = self._renaming, self.name_box.text().strip()
        self._stop_rename()
        if conv is not None and name:
            self.renamed.emit(conv, name)

    def _stop_rename(self) -> None:
        self._renaming = None
        self.name_box.setVisible(False)
        self.items.setFocus()

    def eventFilter(self, obj: QObject, e: QEvent) -> bool:  # noqa: N802
        if obj is self.name_box and isinstance(e, QKeyEvent) and e.key() == Qt.Key.Key_Escape:
            if e.type() == QEvent.Type.ShortcutOverride:
                e.accept()  # Esc is the name box's (it leaves the name as it was), not the chat's Cancel
                return True
            if e.type() == QEvent.Type.KeyPress:
                self._stop_rename()
                return True
        return super().eventFilter(obj, e)

    # -- deleting ------------------------------------------------------------------------------------------
    def ask_delete(self) -> None:
        conv = self.current_id()
        if conv is None:
            return
        self._stop_rename()
        self._pending_delete = conv
        title = next((str(r.get("title") or "") for r in self._rows if r["id"] == conv), "")
        self.confirm_text.setText(self.tr("Delete “%1” and everything said in it? This cannot be undone.")
                                  .replace("%1", display_text(title)[:TITLE_SHOWN]))
        self.confirm.setVisible(True)
        self.action_row.setVisible(False)  # one Delete on screen: the one that asks is gone while it asks
        self.confirm_keep.setFocus()  # the safe choice has the keyboard

    def _delete_confirmed(self) -> None:
        conv = self._pending_delete
        self._hide_confirm()
        if conv is not None:
            self.deleteConfirmed.emit(conv)

    def _hide_confirm(self) -> None:
        self._pending_delete = None
        self.confirm.setVisible(False)
        self.action_row.setVisible(True)
