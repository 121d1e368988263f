"""The scratchpad store: ownership on every lookup, expiry, gc, threads, resume after a wait."""
from __future__ import annotations

import base64
import os
import threading

import pytest

from app.memory.scratchpad import Scratchpad, not_found
from app.memory.scratchpad.store import ID_RE
from app.tools.registry import ToolError


def big_text(n_lines: int = 400) -> str:
    return "".join(f"INFO line {i} all good\n" for i in range(n_lines))


def file_obs(text: str, path: str = "/tmp/t/big.log") -> dict:
    return {"path": path, "bytes": len(text.encode()), "encoding": "utf-8", "lines": text.count("\n"),
            "content": text}


def test_file_lives_under_metnos_home(sp, metnos_home):
    sp.put(file_obs(big_text()), owner="alice", turn_id="t1", step_num=1, executor="read_files")
    assert (metnos_home / "data" / "scratchpad.db").exists()


def test_put_get_roundtrip_text(sp):
    text = big_text()
    e = sp.put(file_obs(text), owner="alice", turn_id="t1", step_num=1, executor="read_files")
    assert ID_RE.fullmatch(e.id)
    got = sp.get(e.id, owner="alice", turn_id="t1")
    assert got is not None
    assert got.kind == "text" and got.content == text.encode() and got.size_bytes == len(text.encode())
    assert (got.owner, got.turn_id, got.step_num, got.executor) == ("alice", "t1", 1, "read_files")
    assert got.expires_at - got.created_at == pytest.approx(3600)


def test_ids_are_unique(sp):
    ids = {sp.put(file_obs(big_text(10)), owner="a", turn_id="t", step_num=i, executor="x").id for i in range(200)}
    assert len(ids) == 200


def test_full_result_rebuilds_every_kind(sp):
    text = big_text()
    data = os.urandom(6000)
    binary = {"path": "/tmp/x.zip", "bytes": 6000, "encoding": "binary",
              "content_b64": base64.b64encode(data).decode()}
    structured = {"path": "/home/a", "count": 300, "truncated": False,
                  "entries": [{"name": f"f{i}.txt", "type": "file", "size": i} for i in range(300)]}
    multi = {"count": 2, "errors": [], "files": [file_obs(text, "/a.log"), file_obs(text[:3000], "/b.log")]}
    single_in_list = {"files": [file_obs(text)]}
    scalar_list = ["x" * 50] * 200
    for step, obs in enumerate([file_obs(text), binary, structured, multi, single_in_list, scalar_list], 1):
        sp.put(obs, owner="alice", turn_id="t1", step_num=step, executor="tool")
        assert sp.full_result("alice", "t1", step) == obs, step
    assert sp.full_result("alice", "t1", 99) is None


def test_kinds_and_content(sp):
    data = bytes(range(256)) * 30
    e = sp.put({"path": "/x.bin", "encoding": "binary", "content_b64": base64.b64encode(data).decode()},
               owner="a", turn_id="t", step_num=1, executor="read_files")
    got = sp.get(e.id, owner="a", turn_id="t")
    assert got.kind == "binary" and got.content == data
    assert e.summary.startswith("[BINARY: 7680 bytes, sha256=")
    s = sp.put({"entries": [{"n": i} for i in range(500)]}, owner="a", turn_id="t", step_num=2, executor="list_dir")
    assert s.kind == "text" and s.summary.startswith("500 entries; each item: {n: integer}")


# -- ownership: seed 002 calls this the most important test ------------------------------------------


def test_isolation_other_owner_and_other_turn_get_exactly_not_found(sp):
    e = sp.put(file_obs(big_text()), owner="alice", turn_id="t1", step_num=1, executor="read_files")
    assert sp.get(e.id, owner="bob", turn_id="t1") is None
    assert sp.get(e.id, owner="alice", turn_id="t2") is None
    assert sp.get(e.id, owner="bob", turn_id="t2") is None
    assert sp.get(e.id, owner="", turn_id="t1") is None
    assert sp.list_for_turn("bob", "t1") == [] and not sp.has_entries("bob", "t1")
    assert sp.full_result("bob", "t1", 1) is None and sp.full_result("alice", "t2", 1) is None
    messages = []
    for owner, turn, sid in (("bob", "t1", e.id), ("alice", "t2", e.id), ("bob", "t1", "0123456789abcdef")):
        with pytest.raises(ToolError) as err:
            sp.read(sid, owner=owner, turn_id=turn, args={"mode": "full"})
        messages.append(str(err.value).replace(sid, "<id>"))
    assert messages[0] == messages[1] == messages[2] == not_found("<id>")
    # the owner still reads it
    assert sp.read(e.id, owner="alice", turn_id="t1", args={"mode": "head", "n": 4})["content"] == "INFO"


