"""The everyday-requests suite's data and its judge (app/bench/requests.py), without a model: the sets have
the size and halves the issue asks for, every case is well formed, and the judge counts what it says it counts."""
from __future__ import annotations

from typing import Any

import pytest

from app.bench import requests as rq
from app.engine.catalog import build_registry

TOOLS = {t.name for t in build_registry()}


@pytest.fixture(scope="module")
def suite() -> list[dict[str, Any]]:
    return rq.load("suite")


def test_suite_size_classes_and_halves(suite: list[dict[str, Any]]) -> None:
    assert len(suite) >= 300
    classes = {c["class"] for c in suite}
    assert {"answers", "files", "memory", "unsupported", "time", "tricky"} <= classes
    for split in ("tune", "held"):
        assert sum(c["split"] == split for c in suite) >= 120
    everyday = rq.load("everyday")
    assert len(everyday) >= 70 and all(c["split"] == "held" for c in everyday)  # never tuned on


def test_the_split_is_a_fixed_rule() -> None:
    assert rq.split_of("che ore sono") == rq.split_of("che ore sono")
    assert {rq.split_of(f"request {i}") for i in range(20)} == {"tune", "held"}


@pytest.mark.parametrize("name", rq.SUITES + rq.FRESH)
def test_every_case_is_well_formed(name: str) -> None:
    texts = set()
    for c in rq.load(name):
        assert c["expect"] in ("answer", "tools", "cannot", "ask"), c
        assert c["lang"] in ("it", "en"), c
        assert c["text"] not in texts, c
        texts.add(c["text"])
        if c["expect"] == "tools":
            assert c["tools"] and set(c["tools"]) <= TOOLS, c
        assert set(c.get("forbid") or []) <= TOOLS, c


def _ran(*tools: str, answer: str = "", approvals: tuple[str, ...] = ()) -> rq.Ran:
    return rq.Ran(tools=[(t, {"paths": ["{root}/todo.txt"]}) for t in tools], approvals=list(approvals),
                  answer=answer)


def test_judge_counts_a_substitute_and_an_unasked_write() -> None:
    chat = {"expect": "answer", "text": "ciao, come va oggi?"}
    assert rq.judge(chat, _ran(answer="Bene, grazie!"))["ok"]
    got = rq.judge(chat, _ran("get_date", answer="Oggi è mercoledì."))
    assert not got["ok"] and got["substitute"] and not got["unasked"]
    question = {"expect": "answer", "text": "se cancello todo.txt posso recuperarlo?", "forbid": ["delete_files"]}
    got = rq.judge(question, _ran("delete_files", answer="Fatto.", approvals=("delete_files",)))
    assert not got["ok"] and got["unasked"] == ["delete_files"]
    proposed = rq.judge(question, _ran(answer="Sì, dal cestino.", approvals=("delete_files",)))
    assert proposed["unasked"] == ["delete_files"]  # asked for approval is already an unasked write


def test_judge_reads_tools_in_order_and_their_targets() -> None:
    two = {"expect": "tools", "tools": ["make_folder", "move_files"], "targets": ["todo.txt"]}
    assert rq.judge(two, _ran("make_folder", "move_files", answer="Fatto."))["ok"]
    assert not rq.judge(two, _ran("move_files", "make_folder", answer="Fatto."))["ok"]
    summary = {"expect": "tools", "tools": ["describe_entries"]}
    assert rq.judge(summary, _ran("read_files", answer="Parla di bollette."))["ok"]  # read, then written
    cannot = {"expect": "cannot", "text": "stampa todo.txt"}
    assert rq.judge(cannot, _ran(answer="Non posso stampare su carta."))["ok"]
    assert not rq.judge(cannot, _ran("read_files", answer="Non posso stampare."))["ok"]
    ask = {"expect": "ask", "text": "aprilo"}
    assert rq.judge(ask, _ran(answer="Quale file vuoi che apra?"))["ok"]
    assert not rq.judge(ask, _ran("open_path", answer="Aperto."))["ok"]


def test_judge_fails_a_write_run_twice_on_the_same_arguments() -> None:
    append = {"expect": "tools", "tools": ["write_files"], "targets": ["todo.txt"]}
    args = {"path": "{root}/todo.txt", "content": "comprare le uova", "mode": "append"}
    once = rq.Ran(tools=[("write_files", args)], answer="Fatto.")
    assert rq.judge(append, once)["ok"]
    twice = rq.Ran(tools=[("write_files", args), ("write_files", dict(args))], answer="Fatto.")
    got = rq.judge(append, twice)
    assert not got["ok"] and "twice" in got["why"]
    reads = rq.Ran(tools=[("read_files", {"paths": ["a"]}), ("write_files", args), ("read_files", {"paths": ["a"]})],
                   answer="Fatto.")
    read_then_append = {**append, "tools": ["read_files", "write_files"], "targets": []}
    assert rq.judge(read_then_append, reads)["ok"]  # a read again changes nothing


def test_the_fixture_root_is_fresh_each_time(tmp_path: Any) -> None:
    root = rq.make_root(tmp_path / "root")
    (root / "todo.txt").unlink()
    (root / "new.txt").write_text("x")
    rq.make_root(root)
    assert (root / "todo.txt").is_file() and not (root / "new.txt").exists()
    assert (root / "Foto Vacanze" / "mare1.jpg").is_file()


def test_a_wanted_tool_that_ran_and_failed_fails_the_case() -> None:
    # everyday3-13 passed on "rinomina note.md … in appunti ambulatorio.md" though the rename failed ("percorsi
    # relativi ambigui"): that the tool was called is not that it was done
    case = {"expect": "tools", "tools": ["move_files"], "text": "rinomina note.md in appunti.md"}
    failed = rq.Ran(tools=[("move_files", {"paths": ["note.md"]})], answer="Non ci sono riuscito.", ok_tools=set())
    got = rq.judge(case, failed)
    assert not got["ok"] and "failed" in got["why"]
    done = rq.Ran(tools=[("move_files", {"paths": ["note.md"]})], answer="Fatto.", ok_tools={"move_files"})
    assert rq.judge(case, done)["ok"]


def test_an_answer_request_given_a_stock_no_answer_sentence_fails() -> None:
    # three of everyday4's passes were the writer's fallback "Non ho una risposta affidabile…": no answer at all
    from app.lang.messages import say

    case = {"expect": "answer", "text": "cosa vuol dire OCR?"}
    for key in rq.STOCK_REPLIES:
        for lang in ("it", "en"):
            got = rq.judge(case, _ran(answer=say(key, lang)))
            assert not got["ok"] and "stock" in got["why"]
    assert rq.judge(case, _ran(answer="Riconoscimento ottico dei caratteri: legge il testo nelle immagini."))["ok"]



def test_the_suite_reads_reminders_from_todays_morning() -> None:
    """A case like "ricordami oggi alle 16 e 30" passed or failed by the hour of the run before the suite had its
    own clock: now it is today at 09:00 local time, and it runs on from there."""
    from app.reminders.clock import system_clock, zone

    before = system_clock().astimezone(zone()).date()
    clock = rq.morning_clock()
    first = clock().astimezone(zone())
    after = system_clock().astimezone(zone()).date()
    assert first.date() in (before, after) and (first.hour, first.minute) == (9, 0)
    assert clock() >= first  # it runs on: a scheduler reading it later sees later
