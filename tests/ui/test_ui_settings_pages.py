"""The settings dialog for people, and what the app says about runtime.toml (errors, the fix, no editor)."""
from __future__ import annotations

import tomllib

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QComboBox, QLabel
from ui_helpers import write_runtime

from app.config import ConfigManager
from app.config.render import render_default
from app.ui.config_feedback import explain
from app.ui.file_open import FileFallback, FileOpener
from app.ui.i18n import Translations
from app.ui.settings_dialog import SettingsDialog
from app.ui.settings_fields import to_pynput, to_qt_sequence

PAGES_EN = ["General", "Model", "Shortcut", "Allowed folders", "Documents to consult", "Memory", "Reminders",
            "Advanced"]
PAGES_IT = ["Generale", "Modello", "Scorciatoia", "Cartelle consentite", "Documenti da consultare", "Memoria",
            "Promemoria", "Avanzate"]


def _labels(dlg) -> list[str]:
    return [w.text() for w in dlg.findChildren(QLabel) if w.text()]


def test_pages_labels_and_language_names(qtbot, metnos_home, monkeypatch):
    monkeypatch.delenv("METNOS_UI_LANGUAGE", raising=False)
    write_runtime(metnos_home, "")
    t = Translations()
    for lang, pages in (("en", PAGES_EN), ("it", PAGES_IT)):
        t.install(lang)
        try:
            dlg = SettingsDialog(ConfigManager())
            qtbot.addWidget(dlg)
            assert [dlg.nav.item(i).text() for i in range(dlg.nav.count())] == pages
            language = dlg.editors["ui.language"]
            assert isinstance(language, QComboBox)
            assert [language.itemText(i) for i in (1, 2)] == ["Italiano", "English"]
            text = " ".join(_labels(dlg))
            for raw in ("fast_path", "canonical_query", "llm.threads", "allowed_roots", "l0_enabled"):
                assert raw not in text, (lang, raw)
            if lang == "it":
                assert "Dettagli tecnici" in text and "Core del processore" in text
            # numbers as the UI's language writes them, whatever the system's locale ("5.0 s" in the Italian
            # gallery, where the system was English)
            notify = dlg.editors["ui.notify_after_s"]
            assert notify.text() == ("5,0 s" if lang == "it" else "5.0 s"), (lang, notify.text())
        finally:
            t.install("en")


