"""Property tests: whatever the model passes to scratchpad_read, the answer is a result or a ToolError."""
from __future__ import annotations

import base64
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.config.loader import Config, defaults
from app.memory.scratchpad import SCRATCHPAD_READ, Scratchpad
from app.memory.scratchpad.slices import split_lines
from app.tools.registry import ToolContext, ToolError
from app.turn.services import TurnServices

CAP = 3000
OWNER, TURN = "alice", "t"
TEXT = "".join(f"{i} {'ERROR' if i % 13 == 0 else 'info'} città ✓ {'x' * (i % 40)}\r\n" if i % 5 else "\n"
               for i in range(600))
DATA = bytes(range(256)) * 20


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("METNOS_HOME", str(tmp_path_factory.mktemp("home")))
        sp = Scratchpad()
        text_id = sp.put({"path": "/t.log", "content": TEXT}, owner=OWNER, turn_id=TURN, step_num=1,
                         executor="read_files").id
        bin_id = sp.put({"path": "/b", "encoding": "binary", "content_b64": base64.b64encode(DATA).decode()},
                        owner=OWNER, turn_id=TURN, step_num=2, executor="read_files").id
        c = ToolContext(owner=OWNER, turn_id=TURN, services=TurnServices(scratchpad=sp),
                        config=Config({**defaults().values, "scratchpad.full_read_cap_bytes": CAP}))
        yield c, text_id, bin_id
        sp.close()


junk = st.one_of(st.none(), st.booleans(), st.integers(min_value=-10**12, max_value=10**12),
                 st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
                 st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))
ints = st.one_of(st.integers(min_value=-50, max_value=len(TEXT) + 50),
                 st.integers(min_value=-10**18, max_value=10**18))
PROPS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def run(c, args):
    try:
        return SCRATCHPAD_READ.handler(args, c)
    except ToolError as e:
        assert str(e).startswith("scratchpad_read: ")
        return None


@PROPS
@given(start=st.one_of(ints, junk), end=st.one_of(ints, junk), n=st.one_of(ints, junk))
def test_range_answers_the_exact_slice_or_a_tool_error(env, start, end, n):
    c, text_id, _ = env
    r = run(c, {"scratchpad_id": text_id, "mode": "range", "start": start, "end": end, "n": n})
    if r is None:
        return
    s, e = r["start"], r["end"]
    assert 0 <= s < e <= len(TEXT) and e - s <= CAP
    assert r["content"] == TEXT[s:e] and r["returned_size"] == e - s
    if isinstance(start, int) and not isinstance(start, bool):
        assert s == start


@PROPS
@given(start=st.one_of(ints, junk), end=st.one_of(ints, junk))
def test_lines_answer_whole_lines_or_a_tool_error(env, start, end):
    c, text_id, _ = env
    r = run(c, {"scratchpad_id": text_id, "mode": "lines", "start": start, "end": end})
    if r is None:
        return
    lines = split_lines(TEXT)
    assert 1 <= r["start"] <= r["end"] + 1 and r["end"] <= len(lines)
    got = r["content"].split("\n")
    want = [ln.rstrip("\r") for ln in lines[r["start"] - 1:r["end"]]]
    assert got == want or (len(want) == 1 and want[0].startswith(got[0]))
    assert len(r["content"]) <= CAP


@PROPS
@given(pattern=st.one_of(st.text(max_size=20), st.sampled_from(["ERROR", "città", r"\d+ info", "(", "[a-", "x{2,1}",
                                                                 "(?P<", "*", r"\\", "^$", "✓$"]), junk),
       context=st.one_of(st.integers(min_value=-3, max_value=30), junk),
       max_matches=st.one_of(st.integers(min_value=-3, max_value=500), junk),
       from_end=st.one_of(st.booleans(), junk), ignore_case=st.one_of(st.booleans(), junk))
def test_grep_matches_are_real_or_a_tool_error(env, pattern, context, max_matches, from_end, ignore_case):
    c, text_id, _ = env
    r = run(c, {"scratchpad_id": text_id, "mode": "grep", "pattern": pattern, "context": context,
                "max_matches": max_matches, "from_end": from_end, "ignore_case": ignore_case})
    if r is None:
        return
    lines = split_lines(TEXT)
    rx = re.compile(r["pattern"], re.IGNORECASE if ignore_case is True or ignore_case == "true" else 0)
    assert r["total_matches"] == sum(1 for ln in lines if rx.search(ln))
    assert all(rx.search(lines[n - 1]) for n in r["match_lines"])
    assert r["returned_matches"] <= min(200, r["total_matches"]) and len(r["content"]) <= CAP


@PROPS
@given(mode=st.one_of(st.sampled_from(["full", "head", "tail", "range", "lines", "grep"]), junk),
       args=st.dictionaries(st.sampled_from(["n", "start", "end", "pattern", "context", "max_matches", "from_end",
                                             "ignore_case"]), st.one_of(ints, junk), max_size=5),
       binary=st.booleans())
def test_any_arguments_give_a_result_or_a_tool_error(env, mode, args, binary):
    c, text_id, bin_id = env
    r = run(c, {"scratchpad_id": bin_id if binary else text_id, "mode": mode, **args})
    if r is None:
        return
    assert r["ok"] is True and r["returned_size"] <= CAP
    if binary:
        assert base64.b64decode(r["content_b64"]) == DATA[r["start"]:r["end"]]


@PROPS
@given(sid=st.one_of(st.text(max_size=20), st.from_regex(r"\A[0-9a-f]{16}\Z"), junk))
def test_any_id_gives_a_result_or_a_tool_error(env, sid):
    c, text_id, _ = env
    r = run(c, {"scratchpad_id": sid, "mode": "head", "n": 3})
    if r is not None:
        assert sid.strip().lower() == text_id