def test_expired_is_the_same_not_found(sp):
    e = sp.put(file_obs(big_text()), owner="a", turn_id="t", step_num=1, executor="r", ttl=10, now=1000.0)
    assert sp.get(e.id, owner="a", turn_id="t", now=1009.0) is not None
    assert sp.get(e.id, owner="a", turn_id="t", now=1010.0) is None  # logically gone before any gc
    with pytest.raises(ToolError) as err:
        sp.read(e.id, owner="a", turn_id="t", now=1011.0)
    assert str(err.value) == not_found(e.id)
    assert not sp.has_entries("a", "t", now=1011.0)


def test_bad_id_format_says_what_an_id_looks_like(sp):
    for bad in (None, 12, "", "xyz", "0123456789abcdeg", "0123456789abcdef0"):
        with pytest.raises(ToolError, match="16-character hex id"):
            sp.read(bad, owner="a", turn_id="t")


def test_bad_owner_turn_or_ttl_rejected_on_put(sp):
    obs = file_obs(big_text())
    with pytest.raises(ValueError, match="owner"):
        sp.put(obs, owner="", turn_id="t", step_num=1, executor="x")
    with pytest.raises(ValueError, match="turn_id"):
        sp.put(obs, owner="a", turn_id="", step_num=1, executor="x")
    with pytest.raises(ValueError, match="ttl"):
        sp.put(obs, owner="a", turn_id="t", step_num=1, executor="x", ttl=0)


# -- expiry and gc ------------------------------------------------------------------------------------


def test_gc_removes_only_expired_rows(sp):
    old = sp.put(file_obs(big_text()), owner="a", turn_id="t", step_num=1, executor="r", ttl=60, now=1000.0)
    new = sp.put(file_obs(big_text()), owner="a", turn_id="t", step_num=2, executor="r", ttl=3600, now=1000.0)
    assert sp.stats(now=1100.0)["expired_pending_gc"] == 1
    assert sp.gc(now=1100.0) == 1
    assert sp.get(old.id, owner="a", turn_id="t", now=1000.0) is None  # deleted, not just hidden
    assert sp.get(new.id, owner="a", turn_id="t", now=1100.0) is not None
    assert sp.gc(now=1100.0) == 0
    assert sp.stats()["rows"] == 1


def test_list_for_turn_is_per_owner_and_turn_in_order(sp):
    a1 = sp.put(file_obs(big_text()), owner="a", turn_id="t", step_num=1, executor="r", now=1000.0)
    a2 = sp.put(file_obs(big_text()), owner="a", turn_id="t", step_num=3, executor="r", now=1001.0)
    sp.put(file_obs(big_text()), owner="a", turn_id="other", step_num=1, executor="r", now=1000.0)
    sp.put(file_obs(big_text()), owner="b", turn_id="t", step_num=2, executor="r", now=1000.0)
    listed = sp.list_for_turn("a", "t", now=1002.0)
    assert [e.id for e in listed] == [a1.id, a2.id]
    assert all(e.content is None for e in listed)  # listing never loads content
    assert sp.has_entries("a", "t", now=1002.0)


def test_stats_counts_rows_bytes_oldest_and_owners(sp):
    sp.put(file_obs("a" * 5000), owner="alice", turn_id="t", step_num=1, executor="r", now=500.0)
    sp.put(file_obs("b" * 7000), owner="bob", turn_id="u", step_num=1, executor="r", now=700.0)
    s = sp.stats(now=800.0)
    assert s["rows"] == 2 and s["bytes"] == 12000
    assert s["oldest_created_at"] == 500.0 and s["oldest_age_s"] == 300.0
    assert s["per_owner"] == {"alice": {"rows": 1, "bytes": 5000}, "bob": {"rows": 1, "bytes": 7000}}
    assert s["disk_bytes"] > 0


