"""Live turns of a conversation that is not on screen: off the chat window, still receiving their events.

A person may switch to another conversation (or start a new one, or delete this one) while a turn runs. Its view
must not stay painted among the other conversation's turns, and its events must not be lost: the chat window parks
it here — out of its layout, hidden, still the view its tag's events go to — and puts it back below the stored
turns when its conversation is shown again. While a view is live, the stored row of its turn (written at its start,
and again before its end is announced) is not shown beside it (`without_live`); once the turn has ended its row
shows it instead, so a view whose turn ends while parked is dropped.
"""
from __future__ import annotations

from typing import Any, Callable

from app.turn import events as ev

from .timeline import TurnView


def turn_id_of(view: TurnView) -> str | None:
    """The engine's id of the turn a view shows (from its TurnStarted), None before it started."""
    return next((e.turn_id for e in view.events if isinstance(e, ev.TurnStarted) and e.turn_id), None)


def without_live(rows: list[dict[str, Any]], live: list[TurnView]) -> list[dict[str, Any]]:
    """The stored rows but those of turns a live view shows. A view whose TurnStarted has not arrived yet (the
    journal writes the turn before that event reaches the window) claims a row still marked running."""
    ids = {turn_id_of(v) for v in live}
    unknown = sum(1 for v in live if turn_id_of(v) is None)
    out = []
    for r in reversed(rows):  # the newest running rows are the ones just started
        if str(r.get("id")) in ids:
            continue
        if unknown and r.get("state") == "running":
            unknown -= 1
            continue
        out.append(r)
    return out[::-1]


class ParkedTurns:
    """tag -> a live view taken off the screen; the chat window owns the views and their layout."""

    def __init__(self, layout: Any) -> None:
        self._layout = layout
        self._views: dict[str, TurnView] = {}

    def __contains__(self, tag: object) -> bool:
        return tag in self._views

    def park(self, tag: str, view: TurnView) -> None:
        if tag in self._views:
            return
        self._layout.removeWidget(view)
        view.hide()
        self._views[tag] = view

    def back(self, mine: Callable[[str], bool]) -> list[tuple[str, TurnView]]:
        """The parked turns of the conversation now shown, to put back below its stored turns."""
        out = [(tag, view) for tag, view in self._views.items() if mine(tag)]
        for tag, _view in out:
            del self._views[tag]
        return out

    def ended(self, tag: str) -> None:
        """The turn ended while parked: the history has it now; its view goes."""
        view = self._views.pop(tag, None)
        if view is not None:
            view.deleteLater()
