"""What the model is shown: synthetic observations for big outputs, shrunk ones for small."""
from __future__ import annotations

import base64
import hashlib
import json
import os

import pytest

from app.memory.scratchpad import view_size
from app.memory.scratchpad.view import dumps, omitted

OWNER, TURN = "alice", "turn-1"


def present(sp, obs, step=1, **kw):
    return sp.present(obs, owner=OWNER, turn_id=TURN, step_num=step, executor="read_files", **kw)


def log_800k() -> str:
    lines, i = [], 0
    size = 0
    while size < 800_000:
        line = f"2024-05-01 10:{i // 60 % 60:02d}:{i % 60:02d} INFO worker-{i % 7} processed batch {i}\n"
        if i % 997 == 500:
            line = f"2024-05-01 10:00:00 ERROR worker-3 timeout on batch {i}\n"
        lines.append(line)
        size += len(line)
        i += 1
    lines.append("2024-05-01 23:59:59 ERROR worker-1 disk full on /var/lib/metnos\n")
    lines += [f"2024-05-02 00:00:{s:02d} INFO shutdown step {s}\n" for s in range(30)]
    return "".join(lines)


def test_text_summary_is_head_500_marker_tail_500(sp):
    text = "".join(chr(ord("a") + i % 26) for i in range(10_000))
    obs = {"path": "/tmp/a.txt", "bytes": 10_000, "encoding": "utf-8", "lines": 1, "content": text}
    v, sid = present(sp, obs)
    assert sid is not None and v["scratchpad_id"] == sid
    assert v["summary"] == text[:500] + "[... 9000 caratteri omessi ...]" + text[-500:]
    assert v["ok"] is True and v["kind"] == "text" and v["size_bytes"] == 10_000
    assert v["metadata"] == {"path": "/tmp/a.txt", "bytes": 10_000, "encoding": "utf-8", "lines": 1}
    assert "scratchpad_read" in v["_note"] and sid in v["_note"] and "{{step1.content}}" in v["_note"]
    assert "content" not in v


def test_800kb_log_shows_at_most_1500_bytes_and_its_end(sp):
    text = log_800k()
    obs = {"path": "/tmp/t/big.log", "bytes": len(text), "encoding": "utf-8", "lines": text.count("\n"),
           "modified": "2024-05-02T00:00:30+02:00", "content": text}
    v, sid = present(sp, obs, threshold_bytes=4096, inline_chars=1500)
    assert view_size(v) <= 1500
    assert v["summary"].startswith(text[:80])
    assert v["summary"].endswith(text[-80:])
    m = "caratteri omessi"
    assert m in v["summary"]
    # the exact number of omitted characters is stated
    head, rest = v["summary"].split("[... ", 1)
    n = int(rest.split(" ", 1)[0])
    tail = rest.split(" ...]", 1)[1]
    assert len(head) + n + len(tail) == len(text)
    # the last ERROR line is reachable in one read
    got = sp.read(sid, owner=OWNER, turn_id=TURN, args={"mode": "grep", "pattern": "ERROR", "from_end": True,
                                                          "max_matches": 1})
    assert got["content"].endswith("ERROR worker-1 disk full on /var/lib/metnos")


def test_non_ascii_text_still_fits_the_budget(sp):
    text = "città perché — 日本語のログ 🚀\n" * 2000
    v, _ = present(sp, {"path": "/tmp/u.txt", "content": text}, inline_chars=1500)
    assert view_size(v) <= 1500
    assert v["summary"].startswith("città") and omitted(0)[:5] in v["summary"]


def test_binary_summary_is_size_and_sha256(sp):
    data = os.urandom(45_123)
    obs = {"path": "/tmp/x.zip", "bytes": len(data), "modified": "2024-01-01T00:00:00+00:00", "encoding": "binary",
           "content_b64": base64.b64encode(data).decode()}
    v, sid = present(sp, obs)
    assert v["kind"] == "binary" and v["size_bytes"] == 45_123
    assert v["summary"] == f"[BINARY: 45123 bytes, sha256={hashlib.sha256(data).hexdigest()}]"
    assert v["metadata"]["path"] == "/tmp/x.zip" and v["metadata"]["encoding"] == "binary"
    assert "content_b64" not in json.dumps({k: x for k, x in v.items() if k != "_note"})
    assert "grep" not in v["_note"] and "{{step1.content_b64}}" in v["_note"]
    got = sp.read(sid, owner=OWNER, turn_id=TURN, args={"mode": "range", "start": 100, "end": 164})
    assert base64.b64decode(got["content_b64"]) == data[100:164]


