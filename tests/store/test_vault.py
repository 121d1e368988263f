"""Encrypted stores: derived keys, plaintext migration, wrong and missing keys, private files, the notice.

Real parts: the real Secret Service (a keyring entry of each test's own), real
SQLite3 Multiple Ciphers files, the real engine for the notice.
"""
from __future__ import annotations

import os
import stat
import uuid
from pathlib import Path

import pytest
from support import need

from app.config import paths
from app.config.atomic import write_atomic
from app.store import vault
from app.store.db import Migration, open_db
from app.store.keys import KeyMissing, KeyringKeyStore, KeyUnavailable, WrongKey, resolve_backend

M = [Migration(1, "t", "create table t(x text)")]
MARK = "PLAINMARK-7f1c"


@pytest.fixture()
def keystore() -> KeyringKeyStore:
    try:
        resolve_backend()
    except KeyUnavailable as e:
        need(f"no Secret Service: {e}")
    ks = KeyringKeyStore(service=f"metnos-test-{uuid.uuid4().hex[:8]}")
    vault.VAULT.configure(lambda: ks)
    vault.VAULT.fallbacks.clear()
    yield ks
    ks.delete()
    vault.VAULT.configure(KeyringKeyStore)


def test_hkdf_matches_rfc5869_case_1() -> None:
    ikm = bytes.fromhex("0b" * 22)
    okm = vault.hkdf_sha256(ikm, bytes.fromhex("f0f1f2f3f4f5f6f7f8f9"), 42,
                            salt=bytes.fromhex("000102030405060708090a0b0c"))
    assert okm.hex() == ("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")


def test_each_database_gets_its_own_key(keystore: KeyringKeyStore) -> None:
    m = vault.VAULT.master_keys()[0]
    assert len({vault.derive(m, n) for n in ("history", "memo", "scratchpad")} | {m}) == 4


def test_plaintext_database_is_encrypted_in_place_with_every_row(keystore: KeyringKeyStore) -> None:
    con = open_db("memo", M)
    con.execute("pragma journal_mode=wal").fetchall()
    with con:
        con.executemany("insert into t values(?)", [(f"{MARK} {i}",) for i in range(500)])
    con.close()
    db = paths.data_dir() / "memo.db"
    assert MARK.encode() in db.read_bytes() + (Path(f"{db}-wal").read_bytes() if Path(f"{db}-wal").exists() else b"")
    con = vault.open_encrypted("memo", M)
    assert con.execute("select count(*) from t").fetchone()[0] == 500
    con.close()
    for p in paths.data_dir().iterdir():
        assert MARK.encode() not in p.read_bytes(), p
    assert not (paths.data_dir() / "memo.db.encrypting").exists()


def test_leftover_of_a_killed_migration_is_cleared_and_the_original_kept(keystore: KeyringKeyStore) -> None:
    con = open_db("memo", M)
    con.execute("insert into t values('keep me')")
    con.close()
    (paths.data_dir() / "memo.db.encrypting").write_bytes(os.urandom(3000))  # what a kill mid-copy leaves
    con = vault.open_encrypted("memo", M)
    assert con.execute("select x from t").fetchall() == [("keep me",)]
    con.close()
    assert not (paths.data_dir() / "memo.db.encrypting").exists()


def test_wrong_key_never_replaces_the_database(keystore: KeyringKeyStore) -> None:
    con = vault.open_encrypted("history", M)
    con.execute("insert into t values('old')")
    con.close()
    db = paths.data_dir() / "history.db"
    before = db.read_bytes()
    keystore.delete()
    keystore.create()  # another key in the keyring
    vault.VAULT.forget_keys()
    with pytest.raises(WrongKey):
        vault.open_encrypted("history", M)
    assert db.read_bytes() == before
    assert isinstance(vault.VAULT.fallbacks["history"], WrongKey)


def test_missing_key_creates_no_new_key_over_encrypted_files(keystore: KeyringKeyStore) -> None:
    vault.open_encrypted("memo", M).close()
    keystore.delete()
    vault.VAULT.forget_keys()
    with pytest.raises(KeyMissing):
        vault.open_encrypted("memo", M)
    assert keystore.candidates() == []  # no fresh key was made


def test_rotation_carries_the_derived_databases(keystore: KeyringKeyStore) -> None:
    con = vault.open_encrypted("memo", M)
    con.execute("insert into t values('across')")
    con.close()
    old = vault.VAULT.master_keys()[0]
    new = keystore.begin_rotation()
    assert vault.align(new, [old, new]) == ["memo"]
    keystore.commit_rotation()
    vault.VAULT.forget_keys()
    con = vault.open_encrypted("memo", M)
    assert con.execute("select x from t").fetchall() == [("across",)]
    con.close()


def test_database_files_and_folders_are_private(keystore: KeyringKeyStore) -> None:
    con = vault.open_encrypted("scratchpad", M)
    con.execute("insert into t values('x')")
    for p in paths.data_dir().iterdir():
        assert stat.S_IMODE(p.stat().st_mode) == 0o600, p
    assert stat.S_IMODE(paths.data_dir().stat().st_mode) == 0o700
    con.close()


def test_existing_install_made_private_at_start(metnos_home: Path) -> None:
    data = metnos_home / "data"
    (data / "sub").mkdir(parents=True)
    os.chmod(data, 0o755)
    f = data / "sub" / "history.db"
    f.write_text("x")
    os.chmod(f, 0o644)
    paths.make_private()
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert stat.S_IMODE((data / "sub").stat().st_mode) == 0o700
    assert stat.S_IMODE(f.stat().st_mode) == 0o600


def test_atomic_write_is_private_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "k" / "memory.kdf.json"
    write_atomic(target, "{}")
    write_atomic(target, '{"a": 1}')
    assert target.read_text() == '{"a": 1}'
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert [p.name for p in target.parent.iterdir()] == ["memory.kdf.json"]


def test_no_keyring_l0_answers_and_the_user_is_told_once_in_their_language(metnos_home: Path) -> None:
    """keyring's own 'fail' backend (what a machine without a Secret Service gets): "che ore sono" still
    answers from L0, nothing is written to disk, and one notice says why, in Italian."""
    import keyring
    from keyring.backends.fail import Keyring as FailKeyring

    from app.engine.engine import Engine
    from app.turn import events as ev

    before = keyring.get_keyring()
    keyring.set_keyring(FailKeyring())
    vault.VAULT.configure(KeyringKeyStore)
    vault.VAULT.forget_keys()
    vault.VAULT.fallbacks.clear()
    eng = Engine()
    try:
        first = list(eng.run_turn("che ore sono"))
        second = list(eng.run_turn("che ore sono?"))
    finally:
        eng.close()
        keyring.set_keyring(before)
        vault.VAULT.forget_keys()
    answers = [e for e in first if isinstance(e, ev.Answer)]
    assert answers and answers[0].level == "L0" and answers[0].text
    notices = [e for e in first + second if isinstance(e, ev.Notice)]
    assert len(notices) == 1, notices
    assert "portachiavi" in notices[0].message and "cronologia" in notices[0].message
    data = metnos_home / "data"
    assert not data.exists() or not [p for p in data.iterdir() if p.suffix == ".db"]
