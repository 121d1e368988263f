"""The reminders page of the memory window: the upcoming reminders with their dates in words, edit, delete.

Why dates in words ("domani, giovedì 3 dicembre, alle 9:00") and not a timestamp: it is how the assistant
confirmed the reminder, and a person checks "domani" faster than "03/12/2026 09:00"; the words are the ones the
chat and the CLI use (app/reminders/words.py), in the UI language. The list follows every change however it
was made — a turn set one, the card's Fatto, the loop moved a repetition on — through RemindersLink.changed
(queued to the GUI thread); reading and writing run on background tasks (app/ui/reminder_link.py).

Edit changes the text and the time: a one-off gets a new day and time (it rings anew), a repetition keeps its
days and gets a new time of day. Delete is the plugin's cancel (the reminder is kept as cancelled, not erased).
"""
from __future__ import annotations

import dataclasses
from datetime import datetime, time
from typing import Any

from PySide6.QtCore import QDate, QDateTime, QEvent, Qt, QTime
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDateTimeEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from app.reminders import Reminder, words, zone
from app.reminders.recurrence import wall

from .reminder_link import RemindersLink, capital, say_ui
from .widgets import PlainLabel, display_text


def moment(r: Reminder) -> datetime:
    """When it rings next (a snooze included): what the list shows and is ordered by."""
    return r.next_time() or r.due


class ReminderEditor(QDialog):
    """Text and time of one reminder; `changes()` is what RemindersPlugin.edit takes (only what changed)."""

    def __init__(self, r: Reminder, parent: QWidget | None = None):
        super().__init__(parent)
        self.reminder = r
        self.setObjectName("reminderEditor")
        self.setWindowTitle(say_ui("desk.reminders.edit_title"))
        form = QFormLayout(self)
        self.text = QLineEdit(r.text, self)
        self.text.setObjectName("reminderEditText")
        form.addRow(say_ui("desk.reminders.edit_text"), self.text)
        self.local = wall(moment(r), zone(r.tz))
        self.when: QDateTimeEdit | QTimeEdit
        if r.repeat is None:
            lt = self.local  # by parts: the bindings' stubs know no QDateTime(datetime) before 6.12
            self.when = QDateTimeEdit(QDateTime(QDate(lt.year, lt.month, lt.day), QTime(lt.hour, lt.minute)), self)
            self.when.setCalendarPopup(True)
            self.when.setDisplayFormat("dd/MM/yyyy HH:mm")
            label = say_ui("desk.reminders.edit_when")
        else:
            self.when = QTimeEdit(QTime(r.repeat.hour, r.repeat.minute), self)
            self.when.setDisplayFormat("HH:mm")
            label = say_ui("desk.reminders.edit_time", rule=words.rule(r.repeat))
        self.when.setObjectName("reminderEditWhen")
        form.addRow(label, self.when)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel,
                                   self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def changes(self) -> dict[str, Any]:
        r, out = self.reminder, dict[str, Any]()
        text = self.text.text().strip()
        if text and text != r.text:
            out["text"] = text
        if r.repeat is None:
            picked: datetime = self.when.dateTime().toPython()  # type: ignore[assignment]
            at = picked.replace(second=0, microsecond=0)
            if at != self.local.replace(second=0, microsecond=0):
                out["at"] = at
        elif r.repeat is not None:
            t: time = self.when.time().toPython()  # type: ignore[assignment]
            if (t.hour, t.minute) != (r.repeat.hour, r.repeat.minute):
                out["repeat"] = dataclasses.replace(r.repeat, hour=t.hour, minute=t.minute)
        return out


