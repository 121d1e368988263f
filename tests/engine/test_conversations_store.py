"""Conversations in the encrypted history: the migration of older turns, names, search, forgetting, and a
reopened conversation's earlier exchanges given to the planner (real SQLite files, the real keyring)."""
from __future__ import annotations

from pathlib import Path

import pytest

from app.config import ConfigManager
from app.engine.conversations import LEGACY, LOADED_EXCHANGES, reopened
from app.engine.engine import Engine
from app.engine.journal import MIGRATIONS, Journal
from app.memory.compaction import is_history_summary
from app.store.vault import open_encrypted
from app.turn.events import Turn

pytestmark = pytest.mark.usefixtures("keystore")


def _old_history(path: Path) -> None:
    """A history written before conversations existed (migrations 1–3): the desk's one chat, one-off requests
    and a terminal chat."""
    con = open_encrypted(path, [m for m in MIGRATIONS if m.version <= 3], name="history")
    rows = [("a", "", "che ore sono", 100.0), ("b", "desk", "leggi la nota", 200.0),
            ("c", "chat", "ciao", 300.0), ("d", "desk", "riassumi la nota", 400.0), ("e", "", "che giorno è", 500.0)]
    with con:
        for tid, session, text, at in rows:
            con.execute("insert into turns(id, owner, session, text, level, answer, ok, started_at, state) "
                        "values(?, 'local', ?, ?, 'L0', 'ok', 1, ?, 'done')", (tid, session, text, at))
        con.execute("insert into steps(turn_id, num, tool, args, ok, level) values('b', 1, 'read_files', '{}', 1, "
                    "'L0')")
    con.close()


def test_older_turns_join_one_conversation_and_nothing_is_lost(tmp_path: Path) -> None:
    path = tmp_path / "history.db"
    _old_history(path)
    j = Journal(path)
    try:
        convs = {c["id"]: c for c in j.conversations("local")}
        assert set(convs) == {LEGACY, "chat"}
        desk = convs[LEGACY]
        assert desk["turns"] == 4 and desk["title"] == "che ore sono"  # its first request names it
        assert (desk["first_at"], desk["last_at"]) == (100.0, 500.0)
        turns = j.conversation("local", LEGACY)
        assert [t["text"] for t in turns] == ["che ore sono", "leggi la nota", "riassumi la nota", "che giorno è"]
        assert turns[1]["steps"][0]["tool"] == "read_files"
        assert [c["id"] for c in j.conversations("local")] == [LEGACY, "chat"]  # the most recently used first
    finally:
        j.close()
    j = Journal(path)  # opened again: the migration does not run twice
    try:
        assert sum(c["turns"] for c in j.conversations("local")) == 5
    finally:
        j.close()


def _turn(tid: str, text: str, answer: str = "fatto") -> Turn:
    t = Turn(id=tid, text=text, owner="local")
    t.answer, t.ok, t.level = answer, True, "L0"
    return t


def test_names_search_and_forgetting(tmp_path: Path) -> None:
    j = Journal(tmp_path / "history.db")
    try:
        j.record(_turn("1", "leggi la nota della spesa", "latte, pane"), 10.0, 1.0, "c1")
        j.record(_turn("2", "e domani?", "piove"), 20.0, 1.0, "c1")
        j.record(_turn("3", "che tempo fa a Roma", "sole"), 30.0, 1.0, "c2")
        j.record(_turn("4", "che ore sono"), 40.0, 1.0, "")  # a one-off request: a conversation of its own
        assert [c["id"] for c in j.conversations("local")] == ["4", "c2", "c1"]
        assert j.rename("local", "c1", "  La  spesa ") and not j.rename("local", "nope", "x")
        c1 = next(c for c in j.conversations("local") if c["id"] == "c1")
        assert c1["title"] == "La spesa" and c1["renamed"] and c1["first_text"] == "leggi la nota della spesa"
        assert [c["id"] for c in j.conversations("local", words=["PANE"])] == ["c1"]  # answers count, any case
        assert [c["id"] for c in j.conversations("local", words=["che"])] == ["4", "c2"]
        assert [c["id"] for c in j.conversations("local", words=["che", "roma"])] == ["c2"]  # every word
        assert [c["id"] for c in j.conversations("local", words=["spesa"])] == ["c1"]
        assert j.conversations("local", words=["100%"]) == []  # the person's % is a character, not a pattern
        j.rename("local", "c1", "")
        assert next(c for c in j.conversations("local") if c["id"] == "c1")["title"] == "leggi la nota della spesa"
        assert [t["text"] for t in j.conversation("local", "c1", limit=1)] == ["e domani?"]  # the newest turns
        assert j.forget_session("local", "c1") == ["leggi la nota della spesa", "e domani?"]
        assert [c["id"] for c in j.conversations("local")] == ["4", "c2"]
        assert j.resolve("local", "c2") == ["c2"] and j.resolve("local", "c1") == []
        j.prune(1, now=30.0 + 86400 + 5)  # c2's only turn goes: so does the conversation
        assert [c["id"] for c in j.conversations("local")] == ["4"]
    finally:
        j.close()


def test_a_reopened_conversation_feeds_the_planner_its_last_exchanges_bounded(tmp_path: Path) -> None:
    j = Journal(tmp_path / "history.db")
    try:
        j.record(_turn("x0", "mi chiamo Lucia e lavoro a Torino", "Piacere, Lucia."), 1.0, 1.0, "long")
        for i in range(1, 40):
            j.record(_turn(f"x{i}", f"domanda {i}", f"risposta {i}"), 1.0 + i, 1.0, "long")
        cancelled = _turn("x40", "domanda annullata", "")
        cancelled.cancelled = True
        j.record(cancelled, 50.0, 1.0, "long")
        hist = reopened(j, "local", "long", skip="x39")
        assert is_history_summary(hist[0])  # folded like a long chat: a summary, then the last exchanges
        assert hist[-1] == ("domanda 38", "risposta 38")  # the running turn and the cancelled one are not context
        assert len(hist) <= LOADED_EXCHANGES
        assert reopened(j, "local", "nothing") == [] and reopened(None, "local", "long") == []
    finally:
        j.close()


def test_the_engine_reads_a_stored_conversation_back_after_a_restart(metnos_home: Path) -> None:
    first = Engine(ConfigManager())
    try:
        list(first.run_turn("che ore sono", session="conv-a"))
    finally:
        first.close()
    second = Engine(ConfigManager())  # a new process: nothing in memory
    try:
        assert "conv-a" not in second.history
        list(second.run_turn("che giorno è oggi", session="conv-a"))
        hist = second.history["conv-a"]
        assert hist[0][0] == "che ore sono" and hist[-1][0] == "che giorno è oggi"
        assert len(hist) == 2
        assert [c["turns"] for c in second.journal.conversations("local")] == [2]
    finally:
        second.close()
