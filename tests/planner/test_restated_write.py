"""A clause that restates the write just made runs nothing more (planner/veto.py: restated_write): the courtesy
"me lo scrivi tu per piacere?" after an append overwrote todo.txt with the appended line."""
from __future__ import annotations

from app.engine.catalog import build_registry
from app.planner import veto
from app.turn.events import Step

REG = build_registry()
APPENDED = Step(1, "write_files", {"path": "/x/todo.txt", "content": "comprare il pane", "mode": "append"})


def test_the_same_write_again_is_a_restatement() -> None:
    again = {"path": "/x/todo.txt", "content": "comprare il pane"}  # the overwrite the second clause asked for
    assert veto.restated_write(REG.get("write_files"), again, [APPENDED])


def test_another_target_another_text_or_a_read_is_not() -> None:
    write = REG.get("write_files")
    assert not veto.restated_write(write, {"path": "/x/spesa.txt", "content": "comprare il pane"}, [APPENDED])
    assert not veto.restated_write(write, {"path": "/x/todo.txt", "content": "comprare il latte"}, [APPENDED])
    assert not veto.restated_write(REG.get("read_files"), {"paths": ["/x/todo.txt"]},
                                   [Step(1, "read_files", {"paths": ["/x/todo.txt"]})])
    failed = Step(1, "write_files", APPENDED.args, ok=False)
    assert not veto.restated_write(write, {"path": "/x/todo.txt", "content": "comprare il pane"}, [failed])
