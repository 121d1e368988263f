"""The human-readable form of the long-term memory: export, import, and `memory edit`'s diff.

One fact per line, so a person can open it, read it and fix it (
"a file you can open, read and correct beats a black box of embeddings"):

    [12] 2026-03-02 | appointments | user | il dentista è giovedì alle 10

A line without "[id]" is a new fact: "category | text" or just "text".
JSON Lines (one fact object per line) is the lossless alternative.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from app.lang.values import iso_date

from .categories import normalize_category

HEADER = """\
# Metnos long-term memory — one fact per line:  [id] date | category | source | text
# Edit a text to replace the fact, delete a line to forget it, add "category | text" (or just text) to add one.
# Lines starting with # are ignored. This file is NOT encrypted: delete it when done.
"""
_LINE = re.compile(r"^\[(\d+)\]\s*(\S*)\s*\|\s*([^|]*?)\s*\|\s*([^|]*?)\s*\|\s*(.*)$")
_NEW = re.compile(r"^([\w][\w -]{0,39}?)\s*\|\s*(.+)$")


class ParseError(ValueError):
    """A line of an edited or imported file cannot be read; the message names the line."""


@dataclass
class Line:
    id: int | None
    text: str
    category: str = "general"
    source: str = "user"
    date: str = ""


def export_text(facts: Iterable[Any]) -> str:
    out = [HEADER]
    for f in facts:
        out.append(f"[{f.id}] {f.created_at[:10]} | {f.category} | {f.source} | {f.text}\n")
    return "".join(out)


def export_jsonl(facts: Iterable[Any]) -> str:
    keys = ("id", "text", "category", "created_at", "source", "last_confirmed", "supersedes", "active")
    return "".join(json.dumps({k: getattr(f, k) for k in keys}, ensure_ascii=False) + "\n" for f in facts)


def parse_text(text: str) -> list[Line]:
    lines: list[Line] = []
    for n, raw in enumerate(text.splitlines(), 1):
        s = raw.strip()
        if not s or s.startswith("#"):
            continue
        m = _LINE.match(s)
        if m:
            body = m.group(5).strip()
            if not body:
                raise ParseError(f"line {n}: fact [{m.group(1)}] has no text; delete the line to forget it")
            lines.append(Line(int(m.group(1)), body, normalize_category(m.group(3)), m.group(4) or "user",
                              m.group(2)))
            continue
        if s.startswith("["):
            raise ParseError(f"line {n}: expected '[id] date | category | source | text', got {s[:60]!r}")
        m = _NEW.match(s)
        if m:
            lines.append(Line(None, m.group(2).strip(), normalize_category(m.group(1))))
        else:
            lines.append(Line(None, s))
    return lines


def parse_any(text: str) -> list[dict[str, Any]]:
    """Import input: JSON Lines or the readable text form → dicts for LongTermMemory.import_facts."""
    stripped = text.lstrip()
    if stripped.startswith("{"):
        items = []
        for n, raw in enumerate(text.splitlines(), 1):
            if not raw.strip():
                continue
            try:
                d = json.loads(raw)
            except ValueError as e:
                raise ParseError(f"line {n}: not JSON ({e})") from None
            if not isinstance(d, dict) or not isinstance(d.get("text"), str):
                raise ParseError(f"line {n}: expected an object with a 'text' string")
            if d.get("active", True):
                items.append(d)
        return items
    out = []
    for ln in parse_text(text):
        item: dict[str, Any] = {"text": ln.text, "category": ln.category, "source": ln.source}
        if iso_date(ln.date or ""):
            item["created_at"] = ln.date
        out.append(item)
    return out


@dataclass
class EditPlan:
    """What an edited export asks for."""

    add: list[Line] = field(default_factory=list)
    forget: list[int] = field(default_factory=list)
    replace: list[tuple[int, Line]] = field(default_factory=list)  # (old id, new line)

    @property
    def empty(self) -> bool:
        return not (self.add or self.forget or self.replace)

    def describe(self) -> str:
        return f"{len(self.add)} added, {len(self.replace)} changed, {len(self.forget)} forgotten"


def plan_edit(before: Iterable[Any], edited: str) -> EditPlan:
    """Compare the facts that were exported with the edited file."""
    old = {f.id: f for f in before}
    plan = EditPlan()
    seen: set[int] = set()
    for ln in parse_text(edited):
        if ln.id is None:
            plan.add.append(ln)
            continue
        if ln.id not in old:
            raise ParseError(f"fact [{ln.id}] was not in the file you opened; remove the [id] to add it as new")
        if ln.id in seen:
            raise ParseError(f"fact [{ln.id}] appears twice; keep one line per id")
        seen.add(ln.id)
        f = old[ln.id]
        if ln.text != f.text or ln.category != f.category:
            plan.replace.append((ln.id, ln))
    plan.forget = [i for i in old if i not in seen]
    return plan


def apply_edit(memory: Any, plan: EditPlan) -> dict[str, Any]:
    """Carry out an EditPlan on a LongTermMemory as the user (forget, replace = supersede, add)."""
    counts = {"forgotten": 0, "changed": 0, "added": 0}
    errors: list[str] = []
    for fid in plan.forget:
        try:
            memory.forget(fid)
            counts["forgotten"] += 1
        except ValueError as e:
            errors.append(str(e))
    for fid, ln in plan.replace:
        try:
            memory.remember(ln.text, ln.category, "user", supersede=fid)
            counts["changed"] += 1
        except ValueError as e:
            errors.append(f"[{fid}]: {e}")
    for ln in plan.add:
        try:
            memory.remember(ln.text, ln.category, "user")
            counts["added"] += 1
        except ValueError as e:
            errors.append(f"{ln.text[:40]!r}: {e}")
    return {**counts, "errors": errors}
