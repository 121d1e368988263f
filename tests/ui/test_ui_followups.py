"""Follow-ups in the chat window (issue 30, item 6): a search's results, then "leggi il primo" / "aprilo" resolved
from the previous turn of the same conversation, and a fresh conversation that has nothing to point at. Real engine,
real tools on a temp folder; the searches are served by rules (a file-kind search), so no model is loaded."""
from __future__ import annotations

from PySide6.QtCore import Qt
from ui_helpers import ask_chat, routed_engine_factory, wait_turn_end, work_manager


def _desk(qtbot, make_desk, metnos_home, tmp_path):
    manager, target = work_manager(metnos_home, tmp_path)
    work = target.parent
    (work / "notes").mkdir()
    (work / "notes" / "alfa.txt").write_text("prima riga di alfa\n", encoding="utf-8")
    (work / "notes" / "beta.txt").write_text("prima riga di beta\n", encoding="utf-8")
    (work / "report.pdf").write_text("%PDF-1.4\n", encoding="utf-8")
    desk = make_desk(routed_engine_factory(manager, target), manager=manager)
    qtbot.waitUntil(lambda: desk.conversations.loaded)
    return desk, work


def _calls(view) -> list[tuple[str, dict]]:
    from app.turn import events as ev

    return [(e.tool, e.args) for e in view.events if isinstance(e, ev.ToolCall)]


def test_chat_follow_up_reads_the_first_found_and_a_new_conversation_asks_back(qtbot, make_desk, metnos_home,
                                                                               tmp_path):
    desk, work = _desk(qtbot, make_desk, metnos_home, tmp_path)
    found = ask_chat(qtbot, desk, f"elenca tutti i .txt in {work / 'notes'}")
    assert _calls(found)[0][0] == "find_files"
    shown = found.answer.text()
    first, second = sorted(("alfa.txt", "beta.txt"), key=shown.find)  # in the order the person saw them
    read = ask_chat(qtbot, desk, "leggi il primo")
    assert _calls(read) == [("read_files", {"paths": [str(work / "notes" / first)]})]
    assert f"prima riga di {first[:-4]}" in read.answer.text()
    assert [v.question.text() for v in desk.chat.turn_views()][-1] == "leggi il primo"  # the person's words
    again = ask_chat(qtbot, desk, "e il secondo?")  # what was done is done again, on the next one
    assert _calls(again) == [("read_files", {"paths": [str(work / "notes" / second)]})]

    desk.conversations.new()  # another conversation: the search is not its own
    lost = ask_chat(qtbot, desk, "leggi il primo")
    assert _calls(lost) == [] and lost.answer.text().startswith("Non ho un elenco")  # a question back, nothing read
    assert not desk.host.engine.models.llm_loaded


def test_chat_open_it_after_a_search_asks_approval_for_that_file(qtbot, make_desk, metnos_home, tmp_path):
    desk, work = _desk(qtbot, make_desk, metnos_home, tmp_path)
    found = ask_chat(qtbot, desk, f"elenca tutti i .pdf in {work}")
    assert "report.pdf" in found.answer.text()
    desk.chat.input.setText("aprilo")
    qtbot.keyClick(desk.chat.input, Qt.Key.Key_Return)
    view = desk.chat.views[desk.chat.current]
    qtbot.waitUntil(lambda: bool(view.cards), timeout=30_000)
    card = next(iter(view.cards.values()))
    assert str(work / "report.pdf") in card.question.text()  # the file the search found, asked before opening
    qtbot.mouseClick(card.deny_btn, Qt.MouseButton.LeftButton)
    wait_turn_end(qtbot, view)
    assert _calls(view) == [("open_path", {"target": str(work / "report.pdf")})]
    assert not desk.host.engine.models.llm_loaded