class RemindersPage(QWidget):
    COLUMNS = ("when", "repeat", "text")

    def __init__(self, link: RemindersLink, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("remindersPage")
        self.link = link
        self.reminders: list[Reminder] = []
        self._state: tuple[str, Any] = ("not_started" if link.plugin is None else "opening", None)
        lay = QVBoxLayout(self)
        self.message = PlainLabel("", self)
        self.message.setObjectName("remindersMessage")
        self.message.setWordWrap(True)
        lay.addWidget(self.message)
        self.table = QTableWidget(0, len(self.COLUMNS), self)
        self.table.setObjectName("remindersTable")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.doubleClicked.connect(lambda *_: self.edit_selected())
        lay.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.edit_btn = QPushButton(self)
        self.edit_btn.setObjectName("remindersEdit")
        self.edit_btn.clicked.connect(lambda: self.edit_selected())
        self.delete_btn = QPushButton(self)
        self.delete_btn.setObjectName("remindersDelete")
        self.delete_btn.clicked.connect(lambda: self.delete_selected())
        row.addWidget(self.edit_btn)
        row.addWidget(self.delete_btn)
        row.addStretch(1)
        lay.addLayout(row)
        link.changed.connect(self.load)
        link.attached.connect(self.load)
        link.failed.connect(self._failed)
        self.retranslate()
        if link.plugin is not None:  # attached before this window existed: its `attached` went by
            self.load()

    # -- words -----------------------------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.table.setHorizontalHeaderLabels([say_ui(f"desk.reminders.col_{c}") for c in self.COLUMNS])
        self.edit_btn.setText(say_ui("desk.reminders.edit"))
        self.delete_btn.setText(say_ui("desk.reminders.delete"))
        self._fill()
        self._render_message()

    def changeEvent(self, e: QEvent) -> None:  # noqa: N802
        if e.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(e)

    def _render_message(self) -> None:
        kind, data = self._state
        if kind == "list":
            text = say_ui("desk.reminders.count", n=data) if data else say_ui("desk.reminders.none")
        elif kind == "unavailable":
            text = say_ui("desk.reminders.unavailable", reason=display_text(data))
        else:
            text = say_ui(f"desk.reminders.{kind}")
        self.message.set_plain(text)
        listed = kind == "list"
        self.table.setVisible(listed)
        self.edit_btn.setEnabled(listed and bool(data))
        self.delete_btn.setEnabled(listed and bool(data))

    def row_texts(self, r: Reminder) -> tuple[str, str, str]:
        now = self.link.now()
        when = capital(say_ui(words.when(moment(r), zone(r.tz), now)))
        repeat = say_ui(words.rule(r.repeat)) if r.repeat is not None else say_ui("desk.reminders.once")
        return when, repeat, r.text or say_ui("reminders.untitled")

    # -- listing ---------------------------------------------------------------------------------------------
    def load(self) -> None:
        """Read the list again (on a background task); the page shows it when it comes."""
        if not self.link.pending(self._show, self._unavailable):
            self._state = ("not_started", None)
            self._render_message()

    def _show(self, reminders: list[Reminder]) -> None:
        self.reminders = sorted(reminders, key=moment)
        self._state = ("list", len(self.reminders))
        self._fill()
        self._render_message()

    def _unavailable(self, e: Exception) -> None:
        self._state = ("unavailable", e)
        self._render_message()

    def _failed(self, text: str) -> None:
        if self.isVisible():
            QMessageBox.warning(self, say_ui("desk.reminders.tab"), text)

    def _fill(self) -> None:
        selected = set(self.selected_ids())
        self.table.setRowCount(len(self.reminders))
        for row, r in enumerate(self.reminders):
            for col, text in enumerate(self.row_texts(r)):
                item = QTableWidgetItem(display_text(text))
                item.setData(Qt.ItemDataRole.UserRole, r.id)
                item.setToolTip(display_text(text))
                self.table.setItem(row, col, item)
            if r.id in selected:
                self.table.selectRow(row)

    def selected_ids(self) -> list[int]:
        rows = sorted({i.row() for i in self.table.selectedIndexes()})
        return [self.reminders[r].id for r in rows if r < len(self.reminders)]

    def select(self, rid: int) -> bool:
        for row, r in enumerate(self.reminders):
            if r.id == rid:
                self.table.selectRow(row)
                return True
        return False

    # -- changing --------------------------------------------------------------------------------------------
    def editor(self, r: Reminder) -> ReminderEditor:
        return ReminderEditor(r, self)

    def edit_selected(self) -> bool:
        ids = self.selected_ids()
        if len(ids) != 1:
            return False
        r = next(x for x in self.reminders if x.id == ids[0])
        dialog = self.editor(r)
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return False
            changes = dialog.changes()
        finally:
            dialog.deleteLater()
        return bool(changes) and self.link.edit(r.id, **changes)

    def delete_selected(self, confirm: bool = True) -> bool:
        ids = self.selected_ids()
        if not ids:
            return False
        first = next(x for x in self.reminders if x.id == ids[0])
        question = say_ui("desk.reminders.delete_ask", n=len(ids), text=first.text)
        if confirm and QMessageBox.question(self, say_ui("desk.reminders.delete"), question) \
                != QMessageBox.StandardButton.Yes:
            return False
        for rid in ids:
            self.link.cancel(rid)
        return True

