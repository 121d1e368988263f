"""Which conversation is current, and what the chat window's side list and turns show.

There is one current conversation: the chat window shows it, a request from the chat continues it, and so
does a request from the popup — unless nothing was asked for `history.new_after_minutes` (the clock is
injected, for tests): then the popup starts a fresh one, as a person coming back later expects. New
conversation (Ctrl+N, the list's button, the tray menu) and picking one in the list change it. The id is the
engine's session, so the planner sees that conversation's earlier turns (engine/conversations.py).

The journal is read on the GUI thread: its reads are short indexed queries under its own lock, and this keeps
a switch one frame long instead of a round trip through a worker that may be busy with a turn.
"""
from __future__ import annotations

import logging
import time
import uuid
from typing import Any, Callable

from PySide6.QtCore import QObject, QTimer, Signal

log = logging.getLogger(__name__)

SHOWN_TURNS = 50  # a conversation opens on its newest turns (the journal keeps them all)
LISTED = 200  # conversations listed at most (search finds older ones)


def new_id() -> str:
    return uuid.uuid4().hex


class Conversations(QObject):
    switched = Signal(str)  # the conversation now current, its turns on screen

    def __init__(self, chat: Any, journal: Callable[[], Any], forget: Callable[[str], Any],
                 fresh_after_minutes: Callable[[], float], owner: str = "local",
                 clock: Callable[[], float] = time.time, parent: QObject | None = None,
                 cancel: Callable[[str], Any] | None = None):
        super().__init__(parent)
        self.chat = chat
        self.side = chat.sidebar
        self._journal, self._forget, self._fresh_after = journal, forget, fresh_after_minutes
        self._cancel = cancel  # stops a running turn (its tag): one of a conversation being deleted
        self.owner, self.clock = owner, clock
        self.current = new_id()
        self.last_activity: float | None = None  # the current conversation's last request (clock time)
        self._oldest: float | None = None  # when the oldest turn on screen started (older ones: "Show earlier")
        self.loaded = False  # the start-up read of the history arrived
        self._tags: dict[str, str] = {}  # a running turn's tag -> its conversation
        self.side.newRequested.connect(self.new)
        self.side.chosen.connect(self.open)
        self.side.renamed.connect(self.rename)
        self.side.deleteConfirmed.connect(self.delete)
        self.side.searched.connect(lambda _words: self.refresh())
        chat.earlierRequested.connect(self.earlier)

    # -- which one is current ------------------------------------------------------------------------------
    def started(self, rows: list[dict[str, Any]]) -> None:
        """At start-up: the most recently used conversation's newest turns (the worker read them) is current —
        unless a request was already sent or another conversation picked while they were read."""
        self.loaded = True
        if rows and self.last_activity is None and not self.chat.turn_views():
            self.current = str(rows[-1].get("session") or rows[-1]["id"])
            self.last_activity = max(float(r["started_at"]) for r in rows)
            self.chat.load_history(rows)
            self._above(rows)
        self.refresh()

    def new(self) -> str:
        """A fresh conversation: the chat empties; it joins the list with its first request."""
        self.current, self.last_activity = new_id(), None
        self.chat.show_turns([], self.shows)
        self._above([])
        self.refresh()
        self.chat.input.setFocus()
        self.switched.emit(self.current)
        return self.current

    def open(self, conv: str) -> None:
        """Show a stored conversation's turns; the next request continues it."""
        try:
            rows = self._journal().conversation(self.owner, conv, limit=SHOWN_TURNS)
        except Exception as e:
            log.warning("conversation not read: %s", e)
            return
        self.current = conv
        self.last_activity = self.clock()  # picking it is activity: the popup continues it, however old it is
        self.chat.show_turns(rows, self.shows)  # a live turn of another conversation is kept off the screen
        self._above(rows)
        if self.side.current_id() != conv:
            self.refresh()
        self.switched.emit(conv)

    def _above(self, rows: list[dict[str, Any]]) -> None:
        """Offer "Show earlier requests" while the conversation has turns above the oldest one shown."""
        self._oldest = float(rows[0]["started_at"]) if rows else None
        more = False
        if self._oldest is not None:
            try:
                more = bool(self._journal().conversation(self.owner, self.current, 1, before=self._oldest))
            except Exception as e:
                log.warning("conversation not read: %s", e)
        self.chat.earlier_btn.setVisible(more)

    def earlier(self) -> None:
        """The conversation's next older turns, above the ones on screen."""
        if self._oldest is None:
            return
        if self.chat.older_coming:  # the ones already read are still being added above: after them
            QTimer.singleShot(50, self, self.earlier)
            return
        try:
            rows = self._journal().conversation(self.owner, self.current, SHOWN_TURNS, before=self._oldest)
        except Exception as e:
            log.warning("conversation not read: %s", e)
            return
        self.chat.load_history(rows, at=0)
        if rows:
            self._above(rows)

    def for_popup(self) -> str:
        """The popup's conversation: the current one, or a fresh one when it has been quiet too long."""
        minutes = float(self._fresh_after() or 0)
        now = self.clock()
        if minutes > 0 and self.last_activity is not None and now - self.last_activity >= minutes * 60:
            self.new()
        self.last_activity = now
        return self.current

    def for_chat(self) -> str:
        self.last_activity = self.clock()
        return self.current

    def submitted(self, tag: str, conv: str) -> None:
        self._tags[tag] = conv

    def conversation_of(self, tag: str) -> str:
        return self._tags.get(tag, self.current)

    def shows(self, tag: str) -> bool:
        """Is the turn `tag` part of the conversation on screen?"""
        return self.conversation_of(tag) == self.current

    def ended(self, tag: str) -> None:
        """A turn ended: its conversation is in the journal (a first request names it in the list)."""
        self._tags.pop(tag, None)
        self.refresh()

    # -- the list ----------------------------------------------------------------------------------------------
    def refresh(self) -> None:
        words = self.side.search.text().split()
        try:
            journal = self._journal()
            rows = journal.conversations(self.owner, LISTED, words) if journal is not None else []
        except Exception as e:
            log.warning("conversations not listed: %s", e)
            rows = []
        self.side.fill(rows, self.current)

    def rename(self, conv: str, name: str) -> None:
        try:
            self._journal().rename(self.owner, conv, name)
        except Exception as e:
            log.warning("conversation not renamed: %s", e)
        self.refresh()

    def delete(self, conv: str) -> None:
        """Forget one conversation (its turns, its context, its requests in the fast path's log). A turn of it still
        running is cancelled, and the history does not write it back when it ends (engine/journal.py)."""
        for tag, of in list(self._tags.items()):
            if of == conv and self._cancel is not None:
                self._cancel(tag)
        try:
            self._forget(conv)
        except Exception as e:
            log.warning("conversation not deleted: %s", e)
        if conv == self.current:
            self.new()
        else:
            self.refresh()

    def forget_all(self) -> None:
        """Settings → Forget the conversation history: every conversation."""
        journal = self._journal()
        for row in journal.conversations(self.owner, 1_000_000) if journal is not None else []:
            self._forget(str(row["id"]))
        self.new()
