"""runtime.toml edits from the UI (comments survive), start at login, licences — the Qt-free parts."""
from __future__ import annotations

import tomllib

import pytest

from app.config import ConfigManager
from app.config.render import render_default
from app.config.toml_edit import SettingsWriteError, get_value, set_values
from app.ui import autostart
from app.ui.licences import components, gemma_terms_path, html_to_text


def test_set_values_keeps_comments_and_applies(tmp_path):
    p = tmp_path / "runtime.toml"
    p.write_text(render_default() + "\n# my own note\n", encoding="utf-8")
    before = p.read_text(encoding="utf-8")
    set_values(p, {"ui.theme": "dark", "ui.pause_learning": True, "tools.allowed_roots": ["/tmp", "~"]})
    after = p.read_text(encoding="utf-8")
    for line in before.splitlines():
        if line.startswith("#"):
            assert line in after, f"comment lost: {line!r}"
    data = tomllib.loads(after)
    assert data["ui"]["theme"] == "dark" and data["ui"]["pause_learning"] is True
    assert data["tools"]["allowed_roots"] == ["/tmp", "~"]
    m = ConfigManager(p, create=False)
    assert not m.errors and m.config.ui.theme == "dark"
    assert get_value(p, "ui.theme") == "dark"
    assert get_value(p, "llm.n_ctx") is None  # still commented out


def test_set_values_refuses_bad_values_and_leaves_the_file(tmp_path):
    p = tmp_path / "runtime.toml"
    p.write_text(render_default(), encoding="utf-8")
    before = p.read_bytes()
    with pytest.raises(SettingsWriteError) as e:
        set_values(p, {"ui.theme": "purple", "llm.n_ctx": -5, "nope.key": 1})
    msg = str(e.value)
    assert "ui.theme" in msg and "llm.n_ctx" in msg and "nope.key" in msg
    assert p.read_bytes() == before


def test_set_values_on_broken_toml_says_so_and_writes_nothing(tmp_path):
    p = tmp_path / "runtime.toml"
    p.write_text("[ui\ntheme = ", encoding="utf-8")
    with pytest.raises(SettingsWriteError, match="not valid TOML"):
        set_values(p, {"ui.theme": "dark"})
    assert p.read_text(encoding="utf-8") == "[ui\ntheme = "


def test_set_values_creates_the_default_file_when_missing(tmp_path):
    p = tmp_path / "cfg" / "runtime.toml"
    set_values(p, {"hotkey.enabled": False})
    text = p.read_text(encoding="utf-8")
    assert "Metnos Desk — runtime.toml" in text
    assert tomllib.loads(text)["hotkey"]["enabled"] is False


def test_autostart_linux_entry(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(autostart.sys, "platform", "linux")
    assert not autostart.is_enabled()
    autostart.set_enabled(True)
    entry = tmp_path / "xdg" / "autostart" / "metnos-desk.desktop"
    assert entry.is_file() and autostart.is_enabled()
    text = entry.read_text(encoding="utf-8")
    assert text.startswith("[Desktop Entry]\n") and "Type=Application" in text
    exec_line = next(line for line in text.splitlines() if line.startswith("Exec="))
    cmd = autostart.launch_command()
    assert cmd[0] in exec_line and exec_line.endswith(" " + cmd[-1])
    autostart.set_enabled(False)
    assert not entry.exists() and not autostart.is_enabled()


def test_autostart_respects_a_disabled_entry(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.setattr(autostart.sys, "platform", "linux")
    autostart.set_enabled(True)
    p = autostart.linux_entry_path()
    p.write_text(p.read_text() + "Hidden=true\n")
    assert not autostart.is_enabled()


def test_desktop_entry_quotes_paths_with_spaces():
    text = autostart.desktop_entry(["/opt/My Apps/metnos", "app"])
    assert 'Exec="/opt/My Apps/metnos" app' in text


def test_gemma_terms_are_shown_as_text():
    page = ('<html><head><script>alert(1)</script><style>p{}</style></head><body><article>'
            '<div class="devsite-article-body clearfix">'
            '<h2>Section 1</h2><p>By using &amp; reproducing Gemma&hellip;</p></div></article></body></html>')
    text = html_to_text(page)
    assert "Section 1" in text and "By using & reproducing Gemma…" in text
    assert "alert" not in text and "<" not in text
    names = [c.name for c in components()]
    assert any("Gemma" in n for n in names)
    gemma = next(c for c in components() if "Gemma" in c.name)
    assert "Gemma" in gemma.licence
    qwen = next(c for c in components() if "Qwen2.5-Coder-1.5B-Instruct" in c.name)
    assert "Apache-2.0" in qwen.licence and "Alibaba Cloud" in qwen.name + qwen.licence
    if gemma_terms_path() is not None:  # installed bundle: the real terms are readable
        from app.ui.licences import gemma_terms_text

        terms = gemma_terms_text()
        assert terms and "Gemma Services" in terms and "<script" not in terms
