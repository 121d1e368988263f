"""Structured turn state beside the history: a plan and a key→value note dict.

Summaries lose exactly the details the model itself found important (which
hypotheses were checked, the id found at step 3). Those live here instead,
written by explicit tool calls, injected into every model request right after
the task, and never compacted. It is a schema, not a notepad: a few plan
items with fixed statuses and short values, so the model *updates* rather than
appends prose — every bound is enforced with a message that says so.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from app.lang.messages import register
from app.tools.registry import Tool, ToolContext, ToolError
from app.turn.describe import StepSaid

STATUSES = ("todo", "doing", "done", "cancelled")
_STATUS_ALIASES = {
    "to do": "todo", "pending": "todo", "open": "todo", "da fare": "todo",
    "in progress": "doing", "in_progress": "doing", "active": "doing", "in corso": "doing",
    "completed": "done", "complete": "done", "finished": "done", "fatto": "done", "completato": "done",
    "canceled": "cancelled", "dropped": "cancelled", "skipped": "cancelled", "annullato": "cancelled",
}
GROUP = "Plan and notes"


class StateError(ToolError):
    """A plan or note update broke a bound; the message says which and what to do instead."""


@dataclass(frozen=True)
class Limits:
    max_items: int = 10
    max_item_chars: int = 120
    max_notes: int = 12
    max_key_chars: int = 40
    max_value_chars: int = 200


def _one_line(s: str) -> str:
    return " ".join(str(s).split())


def normalize_status(raw: Any) -> str:
    s = _one_line(raw or "todo").lower()
    s = _STATUS_ALIASES.get(s, s)
    if s not in STATUSES:
        raise StateError(f"plan status {raw!r} is not one of {', '.join(STATUSES)}")
    return s


class TurnState:
    """The plan and notes of one turn. Thread-safe: the UI may snapshot while the engine writes."""

    def __init__(self, limits: Limits | None = None):
        self.limits = limits or Limits()
        self._plan: list[dict[str, str]] = []
        self._notes: dict[str, str] = {}
        self._lock = threading.Lock()

    # -- writes --------------------------------------------------------------
    def update_plan(self, items: list[Any]) -> list[dict[str, str]]:
        """Replace the whole plan. Items: {"text", "status"} or plain strings (status todo)."""
        lim = self.limits
        if not isinstance(items, list):
            raise StateError("update_plan: items must be a list of {text, status}")
        if len(items) > lim.max_items:
            raise StateError(f"update_plan: {len(items)} items; at most {lim.max_items}. Merge steps or drop "
                             f"finished detail — the plan is the current outline, not a log")
        plan: list[dict[str, str]] = []
        seen: set[str] = set()
        for n, it in enumerate(items, 1):
            if isinstance(it, str):
                text, status = it, "todo"
            elif isinstance(it, dict):
                text, status = it.get("text") or it.get("item") or it.get("title") or "", it.get("status", "todo")
            else:
                raise StateError(f"update_plan: item {n} must be text or {{text, status}}, got {type(it).__name__}")
            text = _one_line(text)
            if not text:
                raise StateError(f"update_plan: item {n} has no text")
            if len(text) > lim.max_item_chars:
                raise StateError(f"update_plan: item {n} is {len(text)} characters; at most {lim.max_item_chars}. "
                                 f"Write a short step, keep details in save_note")
            if text.lower() in seen:
                raise StateError(f"update_plan: item {n} repeats {text!r}; list each step once")
            seen.add(text.lower())
            plan.append({"text": text, "status": normalize_status(status)})
        with self._lock:
            self._plan = plan
        return self.plan

    def save_note(self, key: str, value: str) -> dict[str, str]:
        """Set (or, with an empty value, remove) one note. Same key = update, never a second copy."""
        lim = self.limits
        k = _one_line(key)
        if not k:
            raise StateError("save_note: key is empty; use a short name like 'issue' or 'branch'")
        if len(k) > lim.max_key_chars:
            raise StateError(f"save_note: key is {len(k)} characters; at most {lim.max_key_chars}")
        v = _one_line(value if value is not None else "")
        if len(v) > lim.max_value_chars:
            raise StateError(f"save_note: value of {k!r} is {len(v)} characters; at most {lim.max_value_chars}. "
                             f"Save the fact (an id, a name, a decision and its reason), not prose")
        with self._lock:
            match = next((x for x in self._notes if x.lower() == k.lower()), None)
            if not v:
                if match is not None:
                    del self._notes[match]
                return dict(self._notes)
            if match is None and len(self._notes) >= lim.max_notes:
                raise StateError(f"save_note: already {lim.max_notes} notes ({', '.join(self._notes)}); "
                                 f"update or clear one (empty value) instead of adding {k!r}")
            self._notes[match or k] = v
            return dict(self._notes)

    def clear(self) -> None:
        with self._lock:
            self._plan, self._notes = [], {}

    # -- reads ---------------------------------------------------------------
    @property
    def plan(self) -> list[dict[str, str]]:
        with self._lock:
            return [dict(i) for i in self._plan]

    @property
    def notes(self) -> dict[str, str]:
        with self._lock:
            return dict(self._notes)

    def is_empty(self) -> bool:
        with self._lock:
            return not self._plan and not self._notes

    def render(self) -> str:
        """The block the planner injects right after the task ('' while empty)."""
        with self._lock:
            if not self._plan and not self._notes:
                return ""
            lines = ["Current state (kept by update_plan / save_note; update it, do not repeat it):"]
            if self._plan:
                lines.append("Plan:")
                lines += [f"- [{i['status']}] {i['text']}" for i in self._plan]
            if self._notes:
                lines.append("Notes:")
                lines += [f"- {k}: {v}" for k, v in self._notes.items()]
            return "\n".join(lines)

    def message(self) -> dict[str, str] | None:
        """render() as a chat message, or None while empty."""
        text = self.render()
        return {"role": "user", "content": text} if text else None

    def snapshot(self) -> dict[str, Any]:
        """{"plan": [...], "notes": {...}} — the fields of events.StateUpdate."""
        with self._lock:
            return {"plan": [dict(i) for i in self._plan], "notes": dict(self._notes)}


# -- tools ---------------------------------------------------------------------
def _state(ctx: ToolContext) -> TurnState:
    st = ctx.services.state
    if not isinstance(st, TurnState):
        raise ToolError("plan and notes are not available in this turn")
    return st


def _update_plan(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    plan = _state(ctx).update_plan(args.get("items", []))
    return {"ok": True, "plan": plan}


def _save_note(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    notes = _state(ctx).save_note(args["key"], args.get("value", ""))
    return {"ok": True, "notes": notes}


register({"describe.update_plan": {"it": "Ho aggiornato il piano", "en": "Updated the plan"},
          "describe.save_note": {"it": "Ho preso un appunto", "en": "Took a note"}})


def state_tools(limits: Limits | None = None) -> list[Tool]:
    """update_plan and save_note; handlers find the turn's TurnState in ctx.services.state."""
    lim = limits or Limits()
    return [
        Tool("update_plan",
             "Replace the plan of this request: the full list of steps, each with a status "
             f"({', '.join(STATUSES)}). Send the whole list every time.",
             {"type": "object", "properties": {"items": {
                 "type": "array", "maxItems": lim.max_items,
                 "items": {"type": "object", "properties": {
                     "text": {"type": "string", "maxLength": lim.max_item_chars},
                     "status": {"type": "string", "enum": list(STATUSES)}},
                     "required": ["text", "status"]}}},
              "required": ["items"]},
             _update_plan, group=GROUP, risk="read", builtin=True, several_steps=True, after_a_step=True,
             examples=("make a plan", "fai un piano", "segna il passo come fatto"), said=StepSaid()),
        Tool("save_note",
             "Keep one short fact for the rest of this request (an id found, a decision and its reason). "
             "Same key updates it; empty value removes it.",
             {"type": "object", "properties": {
                 "key": {"type": "string", "maxLength": lim.max_key_chars},
                 "value": {"type": "string", "maxLength": lim.max_value_chars}},
              "required": ["key"]},  # value may be empty: that removes the note
             _save_note, group=GROUP, risk="read", builtin=True, after_a_step=True,
             examples=("annota l'id", "note the issue number"), said=StepSaid()),
    ]
