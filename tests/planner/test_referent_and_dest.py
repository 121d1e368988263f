"""Two rules of the planner's arguments, without a model: a request that names no file gets a question back
(referent.py), and "crea la cartella X e spostaci dentro Y" moves Y into the folder just made (fill.py)."""
from __future__ import annotations

from typing import Any

import pytest

from app.engine.catalog import build_registry
from app.lang.messages import Message
from app.planner.evidence import analyze
from app.planner.fill import rule_args
from app.planner.referent import NoReferent, no_referent
from app.turn.events import Step

REG = {t.name: t for t in build_registry()}


def test_no_referent_asks_which_file() -> None:
    for text, tool in (("aprilo", "open_path"), ("cancella quel file", "delete_files"),
                       ("read it to me", "read_files")):
        evd = analyze(text)
        assert no_referent(REG[tool], {}, evd, 0, []), text
    q = NoReferent("open_path")
    assert q.question("it").endswith("?") and "apra" in q.question("it")
    assert q.question("en").startswith("Which")
    assert NoReferent("some_plugin_tool").question("it") == Message("ask.which").text("it")


def test_a_referent_anywhere_means_no_question() -> None:
    assert not no_referent(REG["open_path"], {}, analyze("apri /tmp/x/a.txt"), 0, [])
    assert not no_referent(REG["read_files"], {}, analyze("leggilo"), 1, [])  # an earlier step of the turn
    assert not no_referent(REG["read_files"], {}, analyze("leggilo"), 0, [("trova note.md", "/tmp/note.md")])
    assert not no_referent(REG["get_now"], {}, analyze("che ore sono"), 0, [])  # nothing to point at


def test_into_the_folder_just_made() -> None:
    evd = analyze("crea la cartella /tmp/x/backup e spostaci dentro /tmp/x/todo.txt")
    assert len(evd.clauses) == 2
    made = Step(1, "make_folder", {"path": "/tmp/x/backup"})
    args, src = rule_args(REG["move_files"], evd.clauses[1], evd, [made])
    assert args["dest"] == "/tmp/x/backup" and src["dest"] == "ref"
    assert args["paths"] == ["/tmp/x/todo.txt"]


def test_from_a_folder_to_another() -> None:
    evd = analyze("sposta /tmp/x/a.txt in /tmp/y")
    args, _ = rule_args(REG["move_files"], evd.clauses[0], evd, [])
    assert args == {"paths": ["/tmp/x/a.txt"], "dest": "/tmp/y"}


def test_a_bare_new_name_stays_in_the_files_folder() -> None:
    """"rename /x/report.txt to report_final.txt": the planner passed a relative dest on and the move failed
    (everyday5-17); the file stage reads the same words as a rename in place."""
    from app.engine.catalog import build_registry
    from app.planner.evidence import analyze
    from app.planner.fill import rule_args

    move = build_registry().get("move_files")
    ev = analyze("rename /tmp/x/report.txt to report_final.txt cheers")
    want = {"paths": ["/tmp/x/report.txt"], "dest": "/tmp/x/report_final.txt"}
    assert rule_args(move, ev.clause(0), ev, [])[0] == want
    ev = analyze("sposta /tmp/x/todo.txt in /tmp/x/archivio")
    assert rule_args(move, ev.clause(0), ev, [])[0] == {"paths": ["/tmp/x/todo.txt"], "dest": "/tmp/x/archivio"}



