"""The reminders' database: one encrypted file (reminders.db), one row per reminder, ordered migrations.

Why encrypted like the history: "ricordami di ritirare le analisi" says something about a person's health, and
the text is theirs. It opens through `app.store.vault.open_encrypted`, so the key is derived from the keyring's
master key and nothing is ever written in plaintext.

Instants are whole seconds since the epoch (UTC): comparing them is the scheduler's whole job, and an integer
compares the same in SQL and in Python. The wall time of a repetition is in `repeat` (Repeat.code()) with the
zone it is read in (`tz`), so a DST change moves nothing (app/reminders/recurrence.py).

Crash safety: every change is one transaction (a SIGKILL leaves the row before or after it, never half of it),
and a firing records the occurrence shown and the next one together, so a reminder is neither shown twice nor
lost across a crash (tests/reliability/test_crash.py runs this store under SIGKILL).
"""
from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Sequence

from app.lang.repeat import Repeat
from app.store.db import Migration, one_row
from app.store.vault import open_encrypted

DB_NAME = "reminders"
STATES = ("pending", "done", "cancelled")

MIGRATIONS = [
    Migration(1, "reminders: text, next instant, repetition with its zone, state, snooze, last shown", """
        create table reminders(
            id integer primary key,
            text text not null,
            due integer not null,
            repeat text,
            tz text not null,
            created integer not null,
            state text not null default 'pending' check (state in ('pending', 'done', 'cancelled')),
            snoozed_until integer,
            last_fired integer,
            lang text not null default 'en'
        );
        create index reminders_pending on reminders(state, due);
    """),
    Migration(2, "when a reminder was marked done or cancelled (the list keeps the latest ones)", """
        alter table reminders add column closed_at integer;
    """),
]


def _dt(ts: int | None) -> datetime | None:
    return None if ts is None else datetime.fromtimestamp(int(ts), timezone.utc)


def ts(moment: datetime) -> int:
    """Whole seconds since the epoch of an aware instant, rounded up: a reminder never rings before its time."""
    return math.ceil(moment.timestamp())


@dataclass(frozen=True)
class Reminder:
    id: int
    text: str
    due: datetime  # the next (or only) occurrence, UTC
    repeat: Repeat | None
    tz: str
    created: datetime
    state: str
    snoozed_until: datetime | None
    last_fired: datetime | None
    lang: str
    closed_at: datetime | None = None

    def owed(self) -> list[datetime]:
        """Its times not shown yet: the occurrence and a snooze, whichever comes after the last one shown."""
        if self.state != "pending":
            return []
        shown = self.last_fired
        return sorted(t for t in (self.due, self.snoozed_until) if t is not None and (shown is None or t > shown))

    def next_time(self) -> datetime | None:
        owed = self.owed()
        return owed[0] if owed else None

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "due": self.due.isoformat(), "repeat": self.repeat.code()
                if self.repeat else None, "tz": self.tz, "state": self.state, "lang": self.lang,
                "snoozed_until": self.snoozed_until.isoformat() if self.snoozed_until else None,
                "last_fired": self.last_fired.isoformat() if self.last_fired else None}


_COLS = "id, text, due, repeat, tz, created, state, snoozed_until, last_fired, lang, closed_at"


def _row(r: Sequence[Any]) -> Reminder:
    repeat = None
    if r[3]:
        try:
            repeat = Repeat.parse(str(r[3]))
        except ValueError:
            repeat = None  # a rule this version cannot read: it still rings once
    due = _dt(r[2])
    created = _dt(r[5])
    assert due is not None and created is not None
    return Reminder(int(r[0]), str(r[1]), due, repeat, str(r[4]), created, str(r[6]), _dt(r[7]), _dt(r[8]),
                    str(r[9]), _dt(r[10]))


class ReminderStore:
    """The encrypted reminders database. One lock around the connection: the scheduler's thread and a turn's
    tool write through the same store."""

    def __init__(self, path: Path | str | None = None):
        self.con = open_encrypted(path if path is not None else DB_NAME, MIGRATIONS, name=DB_NAME)
        self.lock = threading.RLock()

    def close(self) -> None:
        with self.lock:
            self.con.close()

    def add(self, text: str, due: datetime, repeat: Repeat | None, tz: str, lang: str,
            created: datetime | None = None) -> int:
        stamp = ts(created) if created is not None else int(time.time())
        with self.lock, self.con:
            rid = int(one_row(self.con.execute(
                "insert into reminders(text, due, repeat, tz, created, lang) values(?, ?, ?, ?, ?, ?) returning id",
                (text, ts(due), repeat.code() if repeat else None, tz, stamp, lang)))[0])
        return rid

    def get(self, rid: int) -> Reminder | None:
        with self.lock:
            row = self.con.execute(f"select {_COLS} from reminders where id=?", (int(rid),)).fetchone()
        return None if row is None else _row(row)

    def pending(self) -> list[Reminder]:
        with self.lock:
            rows = self.con.execute(f"select {_COLS} from reminders where state='pending' order by due, id")
            return [_row(r) for r in rows]

    def closed(self, limit: int = 20) -> list[Reminder]:
        """The latest reminders marked done or cancelled."""
        with self.lock:
            rows = self.con.execute(f"select {_COLS} from reminders where state!='pending' "
                                    "order by coalesce(closed_at, due) desc, id desc limit ?", (int(limit),))
            return [_row(r) for r in rows]

    def fired(self, rid: int, shown: datetime, next_due: datetime | None) -> None:
        """The occurrence `shown` was shown: record it, move a repetition to `next_due`, drop a snooze that has
        rung — in one transaction."""
        with self.lock, self.con:
            self.con.execute(
                "update reminders set last_fired=?, due=coalesce(?, due), "
                "snoozed_until=case when snoozed_until <= ? then null else snoozed_until end where id=?",
                (ts(shown), ts(next_due) if next_due else None, ts(shown), int(rid)))

    def snooze(self, rid: int, until: datetime) -> None:
        with self.lock, self.con:
            self.con.execute("update reminders set snoozed_until=?, state='pending', closed_at=null where id=?",
                             (ts(until), int(rid)))

    def update(self, rid: int, text: str, due: datetime, repeat: Repeat | None) -> None:
        """A new text or time (the reminders page's edit): a new time is a new occurrence, not shown yet."""
        with self.lock, self.con:
            self.con.execute("update reminders set text=?, due=?, repeat=?, last_fired=case when due=? then "
                             "last_fired else null end, snoozed_until=case when due=? then snoozed_until else null "
                             "end where id=?", (text, ts(due), repeat.code() if repeat else None, ts(due), ts(due),
                                                int(rid)))

    def clear_snooze(self, rid: int) -> None:
        with self.lock, self.con:
            self.con.execute("update reminders set snoozed_until=null where id=?", (int(rid),))

    def close_reminder(self, rid: int, state: str, when: datetime | None = None) -> bool:
        """Mark it done or cancelled; False when there is no such pending reminder."""
        if state not in STATES[1:]:
            raise ValueError(f"not a closing state: {state!r}")
        stamp = ts(when) if when is not None else int(time.time())
        with self.lock, self.con:
            rows = self.con.execute("update reminders set state=?, snoozed_until=null, closed_at=? "
                                    "where id=? and state='pending' returning id", (state, stamp, int(rid))).fetchall()
        return bool(rows)
