"""UI language: Qt's translation system, following the system locale or `ui.language`.

Source strings are English (`self.tr(...)` in the widgets); Italian lives in
`resources/i18n/metnos_it.ts`, compiled to `metnos_it.qm` with
`pyside6-lrelease` (shipped with PySide6-Essentials). Regenerate with
`python -m app.ui.i18n --update` after changing UI strings.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from app.config.paths import resources_dir

SUPPORTED = ("en", "it")
DOMAIN = "metnos"
_current = "en"


def current_language() -> str:
    """The UI language now installed ("it"/"en"): the words the views build outside Qt's tr() follow it."""
    return _current


def i18n_dir() -> Path:
    return resources_dir() / "i18n"


def icons_dir() -> Path:
    return resources_dir() / "icons"


def choose_language(setting: str = "auto", system: str | None = None) -> str:
    """'it' or 'en': the setting when explicit, else the system locale (Italian → it, anything else → en)."""
    if setting in SUPPORTED:
        return setting
    name = system if system is not None else QLocale.system().name()
    return "it" if name.lower().startswith("it") else "en"


class Translations:
    """Holds the installed translators so the language can change at run time."""

    def __init__(self) -> None:
        self._installed: list[QTranslator] = []
        self.language = "en"

    def install(self, setting: str = "auto") -> str:
        app = QCoreApplication.instance()
        lang = choose_language(setting)
        if app is None:
            return lang
        for t in self._installed:
            app.removeTranslator(t)
        self._installed.clear()
        if lang != "en":
            ours = QTranslator(app)
            if ours.load(str(i18n_dir() / f"{DOMAIN}_{lang}.qm")):
                app.installTranslator(ours)
                self._installed.append(ours)
            qt = QTranslator(app)  # standard dialog buttons (OK, Cancel...) when Qt ships them
            if qt.load(f"qtbase_{lang}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
                app.installTranslator(qt)
                self._installed.append(qt)
        # numbers in widgets made from now on (the settings' "5,0 s") as the UI's language writes them: the
        # system's locale when it speaks that language (its country's habits), else the language's own
        system = QLocale.system()
        QLocale.setDefault(system if system.name().split("_")[0] == lang else QLocale(lang))
        self.language = lang
        global _current
        _current = lang
        return lang


def update_sources() -> int:
    """Developer helper: refresh the .ts from the code and compile the .qm."""
    bindir = Path(sys.executable).parent
    ui_dir = Path(__file__).resolve().parent
    sources = sorted(str(p) for p in ui_dir.glob("*.py"))
    ts = i18n_dir() / f"{DOMAIN}_it.ts"
    rc = subprocess.call([str(bindir / "pyside6-lupdate"), *sources, "-no-obsolete", "-locations", "none",
                          "-ts", str(ts)])
    if rc == 0:
        rc = subprocess.call([str(bindir / "pyside6-lrelease"), str(ts), "-qm", str(ts.with_suffix(".qm"))])
    return rc


if __name__ == "__main__":
    if "--update" in sys.argv:
        sys.exit(update_sources())
    print(__doc__)
