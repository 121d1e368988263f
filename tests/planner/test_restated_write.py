"""A clause that restates the call just made runs nothing more (planner/veto.py: restated_call): the courtesy
"me lo scrivi tu per piacere?" after an append overwrote todo.txt with the appended line; "devo spostare X in
archivio domani, intanto leggimelo" read X twice and showed it twice."""
from __future__ import annotations

from app.engine.catalog import build_registry
from app.planner import veto
from app.turn.events import Step

REG = build_registry()
TOOLS = {name: REG.get(name) for name in ("read_files", "write_files", "list_dir", "move_files")}
APPENDED = Step(1, "write_files", {"path": "/x/todo.txt", "content": "comprare il pane", "mode": "append"})


def test_the_same_write_again_is_a_restatement() -> None:
    again = {"path": "/x/todo.txt", "content": "comprare il pane"}  # the overwrite the second clause asked for
    assert veto.restated_call(REG.get("write_files"), again, [APPENDED], TOOLS)
    one_as_text = {"paths": "/x/todo.txt", "content": "comprare il pane"}  # one path as a string, as tools take it
    assert veto.restated_call(REG.get("write_files"), one_as_text, [APPENDED], TOOLS)


def test_another_target_or_another_text_is_not() -> None:
    write = REG.get("write_files")
    assert not veto.restated_call(write, {"path": "/x/spesa.txt", "content": "comprare il pane"}, [APPENDED], TOOLS)
    assert not veto.restated_call(write, {"path": "/x/todo.txt", "content": "comprare il latte"}, [APPENDED], TOOLS)
    failed = Step(1, "write_files", APPENDED.args, ok=False)
    assert not veto.restated_call(write, {"path": "/x/todo.txt", "content": "comprare il pane"}, [failed], TOOLS)


def test_the_same_read_again_is_a_restatement_unless_a_write_came_between() -> None:
    read, args = REG.get("read_files"), {"paths": ["/tmp/w/todo.txt"]}
    first = Step(1, "read_files", dict(args))
    assert veto.restated_call(read, args, [first], TOOLS)
    listed = Step(2, "list_dir", {"path": "/tmp/w"})
    assert veto.restated_call(read, args, [first, listed], TOOLS)  # a read between changes nothing
    # "read X, add a line, show it to me again": the write between makes the second read new
    assert not veto.restated_call(read, args, [first, APPENDED], TOOLS)
    assert not veto.restated_call(read, {"paths": ["/tmp/w/note.md"]}, [first], TOOLS)
    assert not veto.restated_call(read, args, [Step(1, "read_files", dict(args), ok=False)], TOOLS)


def test_a_model_written_calculation_with_figures_nobody_gave_is_not_run() -> None:
    """"how long is a football match?" says no number and the model wrote "30 × 45 ÷ 60" (everyday5-8); "18 lads chip
    in 35 quid" became "18 × 35 × 35" (everyday5-49): a calculator must compute what the person gave."""
    model = {"expression": "model"}
    assert veto.made_up_figures({"expression": "30 × 45 ÷ 60"}, model,
                                "quick one, how long is a normal football match, not counting injury time?")
    assert veto.made_up_figures({"expression": "18 × 35 × 35"}, model,
                                "if 18 lads each chip in 35 quid for the new kit, how much is that altogether")
    assert not veto.made_up_figures({"expression": "18 × 35"}, model,
                                    "if 18 lads each chip in 35 quid for the new kit, how much is that altogether")
    assert not veto.made_up_figures({"expression": "480*(1-0.35)"}, model,
                                    "se il prezzo è 480 euro e ho uno sconto del 35%, quanto pago?")
    assert not veto.made_up_figures({"expression": "1500*12"}, model, "guadagno 1500 al mese, quanto in un anno?")
    assert not veto.made_up_figures({"expression": "3*4.50"}, model, "tre caffè a 4,50 quanto fa")
    assert not veto.made_up_figures({"expression": "70 * 15"}, model, "pt 70kg, dose 15mg/kg, total mg?")
    # a conversion brings its own factors (everyday5-47 was answered in words once they were refused)
    assert not veto.made_up_figures({"expression": "200*9/5+32"}, model,
                                    "a quanti fahrenheit corrispondono 200 gradi celsius?")
    # the rules copy the request's own words: never the model's invention
    assert not veto.made_up_figures({"expression": "quanto fa 12 per 7"}, {"expression": "rules"}, "quanto fa 12 per 7")
