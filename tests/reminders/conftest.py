"""Fixtures of the reminders tests: a clock moved by hand, a real encrypted store, a real keyring.

The store is the app's own (reminders.db through the vault); its key comes from a Secret Service of the test's
own (run through installer/run-tests.sh, which starts one). Time never comes from the machine: `clock.now` is set
and moved by each test, in Europe/Rome so both DST changes of the year can be crossed.
"""
from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

import pytest
from reminder_support import Clock

from app.reminders.scheduler import Scheduler
from app.reminders.store import ReminderStore
from app.store.keys import KeyringKeyStore


@pytest.fixture
def clock() -> Clock:
    c = Clock(datetime(2026, 12, 2, 9, 0, tzinfo=timezone.utc))
    c.at(2026, 12, 2, 10, 0)  # Wednesday 2 December 2026, 10:00 in Rome
    return c


@pytest.fixture
def db_path(metnos_home: Path) -> Path:
    return metnos_home / "data" / "reminders.db"


@pytest.fixture
def scheduler(keystore: KeyringKeyStore, clock: Clock, db_path: Path) -> Iterator[Scheduler]:
    sch = Scheduler(ReminderStore(db_path), clock, "Europe/Rome")
    yield sch
    sch.close()
