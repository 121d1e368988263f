"""Italian and English UI through Qt's translation system (.ts sources, compiled .qm)."""
from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication

from app.ui.i18n import Translations, choose_language, i18n_dir

BIN = Path(sys.executable).parent
UI_DIR = Path(__file__).resolve().parents[2] / "app" / "ui"


def _sources(ts: Path) -> set[tuple[str, str]]:
    root = ET.parse(ts).getroot()
    return {(c.findtext("name") or "", m.findtext("source") or "") for c in root.iter("context")
            for m in c.iter("message")}


def test_choose_language_follows_the_system():
    assert choose_language("auto", system="it_IT") == "it"
    assert choose_language("auto", system="it_CH") == "it"
    assert choose_language("auto", system="de_DE") == "en"
    assert choose_language("auto", system="C") == "en"
    assert choose_language("it", system="en_US") == "it"
    assert choose_language("en", system="it_IT") == "en"


def test_every_string_has_an_italian_translation():
    root = ET.parse(i18n_dir() / "metnos_it.ts").getroot()
    messages = list(root.iter("message"))
    assert len(messages) > 80
    for m in messages:
        tr = m.find("translation")
        assert tr is not None and tr.get("type") not in ("unfinished", "obsolete", "vanished"), m.findtext("source")
        text = "".join(tr.itertext()).strip()
        assert text, f"empty translation for {m.findtext('source')!r}"
        src = m.findtext("source") or ""
        for ph in ("%1", "%2", "%3", "%n"):
            if ph in src:
                assert ph in text, f"{ph} lost in the translation of {src!r}"


@pytest.mark.skipif(not (BIN / "pyside6-lupdate").exists(), reason="pyside6-lupdate not installed")
def test_ts_covers_every_ui_string(tmp_path):
    fresh = tmp_path / "fresh.ts"
    subprocess.run([str(BIN / "pyside6-lupdate"), *sorted(str(p) for p in UI_DIR.glob("*.py")), "-locations",
                    "none", "-ts", str(fresh)], check=True, capture_output=True)
    missing = _sources(fresh) - _sources(i18n_dir() / "metnos_it.ts")
    assert not missing, f"run `python -m app.ui.i18n --update` and translate: {sorted(missing)[:5]}"


@pytest.mark.skipif(not (BIN / "pyside6-lrelease").exists(), reason="pyside6-lrelease not installed")
def test_qm_is_compiled_from_the_current_ts(tmp_path):
    out = tmp_path / "it.qm"
    subprocess.run([str(BIN / "pyside6-lrelease"), str(i18n_dir() / "metnos_it.ts"), "-qm", str(out)], check=True,
                   capture_output=True)
    assert out.read_bytes() == (i18n_dir() / "metnos_it.qm").read_bytes(), "recompile metnos_it.qm"


def test_italian_is_installed_and_widgets_retranslate(qtbot):
    from app.ui.popup import QuickPopup

    t = Translations()
    popup = QuickPopup()
    qtbot.addWidget(popup)
    try:
        assert t.install("it") == "it"
        assert QCoreApplication.translate("Tray", "Quit") == "Esci"
        assert QCoreApplication.translate("MemoryWindow", "%n fact(s)", "", 3) == "3 ricordi"
        qtbot.waitUntil(lambda: popup.cancel_btn.text() == "Annulla")
        assert popup.expand_btn.text() == "Apri nella chat"
        assert t.install("en") == "en"
        qtbot.waitUntil(lambda: popup.cancel_btn.text() == "Cancel")
        assert QCoreApplication.translate("Tray", "Quit") == "Quit"
    finally:
        t.install("en")