# -- concurrency ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("shared", [False, True], ids=["separate-stores", "one-store-many-threads"])
def test_two_threads_write_and_read_at_once(shared):
    stores = [Scratchpad()] if shared else [Scratchpad(), Scratchpad()]
    errors: list[BaseException] = []
    written: dict[str, list[tuple[str, str]]] = {"alice": [], "bob": []}
    start = threading.Barrier(2)

    def work(owner: str, store: Scratchpad) -> None:
        try:
            start.wait()
            for i in range(40):
                text = f"{owner}-{i}\n" + big_text(300)
                e = store.put(file_obs(text), owner=owner, turn_id="turn-" + owner, step_num=i, executor="r")
                written[owner].append((e.id, text))
                got = store.read(e.id, owner=owner, turn_id="turn-" + owner, args={"mode": "lines", "start": 1,
                                                                                      "end": 1})
                assert got["content"] == f"{owner}-{i}"
                store.has_entries(owner, "turn-" + owner)
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(o, stores[i % len(stores)])) for i, o in enumerate(written)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    check = Scratchpad()
    for owner, rows in written.items():
        assert len(rows) == 40
        assert len(check.list_for_turn(owner, "turn-" + owner)) == 40
        for sid, text in rows:
            assert check.get(sid, owner=owner, turn_id="turn-" + owner).content == text.encode()
            other = "bob" if owner == "alice" else "alice"
            assert check.get(sid, owner=other, turn_id="turn-" + owner) is None
    for s in stores + [check]:
        s.close()


# -- a turn resumed after an approval wait ------------------------------------------------------------


def test_turn_resumes_after_approval_wait_in_another_thread():
    store = Scratchpad()
    approved = threading.Event()
    waiting = threading.Event()
    out: dict[str, object] = {}

    def turn() -> None:
        e = store.put(file_obs(big_text() + "ERROR disk full\n"), owner="a", turn_id="t1", step_num=1,
                      executor="read_files")
        waiting.set()
        approved.wait()  # the approval dialog is open
        out["tail"] = store.read(e.id, owner="a", turn_id="t1", args={"mode": "tail", "n": 16})["content"]

    th = threading.Thread(target=turn)
    th.start()
    waiting.wait()
    # meanwhile another turn of another owner starts (gc) and writes
    assert store.gc() == 0
    store.put(file_obs(big_text()), owner="b", turn_id="t2", step_num=1, executor="read_files")
    approved.set()
    th.join()
    assert out["tail"] == "ERROR disk full\n"
    store.close()


def test_turn_resumes_after_reopening_the_store():
    first = Scratchpad()
    text = big_text() + "ERROR last\n"
    e = first.put(file_obs(text), owner="a", turn_id="t1", step_num=1, executor="read_files")
    first.close()
    again = Scratchpad()  # e.g. the app restarted while the approval was pending
    assert again.has_entries("a", "t1")
    assert again.read(e.id, owner="a", turn_id="t1", args={"mode": "grep", "pattern": "ERROR"})["match_lines"] == [401]
    assert again.full_result("a", "t1", 1)["content"] == text
    again.close()


def test_long_approval_wait_keeps_entries_with_touch_turn(sp):
    e = sp.put(file_obs(big_text()), owner="a", turn_id="t", step_num=1, executor="r", ttl=60, now=1000.0)
    other = sp.put(file_obs(big_text()), owner="b", turn_id="t", step_num=1, executor="r", ttl=60, now=1000.0)
    assert sp.touch_turn("a", "t", ttl=60, now=1050.0) == 1  # the turn resumed at 1050
    assert sp.gc(now=1070.0) == 1  # b's entry expired; a's was extended
    assert sp.get(e.id, owner="a", turn_id="t", now=1070.0) is not None
    assert sp.get(other.id, owner="b", turn_id="t", now=1000.0) is None
    assert sp.touch_turn("a", "t", ttl=60, now=5000.0) == 0  # an expired entry is not revived


def test_closed_store_says_so_in_every_thread():
    from app.store.db import StoreError

    s = Scratchpad()
    s.close()
    box: list[str] = []

    def run() -> None:
        try:
            s.gc()
        except StoreError as e:
            box.append(str(e))

    run()
    t = threading.Thread(target=run)
    t.start()
    t.join()
    assert box == ["the scratchpad was closed"] * 2