def test_allowed_folders_add_and_remove(qtbot, metnos_home, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{a}"]\n')
    manager = ConfigManager()
    dlg = SettingsDialog(manager)
    qtbot.addWidget(dlg)
    folders = dlg.editors["tools.allowed_roots"]
    folders.add(str(b))  # what the folder picker returns
    assert folders.folders() == [str(a), str(b)]
    remove = [w for w in folders.findChildren(type(folders.add_btn)) if w.objectName() == "removeFolder"]
    assert len(remove) == 2 and remove[0].accessibleName() == f"Remove {a}"
    qtbot.mouseClick(remove[0], Qt.MouseButton.LeftButton)
    assert folders.folders() == [str(b)]
    assert dlg.save()
    assert tomllib.loads(manager.path.read_text(encoding="utf-8"))["tools"]["allowed_roots"] == [str(b)]


def test_model_choice_shows_its_effect_and_writes_the_keys(qtbot, metnos_home):
    write_runtime(metnos_home, "")
    manager = ConfigManager()
    dlg = SettingsDialog(manager)
    qtbot.addWidget(dlg)
    assert dlg.model.choice() == "bundled"
    effects = {}
    for key in ("bundled", "lite", "file", "server"):
        dlg.model.buttons[key].setChecked(True)
        effects[key] = dlg.model.effect.text()
    assert len(set(effects.values())) == 4 and "fastest" in effects["lite"] and "reachable" in effects["server"]
    dlg.model.buttons["lite"].setChecked(True)
    assert dlg.save()
    data = tomllib.loads(manager.path.read_text(encoding="utf-8"))
    assert data["llm"]["model"] == "bundled-lite" and "backend" not in data["llm"]  # only what changed
    assert manager.config.llm.backend == "llama_cpp"


def test_a_gguf_choice_without_a_file_is_refused(qtbot, metnos_home):
    write_runtime(metnos_home, "")
    dlg = SettingsDialog(ConfigManager())
    qtbot.addWidget(dlg)
    dlg.model.buttons["file"].setChecked(True)
    assert not dlg.save()
    assert dlg.error.isVisibleTo(dlg) and "model file" in dlg.error.text()


def test_shortcut_round_trip():
    assert to_qt_sequence("<ctrl>+<alt>+<space>") == "Ctrl+Alt+Space"
    assert to_pynput("Ctrl+Alt+Space") == "<ctrl>+<alt>+<space>"
    assert to_pynput(to_qt_sequence("<ctrl>+<shift>+m")) == "<ctrl>+<shift>+m"


def test_no_editor_shows_the_path_with_copy_and_folder(qtbot, metnos_home):
    write_runtime(metnos_home, "")
    manager = ConfigManager()
    opener = FileOpener(command=["false"])  # an opener that finds no editor, as xdg-open does on a bare system
    dlg = SettingsDialog(manager, opener=opener)
    qtbot.addWidget(dlg)
    with qtbot.waitSignal(opener.failed, timeout=10_000):
        dlg.edit_file()
    fb = dlg.fallback
    assert isinstance(fb, FileFallback) and fb.isVisible()
    assert "No text editor opened" in fb.message.text()
    assert fb.field.text() == str(manager.path)
    qtbot.mouseClick(fb.copy_btn, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == str(manager.path)
    assert fb.folder_btn.isVisible()


def test_config_errors_in_the_ui_language():
    t = Translations()
    problem = "ui.theme: expected one of auto, light, dark, got 'purple'"
    assert explain(problem) == "ui.theme: must be one of auto, light, dark, not 'purple'"
    try:
        t.install("it")
        assert explain(problem) == "ui.theme: deve essere uno tra auto, light, dark, non 'purple'"
        syntax = "/x/runtime.toml: not valid TOML at line 21: Unclosed array; fix the syntax or delete the file to " \
                 "regenerate it"
        assert explain(syntax) == ("La riga 21 non è valida: una lista aperta con [ non è chiusa con ]. "
                                   "Correggila, oppure elimina il file per tornare alle impostazioni predefinite.")
    finally:
        t.install("en")


def test_syntax_error_is_reported_on_the_edited_line(metnos_home):
    """An array left open on line 21 is reported at line 21, not where the parser gave up (line 27)."""
    lines = render_default().splitlines()
    lines[20] = "canonical_query_threshold = [0.85"
    write_runtime(metnos_home, "\n".join(lines) + "\n")
    manager = ConfigManager()
    assert manager.errors and "at line 21: Unclosed array" in manager.errors[0], manager.errors


def test_fixing_the_file_says_applied(qtbot, make_desk, metnos_home):
    write_runtime(metnos_home, "[ui]\npause_learning = true\n")
    manager = ConfigManager()
    desk = make_desk(manager=manager)
    seen: list = []
    desk.notified.connect(lambda *a: seen.append(a))
    manager.path.write_text("[ui]\ntheme = \"purple\n", encoding="utf-8")
    manager.reload()
    qtbot.waitUntil(lambda: len(seen) == 1)
    assert seen[0][0] == "runtime.toml not applied" and "Line 2 is not valid" in seen[0][1]
    manager.path.write_text("[ui]\ntheme = \"dark\"\n", encoding="utf-8")
    manager.reload()
    qtbot.waitUntil(lambda: len(seen) == 2)
    assert seen[1][0] == "runtime.toml applied"
    manager.reload()  # a later reload of a good file says nothing more
    qtbot.wait(100)
    assert len(seen) == 2


def test_the_reminders_page_sets_the_sound_and_the_appointment_offer(qtbot, metnos_home):
    write_runtime(metnos_home, "[reminders]\nappointment_lead_minutes = 45\n")  # a value written by hand
    t = Translations()
    t.install("it")
    try:
        manager = ConfigManager()
        dlg = SettingsDialog(manager)
        qtbot.addWidget(dlg)
        sound, lead = dlg.editors["reminders.sound"], dlg.editors["reminders.appointment_lead_minutes"]
        assert not sound.isChecked()  # off by default
        assert isinstance(lead, QComboBox) and lead.currentData() == 45 and lead.currentText() == "45 minuti prima"
        assert [lead.itemText(i) for i in range(3)] == ["Non proporre", "10 minuti prima", "15 minuti prima"]
        text = " ".join(_labels(dlg))
        assert "Suono" in text and "Appuntamenti" in text and "il dentista è giovedì alle 15" in text
        sound.setChecked(True)
        lead.setCurrentIndex(lead.findData(60))
        assert lead.currentText() == "Un'ora prima"
        assert dlg.save()
    finally:
        t.install("en")
    data = tomllib.loads(manager.path.read_text(encoding="utf-8"))
    assert data["reminders"] == {"sound": True, "appointment_lead_minutes": 60}
    assert manager.config.get("reminders.sound") is True
