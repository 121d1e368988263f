"""Tray menu, icons, model loading progress, hotkey degradation, About — offscreen (no tray host here)."""
from __future__ import annotations

import json

import pytest
from PySide6.QtGui import QIcon

from app.ui import autostart
from app.ui.i18n import icons_dir
from app.ui.tray import Tray, dark_panels, tray_icon


def test_icons_exist_in_both_variants(qapp):
    for name in ("metnos", "metnos-tray-light", "metnos-tray-dark", "metnos-tray-busy"):
        assert (icons_dir() / f"{name}.svg").is_file()
        assert (icons_dir() / "png" / f"{name}-16.png").is_file()
    assert dark_panels("dark") and not dark_panels("light")
    light, dark = tray_icon("light"), tray_icon("dark")
    assert not light.isNull() and not dark.isNull()
    img_l = light.pixmap(32, 32).toImage()
    img_d = dark.pixmap(32, 32).toImage()
    # the glyph is dark ink for light panels and light ink for dark panels
    ink_l = min(img_l.pixelColor(x, y).lightness() for x in range(32) for y in range(32)
                if img_l.pixelColor(x, y).alpha() > 200)
    ink_d = max(img_d.pixelColor(x, y).lightness() for x in range(32) for y in range(32)
                if img_d.pixelColor(x, y).alpha() > 200)
    assert ink_l < 80 and ink_d > 200


def test_menu_has_every_entry(qtbot):
    t = Tray("auto")
    labels = [a.text() for a in t.menu.actions() if not a.isSeparator()]
    for want in ("Quick query", "Open chat", "Memory", "Settings", "Start at login", "Pause learning",
                 "About Metnos Desk", "Quit"):
        assert want in labels, labels
    assert [a.text() for a in t.settings_menu.actions()] == ["Common settings…", "Edit runtime.toml"]
    assert t.a_autostart.isCheckable() and t.a_pause.isCheckable()
    t.set_status("Loading models: planner 40%")
    assert t.icon.toolTip() == "Metnos Desk\nLoading models: planner 40%"


