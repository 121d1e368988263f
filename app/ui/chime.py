"""The reminder's sound: resources/sounds/reminder.wav when a reminder rings, if `reminders.sound` is on.

Which player, in order — the first this system has:

1. QSoundEffect (PySide6.QtMultimedia), when the installed PySide6 carries it. PySide6-Essentials, the package this
   app depends on, does not (QtMultimedia is in PySide6-Addons, ~100 MB more), and the installers leave it out
   (installer/spec_config.py), so in practice this is a developer's venv with the full PySide6;
2. the system's own: `winsound` on Windows (the standard library), `afplay` on macOS, and on Linux the first of
   `pw-play` (PipeWire), `paplay` (PulseAudio), `aplay` (ALSA) — started detached, the app never waits on it;
3. QApplication.beep(): the desktop's bell, when nothing above exists.

The setting is read at each ring (`enabled()`), so turning it on or off in Settings or in runtime.toml applies to
the next reminder without a restart. `plays` and `last` say what was asked of which player (the tests read them:
a test machine has no sound card to listen with).
"""
from __future__ import annotations

import logging
import shutil
import sys
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QObject, QProcess, QUrl
from PySide6.QtWidgets import QApplication

from app.config.paths import resources_dir

log = logging.getLogger(__name__)

LINUX_PLAYERS = (("pw-play", ()), ("paplay", ()), ("aplay", ("-q",)))


def sound_path() -> Path:
    return resources_dir() / "sounds" / "reminder.wav"


class Chime(QObject):
    def __init__(self, enabled: Callable[[], bool], parent: QObject | None = None, path: Path | None = None):
        super().__init__(parent)
        self.enabled = enabled
        self.path = path or sound_path()
        self.plays = 0
        self.last = ""  # the player last asked: "qsoundeffect", "winsound", "afplay", "pw-play", …, "beep"
        self.last_command: list[str] = []
        self._effect: Any = None

    def ring(self) -> bool:
        """A reminder rings: play the sound if the setting says so now. True when a player was asked."""
        try:
            on = bool(self.enabled())
        except Exception:
            log.exception("reminder sound setting unreadable")
            on = False
        return self.play() if on else False

    def play(self) -> bool:
        for name, start in (("qsoundeffect", self._qt), ("system", self._system), ("beep", self._beep)):
            try:
                used = start()
            except Exception as e:  # a player that fails is skipped: the next one may work
                log.info("reminder sound: %s failed: %s", name, e)
                continue
            if used:
                self.plays += 1
                self.last = used
                return True
        return False

    def _qt(self) -> str:
        try:
            from PySide6.QtMultimedia import QSoundEffect  # type: ignore[attr-defined,unused-ignore]
        except ImportError:
            return ""
        if self._effect is None:
            self._effect = QSoundEffect(self)
            self._effect.setSource(QUrl.fromLocalFile(str(self.path)))
        self._effect.play()
        return "qsoundeffect"

    def _system(self) -> str:
        if not self.path.is_file():
            return ""
        if sys.platform == "win32":
            import winsound

            winsound.PlaySound(str(self.path),
                               winsound.SND_FILENAME | winsound.SND_ASYNC | winsound.SND_NODEFAULT)
            return "winsound"
        candidates = (("afplay", ()),) if sys.platform == "darwin" else LINUX_PLAYERS
        for program, options in candidates:
            exe = shutil.which(program)
            if exe is None:
                continue
            args = [*options, str(self.path)]
            ok, _pid = QProcess.startDetached(exe, args)
            if ok:
                self.last_command = [exe, *args]
                return program
        return ""

    def _beep(self) -> str:
        QApplication.beep()
        return "beep"
