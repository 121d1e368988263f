"""Conversations in the chat window (issue 30, item 6): Ctrl+N, the side list (name from the first request, date
in words, rename, delete with confirmation, search), switching shows the right turns, a restart keeps them, the
popup's fresh conversation after a quiet while (injected clock), an older history migrated into one
conversation, a turn still running when another conversation is shown or when its own is deleted. Real engine,
real encrypted SQLite files, the real keyring (installer/run-tests.sh)."""
from __future__ import annotations

import datetime as dt

from PySide6.QtCore import Qt
from ui_helpers import (
    READ_PHRASE,
    SLOW_PHRASE,
    WRITE_PHRASE,
    ask_chat,
    routed_engine_factory,
    send_popup,
    wait_turn_end,
    work_manager,
    write_runtime,
)

TIME_IT, TIME_EN = "che ore sono", "what time is it"


def _desk(qtbot, make_desk, metnos_home, tmp_path, extra: str = ""):
    manager, target = work_manager(metnos_home, tmp_path, extra)
    target.write_text("riga uno\n", encoding="utf-8")
    desk = make_desk(routed_engine_factory(manager, target), manager=manager)
    qtbot.waitUntil(lambda: desk.conversations.loaded)  # the stored conversations are read at start, off this thread
    return desk, target


def _shown(desk) -> list[str]:
    return [v.question.text() for v in desk.chat.turn_views()]


def _item(desk, title: str):
    items = desk.chat.sidebar.items
    return next(items.item(i) for i in range(items.count()) if items.item(i).text().split("\n")[0] == title)


def _click(qtbot, desk, title: str) -> None:
    items = desk.chat.sidebar.items
    item = _item(desk, title)
    items.scrollToItem(item)
    qtbot.mouseClick(items.viewport(), Qt.MouseButton.LeftButton, pos=items.visualItemRect(item).center())


