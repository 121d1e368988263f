"""`metnos bench ui`: switching conversations with 1,000 stored turns (goal ≤ 100 ms), in the bench's child.

The history gets 1,000 turns (10 conversations of 100, each turn with a step, as a read leaves it); then a
click on another conversation in the chat window's list is timed until its newest turn's answer is painted
(a paint event reaches it: the window shows the conversation; its older turns come in the frames after). Which
store the engine's history is (an encrypted file, or memory when there is no keyring) is reported too.
"""
from __future__ import annotations

import statistics
import time
from typing import Any

CONVERSATIONS = 10
TURNS_EACH = 100
SWITCHES = 15  # at least this many clicks: one switch is short, and a shared machine's figure varies (median)


def seed(journal: Any, owner: str = "local") -> list[str]:
    """1,000 answered turns in 10 conversations; their ids, the most recently used first."""
    from app.turn.events import Step, Turn

    t0 = time.time() - CONVERSATIONS * TURNS_EACH * 60
    ids = [f"bench-{c:02d}" for c in range(CONVERSATIONS)]
    for c, conv in enumerate(ids):
        for i in range(TURNS_EACH):
            turn = Turn(id=f"{conv}-{i:03d}", text=f"leggi la nota {i} della conversazione {c}", owner=owner)
            turn.answer = f"La nota {i} dice: riga uno, riga due.\n\n- punto a\n- punto b"
            turn.ok, turn.level = True, "L1"
            turn.steps = [Step(1, "read_files", {"paths": [f"/tmp/nota{i}.md"]}, {"lines": 2}, True, "L1")]
            journal.record(turn, t0 + (c * TURNS_EACH + i) * 60, 12.0, conv)
    return list(reversed(ids))


def measure_switch(desk: Any, qapp: Any, repeats: int) -> dict[str, Any]:
    """Click another conversation in the list (`repeats` times, at least SWITCHES); the time until its turns are
    on screen: the median, and the 90th percentile."""
    from PySide6.QtCore import QEvent, QObject, Qt
    from PySide6.QtTest import QTest

    class Painted(QObject):
        at: float | None = None

        def eventFilter(self, _obj: QObject, e: QEvent) -> bool:  # noqa: N802
            if e.type() == QEvent.Type.Paint and self.at is None:
                self.at = time.perf_counter()
            return False

    journal = desk.host.engine.journal
    ids = seed(journal)
    chat, side = desk.chat, desk.chat.sidebar
    desk.show_chat()
    chat.resize(1000, 700)
    desk.conversations.refresh()
    for _ in range(20):
        qapp.processEvents()
    runs: list[float] = []
    shown_right = True
    for k in range(max(repeats, SWITCHES) + 1):  # the first click warms the caches: not counted
        conv = ids[k % 2]
        item = next(side.items.item(i) for i in range(side.items.count())
                    if side.items.item(i).data(Qt.ItemDataRole.UserRole) == conv)
        rect = side.items.visualItemRect(item)
        painted = Painted()
        t0 = time.perf_counter()
        QTest.mouseClick(side.items.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        views = chat.turn_views()
        if views:
            views[-1].answer.installEventFilter(painted)
        end = t0 + 5.0
        while painted.at is None and time.perf_counter() < end:
            qapp.processEvents()
        ms = ((painted.at or time.perf_counter()) - t0) * 1000
        if views:
            views[-1].answer.removeEventFilter(painted)
        settle = time.perf_counter() + 0.6  # the older turns come in, the ones taken off are deleted
        while time.perf_counter() < settle:
            qapp.processEvents()
        views = chat.turn_views()
        newest = f"conversazione {int(conv.split('-')[1])}"
        shown_right = shown_right and desk.conversations.current == conv and bool(views) and \
            views[-1].question.text().endswith(newest)
        if k:
            runs.append(ms)
    return {"switch_conversation_ms": statistics.median(runs), "switch_conversation_ms_runs": runs,
            "switch_conversation_p90_ms": sorted(runs)[int(0.9 * (len(runs) - 1))],
            "switch_shown_right": shown_right, "switch_turns_stored": CONVERSATIONS * TURNS_EACH,
            "switch_turns_shown": len(chat.turn_views()),
            "switch_store": "encrypted file" if str(journal.con.filename or ":memory:") != ":memory:" else "memory"}
