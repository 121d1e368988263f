"""The chat window's turns of the conversation shown: stored ones read from the history, live ones, a switch.

A mixin of ChatWindow (chat.py), which owns the widgets: `list` with its `list_layout` (the turns, then a stretch),
`views` (tag -> live view), `parked` (live turns of a conversation not on screen: parked_turns.py).
"""
from __future__ import annotations

import builtins
from typing import Any, Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QVBoxLayout, QWidget

from .parked_turns import ParkedTurns, without_live
from .timeline import TurnView

FIRST_SHOWN = 5  # turns built at once when a conversation is shown (a window's height); the older ones follow
OLDER_AFTER_MS = 16  # one frame: the newest turns are painted before the older ones are built
DROP_AFTER_MS = 400  # the turns a switch took off the screen are deleted this much later, out of its frame


class ConversationTurns:
    list: QWidget
    list_layout: QVBoxLayout
    views: dict[str, TurnView]
    parked: ParkedTurns
    history_count: int
    _shown_batch: int
    _retired: builtins.list[TurnView]
    older_coming: bool

    def _connect(self, view: TurnView) -> None:  # the window's: its signals
        raise NotImplementedError

    def scroll_to_newest(self) -> None:
        raise NotImplementedError

    def load_history(self, rows: builtins.list[dict[str, Any]], at: int | None = None) -> None:
        """Persisted turns, oldest first, above anything already on screen (`at`: from this row of the list)."""
        start = self.history_count if at is None else at
        for i, row in enumerate(rows):
            view = TurnView(row.get("text", ""))
            view.load_row(row)
            self._connect(view)
            self.list_layout.insertWidget(start + i, view)
        self.history_count += len(rows)
        if at is None:
            self.scroll_to_newest()

    def show_turns(self, rows: builtins.list[dict[str, Any]], mine: Callable[[str], bool] = lambda _tag: True) -> None:
        """Another conversation: its stored turns replace the ones on screen. A live turn (`mine(tag)`: of the
        conversation shown) stays below them; one of another conversation is parked off the screen, still getting
        its events, and comes back when its conversation is shown (parked_turns.py).

        Its newest turns are built and painted at once; the older ones follow above them a few at a time, a frame
        later each, so a switch costs one short frame however long the conversation (a turn takes ~7 ms to build)."""
        self.clear_history(mine)
        back = self.parked.back(mine)
        rows = without_live(rows, [v for tag, v in self.views.items() if tag not in self.parked])
        self.load_history(rows[-FIRST_SHOWN:])
        self._older(rows[:-FIRST_SHOWN], self._shown_batch)
        for _tag, view in back:
            self.list_layout.insertWidget(self.list_layout.count() - 1, view)
            view.show()
        if back:
            self.scroll_to_newest()

    def _older(self, rows: builtins.list[dict[str, Any]], batch: int) -> None:
        def more() -> None:
            if batch == self._shown_batch:  # not another conversation meanwhile
                self.load_history(rows[-FIRST_SHOWN:], at=0)
                self._older(rows[:-FIRST_SHOWN], batch)

        self.older_coming = bool(rows)
        if rows:
            QTimer.singleShot(OLDER_AFTER_MS, self.list, more)

    def clear_history(self, mine: Callable[[str], bool] | None = None) -> None:
        """The history was forgotten, or another conversation is shown: finished turns leave the window (a running
        one stays; an answered one waiting for the end of the work after its answer goes, and so do its events).
        With `mine`, the live turns it does not claim are parked instead, kept for their conversation."""
        for tag, v in list(self.views.items()):
            if tag in self.parked:
                continue
            if mine is not None and not mine(tag):
                self.parked.park(tag, v)
            elif not v.running:
                del self.views[tag]
        running = {v for tag, v in self.views.items() if tag not in self.parked}
        for view in self.turn_views():
            if view not in running:
                self.list_layout.removeWidget(view)
                view.hide()  # gone from the screen now; deleted a little later (deleting 50 turns takes ~20 ms)
                self._retired.append(view)
        self.history_count = 0
        self._shown_batch += 1  # older turns of the conversation shown before stop coming
        self.older_coming = False
        QTimer.singleShot(DROP_AFTER_MS, self.list, self._drop_retired)

    def _drop_retired(self) -> None:
        retired, self._retired = self._retired, []
        for view in retired:
            view.deleteLater()

    def turn_views(self) -> builtins.list[TurnView]:
        out = []
        for i in range(self.list_layout.count()):
            item = self.list_layout.itemAt(i)
            w = item.widget() if item is not None else None
            if isinstance(w, TurnView):
                out.append(w)
        return out
