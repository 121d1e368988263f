"""Turn state: plan with fixed statuses, bounded notes, the injected block, the tools."""
from __future__ import annotations

import threading

import pytest

from app.config import defaults
from app.memory.state import STATUSES, Limits, StateError, TurnState, state_tools
from app.tools.registry import Registry
from app.tools.runner import TurnContext
from app.turn.events import StateUpdate, Turn
from app.turn.services import TurnServices


def test_plan_replaces_whole_list_with_fixed_statuses() -> None:
    st = TurnState()
    st.update_plan([{"text": "trova il file", "status": "doing"}, "leggi il file"])
    assert st.plan == [{"text": "trova il file", "status": "doing"}, {"text": "leggi il file", "status": "todo"}]
    st.update_plan([{"text": "trova il file", "status": "completed"},
                    {"text": "leggi il file", "status": "in progress"}])
    assert [i["status"] for i in st.plan] == ["done", "doing"]
    with pytest.raises(StateError, match="not one of todo, doing, done, cancelled"):
        st.update_plan([{"text": "x", "status": "maybe"}])
    assert [i["status"] for i in st.plan] == ["done", "doing"], "a rejected update changes nothing"
    assert set(STATUSES) == {"todo", "doing", "done", "cancelled"}


def test_bounds_reject_prose_with_clear_messages() -> None:
    st = TurnState(Limits(max_items=3, max_item_chars=20, max_notes=2, max_key_chars=10, max_value_chars=30))
    with pytest.raises(StateError, match="at most 3"):
        st.update_plan(["a", "b", "c", "d"])
    with pytest.raises(StateError, match="at most 20"):
        st.update_plan(["x" * 21])
    with pytest.raises(StateError, match="repeats"):
        st.update_plan(["step", "Step"])
    with pytest.raises(StateError, match="not prose"):
        st.save_note("why", "because " * 10)
    st.save_note("issue", "42")
    st.save_note("branch", "fix-42")
    with pytest.raises(StateError, match="update or clear one"):
        st.save_note("commit", "abc123")
    st.save_note("ISSUE", "43")  # same key, any case: updated, not appended
    assert st.notes == {"issue": "43", "branch": "fix-42"}
    st.save_note("branch", "")
    assert st.notes == {"issue": "43"}
    with pytest.raises(StateError, match="key is empty"):
        st.save_note("  ", "x")


def test_render_and_snapshot() -> None:
    st = TurnState()
    assert st.render() == "" and st.message() is None and st.is_empty()
    st.update_plan([{"text": "cerca duplicati", "status": "cancelled"}, {"text": "apri la issue", "status": "done"}])
    st.save_note("decision", "no duplicate search: the repository is new")
    block = st.render()
    assert "- [cancelled] cerca duplicati" in block and "- [done] apri la issue" in block
    assert "- decision: no duplicate search: the repository is new" in block
    assert st.message() == {"role": "user", "content": block}
    snap = st.snapshot()
    event = StateUpdate("t1", 2, **snap)
    assert event.to_dict()["plan"][0] == {"text": "cerca duplicati", "status": "cancelled"}
    snap["notes"]["decision"] = "changed"
    assert st.notes["decision"] != "changed", "a snapshot is a copy"


def test_tools_through_the_engine_path() -> None:
    st = TurnState()
    reg = Registry(state_tools())
    ctx = TurnContext(turn=Turn("t1", "x", "local"), config=defaults(), registry=reg, emit=lambda e: None,
                      approve=lambda *a: False, services=TurnServices(state=st))
    out = ctx.execute("update_plan", {"items": [{"text": "leggi", "status": "doing"}]})
    assert out.ok and out.result["plan"] == [{"text": "leggi", "status": "doing"}]
    assert ctx.execute("save_note", {"key": "file", "value": "/tmp/a.txt"}).ok
    bad = ctx.execute("save_note", {"key": "essay", "value": "x" * 500})
    assert not bad.ok and "at most 200" in (bad.error or "")
    assert ctx.execute("save_note", {"key": "file"}).ok and st.notes == {}
    no_state = TurnContext(turn=Turn("t2", "x", "local"), config=defaults(), registry=reg, emit=lambda e: None,
                           approve=lambda *a: False)
    assert "not available" in (no_state.execute("save_note", {"key": "a", "value": "b"}).error or "")


def test_concurrent_writes_and_snapshots_stay_consistent() -> None:
    st = TurnState(Limits(max_notes=50))
    errors: list[BaseException] = []

    def writer(n: int) -> None:
        try:
            for i in range(200):
                st.save_note(f"k{n}", str(i))
                st.update_plan([{"text": f"step {n}", "status": "doing"}])
        except BaseException as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for _ in range(200):
        snap = st.snapshot()
        assert len(snap["plan"]) <= 1
    for t in threads:
        t.join()
    assert not errors and st.notes == {f"k{n}": "199" for n in range(4)}
