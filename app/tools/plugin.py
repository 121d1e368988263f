"""The plugin protocol: the named hooks a turn calls, declared once (the model is simonw/llm's hookspecs).

A plugin subclasses `Plugin` and overrides only the hooks it needs; the defaults do nothing. The
engine holds an explicit list of plugins (app/engine/plugins.py) — nothing is found by reflection.
A hook that raises is logged and skipped: a plugin can never lose a turn.

Hooks, in the order a turn meets them:
  services(turn, s)    fill fields of the turn's TurnServices (scratchpad store, state, memory...)
  route_stages()       (after L0, before L1; after L2) routing stages, given once to the router
  hidden_tools()       tool names kept off this turn's surface (search_documents while nothing is indexed)
  turn_started(ctx)    e.g. the scratchpad's gc
  tools(ctx)           builtin tools to show the planner now (scratchpad_read while entries exist)
  after_step(ctx, s)   after every executed step (events for stored facts, state updates; an offer of what to do
                       next, appended to ctx.turn.offers: the engine asks it at the end of the answer)
  turn_ended(ctx)      after the answer, off the turn's thread (the next turn may have begun), in answer order
  start_background()   the desktop app is running (not a one-off command): start background work
  close()              the engine is shutting down
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from app.turn.decision import RouteStage
from app.turn.events import Step, Turn
from app.turn.services import TurnServices

from .registry import Tool

if TYPE_CHECKING:
    from .runner import TurnContext


class Plugin:
    name = "plugin"

    def services(self, turn: Turn, s: TurnServices) -> None:
        """Fill the fields this plugin provides; open nothing expensive here (an L0 turn runs this too)."""

    def route_stages(self) -> tuple[list[RouteStage], list[RouteStage]]:
        return [], []

    def hidden_tools(self) -> set[str]:
        """Names of tools this plugin keeps off the surface right now (they exist, but cannot help yet)."""
        return set()

    def turn_started(self, ctx: TurnContext) -> None:
        """Called before routing."""

    def tools(self, ctx: TurnContext) -> list[Tool]:
        return []

    def after_step(self, ctx: TurnContext, step: Step) -> None:
        """Called after every executed step, failed ones included."""

    def turn_ended(self, ctx: TurnContext) -> None:
        """Called once the answer is out, before learning and the history: on the thread of the work after the
        answers, so the next turn may already have started (and called `turn_started`)."""

    def start_background(self) -> None:
        """The desktop app runs: start what keeps working between turns (the document watcher)."""

    def close(self) -> None:
        """Release stores and files."""