def test_a_clause_still_waiting_is_owed_its_action() -> None:
    """After the first step, a clause that asks an action in words gets a tool that performs it, not an answer
    (everyday4-66 read todo.txt and never appended; everyday5-67 appended and never showed the file)."""
    from types import SimpleNamespace

    from app.engine.catalog import all_tools
    from app.lang.asked_actions import asked_actions
    from app.planner import veto
    from app.planner.choose import ANSWER, Situation
    from app.planner.evidence import analyze

    tools = {t.name: t for t in all_tools()}
    idx = SimpleNamespace(affinity_by_name=lambda: {})
    text = "read /tmp/x/todo.txt then add 'ritirare libri' at the end of it"
    opts = ["write_files", "describe_entries", "list_dir", ANSWER]
    read = SimpleNamespace(turn=SimpleNamespace(steps=[Step(1, "read_files", {"paths": ["/tmp/x/todo.txt"]})]))
    t = SimpleNamespace(sit=Situation(steps_done=1, pending_clause=True), evd=analyze(text), clause_i=1,
                        asked_all=asked_actions(text), idx=idx, tools=tools, ctx=read)
    assert veto.owed(t, opts) == ["write_files"]
    t.sit = Situation(steps_done=0, pending_clause=True)
    assert veto.owed(t, opts) == []  # the first decision is the model's
    said = "leggi /tmp/x/note.md e dimmi cosa ne pensi"
    t = SimpleNamespace(sit=Situation(steps_done=1, pending_clause=False), evd=analyze(said), clause_i=1,
                        asked_all=asked_actions(said), idx=idx, tools=tools, ctx=read)
    assert veto.owed(t, opts) == []  # nothing waits: the answer is free


def test_a_tool_that_ran_is_not_owed_again_to_a_clause_that_names_nothing_of_its_own() -> None:
    """everyday10-16 / 14-22: "apri la cartella X, che devo guardare una cosa al volo" listed X, then listed it again
    as the clause "still owed" its action (the model had the answer 4.8 and 7.1 nats ahead). A clause that names
    its own file is still owed the same tool ("leggi a.txt e poi leggi b.txt")."""
    from types import SimpleNamespace

    from app.engine.catalog import all_tools
    from app.lang.asked_actions import asked_actions
    from app.planner import veto
    from app.planner.choose import ANSWER, Situation
    from app.planner.evidence import analyze

    tools = {t.name: t for t in all_tools()}
    idx = SimpleNamespace(affinity_by_name=lambda: {"read_files": {"read": 1.0}, "list_dir": {"list": 1.0}})
    opts = ["read_files", "list_dir", ANSWER]
    read_a = SimpleNamespace(turn=SimpleNamespace(steps=[Step(1, "read_files", {"paths": ["/tmp/x/a.txt"]})]))
    again = "leggi /tmp/x/a.txt e poi leggimi anche /tmp/x/b.txt"
    t = SimpleNamespace(sit=Situation(steps_done=1, pending_clause=True), evd=analyze(again), clause_i=1,
                        asked_all=asked_actions(again), idx=idx, tools=tools, ctx=read_a)
    assert veto.owed(t, opts) == ["read_files"]
    same = "leggi /tmp/x/a.txt, che poi lo devo leggere con calma"
    t = SimpleNamespace(sit=Situation(steps_done=1, pending_clause=True), evd=analyze(same), clause_i=1,
                        asked_all=asked_actions(same), idx=idx, tools=tools, ctx=read_a)
    assert "read_files" not in veto.owed(t, opts)


def test_a_write_the_model_refuses_outright_is_not_owed() -> None:
    """everyday13-10 (clean): "search the name Sara in all the files of X and revert back to me" — the second
    clause read as `undo` ("revert"), owed over the answer, and run; the model had the answer 9.4 nats ahead.
    A misread word does not force a write the model refuses by HEAD_OUTVOTED_NATS; a read, or a smaller
    margin (the model's usual slip after a first step), is still owed."""
    from types import SimpleNamespace

    from app.engine.catalog import all_tools
    from app.lang.asked_actions import asked_actions
    from app.planner import veto
    from app.planner.choose import ANSWER, Situation
    from app.planner.evidence import analyze
    from app.planner.head_vote import HEAD_OUTVOTED_NATS

    tools = {t.name: t for t in all_tools()}
    idx = SimpleNamespace(affinity_by_name=lambda: {})
    text = "read /tmp/x/todo.txt then add 'ritirare libri' at the end of it"
    opts = ["write_files", "list_dir", ANSWER]
    read = SimpleNamespace(turn=SimpleNamespace(steps=[Step(1, "read_files", {"paths": ["/tmp/x/todo.txt"]})]))
    t = SimpleNamespace(sit=Situation(steps_done=1, pending_clause=True), evd=analyze(text), clause_i=1,
                        asked_all=asked_actions(text), idx=idx, tools=tools, ctx=read)
    refused = {"write_files": -0.2 - HEAD_OUTVOTED_NATS, "list_dir": -7.0, ANSWER: -0.1}
    assert veto.owed(t, opts, refused) == []
    slip = {"write_files": -3.1, "list_dir": -7.0, ANSWER: -0.1}  # the model stopping early: the clause is owed
    assert veto.owed(t, opts, slip) == ["write_files"]


