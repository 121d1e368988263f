"""scratchpad_read: every mode, every bad argument, and isolation through the builtin tool itself."""
from __future__ import annotations

import base64
import os

import pytest

from app.config.loader import Config, defaults
from app.memory.scratchpad import SCRATCHPAD_READ, not_found
from app.tools.registry import ToolContext, ToolError, validate_args
from app.turn.cancel import CancelToken, TurnCancelled
from app.turn.services import TurnServices

OWNER, TURN = "alice", "turn-1"
LINES = [f"{i:04d} {'ERROR' if i % 100 == 7 else 'INFO'} event {i}" for i in range(1, 1001)]
TEXT = "\n".join(LINES) + "\n"  # line N is "000N ...", 1-based


@pytest.fixture
def sid(sp):
    return sp.put({"path": "/tmp/t.log", "content": TEXT}, owner=OWNER, turn_id=TURN, step_num=1,
                  executor="read_files").id


def cfg(cap: int = 8192) -> Config:
    return Config({**defaults().values, "scratchpad.full_read_cap_bytes": cap})


def ctx(sp, owner=OWNER, turn=TURN, cap=8192, cancel=None) -> ToolContext:
    return ToolContext(owner=owner, turn_id=turn, config=cfg(cap), services=TurnServices(scratchpad=sp),
                       cancel=cancel or CancelToken())


def call(sp, args, **kw):
    return SCRATCHPAD_READ.handler(args, ctx(sp, **kw))


def test_tool_declaration():
    t = SCRATCHPAD_READ
    assert t.name == "scratchpad_read" and t.builtin and t.group == "Scratchpad" and t.risk == "read"
    assert t.required == ["scratchpad_id"]
    assert t.properties["mode"]["enum"] == ["full", "head", "tail", "range", "lines", "grep"]


def test_head_default_and_metadata(sp, sid):
    r = call(sp, {"scratchpad_id": sid})
    assert r["mode"] == "head" and r["content"] == TEXT[:2000]
    assert (r["kind"], r["unit"], r["full_size"], r["returned_size"]) == ("text", "characters", len(TEXT), 2000)
    assert r["scratchpad_id"] == sid


def test_head_and_tail_with_n(sp, sid):
    assert call(sp, {"scratchpad_id": sid, "mode": "head", "n": 10})["content"] == TEXT[:10]
    r = call(sp, {"scratchpad_id": sid, "mode": "tail", "n": 25})
    assert r["content"] == TEXT[-25:] and r["start"] == len(TEXT) - 25 and r["end"] == len(TEXT)


def test_head_past_the_end_returns_everything_there_is(sp):
    e = sp.put({"content": "abcdefghijklmnopqrstuvwxyz"}, owner=OWNER, turn_id=TURN, step_num=2, executor="x")
    r = call(sp, {"scratchpad_id": e.id, "mode": "head", "n": 100})
    assert r["content"] == "abcdefghijklmnopqrstuvwxyz" and r["returned_size"] == 26


def test_range(sp, sid):
    r = call(sp, {"scratchpad_id": sid, "mode": "range", "start": 100, "end": 150})
    assert r["content"] == TEXT[100:150] and (r["start"], r["end"]) == (100, 150)
    r = call(sp, {"scratchpad_id": sid, "mode": "range", "start": len(TEXT) - 5, "end": len(TEXT) + 999})
    assert r["content"] == TEXT[-5:] and r["end"] == len(TEXT)  # end past the end is clamped
    r = call(sp, {"scratchpad_id": sid, "mode": "range", "start": 10})
    assert r["content"] == TEXT[10:2010]  # end defaults to start + n


def test_lines(sp, sid):
    r = call(sp, {"scratchpad_id": sid, "mode": "lines", "start": 7, "end": 9})
    assert r["content"] == "\n".join(LINES[6:9]) and (r["start"], r["end"], r["total_lines"]) == (7, 9, 1000)
    r = call(sp, {"scratchpad_id": sid, "mode": "lines", "start": 999, "end": 5000})
    assert r["content"] == "\n".join(LINES[998:]) and r["end"] == 1000
    r = call(sp, {"scratchpad_id": sid, "mode": "lines", "start": 5})
    assert r["content"].split("\n") == LINES[4:104]  # 100 lines by default
    r = call(sp, {"scratchpad_id": sid, "mode": "lines", "start": 1000, "end": 1000})
    assert r["content"] == LINES[-1]


