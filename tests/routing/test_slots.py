"""The argument guard: templating a remembered call and binding it to the new request's values."""
from __future__ import annotations

from datetime import datetime

from app.bench.routing_sets import build_tools
from app.lang.args_extractor import extract
from app.routing.slots import bind, slot_map, templatize, unconsumed_problem, used_by_template

NOW = datetime(2024, 5, 8, 15, 30)
TOOLS = build_tools({"set_alarm": {"properties": {"time": {"type": "string"}}, "required": ["time"]},
                     "search_photos": {"properties": {"pattern": {"type": "string"}, "root": {"type": "string"}},
                                       "required": ["pattern"]}})


def run(tool: str, old_query: str, old_args: dict, new_text: str):  # noqa: ANN201
    old_slots = extract(old_query, NOW)
    tmpl = {k: templatize(v, old_slots) for k, v in old_args.items()}
    new_slots = extract(new_text, NOW)
    b = bind(tool, TOOLS[tool], tmpl, old_query, old_slots, new_text, new_slots)
    if b.ok:
        problem = unconsumed_problem(new_slots, b.used, old_slots, used_by_template(tmpl))
        if problem:
            b.ok, b.reason = False, problem
    return b


def test_values_from_the_request_become_placeholders() -> None:
    slots = extract("copia /tmp/a.txt in /tmp/b il 3 maggio, le ultime 24 ore", NOW)
    assert templatize({"src": "/tmp/a.txt", "dest": "/tmp/b", "date": "2024-05-03", "h": 24}, slots) == \
        {"src": "{path}", "dest": "{path[1]}", "date": "{date}", "h": "{window.hours}"}
    assert templatize({"paths": ["/tmp/a.txt"]}, extract("leggi /tmp/a.txt")) == {"paths": "{path[*]}"}
    assert templatize({"p": "/home/u/a.txt"}, extract("leggi a.txt")) == {"p": "/home/u/{path}"}  # planner's folder
    assert templatize({"ext": "pdf"}, extract("trova i pdf")) == {"ext": "{ext.bare}"}
    assert templatize({"c": "{{step1.content}}"}, slots) == {"c": "{{step1.content}}"}


def test_new_values_are_bound() -> None:
    b = run("read_files", "leggi /tmp/a.txt", {"paths": ["/tmp/a.txt"]}, "leggi /tmp/b.txt e /tmp/c.txt")
    assert b.ok and b.args == {"paths": ["/tmp/b.txt", "/tmp/c.txt"]} and b.sources == {"paths": "rules"}


def test_a_required_value_missing_is_a_miss() -> None:
    b = run("read_files", "leggi /tmp/a.txt", {"paths": ["/tmp/a.txt"]}, "leggi il file")
    assert not b.ok and "'paths'" in b.reason


def test_words_of_the_old_request_are_not_reused_silently() -> None:
    old = "trova le foto del battesimo"
    b = run("search_photos", old, {"pattern": "*battesimo*", "root": "~"}, "trova le foto del matrimonio")
    assert not b.ok and "battesimo" in b.reason
    b = run("search_photos", old, {"pattern": "*battesimo*", "root": "~"}, "cerca le foto del battesimo")
    assert b.ok and b.args == {"pattern": "*battesimo*", "root": "~"} and b.sources["pattern"] == "memo"


def test_a_value_the_replay_would_ignore_is_a_miss() -> None:
    b = run("set_alarm", "imposta la sveglia alle 7:30", {"time": "07:30"}, "imposta la sveglia alle 8:00")
    assert b.ok and b.args == {"time": "08:00"}
    b = run("set_alarm", "imposta la sveglia alle 7:30", {"time": "07:30"}, "imposta la sveglia alle 7:30 e 8:00")
    assert not b.ok and "ignore" in b.reason
    b = run("read_files", "leggi /tmp/a.txt", {"paths": ["/tmp/a.txt"]}, "leggi le prime 10 righe di /tmp/a.txt")
    assert not b.ok and "number" in b.reason