def test_an_addition_is_not_the_file_onto_itself(tmp_path: Any) -> None:
    """everyday8-67, "read me X then put eggs at the bottom of it": the content by reference was X's own text
    (appended, the list doubled); asked again, the model wrote the list and then "eggs" — only "eggs" is added."""
    from app.planner.addition import only_the_addition, onto_itself
    f = tmp_path / "lista spesa.txt"
    f.write_text("latte\npane\n", encoding="utf-8")
    read = Step(1, "read_files", {"paths": [str(f)]})
    args = {"path": str(f), "content": "{{step1.content}}", "mode": "append"}
    assert onto_itself(args, {"content": "ref", "path": "model"}, [read]) == ["content"]
    assert onto_itself({**args, "path": str(tmp_path / "other.txt")}, {"content": "ref"}, [read]) == []
    whole = {"path": str(f), "content": "latte\npane\n\neggs", "mode": "append"}
    assert only_the_addition(whole, {"content": "model"}, [read])["content"] == "eggs"
    assert only_the_addition(whole, {"content": "rules"}, [read]) == whole  # the person's own words are never cut
    assert only_the_addition({**whole, "mode": "overwrite"}, {"content": "model"}, [read]) == \
        {**whole, "mode": "overwrite"}
    assert only_the_addition(whole, {"content": "model"}, []) == whole  # a file no step read is not opened


def test_a_first_write_the_model_does_not_read_in_the_request_does_not_run() -> None:
    """everyday13-64, "A purely hypothetical question: were I to ask you to delete X, would it vanish for good…?":
    the structure chose delete_files by its cosine margin (≈ 4 nats at its weight) over the model's 4.2 nats for
    the answer (2.7 at its weight), and X went to the trash. On a clause's first decision a write the model declines
    by WRITE_DECLINED_NATS does not run; the asked writes of everyday11-13 were declined by at most 1.2 nats."""
    from app.engine.catalog import all_tools
    from app.planner.choose import ANSWER
    from app.planner.head_vote import WRITE_DECLINED_NATS, model_declines_write

    tools = {t.name: t for t in all_tools()}
    hypothetical = {"delete_files": -4.342, "read_files": -5.532, ANSWER: -0.137}
    assert model_declines_write(hypothetical, "delete_files", tools["delete_files"])
    asked = {"move_files": -1.21, ANSWER: 0.0}  # "Shift todo.txt out of X and into Y for me, boss" (everyday12-15)
    assert not model_declines_write(asked, "move_files", tools["move_files"])
    assert not model_declines_write(hypothetical, "read_files", tools["read_files"])  # a read: the answer decides
    assert not model_declines_write(None, "delete_files", tools["delete_files"])  # no model: structure alone
    assert WRITE_DECLINED_NATS > 1.21


@pytest.mark.slow
@pytest.mark.parametrize("text,word", [
    ("ok read that one out to me", "Which"),
    ("dai, leggimelo tutto", "file"),  # (the model had fetched two addresses it made up: example.com, .org)
])
def test_an_action_on_a_thing_only_pointed_at_is_asked_back_whoever_chose_the_answer(make_ctx: Any,
                                                                                       instruct_llm: Any,
                                                                                       text: str, word: str) -> None:
    """everyday13-53 / everyday10-55, a conversation's first words: structure and model chose the answer and the
    model wrote "Sure, I'll read that out to you. Please provide the text" — the person meant a file. Asked back,
    nothing run; a request for words with an action verb ("read me a short poem") is still written."""
    from app.planner.planner import Planner

    run = make_ctx(text, extra_services={"llm": lambda: instruct_llm})
    answer = Planner().run(run.ctx, [])
    assert run.of("tool_call") == [] and word in answer and answer.rstrip().endswith("?"), answer
    poem = make_ctx("read me a short poem about the sea", extra_services={"llm": lambda: instruct_llm})
    assert not Planner().run(poem.ctx, []).startswith("Which")