def test_grep_with_context_limit_and_from_end(sp, sid):
    r = call(sp, {"scratchpad_id": sid, "mode": "grep", "pattern": "ERROR"})
    assert r["total_matches"] == 10 and r["match_lines"] == [7 + 100 * k for k in range(10)]
    assert r["content"].split("\n")[0] == "7:" + LINES[6]
    r = call(sp, {"scratchpad_id": sid, "mode": "grep", "pattern": "ERROR", "context": 1, "max_matches": 2})
    assert r["content"].split("\n") == ["6-" + LINES[5], "7:" + LINES[6], "8-" + LINES[7], "--",
                                        "106-" + LINES[105], "107:" + LINES[106], "108-" + LINES[107]]
    assert "showing 2 of 10" in r["note"]
    r = call(sp, {"scratchpad_id": sid, "mode": "grep", "pattern": "ERROR", "from_end": True, "max_matches": 1})
    assert r["match_lines"] == [907] and r["content"] == "907:" + LINES[906]
    r = call(sp, {"scratchpad_id": sid, "mode": "grep", "pattern": "error", "ignore_case": True})
    assert r["total_matches"] == 10
    r = call(sp, {"scratchpad_id": sid, "mode": "grep", "pattern": "CRITICAL"})
    assert r["total_matches"] == 0 and r["content"] == "" and "no line matches" in r["note"]


def test_grep_limits_are_clamped(sp, sid):
    r = call(sp, {"scratchpad_id": sid, "mode": "grep", "pattern": "INFO", "max_matches": 10**6, "context": 500})
    assert r["returned_matches"] <= 200
    assert len(r["content"]) <= 8192


def test_full_small_entry(sp):
    e = sp.put({"content": "abc" * 100}, owner=OWNER, turn_id=TURN, step_num=2, executor="x")
    assert call(sp, {"scratchpad_id": e.id, "mode": "full"})["content"] == "abc" * 100


def test_full_is_capped_and_suggests_slices(sp, sid):
    with pytest.raises(ToolError) as err:
        call(sp, {"scratchpad_id": sid, "mode": "full"}, cap=4096)
    msg = str(err.value)
    assert "full-read cap" in msg and "4096" in msg
    for hint in ("head", "tail", "range", "lines", "grep"):
        assert hint in msg
    assert len(call(sp, {"scratchpad_id": sid, "mode": "full"}, cap=len(TEXT))["content"]) == len(TEXT)


def test_slices_never_exceed_the_cap(sp, sid):
    r = call(sp, {"scratchpad_id": sid, "mode": "head", "n": 10**9}, cap=1000)
    assert r["returned_size"] == 1000 and "cap" in r["note"]
    r = call(sp, {"scratchpad_id": sid, "mode": "range", "start": 0, "end": 10**9}, cap=1000)
    assert r["end"] == 1000 and "start=1000" in r["note"]
    r = call(sp, {"scratchpad_id": sid, "mode": "lines", "start": 1, "end": 1000}, cap=1000)
    assert len(r["content"]) <= 1000 and r["note"].endswith(f"start={r['end'] + 1}")


def test_binary_reads_return_base64(sp):
    data = os.urandom(5000)
    e = sp.put({"path": "/x.bin", "encoding": "binary", "content_b64": base64.b64encode(data).decode()},
               owner=OWNER, turn_id=TURN, step_num=2, executor="read_files")
    r = call(sp, {"scratchpad_id": e.id, "mode": "head", "n": 16})
    assert r["kind"] == "binary" and r["unit"] == "bytes" and r["encoding"] == "base64"
    assert base64.b64decode(r["content_b64"]) == data[:16] and "content" not in r
    assert base64.b64decode(call(sp, {"scratchpad_id": e.id, "mode": "tail", "n": 8})["content_b64"]) == data[-8:]
    assert base64.b64decode(call(sp, {"scratchpad_id": e.id, "mode": "full"})["content_b64"]) == data
    for mode in ("lines", "grep"):
        with pytest.raises(ToolError, match="binary"):
            call(sp, {"scratchpad_id": e.id, "mode": mode, "pattern": "x"})