def test_structured_result_gives_count_and_item_schema(sp):
    entries = [{"name": f"doc{i}.pdf", "type": "file", "size": i * 100, "modified": "2024-03-01T10:00:00+01:00"}
               for i in range(400)]
    obs = {"path": "/home/alice/Documenti", "count": 400, "truncated": False, "entries": entries}
    v, sid = present(sp, obs, step=2)
    assert v["count"] == 400
    assert v["item_schema"] == {"name": "string", "type": "string", "size": "integer", "modified": "string"}
    assert v["summary"].startswith("400 entries; each item: {name: string")
    assert v["metadata"] == {"path": "/home/alice/Documenti", "count": 400, "truncated": False}
    assert "doc399" not in json.dumps(v)  # the items stay out of the context
    assert "{{step2.entries}}" in v["_note"]
    assert view_size(v) <= 1500
    # the readable content has one item per line: greppable
    got = sp.read(sid, owner=OWNER, turn_id=TURN, args={"mode": "grep", "pattern": r"doc39\d\.pdf"})
    assert got["total_matches"] == 10
    assert json.loads(got["content"].split("\n")[0].split(":", 1)[1])["name"] == "doc390.pdf"


@pytest.mark.parametrize("key", ["matches", "results"])
def test_other_structured_lists(sp, key):
    obs = {"root": "/tmp", "count": 300, key: [{"path": f"/tmp/f{i}", "size": i} for i in range(300)]}
    v, _ = present(sp, obs)
    assert v["count"] == 300 and v["item_schema"] == {"path": "string", "size": "integer"}
    assert v["summary"].startswith(f"300 {key};")


def test_several_files_list_each_file_and_render_them_for_grep(sp):
    a = "alpha line\n" * 400
    b = "beta line\n" * 300 + "ERROR in beta\n"
    obs = {"count": 2, "errors": [], "files": [
        {"path": "/tmp/a.log", "bytes": len(a), "encoding": "utf-8", "lines": 400, "content": a},
        {"path": "/tmp/b.log", "bytes": len(b), "encoding": "utf-8", "lines": 301, "content": b}]}
    v, sid = present(sp, obs)
    assert v["count"] == 2
    assert [f["path"] for f in v["items"]] == ["/tmp/a.log", "/tmp/b.log"]
    assert all("content" not in f for f in v["items"])
    got = sp.read(sid, owner=OWNER, turn_id=TURN, args={"mode": "grep", "pattern": "==>|ERROR"})
    assert got["content"].splitlines()[-1].endswith("ERROR in beta")
    assert "==> /tmp/b.log <==" in got["content"]


def test_error_and_message_metadata_are_kept(sp):
    obs = {"ok": False, "error": "partial read", "message": "3 files unreadable", "truncated": True,
           "content": "x" * 6000}
    v, _ = present(sp, obs)
    assert v["ok"] is False
    assert v["metadata"] == {"error": "partial read", "message": "3 files unreadable", "truncated": True}


def test_threshold_is_on_json_length(sp):
    base = {"path": "/p", "content": ""}
    overhead = len(dumps(base))
    exactly = dict(base, content="y" * (4096 - overhead))
    assert len(dumps(exactly)) == 4096
    v, sid = present(sp, exactly, inline_chars=10_000)
    assert sid is None and v == exactly  # not above the threshold: shown whole
    over = dict(base, content="y" * (4097 - overhead))
    v, sid = present(sp, over)
    assert sid is not None
    custom, sid2 = present(sp, {"content": "z" * 300}, threshold_bytes=100)
    assert sid2 is not None and custom["kind"] == "text"


def test_small_observation_is_shown_whole(sp):
    obs = {"path": "/tmp/a.txt", "bytes": 5, "encoding": "utf-8", "lines": 1, "content": "ciao\n"}
    v, sid = present(sp, obs)
    assert sid is None and v == obs
    assert sp.stats()["rows"] == 0


def test_middle_sized_observation_is_shrunk_to_inline_chars_with_marker(sp):
    text = "".join(f"riga {i}\n" for i in range(400))  # ~3.3 KB: under the threshold, over 1500
    obs = {"path": "/tmp/m.txt", "bytes": len(text), "encoding": "utf-8", "content": text}
    v, sid = present(sp, obs, inline_chars=1500)
    assert sid is None
    assert view_size(v) <= 1500
    assert v["path"] == "/tmp/m.txt" and v["bytes"] == len(text)  # still a dict with its fields
    assert v["content"].startswith("riga 0\n") and v["content"].endswith("riga 399\n")
    assert "caratteri omessi ...]" in v["content"]


def test_middle_sized_list_is_shrunk_keeping_first_items(sp):
    obs = {"path": "/tmp", "count": 100, "entries": [{"name": f"n{i}", "size": i} for i in range(100)]}
    v, sid = present(sp, obs, inline_chars=600)
    assert sid is None and view_size(v) <= 600
    assert v["count"] == 100 and v["entries"][0] == {"name": "n0", "size": 0}
    assert "elementi omessi" in v["entries"][-1]


def test_non_dict_results_are_wrapped(sp):
    v, sid = present(sp, ["a", "b"])
    assert sid is None and v == {"result": ["a", "b"]}
    v, sid = present(sp, "q" * 9000, step=4)
    assert sid is not None and v["kind"] == "text"
    assert sp.full_result(OWNER, TURN, 4) == "q" * 9000