def test_a_read_run_for_a_clause_that_asks_a_change_leaves_the_change_owed() -> None:
    """"metti anche detersivo piatti nella lista spesa.txt": the list was read and answered, the item never added
    (everyday22-16). The read does not serve the clause (veto.write_still_owed), so its write is owed; a read
    clause served by a read is served."""
    from types import SimpleNamespace

    from app.engine.catalog import all_tools
    from app.lang.asked_actions import asked_actions
    from app.planner import veto
    from app.planner.choose import ANSWER, Situation
    from app.planner.evidence import analyze

    tools = {t.name: t for t in all_tools()}
    idx = SimpleNamespace(affinity_by_name=lambda: {})
    text = "metti anche il detersivo nella /tmp/x/lista.txt"
    read = SimpleNamespace(turn=SimpleNamespace(steps=[Step(1, "read_files", {"paths": ["/tmp/x/lista.txt"]})]))
    t = SimpleNamespace(sit=Situation(), evd=analyze(text), clause_i=0, asked_all=asked_actions(text), idx=idx,
                        tools=tools, ctx=read)
    assert veto.write_still_owed(t, "read_files")
    t.sit = Situation(steps_done=1, pending_clause=True, clause_tools={"read_files"})
    assert veto.owed(t, ["write_files", "list_dir", ANSWER]) == ["write_files"]
    said = "leggi /tmp/x/lista.txt"
    t = SimpleNamespace(sit=Situation(), evd=analyze(said), clause_i=0, asked_all=asked_actions(said), idx=idx,
                        tools=tools, ctx=read)
    assert not veto.write_still_owed(t, "read_files")


def test_words_put_into_a_text_file_are_appended_and_a_file_is_never_written_onto_itself() -> None:
    """After the list was read, the owed write took the read's text as its content and overwrote the list with
    itself (everyday22-16): the words the request puts in are the content, appended; a write never takes the text
    of a read of its own target."""
    from app.engine.catalog import build_registry
    from app.planner.evidence import analyze
    from app.planner.fill import rule_args

    reg = build_registry()
    text = "per favore metti anche detersivo piatti nella /tmp/x/lista.txt"
    ev = analyze(text)
    read = [Step(1, "read_files", {"paths": ["/tmp/x/lista.txt"]}, result={"content": "latte\npane\n"})]
    args, _ = rule_args(reg.get("write_files"), ev.clauses[-1], ev, read)
    assert args["content"] == "detersivo piatti" and args.get("mode") == "append"
    other = analyze("scrivi nel file /tmp/x/copia.txt")
    args, _ = rule_args(reg.get("write_files"), other.clauses[-1], other, read)
    assert "{{step1" in str(args.get("content"))  # another file: the read's text is what to write
    same = analyze("scrivi nel file /tmp/x/lista.txt")
    args, _ = rule_args(reg.get("write_files"), same.clauses[-1], same, read)
    assert "content" not in args  # its own text written back: left to ask for


def test_a_listing_is_no_text_to_write() -> None:
    """everyday23-35: after a listing, the write took the entries (a list) as its content and failed on its type."""
    from app.engine.catalog import build_registry
    from app.planner.evidence import analyze
    from app.planner.fill import rule_args

    reg = build_registry()
    ev = analyze("scrivi nel file /tmp/x/copia.txt")
    listed = [Step(1, "list_dir", {"path": "/tmp/x"}, result={"entries": [{"name": "a.txt", "type": "file"}]})]
    args, _ = rule_args(reg.get("write_files"), ev.clauses[-1], ev, listed)
    assert "content" not in args