def test_without_a_tray_the_chat_window_carries_the_menu(qtbot, make_desk, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    desk = make_desk(use_tray=True)
    assert desk.tray is not None and not desk.tray_visible  # offscreen: no system tray
    assert desk.chat.isVisible()
    menus = [a.menu() for a in desk.chat.menuBar().actions()]
    assert desk.tray.menu in menus
    # the menu entries act for real
    desk.tray.a_pause.trigger()
    assert desk.config.ui.pause_learning is True and desk.tray.a_pause.isChecked()
    desk.tray.a_autostart.trigger()
    assert autostart.is_enabled() and (tmp_path / "xdg" / "autostart" / "metnos-desk.desktop").is_file()
    desk.tray.a_autostart.trigger()
    assert not autostart.is_enabled()
    with qtbot.waitExposed(desk.popup):
        desk.tray.a_quick.trigger()
    desk.tray.a_about.trigger()
    assert desk.menu.about_dialog.isVisible()
    assert "Gemma" in desk.menu.about_dialog.terms.toPlainText()
    desk.tray.a_settings.trigger()
    assert desk.menu.settings_dialog.isVisible()
    desk.menu.about_dialog.hide()
    desk.menu.settings_dialog.hide()


def test_memory_entry_explains_when_memory_is_off(qtbot, make_desk, metnos_home):
    from ui_helpers import write_runtime

    write_runtime(metnos_home, "[memory]\nlong_term_enabled = false\n")
    desk = make_desk()
    desk.menu.show_memory()
    w = desk.menu.memory_window
    qtbot.waitUntil(lambda: "long_term_enabled" in w.message.text(), timeout=30_000)
    assert w.isVisible()
    w.hide()


def test_hotkey_without_display_is_explained_once(qtbot, make_desk, monkeypatch, metnos_home):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("XDG_SESSION_TYPE", raising=False)
    seen: list[tuple[str, str]] = []
    desk = make_desk(use_hotkey=True)
    # registration happened in start(); the notification was emitted then — check what it said
    assert desk.hotkeys.problem and "DISPLAY" in desk.hotkeys.problem
    assert not desk.hotkey.active
    state = json.loads((metnos_home / "data" / "ui-state.json").read_text())
    assert any(k.startswith("hotkey:") for k in state["said"])
    desk.notified.connect(lambda t, b: seen.append((t, b)))
    desk.hotkeys.register()  # a second time (e.g. next start): not said again
    assert seen == []
    assert "metnos --toggle" in desk.hotkeys.note()


def test_hotkey_message_names_the_toggle_command(qtbot, make_desk, monkeypatch):
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    desk = make_desk()
    seen: list[tuple[str, str]] = []
    desk.notified.connect(lambda t, b: seen.append((t, b)))
    desk.use_hotkey = True
    desk.hotkeys.register()
    assert seen and "Wayland" in seen[0][1] and "metnos --toggle" in seen[0][1]


@pytest.mark.slow
def test_models_load_in_the_background_with_progress(qtbot, make_desk):
    desk = make_desk(use_tray=True, preload=True)
    tip = desk.tray.icon.toolTip
    qtbot.waitUntil(lambda: "Ready" in tip() or "did not load" in tip(), timeout=300_000)
    assert "Ready" in tip(), tip()
    loading = desk.load_status.loading
    assert loading.get("embedder") == 1.0 and loading.get("llm") == 1.0  # progress reached the UI
    assert not desk.chat.loading.isVisible()
    assert desk.host.engine.models.llm_loaded


def test_app_icon_is_set(qapp):
    from app.ui.tray import app_icon

    icon = app_icon()
    assert isinstance(icon, QIcon) and not icon.isNull()
    assert 256 in [s.width() for s in icon.availableSizes()]


def test_theme_change_in_runtime_toml_switches_the_glyph(qtbot, make_desk):
    from app.config.toml_edit import set_values

    desk = make_desk(use_tray=True)
    set_values(desk.manager.path, {"ui.theme": "dark"})
    desk.manager.reload()
    assert desk.tray.theme == "dark"
    dark_key = desk.tray.icon.icon().pixmap(22, 22).toImage()
    set_values(desk.manager.path, {"ui.theme": "light"})
    desk.manager.reload()
    assert desk.tray.theme == "light"
    assert desk.tray.icon.icon().pixmap(22, 22).toImage() != dark_key


def test_the_first_tray_needs_none_of_the_app_s_heavy_imports():
    """`metnos app` shows the tray icon before importing the rest (first_tray.py): that only pays off while
    showing it imports none of what makes `app.ui.app` slow. A fresh interpreter tells."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys\n"
            "from PySide6.QtWidgets import QApplication\n"
            "qapp = QApplication([sys.argv[0]])\n"
            "from app.ui.first_tray import show_tray_first\n"
            "early = show_tray_first(dock_wait_s=0)\n"
            "heavy = [m for m in ('app.ui.app', 'app.docs', 'app.reminders', 'app.engine', 'app.tools', 'numpy',\n"
            "                     'keyring') if m in sys.modules]\n"
            "print('HEAVY', heavy, early.tray.icon.toolTip().replace('\\n', ' | '))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         cwd=Path(__file__).resolve().parents[2],
                         env=dict(os.environ, QT_QPA_PLATFORM="offscreen", METNOS_UI_LANGUAGE="it"))
    line = next((ln for ln in out.stdout.splitlines() if ln.startswith("HEAVY")), out.stdout + out.stderr)
    assert line.startswith("HEAVY [] "), line
    assert "Avvio" in line, line  # its tooltip already in the UI language


def test_the_app_adopts_the_first_tray_with_its_settings_and_translations(qtbot, make_desk, metnos_home):
    from app.ui.first_tray import show_tray_first

    early = show_tray_first(dock_wait_s=0)
    desk = make_desk(use_tray=True, early=early)
    assert desk.tray is early.tray and early.tray.parent() is desk
    assert desk.manager is early.manager and desk.translations is early.translations
    assert desk.chat.menuBar().actions(), "offscreen there is no tray: the chat window carries its menu"
    desk.tray.a_about.trigger()  # the adopted icon's menu is wired to the app
    assert desk.menu.about_dialog is not None and desk.menu.about_dialog.isVisible()
    desk.menu.about_dialog.hide()
