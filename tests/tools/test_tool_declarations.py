"""Each tool declares its slots, how its result is said and how its step is told; routing and app/turn ask the
tool (its declaration), so a new tool needs no edit in their tables."""
from __future__ import annotations

from typing import Any

from app.engine.catalog import build_registry
from app.lang.asked import Asked
from app.lang.messages import register
from app.lang.placeholders import slot_for_argument
from app.tools.registry import Tool
from app.tools.slots import Slots, fill_map, path_args
from app.turn import events as ev
from app.turn.describe import StepSaid, step_words
from app.turn.rendering import render


def _said_probe(result: dict[str, Any], lang: str, shape: Asked) -> str | None:
    return f"probe {result.get('n')} {lang}" if "n" in result else None


def test_a_new_tools_declaration_is_how_its_result_and_step_are_said() -> None:
    register({"describe.t28_probe_scan": {"it": "Ho scandito {name}", "en": "Scanned {name}"},
              "describe.t28_probe_scan_n": {"it": "Ho scandito {name} — {n}", "en": "Scanned {name} — {n}"}})
    Tool("t28_probe_scan", "probe", {"type": "object", "properties": {"where": {"type": "string"}}},
         lambda a, c: {}, slots=Slots(paths=("where",)), render=_said_probe, said=StepSaid(count="count"))
    assert render("t28_probe_scan", {"n": 3}, "en") == "probe 3 en"
    assert render("t28_probe_scan", {"text": "its own words"}, "en") == "its own words"  # not a result it knows
    call = ev.ToolCall("", 1, tool="t28_probe_scan", args={"where": "/x/photos/"})
    counted = ev.Observation("", 1, tool="t28_probe_scan", ok=True, preview='{"count": 2}')
    assert step_words(call, counted, "en") == "Scanned photos — 2"
    assert step_words(call, None, "it", full=True) == "Ho scandito /x/photos/"
    undeclared = ev.ToolCall("", 1, tool="t28_probe_undeclared", args={"where": "/x"})
    assert step_words(undeclared, counted, "en") == "Did a step"


def test_declared_path_arguments_agree_with_what_their_names_say() -> None:
    for tool in build_registry():
        s = tool.slots
        if s.paths is None:
            continue
        by_name = tuple(a for a in tool.properties if (slot_for_argument(a) or "").startswith("{path"))
        assert set(path_args(tool)) == set(by_name), tool.name
        if s.dest:
            assert s.dest in tool.required, f"{tool.name}: a destination is what the call cannot go without"


def test_an_undeclared_tool_gets_its_slots_from_its_argument_names() -> None:
    t = Tool("t28_probe_copy", "x", {"type": "object", "properties": {"src": {}, "dest_path": {}, "n": {}}},
             lambda a, c: {})
    assert fill_map(t) == {"src": "{path}", "dest_path": "{path[1]}", "n": "{number}"}
    assert path_args(t) == ("src", "dest_path")
    assert fill_map(build_registry().get("get_now")) == {}  # declared: nothing of a request fills it


def test_the_file_rules_verbs_are_the_tools_verbs() -> None:
    from app.routing import file_lookup, file_stage

    reg = build_registry()
    assert file_stage.CHANGES == {v for t in file_stage._CHANGE_TOOLS for v in reg.get(t).slots.verbs}
    assert "edit" not in file_stage.CHANGES  # write_files is not one of the rules' calls: editing is the planner's
    assert file_stage._MOVERS == {"move": "move_files", "rename": "move_files", "copy": "copy_files"}
    assert not file_stage.NON_FILE_OBJECTS & file_stage._PLAIN_OBJECTS
    assert {"email", "reminder"} <= file_stage.NON_FILE_OBJECTS and "trash" in file_stage._PLAIN_OBJECTS
    assert file_lookup._OPEN_ASKED == set(reg.get("open_path").slots.verbs)


def test_an_argument_of_the_wrong_type_is_said_in_the_persons_language() -> None:
    """everyday23-35: "Non ci sono riuscito: write_files: argument 'content' should be string, got list" — an
    English technical fragment in an Italian answer. The English text stays the model's and the log's."""
    from app.lang.messages import Message
    from app.tools.registry import ToolError

    e = ToolError(Message("tool.arg_type", tool="write_files", arg="content", want="string", got="list"))
    assert str(e) == "write_files: argument 'content' should be string, got list"
    assert "should be" not in e.text("it") and "content" in e.text("it")
