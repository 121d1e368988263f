"""The Memory window: says why when memory is off; lists, searches, adds, edits, deletes when it is on.

The "on" test uses the opt-in passphrase mode (a real encrypted database, a
real scrypt key) so it does not depend on a Secret Service being reachable;
the passphrase is typed into the app's own dialog.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QInputDialog, QMessageBox
from ui_helpers import write_runtime

from app.config import ConfigManager
from app.ui.i18n import Translations
from app.ui.memory_view import MemoryWindow

PASSPHRASE = "una frase lunga e segreta"


class DialogAnswerer:
    """Answers the app's modal dialogs the way a person would: types into QInputDialog, clicks Yes."""

    def __init__(self, answers: list[str]):
        self.answers = list(answers)
        self.asked: list[str] = []
        self.timer = QTimer()
        self.timer.setInterval(30)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        w = QApplication.activeModalWidget()
        if isinstance(w, QInputDialog) and w.isVisible() and self.answers:
            self.asked.append(w.labelText())
            w.setTextValue(self.answers.pop(0))
            w.accept()
        elif isinstance(w, QMessageBox) and w.isVisible():
            self.asked.append(w.text())
            w.button(QMessageBox.StandardButton.Yes).click()

    def stop(self) -> None:
        self.timer.stop()


def _window(qtbot, config_fn) -> MemoryWindow:
    w = MemoryWindow(config_fn)
    qtbot.addWidget(w)
    w.show()
    w.load()
    return w


def test_memory_off_is_explained_without_dead_buttons(qtbot, metnos_home):
    write_runtime(metnos_home, "[memory]\nlong_term_enabled = false\n")
    m = ConfigManager()
    w = _window(qtbot, lambda: m.config)
    qtbot.waitUntil(lambda: "long_term_enabled" in w.message.text(), timeout=30_000)
    assert w.stack.currentWidget() is w.message_page
    assert "not available" in w.message.text()
    assert w.retry_btn.isVisible()
    assert not w.add_btn.isVisible() and not w.delete_btn.isVisible()  # no buttons that would do nothing


def test_list_search_add_edit_delete(qtbot, metnos_home):
    write_runtime(metnos_home, "[memory]\npassphrase_mode = true\n")
    m = ConfigManager()
    answers = DialogAnswerer([PASSPHRASE, PASSPHRASE, "il dentista è giovedì alle 10"])
    w = None
    try:
        w = _window(qtbot, lambda: m.config)
        qtbot.waitUntil(lambda: w.stack.currentWidget() is w.facts_page, timeout=120_000)
        assert w.table.rowCount() == 0
        w.add_fact()
        qtbot.waitUntil(lambda: w.table.rowCount() == 1, timeout=120_000)
        assert w.table.item(0, 4).text() == "il dentista è giovedì alle 10"
        assert w.table.item(0, 3).text() == "told by you"  # sources and categories in words, not codes
        assert w.table.item(0, 2).text() == "general"
        assert w.table.isColumnHidden(0)  # the id is a technical detail

        w.table.selectRow(0)
        answers.answers.append("il dentista è venerdì alle 11")
        w.edit_selected()
        qtbot.waitUntil(lambda: w.table.rowCount() == 1 and "venerdì" in w.table.item(0, 4).text(), timeout=60_000)
        assert w.memory.get(w.facts[0].id).supersedes is not None  # the edit replaced, keeping history

        answers.answers.append("mia sorella si chiama Anna")
        w.add_fact()
        qtbot.waitUntil(lambda: w.table.rowCount() == 2, timeout=60_000)
        widths = [w.table.columnWidth(c) for c in range(5)]
        w.search.setText("sorella")
        visible = [r for r in range(w.table.rowCount()) if not w.table.isRowHidden(r)]
        assert [w.table.item(r, 4).text() for r in visible] == ["mia sorella si chiama Anna"]
        assert w.status.text() == "Filter “sorella”: 1 of 2 shown — clear the box to see all"

        w.search.setText("come si chiama mia sorella")  # Enter: a search by meaning
        qtbot.keyClick(w.search, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: w.status.text().startswith("Closest by meaning"), timeout=60_000)
        assert [w.table.columnWidth(c) for c in range(5)] == widths  # the same layout in every mode
        assert "mia sorella si chiama Anna" in [w.table.item(r, 4).text() for r in range(w.table.rowCount())]

        qtbot.mouseClick(w.refresh_btn, Qt.MouseButton.LeftButton)  # the filter stays, and says so
        qtbot.waitUntil(lambda: w.status.text().startswith("Filter “come si chiama mia sorella”"), timeout=60_000)
        assert w.search.text() == "come si chiama mia sorella"
        assert [w.table.columnWidth(c) for c in range(5)] == widths
        t = Translations()
        try:
            t.install("it")  # every status follows the language at once
            qtbot.waitUntil(lambda: w.status.text().startswith("Filtro «come si chiama mia sorella»: 0 su 2"))
            assert w.refresh_btn.text() == "Aggiorna"
            assert w.table.item(0, 3).text() == "detto da te"
        finally:
            t.install("en")
        qtbot.waitUntil(lambda: w.status.text().startswith("Filter"))

        w.search.setText("")
        row = next(r for r in range(w.table.rowCount()) if "dentista" in w.table.item(r, 4).text())
        w.table.selectRow(row)
        w.delete_selected()
        qtbot.waitUntil(lambda: w.table.rowCount() == 1, timeout=60_000)
        assert w.table.item(0, 4).text() == "mia sorella si chiama Anna"
        assert all("dentista" not in f.text for f in w.memory.all_facts(include_replaced=True))
        assert any("Delete" in a for a in answers.asked)
    finally:
        answers.stop()
        if w is not None and w.memory is not None:
            w.memory.close()


def test_wrong_passphrase_is_explained(qtbot, metnos_home):
    write_runtime(metnos_home, "[memory]\npassphrase_mode = true\n")
    m = ConfigManager()
    first = DialogAnswerer([PASSPHRASE, PASSPHRASE])
    w = _window(qtbot, lambda: m.config)
    qtbot.waitUntil(lambda: w.stack.currentWidget() is w.facts_page, timeout=120_000)
    w.memory.remember("un fatto", "general", "user")
    w.memory.close()
    first.stop()

    again = DialogAnswerer(["passphrase sbagliata"])
    try:
        w2 = _window(qtbot, lambda: m.config)
        qtbot.waitUntil(lambda: w2.stack.currentWidget() is w2.message_page and "does not open" in w2.message.text(),
                        timeout=120_000)
        assert w2.retry_btn.isVisible()
    finally:
        again.stop()