def test_optional_args_asked_last_time_but_not_now_fall_back_to_the_tool_default() -> None:
    b = run("find_files", "trova i pdf nella home", {"root": "~/", "ext": "*.pdf"}, "trova i file nella home")
    assert b.ok and b.args == {"root": "~/"}


def test_a_write_tool_never_loses_the_limit_its_remembered_call_had() -> None:
    tools = build_tools({"delete_matching": {"properties": {"root": {"type": "string"}, "ext": {"type": "string"}},
                                             "required": ["root"]}})
    old = "cancella i pdf in /tmp/t"
    slots = extract(old, NOW)
    tmpl = {k: templatize(v, slots) for k, v in {"root": "/tmp/t", "ext": "*.pdf"}.items()}
    tool = tools["delete_matching"]
    risky = type("Risky", (), {"risk": "write", "properties": tool.properties, "required": tool.required})()
    new = "cancella i file in /tmp/t"
    b = bind("delete_matching", risky, tmpl, old, slots, new, extract(new, NOW))
    assert not b.ok and "would change more" in b.reason and b.need == "ext"


def test_slot_maps_are_inferred_from_argument_names() -> None:
    from app.tools.registry import Tool

    t = Tool("x", "x", {"type": "object", "properties": {"what": {}, "photo": {}, "dest_path": {}, "to": {},
                                                          "start_time": {}}}, lambda a, c: {})
    assert slot_map("x", t) == {"dest_path": "{path[1]}", "to": "{email}", "start_time": "{time}"}


def test_calculate_gets_the_arithmetic_of_the_new_request_and_none_without_numbers() -> None:
    old = "quanto fa 12 per 7"
    b = run("calculate", old, {"expression": old}, "quanto fa 15 per 3")
    assert b.ok and b.args == {"expression": "15*3"}
    b = run("calculate", old, {"expression": old}, "what is 18% of 250")
    assert b.ok and b.args == {"expression": "(18/100)*250"}
    for bare in ("quanto fa", "calcola", "calculate it"):
        assert not run("calculate", old, {"expression": old}, bare).ok, bare
    # √12·7 or √84? no scope is picked, and the remembered literal "quanto fa 12 per 7" is never replayed
    assert not run("calculate", old, {"expression": old}, "quanto fa la radice quadrata di 12 per 7").ok
    assert run("calculate", old, {"expression": old}, "quanto fa (radice di 16) per 7").ok


def test_a_bare_file_name_is_not_a_path_the_tools_can_act_on() -> None:
    b = run("read_files", "leggi /tmp/a.txt", {"paths": ["/tmp/a.txt"]}, "leggi note.txt")
    assert not b.ok and "relative path" in b.reason
    b = run("read_files", "leggi /tmp/a.txt", {"paths": ["/tmp/a.txt"]}, "leggi ./note.txt")
    assert not b.ok and "relative path" in b.reason
    b = run("read_files", "leggi /tmp/a.txt", {"paths": ["/tmp/a.txt"]}, "leggi ~/note.txt")
    assert b.ok and b.args == {"paths": ["~/note.txt"]}
    # the folder the planner put in front of a bare name last time is kept: the new name lands in it
    b = run("read_files", "leggi a.txt", {"paths": ["/home/u/a.txt"]}, "leggi b.txt")
    assert b.ok and b.args == {"paths": ["/home/u/b.txt"]}


def test_a_day_that_is_over_is_not_the_last_hours() -> None:
    b = run("find_files", "trova i pdf in /tmp/x", {"root": "/tmp/x", "ext": "*.pdf"},
            "trova i pdf di ieri in /tmp/y")
    assert not (b.ok and "modified_within_hours" in b.args)
    b = run("find_files", "trova i pdf in /tmp/x", {"root": "/tmp/x", "ext": "*.pdf"},
            "trova i pdf delle ultime 24 ore in /tmp/y")
    assert b.ok and b.args["modified_within_hours"] == 24
