"""Fixtures shared by the desktop tests of reminders (the page, the card, the desktop's notifications): a
controllable clock at Wednesday 2 December 2026, 10:00 in Rome, the reminders plugin on an encrypted file under
the test's METNOS_HOME, and its scheduler. Imported by name into the test modules that use them."""
from __future__ import annotations

import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reminders"))

from reminder_support import Clock  # noqa: E402

from app.reminders import RemindersPlugin, Scheduler  # noqa: E402
from app.store.keys import KeyringKeyStore  # noqa: E402


@pytest.fixture
def clock() -> Clock:
    c = Clock(datetime.now())
    c.at(2026, 12, 2, 10, 0)  # Wednesday 2 December 2026, 10:00 in Rome
    return c


@pytest.fixture
def plugin(keystore: KeyringKeyStore, clock: Clock, metnos_home: Path) -> Iterator[RemindersPlugin]:
    p = RemindersPlugin(None, clock=clock, tz="Europe/Rome", path=str(metnos_home / "data" / "reminders.db"))
    yield p
    p.close()


@pytest.fixture
def sch(plugin: RemindersPlugin) -> Scheduler:
    s = plugin.scheduler()
    assert isinstance(s, Scheduler)
    return s