def test_ctrl_n_starts_a_conversation_the_list_names_and_switching_shows_its_turns(qtbot, make_desk, metnos_home,
                                                                                   tmp_path):
    desk, _ = _desk(qtbot, make_desk, metnos_home, tmp_path)
    side = desk.chat.sidebar
    assert side.items.count() == 0 and not side.empty.isHidden()  # "Your conversations will be listed here."
    ask_chat(qtbot, desk, TIME_IT)
    qtbot.waitUntil(lambda: side.titles() == [TIME_IT])
    assert side.items.item(0).text().split("\n")[1].startswith("today at ")  # the date in words
    first = desk.conversations.current
    desk.chat.activateWindow()
    qtbot.waitUntil(lambda: desk.chat.isActiveWindow())
    qtbot.keyClick(desk.chat.input, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert desk.conversations.current != first and _shown(desk) == []  # a new, empty conversation
    assert desk.chat.input.text() == ""  # Ctrl+N typed nothing
    ask_chat(qtbot, desk, TIME_EN)
    ask_chat(qtbot, desk, TIME_EN + "?")
    qtbot.waitUntil(lambda: side.titles() == [TIME_EN, TIME_IT])  # the most recently used first
    second = desk.conversations.current

    _click(qtbot, desk, TIME_IT)
    assert desk.conversations.current == first and _shown(desk) == [TIME_IT]
    assert "Sono le" in desk.chat.turn_views()[0].answer.text()
    ask_chat(qtbot, desk, READ_PHRASE)  # picked in the list: the next request continues it
    assert _shown(desk) == [TIME_IT, READ_PHRASE]
    journal = desk.host.engine.journal
    assert [t["text"] for t in journal.conversation("local", first)] == [TIME_IT, READ_PHRASE]
    qtbot.waitUntil(lambda: side.titles() == [TIME_IT, TIME_EN])
    _click(qtbot, desk, TIME_EN)
    assert desk.conversations.current == second and _shown(desk) == [TIME_EN, TIME_EN + "?"]
    assert desk.host.engine.history[first][-1][0] == READ_PHRASE  # the planner's context is per conversation


def test_rename_delete_with_confirmation_and_search(qtbot, make_desk, metnos_home, tmp_path):
    desk, _ = _desk(qtbot, make_desk, metnos_home, tmp_path)
    side = desk.chat.sidebar
    ask_chat(qtbot, desk, TIME_IT)
    desk.conversations.new()
    ask_chat(qtbot, desk, READ_PHRASE)
    qtbot.waitUntil(lambda: len(side.titles()) == 2)

    _click(qtbot, desk, TIME_IT)
    qtbot.mouseClick(side.rename_btn, Qt.MouseButton.LeftButton)
    assert side.name_box.isVisible() and side.name_box.text() == TIME_IT
    side.name_box.clear()
    qtbot.keyClicks(side.name_box, "Orari")
    qtbot.keyClick(side.name_box, Qt.Key.Key_Escape)  # Esc: the name stays as it was
    assert not side.name_box.isVisible() and side.titles() == [READ_PHRASE, TIME_IT]
    qtbot.mouseClick(side.rename_btn, Qt.MouseButton.LeftButton)
    side.name_box.clear()
    qtbot.keyClicks(side.name_box, "Orari")
    qtbot.keyClick(side.name_box, Qt.Key.Key_Return)
    assert side.titles() == [READ_PHRASE, "Orari"] and _item(desk, "Orari").isSelected()
    assert [c["title"] for c in desk.host.engine.journal.conversations("local")] == [READ_PHRASE, "Orari"]

    side.search.setText("PROVA")  # words of a request, in any case
    qtbot.waitUntil(lambda: side.titles() == [READ_PHRASE])
    side.search.setText("riga uno")  # words of an answer (the file's line)
    qtbot.waitUntil(lambda: side.titles() == [READ_PHRASE])
    side.search.setText("prova orari")  # every word must be there
    qtbot.waitUntil(lambda: side.titles() == [])
    side.search.setText("orari")  # the given name
    qtbot.waitUntil(lambda: side.titles() == ["Orari"])
    side.search.setText("zebra")
    qtbot.waitUntil(lambda: side.titles() == [] and side.empty.text() == "No conversation has these words.")
    side.search.clear()
    qtbot.waitUntil(lambda: len(side.titles()) == 2)

    _click(qtbot, desk, "Orari")
    qtbot.mouseClick(side.delete_btn, Qt.MouseButton.LeftButton)
    assert side.confirm.isVisible() and "Orari" in side.confirm_text.text()
    qtbot.keyClick(side.confirm_keep, Qt.Key.Key_Space)  # the keyboard is on Keep: nothing goes by a stray key
    assert not side.confirm.isVisible() and len(side.titles()) == 2
    qtbot.mouseClick(side.delete_btn, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(side.confirm_delete, Qt.MouseButton.LeftButton)
    assert side.titles() == [READ_PHRASE] and _shown(desk) == []  # the one on screen went: a new one
    assert [c["title"] for c in desk.host.engine.journal.conversations("local")] == [READ_PHRASE]


def test_a_restart_keeps_the_conversations_and_reopens_the_last(qtbot, make_desk, metnos_home, tmp_path):
    desk, _ = _desk(qtbot, make_desk, metnos_home, tmp_path)
    ask_chat(qtbot, desk, TIME_IT)
    desk.conversations.new()
    ask_chat(qtbot, desk, READ_PHRASE)
    last = desk.conversations.current
    desk.shutdown()

    desk2, _ = _desk(qtbot, make_desk, metnos_home, tmp_path)
    side = desk2.chat.sidebar
    qtbot.waitUntil(lambda: side.titles() == [READ_PHRASE, TIME_IT], timeout=30_000)
    assert desk2.conversations.current == last and side.current_id() == last
    assert _shown(desk2) == [READ_PHRASE] and "riga uno" in desk2.chat.turn_views()[0].answer.text()
    _click(qtbot, desk2, TIME_IT)
    assert _shown(desk2) == [TIME_IT]


def test_the_popup_continues_the_conversation_and_starts_fresh_after_a_quiet_while(qtbot, make_desk, metnos_home,
                                                                                     tmp_path):
    desk, _ = _desk(qtbot, make_desk, metnos_home, tmp_path, "[history]\nnew_after_minutes = 30\n")
    now = [1_000_000.0]
    desk.conversations.clock = lambda: now[0]

    def ask(text: str) -> str:
        send_popup(qtbot, desk, text)
        wait_turn_end(qtbot, desk.popup.view)
        return desk.conversations.current

    first = ask(TIME_IT)
    now[0] += 29 * 60
    assert ask(READ_PHRASE) == first  # 29 minutes later: the same conversation
    qtbot.waitUntil(lambda: _shown(desk) == [TIME_IT, READ_PHRASE])
    now[0] += 30 * 60
    fresh = ask(TIME_EN)  # 30 minutes without a request: a fresh one
    assert fresh != first
    qtbot.waitUntil(lambda: _shown(desk) == [TIME_EN])
    qtbot.waitUntil(lambda: desk.chat.sidebar.titles() == [TIME_EN, TIME_IT])
    now[0] += 10 * 60
    ask_chat(qtbot, desk, TIME_IT + "?")  # the chat counts as activity too
    now[0] += 25 * 60
    assert ask(TIME_EN + "?") == fresh
    now[0] += 2 * 60 * 60  # two hours later the person picks the first one in the list: that is activity too
    desk.show_chat()
    _click(qtbot, desk, TIME_IT)
    assert ask(READ_PHRASE + "?") == first

    write_runtime(metnos_home, "[ui]\npause_learning = true\n[history]\nnew_after_minutes = 0\n")
    desk.manager.reload()
    now[0] += 24 * 60 * 60
    assert ask(TIME_IT + "?") == first  # 0: always continue


def test_an_older_history_becomes_one_conversation(qtbot, make_desk, metnos_home, tmp_path, default_key):
    from app.engine.conversations import LEGACY
    from app.engine.journal import MIGRATIONS
    from app.store import vault
    from app.store.vault import open_encrypted

    manager, target = work_manager(metnos_home, tmp_path)
    vault.use_config(manager.config)
    con = open_encrypted("history", [m for m in MIGRATIONS if m.version <= 3])  # before conversations
    with con:
        june = dt.datetime(2020, 6, 15, 12).timestamp()
        for tid, session, text, at in (("a", "", TIME_IT, june), ("b", "desk", READ_PHRASE, june + 60)):
            con.execute("insert into turns(id, owner, session, text, level, answer, ok, started_at, state) "
                        "values(?, 'local', ?, ?, 'L0', 'fatto', 1, ?, 'done')", (tid, session, text, at))
    con.close()
    desk = make_desk(routed_engine_factory(manager, target), manager=manager)
    side = desk.chat.sidebar
    qtbot.waitUntil(lambda: side.titles() == [TIME_IT], timeout=30_000)
    assert desk.conversations.current == LEGACY and _shown(desk) == [TIME_IT, READ_PHRASE]
    assert side.items.item(0).text().endswith("\n15 June 2020")  # long ago: the day, the year


def test_the_tray_menu_starts_a_conversation_and_settings_set_the_quiet_while(qtbot, make_desk, metnos_home,
                                                                              tmp_path):
    import tomllib

    from app.ui.settings_dialog import SettingsDialog

    manager, target = work_manager(metnos_home, tmp_path)
    desk = make_desk(routed_engine_factory(manager, target), manager=manager, use_tray=True)
    ask_chat(qtbot, desk, TIME_IT)
    desk.chat.hide()
    first = desk.conversations.current
    tray = desk.tray
    assert tray is not None and tray.a_new.text() == "New conversation"
    assert tray.menu.actions().index(tray.a_new) == tray.menu.actions().index(tray.a_chat) + 1
    tray.a_new.trigger()
    assert desk.conversations.current != first and desk.chat.isVisible() and _shown(desk) == []

    dlg = SettingsDialog(desk.manager)
    qtbot.addWidget(dlg)
    spin = dlg.editors["history.new_after_minutes"]
    assert spin.value() == 30 and spin.specialValueText() == "Never"
    spin.setValue(0)
    assert dlg.save()
    assert tomllib.loads(desk.manager.path.read_text(encoding="utf-8"))["history"]["new_after_minutes"] == 0
    assert desk.config.get("history.new_after_minutes") == 0


def test_a_long_conversation_opens_on_its_newest_turns_and_shows_earlier_ones_on_request(qtbot, make_desk,
                                                                                         metnos_home, tmp_path):
    from app.turn.events import Turn
    from app.ui.conversations import SHOWN_TURNS

    desk, _ = _desk(qtbot, make_desk, metnos_home, tmp_path)
    journal = desk.host.engine.journal
    total = SHOWN_TURNS + 12
    for i in range(total):
        turn = Turn(id=f"long-{i:03d}", text=f"domanda {i}", owner="local")
        turn.answer, turn.ok, turn.level = f"risposta {i}", True, "L0"
        journal.record(turn, 1_000_000.0 + i, 1.0, "long")
    desk.conversations.refresh()
    desk.show_chat()
    _click(qtbot, desk, "domanda 0")
    assert _shown(desk)[-1] == f"domanda {total - 1}"  # the newest at once
    qtbot.waitUntil(lambda: len(_shown(desk)) == SHOWN_TURNS)  # the older ones of the first page follow
    assert _shown(desk) == [f"domanda {i}" for i in range(12, total)]
    assert desk.chat.earlier_btn.isVisible() and desk.chat.earlier_btn.text() == "Show earlier requests"
    qtbot.mouseClick(desk.chat.earlier_btn, Qt.MouseButton.LeftButton)
    assert _shown(desk) == [f"domanda {i}" for i in range(total)]
    assert not desk.chat.earlier_btn.isVisible()  # nothing above any more
    desk.conversations.new()
    assert not desk.chat.earlier_btn.isVisible()


def test_a_narrow_window_shows_the_list_or_the_conversation_never_a_sideways_scroll(qtbot, make_desk, metnos_home,
                                                                                    tmp_path):
    desk, _ = _desk(qtbot, make_desk, metnos_home, tmp_path)
    ask_chat(qtbot, desk, TIME_IT)
    chat = desk.chat
    chat.resize(960, 640)
    qtbot.waitUntil(lambda: chat.sidebar.isVisible() and chat.main_pane.isVisible())
    assert not chat.list_btn.isVisible()  # wide: side by side, no button
    chat.resize(520, 480)  # the list would squeeze the turns into a sideways scroll
    qtbot.waitUntil(lambda: not chat.sidebar.isVisible())
    assert chat.main_pane.isVisible() and chat.list_btn.isVisible()
    assert chat.list_btn.text() == "☰ Conversations"  # these tests run the English UI (the .ts has the Italian)
    qtbot.mouseClick(chat.list_btn, Qt.MouseButton.LeftButton)
    assert chat.sidebar.isVisible() and not chat.main_pane.isVisible()
    qtbot.waitUntil(lambda: chat.sidebar.width() > 400)  # the list takes the window, not its side width
    _click(qtbot, desk, TIME_IT)  # picking a conversation shows it again
    qtbot.waitUntil(lambda: chat.main_pane.isVisible())
    assert not chat.sidebar.isVisible() and _shown(desk) == [TIME_IT]
    qtbot.mouseClick(chat.list_btn, Qt.MouseButton.LeftButton)
    qtbot.keyClick(chat, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)  # a new one too
    qtbot.waitUntil(lambda: chat.main_pane.isVisible() and not chat.sidebar.isVisible())
    chat.resize(960, 640)
    qtbot.waitUntil(lambda: chat.sidebar.isVisible() and chat.main_pane.isVisible())


def _conversation_slow_desk(qtbot, make_desk, metnos_home, tmp_path, seconds: float):
    manager, target = work_manager(metnos_home, tmp_path)
    desk = make_desk(routed_engine_factory(manager, target, seconds=seconds), manager=manager)
    qtbot.waitUntil(lambda: desk.conversations.loaded)
    return desk


def _send_chat(qtbot, desk, text: str) -> str:
    desk.show_chat()
    desk.chat.input.setText(text)
    qtbot.keyClick(desk.chat.input, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: desk.chat.current is not None)
    return desk.chat.current


def test_a_running_turn_stays_with_its_conversation_when_another_is_shown(qtbot, make_desk, metnos_home, tmp_path):
    desk = _conversation_slow_desk(qtbot, make_desk, metnos_home, tmp_path, seconds=2.0)
    ask_chat(qtbot, desk, TIME_IT)
    first = desk.conversations.current
    tag = _send_chat(qtbot, desk, SLOW_PHRASE)
    live = desk.chat.views[tag]
    assert live.running and _shown(desk) == [TIME_IT, SLOW_PHRASE]

    desk.conversations.new()  # another conversation while the turn runs: not painted there
    assert _shown(desk) == [] and not live.isVisible()
    _click(qtbot, desk, TIME_IT)  # back while it still runs: the same live turn, below the stored ones
    assert live.running and desk.chat.turn_views()[-1] is live and _shown(desk) == [TIME_IT, SLOW_PHRASE]
    desk.conversations.new()
    qtbot.waitUntil(lambda: not desk.chat.owns(tag), timeout=30_000)  # it ended off the screen
    assert _shown(desk) == []  # nothing of it was painted here meanwhile
    assert [t["text"] for t in desk.host.engine.journal.conversation("local", first)] == [TIME_IT, SLOW_PHRASE]
    _click(qtbot, desk, TIME_IT)
    assert desk.conversations.current == first and _shown(desk) == [TIME_IT, SLOW_PHRASE]  # once, not twice
    assert desk.chat.turn_views()[-1].answer.text() == "Finito."


def test_deleting_a_conversation_while_its_turn_runs_keeps_it_deleted(qtbot, make_desk, metnos_home, tmp_path):
    desk = _conversation_slow_desk(qtbot, make_desk, metnos_home, tmp_path, seconds=30.0)
    side = desk.chat.sidebar
    ask_chat(qtbot, desk, TIME_IT)
    qtbot.waitUntil(lambda: side.titles() == [TIME_IT])
    gone = desk.conversations.current
    tag = _send_chat(qtbot, desk, SLOW_PHRASE)
    live = desk.chat.views[tag]
    qtbot.mouseClick(side.delete_btn, Qt.MouseButton.LeftButton)  # the conversation on screen, its turn running
    qtbot.mouseClick(side.confirm_delete, Qt.MouseButton.LeftButton)
    assert desk.conversations.current != gone and _shown(desk) == [] and not live.isVisible()
    qtbot.waitUntil(lambda: not desk.chat.owns(tag), timeout=10_000)  # cancelled with its conversation, and ended
    journal = desk.host.engine.journal
    assert journal.conversation("local", gone) == [] and journal.conversations("local") == []  # not written back
    desk.conversations.refresh()
    assert side.titles() == [] and _shown(desk) == []
    ask_chat(qtbot, desk, TIME_EN)  # the next request starts the new conversation, alone in the list
    qtbot.waitUntil(lambda: side.titles() == [TIME_EN])


def test_an_approval_asked_by_a_turn_of_a_conversation_off_screen_shows_that_conversation(qtbot, make_desk,
                                                                                          metnos_home, tmp_path):
    desk = _conversation_slow_desk(qtbot, make_desk, metnos_home, tmp_path, seconds=1.0)
    ask_chat(qtbot, desk, TIME_IT)
    first = desk.conversations.current
    _send_chat(qtbot, desk, SLOW_PHRASE)
    write = desk.ask_from_chat(WRITE_PHRASE)  # queued behind the slow one, in the same conversation
    desk.conversations.new()
    assert _shown(desk) == []
    qtbot.waitUntil(lambda: bool(desk.chat.waiting_cards()), timeout=30_000)  # the write asks, later
    card = desk.chat.waiting_cards()[0]
    assert desk.conversations.current == first and card.isVisible()  # its conversation is shown, not a hidden card
    assert _shown(desk) == [TIME_IT, SLOW_PHRASE, WRITE_PHRASE]
    desk.conversations.new()  # away again while the card waits: a request here asks whether to deny it first
    assert _shown(desk) == [] and not card.isVisible()
    desk.chat.input.setText(TIME_EN)
    qtbot.keyClick(desk.chat.input, Qt.Key.Key_Return)
    assert desk.chat.deny_first.isVisible()
    qtbot.mouseClick(desk.chat.deny_first.back_btn, Qt.MouseButton.LeftButton)  # "Back to the approval"
    assert desk.conversations.current == first and card.isVisible()
    qtbot.waitUntil(card.hasFocus)
    qtbot.mouseClick(card.deny_btn, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not desk.chat.owns(write), timeout=30_000)