@pytest.mark.parametrize("args, expect", [
    ({"mode": "head", "n": -1}, "n must be 1 or more"),
    ({"mode": "head", "n": 0}, "n must be 1 or more"),
    ({"mode": "tail", "n": "dieci"}, "n must be a whole number"),
    ({"mode": "tail", "n": 2.5}, "n must be a whole number"),
    ({"mode": "head", "n": True}, "n must be a whole number"),
    ({"mode": "range", "start": -5, "end": 10}, "start must be 0 or more"),
    ({"mode": "range", "start": 50, "end": 10}, "end (10) must be greater than start (50)"),
    ({"mode": "range", "start": 10, "end": 10}, "must be greater than start"),
    ({"mode": "range", "start": 10**7}, "past the end"),
    ({"mode": "range", "start": [1]}, "start must be a whole number"),
    ({"mode": "lines", "start": 0}, "start must be 1 or more"),
    ({"mode": "lines", "start": 9, "end": 3}, "must not be before start line"),
    ({"mode": "lines", "start": 1001}, "start line 1001 is past the end: this entry has 1000 lines"),
    ({"mode": "grep", "pattern": "ERROR("}, "bad regular expression"),
    ({"mode": "grep", "pattern": "[unclosed"}, "bad regular expression"),
    ({"mode": "grep", "pattern": "a{99999999999}"}, "bad regular expression"),
    ({"mode": "grep"}, "needs a pattern"),
    ({"mode": "grep", "pattern": ""}, "needs a pattern"),
    ({"mode": "grep", "pattern": 7}, "needs a pattern"),
    ({"mode": "grep", "pattern": "x" * 501}, "keep it under 500"),
    ({"mode": "grep", "pattern": "x", "context": -1}, "context must be 0 or more"),
    ({"mode": "grep", "pattern": "x", "max_matches": 0}, "max_matches must be 1 or more"),
    ({"mode": "grep", "pattern": "x", "from_end": "forse"}, "from_end must be true or false"),
    ({"mode": "everything"}, "mode must be one of full, head, tail, range, lines, grep"),
    ({"mode": 3}, "mode must be one of"),
])
def test_bad_arguments_are_clear_tool_errors(sp, sid, args, expect):
    with pytest.raises(ToolError) as err:
        call(sp, {"scratchpad_id": sid, **args})
    assert expect in str(err.value)
    assert str(err.value).startswith("scratchpad_read: ")


def test_numbers_as_strings_are_accepted(sp, sid):
    r = call(sp, {"scratchpad_id": sid, "mode": "lines", "start": "2", "end": " 3 "})
    assert r["content"] == "\n".join(LINES[1:3])
    assert call(sp, {"scratchpad_id": sid, "mode": "grep", "pattern": "ERROR", "from_end": "true",
                     "max_matches": "1"})["match_lines"] == [907]


def test_validate_args_then_handler(sp, sid):
    args = validate_args(SCRATCHPAD_READ, {"scratchpad_id": sid, "mode": "tail", "n": "12", "junk": 1})
    assert call(sp, args)["content"] == TEXT[-12:]
    with pytest.raises(ToolError, match="missing required argument"):
        validate_args(SCRATCHPAD_READ, {"mode": "tail"})


def test_uppercase_id_is_accepted(sp, sid):
    assert call(sp, {"scratchpad_id": sid.upper(), "n": 4})["content"] == TEXT[:4]


# -- isolation through the builtin tool (seed 002: the most important test) -------------------------------


def test_owner_b_cannot_read_owner_a_entry_through_the_tool(sp, sid):
    with pytest.raises(ToolError) as as_bob:
        call(sp, {"scratchpad_id": sid, "mode": "full"}, owner="bob")
    with pytest.raises(ToolError) as other_turn:
        call(sp, {"scratchpad_id": sid, "mode": "head"}, turn="turn-2")
    with pytest.raises(ToolError) as bob_same_turn_grep:
        call(sp, {"scratchpad_id": sid, "mode": "grep", "pattern": "."}, owner="bob", turn=TURN)
    with pytest.raises(ToolError) as nonexistent:
        call(sp, {"scratchpad_id": "0" * 16, "mode": "head"})
    assert str(as_bob.value) == str(other_turn.value) == str(bob_same_turn_grep.value) == not_found(sid)
    assert str(nonexistent.value) == not_found("0" * 16)
    for e in (as_bob, other_turn, bob_same_turn_grep):
        assert "INFO" not in str(e.value) and "alice" not in str(e.value)
    # even bob's own entries in the same turn id do not open alice's
    bob = sp.put({"content": "bob's data " * 500}, owner="bob", turn_id=TURN, step_num=1, executor="x")
    with pytest.raises(ToolError):
        call(sp, {"scratchpad_id": sid}, owner="bob")
    assert call(sp, {"scratchpad_id": bob.id, "n": 5}, owner="bob")["content"] == "bob's"
    with pytest.raises(ToolError) as alice_reads_bob:
        call(sp, {"scratchpad_id": bob.id})
    assert str(alice_reads_bob.value) == not_found(bob.id)


def test_tool_without_scratchpad_service_says_so():
    c = ToolContext(owner=OWNER, turn_id=TURN, config=cfg(), services=TurnServices())
    with pytest.raises(ToolError, match="not available"):
        SCRATCHPAD_READ.handler({"scratchpad_id": "0" * 16}, c)


def test_grep_honours_cancel(sp, sid):
    tok = CancelToken()
    tok.cancel()
    with pytest.raises(TurnCancelled):
        call(sp, {"scratchpad_id": sid, "mode": "grep", "pattern": "x"}, cancel=tok)


def test_no_duplicate_read_guard(sp, sid):
    first = call(sp, {"scratchpad_id": sid, "mode": "head", "n": 30})
    assert all(call(sp, {"scratchpad_id": sid, "mode": "head", "n": 30}) == first for _ in range(5))
