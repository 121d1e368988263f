"""No jargon by default: after a scripted set of turns, what a person sees says what happened in words.

Turns: an instant answer (L0), a request seen before (L1), a planner turn, an approval, a remembered
fact, an error. The L0, approval, memory and error turns run on the real engine; the L1 and planner
turns are the event sequences the engine emits for them, fed through the same worker channel (they
need a learned memo and a model's choices, which a test cannot make deterministic). Then the visible
text of the popup, the chat window and the memory view must hold no tool identifier, no L0–L3, no
JSON — and, in Italian, no English word of the English catalogs (the app's messages and the UI).
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTableWidget,
    QWidget,
)
from ui_helpers import (
    READ_PHRASE,
    WRITE_PHRASE,
    error_turn,
    l1_turn,
    planner_turn,
    routed_engine_factory,
    scripted,
    send_popup,
    wait_turn_end,
    write_runtime,
)

from app.config import ConfigManager
from app.engine.catalog import all_tools
from app.lang.messages import catalog
from app.turn import events as ev
from app.ui.i18n import i18n_dir
from app.ui.widgets import AnswerLabel

REMEMBER = "ricordati che il dentista è giovedì alle 10"
LEVELS = re.compile(r"\bL[0-3]\b")
WORD = re.compile(r"[A-Za-zÀ-ÿ']+")
# names and formats that read the same in both languages
SHARED = {"metnos", "desk", "runtime", "toml", "gemma", "file", "web", "ok", "gguf", "openai", "esc", "enter"}


def _catalog_words(lang: str) -> set[str]:
    words: set[str] = set()
    for texts in catalog().values():
        t = texts[lang]
        for s in ([t] if isinstance(t, str) else list(t.values())):
            plain = re.sub(r"`[^`]*`", " ", re.sub(r"\{[^}]*\}", " ", s))  # a command is typed as is
            words |= {w.lower() for w in WORD.findall(plain)}
    root = ET.parse(i18n_dir() / "metnos_it.ts").getroot()
    for m in root.iter("message"):
        if lang == "en":
            text = m.findtext("source") or ""
        else:
            tr = m.find("translation")
            text = " ".join(tr.itertext()) if tr is not None else ""
        words |= {w.lower() for w in WORD.findall(re.sub(r"%\w", " ", text))}
    return words


def _english_only() -> set[str]:
    return {w for w in _catalog_words("en") - _catalog_words("it") - SHARED if len(w) >= 3}


def visible_text(top: QWidget) -> str:
    """What a person can read in a window now (labels, buttons, fields, table cells, title)."""
    out = [top.windowTitle()]
    for w in [top, *top.findChildren(QWidget)]:
        if not w.isVisibleTo(top) and w is not top:
            continue
        if isinstance(w, AnswerLabel):
            out.append(w.text())
        elif isinstance(w, QLabel):
            out.append(w.text())
        elif isinstance(w, QAbstractButton):
            out.append(w.text())
        elif isinstance(w, QLineEdit):
            out += [w.text(), w.placeholderText()]
        elif isinstance(w, QPlainTextEdit):
            out.append(w.toPlainText())
        elif isinstance(w, QComboBox):
            out.append(w.currentText())
        elif isinstance(w, QTableWidget):
            cols = [c for c in range(w.columnCount()) if not w.isColumnHidden(c)]
            out += [w.horizontalHeaderItem(c).text() for c in cols if w.horizontalHeaderItem(c)]
            for r in range(w.rowCount()):
                if not w.isRowHidden(r):
                    out += [w.item(r, c).text() for c in cols if w.item(r, c)]
    return "\n".join(s for s in out if s)


def _jargon(text: str, english: set[str] | None) -> list[str]:
    found = []
    tools = {t.name for t in all_tools()}
    for token in re.findall(r"[\w.]+", text):
        if token in tools:
            found.append(f"tool id {token!r}")
    found += [f"level {m!r}" for m in LEVELS.findall(text)]
    if '{"' in text:
        found.append("JSON")
    if english is not None:
        prose = re.sub(r"\S*/\S*", " ", text)  # paths are names, not language
        found += [f"English {w!r}" for w in WORD.findall(prose) if w.lower() in english]
    return found


def test_ui_has_no_jargon_in_italian_and_english(qtbot, make_desk, metnos_home, tmp_path, monkeypatch):
    monkeypatch.setenv("METNOS_UI_LANGUAGE", "it")
    work = tmp_path / "lavoro"
    work.mkdir()
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{work}"]\n[ui]\npause_learning = true\n')
    manager = ConfigManager()
    target = work / "nota.txt"
    desk = make_desk(routed_engine_factory(manager, target), manager=manager)
    assert desk.translations.language == "it"

    # an approval, answered from the keyboard
    send_popup(qtbot, desk, WRITE_PHRASE)
    view = desk.popup.view
    qtbot.waitUntil(lambda: len(view.cards) == 1, timeout=60_000)
    card = next(iter(view.cards.values()))
    qtbot.waitUntil(lambda: QApplication.focusWidget() is card, timeout=5_000)
    qtbot.waitUntil(card.keys_live, timeout=5_000)  # its keys act: the hint is on screen
    popup_during_approval = visible_text(desk.popup)
    qtbot.keyClick(card, Qt.Key.Key_Return)
    wait_turn_end(qtbot, view)
    send_popup(qtbot, desk, READ_PHRASE)  # the file just written, read back
    wait_turn_end(qtbot, desk.popup.view)
    assert "ciao dal test" in desk.popup.view.answer.text()
    # a remembered fact
    send_popup(qtbot, desk, REMEMBER)
    wait_turn_end(qtbot, desk.popup.view)
    assert any(isinstance(e, ev.ToolCall) and e.tool == "remember" for e in desk.popup.view.events)
    # an instant answer, left in the popup
    send_popup(qtbot, desk, "che ore sono")
    wait_turn_end(qtbot, desk.popup.view)
    desk.popup.view.toggle.setChecked(True)
    # a request seen before and a planner turn, in the chat
    scripted(desk, "chat-l1", "cosa c'è nella cartella", l1_turn(str(work)))
    scripted(desk, "chat-l3", "riassumi la nota", planner_turn(str(target)))
    scripted(desk, "chat-err", "riassumi il file grande", error_turn())
    desk.show_chat()
    qtbot.waitUntil(lambda: len(desk.chat.turn_views()) >= 7, timeout=10_000)
    qtbot.waitUntil(lambda: not desk.chat.views, timeout=10_000)
    for v in desk.chat.turn_views():
        v.toggle.setChecked(True)  # every timeline open: it is text a person reads
    desk.menu.show_memory()
    mem = desk.menu.memory_window
    qtbot.waitUntil(lambda: mem.stack.currentWidget() is mem.facts_page, timeout=120_000)
    qtbot.waitUntil(lambda: mem.table.rowCount() >= 1, timeout=30_000)

    windows = {"popup": desk.popup, "chat": desk.chat, "memory": mem}
    english = _english_only()
    assert {"approve", "answer", "instant", "memory"} <= english  # the list is the real English vocabulary
    problems = {name: _jargon(visible_text(w), english) for name, w in windows.items()}
    problems["popup during approval"] = _jargon(popup_during_approval, english)
    assert not any(problems.values()), (problems, [line for w in windows.values() for line in
                                                   visible_text(w).splitlines() if _jargon(line, english)])
    chat_text = visible_text(desk.chat)
    for said in ("Risposta immediata", "Come una richiesta già vista", "Ragionato con il modello",
                 "Ho letto nota.txt — 4 righe", "Ho guardato la cartella lavoro — 2 elementi",
                 "Ho letto nota.txt — 1 riga", "Ho scritto nota.txt", "Mi dispiace, qualcosa è andato storto"):
        assert said in chat_text, said
    assert "dentista" in visible_text(mem) and "detto da te" in visible_text(mem)

    desk.translations.install("en")  # the same screens in English: still no identifiers, levels or JSON
    qtbot.waitUntil(lambda: "Instant answer" in visible_text(desk.chat), timeout=5_000)
    problems = {name: _jargon(visible_text(w), None) for name, w in windows.items()}
    assert not any(problems.values()), problems


QT_ENGLISH = ("Look in", "Files of type", "File name", "Cancel", "&Yes", "Yes", "Open", "Choose", "Directory")


def test_restored_history_about_and_qt_dialogs_have_no_jargon(qtbot, make_desk, metnos_home, tmp_path,
                                                              monkeypatch):
    """In Italian: the turns restored after a restart (their details open), About's first view (the shortcut as
    it is pressed, no package list) and Qt's own dialogs (the folder picker, a yes/no question)."""
    from PySide6.QtWidgets import QMessageBox

    from app.ui.hotkey import GlobalHotkey
    from app.ui.settings_fields import folder_dialog

    monkeypatch.setenv("METNOS_UI_LANGUAGE", "it")
    work = tmp_path / "lavoro"
    work.mkdir()
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{work}"]\n[ui]\npause_learning = true\n'
                               '[hotkey]\nsequence = "<ctrl>+<alt>+m"\n')
    target = work / "nota.txt"
    manager = ConfigManager()
    desk = make_desk(routed_engine_factory(manager, target), manager=manager)
    send_popup(qtbot, desk, WRITE_PHRASE)  # denied
    view = desk.popup.view
    qtbot.waitUntil(lambda: len(view.cards) == 1, timeout=60_000)
    card = next(iter(view.cards.values()))
    qtbot.waitUntil(lambda: card.deny_btn.isVisible() and card.deny_btn.width() > 0, timeout=10_000)
    qtbot.mouseClick(card.deny_btn, Qt.MouseButton.LeftButton)
    wait_turn_end(qtbot, view)
    send_popup(qtbot, desk, "che ore sono")  # done
    wait_turn_end(qtbot, desk.popup.view)
    desk.shutdown()

    manager2 = ConfigManager()
    desk2 = make_desk(routed_engine_factory(manager2, target), manager=manager2)
    assert desk2.translations.language == "it"
    qtbot.waitUntil(lambda: len(desk2.chat.turn_views()) >= 2, timeout=30_000)
    desk2.show_chat()
    for v in desk2.chat.turn_views():
        v.toggle.setChecked(True)
    english = _english_only()
    chat = visible_text(desk2.chat)
    assert "Non approvato: non ho cambiato nulla" in chat and "Un passaggio non è andato" not in chat, chat
    assert "Chiesto oggi alle " in chat
    assert not _jargon(chat, english), _jargon(chat, english)

    monkeypatch.setattr(GlobalHotkey, "active", property(lambda self: True))
    desk2.menu.show_about()
    about = desk2.menu.about_dialog
    qtbot.waitExposed(about)
    shown = visible_text(about)
    assert "Ctrl+Alt+M" in shown and "<ctrl>" not in shown, shown
    for package in ("Qwen", "GGUF", "PySide6", "llama.cpp", "Apache", "LGPL", "sqlite3mc"):
        assert package not in shown, (package, shown)  # one click away, not on the first view
    assert not _jargon(shown, english), _jargon(shown, english)
    about.licences_btn.click()
    assert "Qwen" in visible_text(about) and "Gemma" in about.terms.toPlainText()  # still there for who looks
    about.hide()

    picker = folder_dialog(None, "Scegli una cartella")
    picker.show()
    qtbot.waitExposed(picker)
    question = QMessageBox(QMessageBox.Icon.Question, "Metnos", "Dimenticare la cronologia?",
                           QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    question.show()
    qtbot.waitExposed(question)
    for dialog in (picker, question):
        text = visible_text(dialog)
        assert not _jargon(text, english), _jargon(text, english)
        assert not [w for w in QT_ENGLISH if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)], text
    picker.hide()
    question.hide()
