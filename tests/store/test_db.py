from __future__ import annotations

from pathlib import Path

import apsw
import pytest

from app.store import Migration, StoreError, db_path, integrity_ok, open_db, require_sqlite3mc, sqlite3mc_version

M = [Migration(1, "notes", "create table notes(id integer primary key, body text not null)"),
     Migration(2, "tags", "create table tags(note integer references notes(id), tag text)")]


def test_one_file_per_concern_in_data_dir(metnos_home: Path) -> None:
    con = open_db("memo", M)
    assert db_path("memo") == metnos_home / "data" / "memo.db" and db_path("memo").exists()
    assert con.execute("pragma journal_mode").fetchone()[0] == "wal"
    assert con.execute("pragma foreign_keys").fetchone()[0] == 1
    assert integrity_ok(con)


def test_migrations_are_ordered_recorded_and_applied_once(tmp_path: Path) -> None:
    p = tmp_path / "x.db"
    con = open_db(p, M[:1])
    con.execute("insert into notes(body) values('a')")
    con.close()
    con = open_db(p, M)  # only migration 2 runs; data kept
    versions = [r[0] for r in con.execute("select version from schema_migrations order by version")]
    assert versions == [1, 2]
    assert con.execute("select body from notes").fetchall() == [("a",)]
    with pytest.raises(ValueError):
        open_db(tmp_path / "y.db", [M[1], M[0]])


def test_failed_migration_leaves_previous_version(tmp_path: Path) -> None:
    p = tmp_path / "z.db"
    open_db(p, M[:1]).close()
    bad = M + [Migration(3, "broken", "create table notes(x)")]  # already exists
    with pytest.raises(StoreError):
        open_db(p, bad)
    con = apsw.Connection(str(p))
    assert con.execute("select max(version) from schema_migrations").fetchone()[0] == 2  # 3 rolled back


def test_encrypted_db_wrong_key_is_a_clear_error(tmp_path: Path) -> None:
    assert sqlite3mc_version(), "apsw-sqlite3mc must be the loaded apsw"
    require_sqlite3mc()
    p = tmp_path / "secret.db"
    con = open_db(p, M, key=b"\x01" * 32)
    con.execute("insert into notes(body) values('la mia password è pippo')")
    con.close()
    raw = p.read_bytes() + (p.with_name("secret.db-wal").read_bytes() if p.with_name("secret.db-wal").exists() else b"")
    assert b"pippo" not in raw
    before = p.read_bytes()
    with pytest.raises(StoreError) as e:
        open_db(p, M, key=b"\x02" * 32)
    assert "key is wrong" in str(e.value)
    assert p.read_bytes() == before  # the file is left untouched
    assert open_db(p, M, key=b"\x01" * 32).execute("select body from notes").fetchone()[0].endswith("pippo")


def test_unopenable_location_names_the_folder(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError) as e:
        open_db(blocker / "sub" / "a.db", M)
    assert str(blocker) in str(e.value)
