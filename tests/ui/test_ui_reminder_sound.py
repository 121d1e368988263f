"""A reminder's sound (issue 32): off by default, `reminders.sound` read at each ring (turned on or off, the next
reminder follows without a restart), and the bundled chime handed to a player.

The desktop app is the real one (DeskApp over the real RemindersPlugin and its encrypted store, a clock moved by
hand). A test machine has no sound card to listen with, so what is checked is what the Chime asked of which player:
its `plays` and `last`, and — for the system player path — a stand-in `pw-play` put first on PATH that records the
file it was given (the real program would play it; here it proves the app launched it with the bundled .wav).
"""
from __future__ import annotations

import os
import stat
import sys
import threading
import wave
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from ui_helpers import routed_engine_factory, write_runtime

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reminders"))

from reminder_support import Clock  # noqa: E402

from app.config import ConfigManager  # noqa: E402
from app.reminders import RemindersPlugin, Scheduler  # noqa: E402
from app.ui.chime import Chime, sound_path  # noqa: E402

WAIT_MS = 10_000


def qt_multimedia() -> bool:
    try:
        import PySide6.QtMultimedia  # noqa: F401
    except ImportError:
        return False
    return True


def test_the_bundled_chime_is_a_short_small_wav() -> None:
    path = sound_path()
    with wave.open(str(path), "rb") as w:
        seconds = w.getnframes() / w.getframerate()
        assert w.getnchannels() == 1 and w.getsampwidth() == 2
    assert 0.2 <= seconds <= 1.0 and path.stat().st_size < 64_000


@pytest.fixture
def desk_and_plugin(qtbot: Any, make_desk: Any, metnos_home: Path, tmp_path: Path, keystore: object) -> Any:
    work = tmp_path / "work"
    work.mkdir()
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{work}"]\n[ui]\npause_learning = true\n')
    clock = Clock(datetime.now())
    clock.at(2026, 12, 2, 10, 0)
    plugin = RemindersPlugin(None, clock=clock, tz="Europe/Rome", path=str(metnos_home / "data" / "reminders.db"))
    assert isinstance(plugin.scheduler(), Scheduler)  # opened with the test's key, before the engine's vault config
    manager = ConfigManager()
    desk = make_desk(routed_engine_factory(manager, work / "nota.txt"), manager=manager)
    assert desk.reminders.attach_plugin(plugin)
    yield desk, plugin, clock, manager, work
    desk.shutdown()
    plugin.close()


def ring(qtbot: Any, desk: Any, plugin: RemindersPlugin, clock: Clock, text: str, minute: int) -> None:
    sch = plugin.scheduler()
    assert isinstance(sch, Scheduler)
    r = sch.add(text, datetime(2026, 12, 2, 10, minute))
    clock.at(2026, 12, 2, 10, minute)
    t = threading.Thread(target=plugin.tick, name="metnos-reminders")
    with qtbot.waitSignal(desk.notified, timeout=WAIT_MS):
        t.start()
    t.join(WAIT_MS / 1000)
    qtbot.waitUntil(lambda: r.id in desk.alerts.cards and desk.alerts.cards[r.id].isVisible(), timeout=WAIT_MS)


def test_the_sound_is_off_by_default_and_the_setting_is_read_at_each_ring(
        qtbot: Any, desk_and_plugin: Any, metnos_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    desk, plugin, clock, manager, work = desk_and_plugin
    chime: Chime = desk.chime
    monkeypatch.setenv("PATH", str(work))  # no system player here: the next one down (or QSoundEffect) is asked
    ring(qtbot, desk, plugin, clock, "first", 1)
    assert chime.plays == 0  # off by default: nothing asked of any player

    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{work}"]\n[ui]\npause_learning = true\n'
                               '[reminders]\nsound = true\n')
    assert "reminders.sound" in manager.reload().changed  # what the file watcher does when the file is saved
    ring(qtbot, desk, plugin, clock, "second", 2)
    assert chime.plays == 1 and chime.last == ("qsoundeffect" if qt_multimedia() else "beep")

    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{work}"]\n[ui]\npause_learning = true\n'
                               '[reminders]\nsound = false\n')
    manager.reload()
    ring(qtbot, desk, plugin, clock, "third", 3)
    assert chime.plays == 1  # off again: the next reminder is silent


def test_a_system_player_is_started_with_the_bundled_wav(qtbot: Any, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    if qt_multimedia():
        pytest.skip("this PySide6 carries QtMultimedia: QSoundEffect plays, no system player is asked")
    if sys.platform != "linux":
        pytest.skip("the Linux players; Windows uses winsound, macOS afplay")
    record = tmp_path / "played.txt"
    player = tmp_path / "bin" / "pw-play"
    player.parent.mkdir()
    player.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{record}"\n')
    player.chmod(player.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{player.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    chime = Chime(lambda: True)
    assert chime.ring()
    assert chime.last == "pw-play" and chime.last_command == [str(player), str(sound_path())]
    qtbot.waitUntil(record.exists, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: record.read_text().strip() != "", timeout=WAIT_MS)
    assert record.read_text().split() == [str(sound_path())]
    assert not Chime(lambda: False).ring()  # the setting off: no player asked
