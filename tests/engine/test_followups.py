"""Follow-ups on a real engine, without the model (issue 30, item 6): "leggi il primo" after a listing, "aprilo"
after a search, "e in inglese?" after a translation, "rifallo per la cartella Y"; nothing to point at → a question
back and no tool; one session never sees another's results.

The listings and searches are served by the fast path (a file-kind search by rules; a folder listing taught to L1
the way the router learns); the translation's planner is a recorder, so what the follow-up asks is what it sees.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support import write_runtime

from app.config import ConfigManager
from app.engine.engine import Engine
from app.turn import events as ev
from app.turn.events import Step, Turn


class Recorder:
    """A planner that answers at once and keeps the text each turn gave it."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def run(self, ctx: Any, history: list[tuple[str, str]]) -> str:
        self.texts.append(ctx.turn.text)
        return "ok"


@pytest.fixture()
def tree(metnos_home: Path, tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    (root / "notes").mkdir(parents=True)
    for name, text in (("a.txt", "alfa\n"), ("b.txt", "beta\n"), ("c.txt", "gamma\n")):
        (root / "notes" / name).write_text(text)
    (root / "notes" / "only.pdf").write_text("%PDF-1.4\n")
    (root / "other").mkdir()
    (root / "other" / "x.pdf").write_text("%PDF-1.4\n")
    (root / "other" / "y.pdf").write_text("%PDF-1.4\n")
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{root}"]\n[memory]\nlong_term_enabled = false\n')
    return root


class Said:
    """One turn's events, read the way a test asks about them."""

    def __init__(self, events: list[ev.Event], asked: list[tuple[str, dict[str, Any]]]) -> None:
        self.events = events
        self.asked = asked  # approvals asked, (tool, args)

    @property
    def answer(self) -> str:
        return next(e.text for e in self.events if isinstance(e, ev.Answer))

    @property
    def calls(self) -> list[ev.ToolCall]:
        return [e for e in self.events if isinstance(e, ev.ToolCall)]


def say(engine: Engine, text: str, session: str = "c1") -> Said:
    asked: list[tuple[str, dict[str, Any]]] = []

    def deny(tool: str, args: dict[str, Any], risk: str) -> bool:
        asked.append((tool, args))
        return False

    return Said(list(engine.run_turn(text, approve=deny, session=session)), asked)


def test_listing_then_read_the_second_and_then_the_last(tree: Path, bundled_embedder) -> None:
    notes = tree / "notes"
    engine = Engine(ConfigManager(), planner=Recorder())
    try:
        for _ in range(3):  # three planned listings teach L1 (the router's own learning)
            t = Turn("x", f"elenca la cartella {tree}/other", "local", level="L3", ok=True, answer="ok")
            t.steps.append(Step(1, "list_dir", {"path": f"{tree}/other"}, {"count": 0}, True, "L3"))
            engine.router.learn(t)
        listed = say(engine, f"elenca la cartella {notes}")
        assert listed.calls[0].tool == "list_dir" and "a.txt" in listed.answer
        second = say(engine, "leggi il secondo")
        call = second.calls[0]
        assert call.tool == "read_files" and call.args == {"paths": [str(notes / "b.txt")]}
        assert call.arg_sources == {"paths": "previous turn"} and "beta" in second.answer
        last = say(engine, "e l'ultimo?")  # nothing said but the item: what was done is done again
        assert last.calls[0].args == {"paths": [str(notes / "only.pdf")]}
        third = say(engine, "leggi il quarto file", session="c1")
        assert third.calls[0].args == {"paths": [str(notes / "only.pdf")]}
        far = say(engine, "leggi il decimo")
        assert not far.calls and "ci sono 4 elementi" in far.answer
        assert not engine.models.llm_loaded
        assert "leggi il decimo" in [r["text"] for r in engine.journal.recent("local")]
    finally:
        engine.close()


def test_search_then_open_it_asks_approval_and_a_resolved_delete_asks_too(tree: Path) -> None:
    notes = tree / "notes"
    engine = Engine(ConfigManager(), planner=Recorder())
    try:
        found = say(engine, f"elenca tutti i .pdf in {notes}")
        assert found.calls[0].tool == "find_files" and "only.pdf" in found.answer
        opened = say(engine, "aprilo")
        assert opened.asked == [("open_path", {"target": str(notes / "only.pdf")})]
        assert opened.calls[0].arg_sources == {"target": "previous turn"}
        two = say(engine, f"elenca tutti i .pdf in {tree / 'other'}")
        assert len(two.calls) == 1
        which = say(engine, "apri quello")  # two candidates: asked, never a guess
        assert not which.calls and not which.asked and which.answer.startswith("Quale dei 2")
        both = say(engine, "open them")  # the question back left the search to point at
        pdfs = [str(tree / "other" / "x.pdf"), str(tree / "other" / "y.pdf")]
        assert [c.args["target"] for c in both.calls] == pdfs  # one denied: the next is still asked
        assert both.asked == [("open_path", {"target": p}) for p in pdfs]
        assert both.answer == "All right, I opened nothing."
        gone = say(engine, "cancella l'ultimo")
        assert gone.asked == [("delete_files", {"paths": [str(tree / "other" / "y.pdf")]})]
        assert (tree / "other" / "y.pdf").exists()  # denied: nothing changed
        assert not engine.models.llm_loaded
    finally:
        engine.close()


def test_and_in_english_asks_the_previous_request_again(tree: Path) -> None:
    planner = Recorder()
    engine = Engine(ConfigManager(), planner=planner)
    try:
        say(engine, "traduci in francese: buongiorno a tutti")
        again = say(engine, "e in inglese?")
        assert planner.texts[-1] == "traduci in inglese: buongiorno a tutti"
        assert again.answer == "ok"
        assert "e in inglese?" in [r["text"] for r in engine.journal.recent("local")]  # the person's words
        say(engine, "summarize this: the meeting moved to Friday", session="c2")
        say(engine, "and in Italian?", session="c2")
        assert planner.texts[-1] == "summarize this: the meeting moved to Friday (answer in Italian)"
    finally:
        engine.close()


def test_do_it_again_for_another_folder(tree: Path) -> None:
    engine = Engine(ConfigManager(), planner=Recorder())
    try:
        say(engine, f"elenca tutti i .pdf in {tree / 'notes'}")
        again = say(engine, f"rifallo per la cartella {tree / 'other'}")
        assert again.calls[0].tool == "find_files" and again.calls[0].args["root"] == str(tree / "other")
        assert "x.pdf" in again.answer and "y.pdf" in again.answer
        named = say(engine, "fai lo stesso per la cartella notes")  # a folder beside the previous one, by name
        assert named.calls[0].args["root"] == str(tree / "notes") and "only.pdf" in named.answer
        missing = say(engine, "rifallo per la cartella nonesiste")
        assert not missing.calls and "nonesiste" in missing.answer and missing.answer.endswith(".")
        assert not engine.models.llm_loaded
    finally:
        engine.close()


def test_nothing_to_refer_to_gets_a_question_and_runs_no_tool(tree: Path) -> None:
    planner = Recorder()
    engine = Engine(ConfigManager(), planner=planner)
    try:
        for text, words in (("aprilo", "Quale file"), ("leggi il primo", "Non ho un elenco"),
                            ("e in inglese?", "in inglese?"), ("rifallo per la cartella /tmp", "rifare"),
                            ("cancellalo", "eliminare"), ("open it", "Which file")):
            got = say(engine, text, session="fresh")
            assert words in got.answer and got.answer.rstrip().endswith(("?", ".")), (text, got.answer)
            assert not got.calls and not got.asked, text
        assert not planner.texts and not engine.models.llm_loaded
        say(engine, "quanto fa 2+2", session="fresh")  # a turn without files: "aprilo" still has nothing
        assert not say(engine, "aprilo", session="fresh").calls
    finally:
        engine.close()


def test_a_session_never_sees_another_sessions_results(tree: Path) -> None:
    engine = Engine(ConfigManager(), planner=Recorder())
    try:
        say(engine, f"elenca tutti i .txt in {tree / 'notes'}", session="a")
        other = say(engine, "leggi il primo", session="b")
        assert not other.calls and "elenco" in other.answer
        mine = say(engine, "leggi il primo", session="a")
        assert mine.calls[0].args == {"paths": [str(tree / "notes" / "a.txt")]}
        engine.forget_session("a")
        assert not say(engine, "leggi il primo", session="a").calls
    finally:
        engine.close()


def test_other_actions_get_the_request_rewritten_with_the_path(tree: Path) -> None:
    notes, other = tree / "notes", tree / "other"
    planner = Recorder()
    engine = Engine(ConfigManager(), planner=planner)
    try:
        say(engine, f"elenca tutti i .txt in {notes}")
        copied = say(engine, f"copia il primo in {other}")  # routed as "copia …/a.txt in …/other": asked, denied
        assert copied.asked and copied.asked[0][0] == "copy_files"
        assert copied.calls[0].args["paths"] == [str(notes / "a.txt")] and not (other / "a.txt").exists()
        say(engine, "riassumi il terzo per favore")
        assert planner.texts[-1] == f"riassumi {notes / 'c.txt'} per favore"
        assert "riassumi il terzo per favore" in [r["text"] for r in engine.journal.recent("local")]
    finally:
        engine.close()


def test_a_conversation_reopened_after_a_restart_points_at_its_last_turn(tree: Path) -> None:
    target = tree / "notes" / "a.txt"
    first = Engine(ConfigManager(), planner=Recorder())
    try:
        say(first, "traduci in francese: buongiorno a tutti", session="old")
        opened = say(first, f"apri {target} con l'app predefinita", session="kept")
        assert opened.asked == [("open_path", {"target": str(target)})]
    finally:
        first.close()
    planner = Recorder()
    again = Engine(ConfigManager(), planner=planner)  # a new process: only the journal knows these conversations
    try:
        say(again, "e in inglese?", session="old")
        assert planner.texts == ["traduci in inglese: buongiorno a tutti"]
        gone = say(again, "cancellalo", session="kept")  # the file the declined open named
        assert gone.asked == [("delete_files", {"paths": [str(target)]})] and target.exists()
    finally:
        again.close()


def test_a_listing_shown_before_a_restart_is_still_pointed_into(tree: Path) -> None:
    """The items of a list are what "il secondo" counts in: the journal keeps the paths a listing or a search
    showed, so a new process (the app restarted, `metnos ask` run again) reads the second of them, and after a read
    of one file the list is still the one to point into, as in a running process."""
    other = tree / "other"
    first = Engine(ConfigManager(), planner=Recorder())
    try:
        found = say(first, f"elenca tutti i .pdf in {other}", session="kept")
        assert found.calls[0].tool == "find_files" and "y.pdf" in found.answer
    finally:
        first.close()
    again = Engine(ConfigManager(), planner=Recorder())
    try:
        second = say(again, "leggi il secondo", session="kept")
        assert [(c.tool, c.args) for c in second.calls] == [("read_files", {"paths": [str(other / "y.pdf")]})]
        assert second.calls[0].arg_sources == {"paths": "previous turn"}
    finally:
        again.close()
    third = Engine(ConfigManager(), planner=Recorder())  # the last turn read one file; the list is one turn back
    try:
        first_one = say(third, "apri il primo", session="kept")
        assert first_one.asked == [("open_path", {"target": str(other / "x.pdf")})]
        assert say(third, "leggi il secondo", session="fresh").answer.startswith("Non")  # nothing listed there
    finally:
        third.close()
