"""What happened in a turn, in plain words: headers and timeline lines for people, IT/EN.

The UI and the CLI show these by default ("Ho letto notes.md — 4 righe", "Risposta immediata",
"Ricordato il 30 novembre"); levels, scores, tool names and JSON belong to a details view. Built
only from the turn's events, so a live turn and a replayed one read the same.
"""
from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

from app.lang.messages import has, message_from_dict, register, say
from app.lang.rules.month_words import MONTHS_EN, MONTHS_IT

from . import events as ev

register({
    # how the request was served (the turn's header)
    "describe.level.L0": {"it": "Risposta immediata", "en": "Instant answer"},
    "describe.level.L1": {"it": "Come una richiesta già vista", "en": "Like a request seen before"},
    "describe.level.L2": {"it": "Ripetuta una sequenza nota", "en": "Repeated a known sequence"},
    "describe.level.L3": {"it": "Ragionato con il modello", "en": "Worked out with the model"},
    "describe.working": {"it": "Sto lavorando…", "en": "Working…"},
    "describe.cancelled": {"it": "Annullato", "en": "Cancelled"},
    "describe.failed": {"it": "Non riuscito", "en": "Did not work"},
    "describe.error": {"it": "Qualcosa è andato storto", "en": "Something went wrong"},
    "describe.seconds": {"it": "{s} s", "en": "{s} s"},
    # one line per step (each tool's own line is declared with the tool: `Tool.said`)
    "describe.step": {"it": "Ho fatto un passaggio", "en": "Did a step"},
    "describe.step_failed": {"it": "Non è andato: {reason}", "en": "That did not work: {reason}"},
    "describe.step_failed_plain": {"it": "Un passaggio non è andato", "en": "A step did not work"},
    "describe.declined": {"it": "Non approvato: non ho cambiato nulla", "en": "Not approved: nothing was changed"},
    "describe.set_aside": {"it": "Risultato lungo ({size}) messo da parte", "en": "Long result ({size}) set aside"},
    "describe.approval": {"it": "Ho chiesto il permesso: {question}", "en": "Asked for permission: {question}"},
    "describe.remembered_on": {"it": "Ricordato il {date}: {text}", "en": "Remembered on {date}: {text}"},
    "describe.plan": {"it": {"one": "Piano: {n} passo", "other": "Piano: {n} passi"},
                      "en": {"one": "Plan: {n} step", "other": "Plan: {n} steps"}},
    "describe.interrupted": {"it": "Interrotto: l'app si è chiusa", "en": "Interrupted: the app closed"},
    "describe.asked": {"it": "Chiesto {when}", "en": "Asked {when}"},
    "describe.when_today": {"it": "oggi alle {time}", "en": "today at {time}"},
    "describe.when_yesterday": {"it": "ieri alle {time}", "en": "yesterday at {time}"},
    "describe.when_day": {"it": "il {day} alle {time}", "en": "on {day} at {time}"},
    # memory categories and sources, as people say them
    "describe.category.appointments": {"it": "appuntamenti", "en": "appointments"},
    "describe.category.preferences": {"it": "preferenze", "en": "preferences"},
    "describe.category.contacts": {"it": "contatti", "en": "contacts"},
    "describe.category.todo": {"it": "da fare", "en": "to do"},
    "describe.category.general": {"it": "generale", "en": "general"},
    "describe.category.people": {"it": "persone", "en": "people"},
    "describe.source.user": {"it": "detto da te", "en": "told by you"},
    "describe.source.external": {"it": "da fuori", "en": "from outside"},
    "describe.source.tool": {"it": "dall'assistente", "en": "from the assistant"},
    "describe.source.file": {"it": "dal file {name}", "en": "from the file {name}"},
    "describe.source.web": {"it": "dal web ({host})", "en": "from the web ({host})"},
})

_MONTHS = {"it": MONTHS_IT, "en": tuple(m.capitalize() for m in MONTHS_EN)}  # app/lang/rules/month_words.py


@dataclass(frozen=True)
class StepSaid:
    """How a tool's executed step is told: its sentence "describe.<tool>" (with "_n" when `count`, the result
    field that counts, is known; "_many" when `many` and several files were given), naming the file or folder of
    its first `target` argument that has one. A tool declares it (`Tool.said`, app/tools/registry.py, which fills
    `target` with the tool's path arguments); this layer is below the tools, so it holds what they declare."""

    count: str = ""
    many: bool = False
    target: tuple[str, ...] = ()


_SAID: dict[str, StepSaid] = {}


def says(tool: str, said: StepSaid) -> None:
    """Tell `tool`'s steps as `said` declares (its declaration calls this once, when the tool is made)."""
    _SAID[tool] = said


def day_words(day: dt.date, lang: str) -> str:
    """'30 novembre' / '30 November' (the year only when it is not this year's)."""
    month = _MONTHS["it" if lang == "it" else "en"][day.month - 1]
    text = f"{day.day}º {month}" if lang == "it" and day.day == 1 else f"{day.day} {month}"
    return text if day.year == dt.date.today().year else f"{text} {day.year}"


def size_words(n: int) -> str:
    return f"{n} B" if n < 1024 else f"{n / 1024:.1f} KB" if n < 1 << 20 else f"{n / (1 << 20):.1f} MB"


def category_name(category: str, lang: str) -> str:
    """A memory category as people say it; a category the person made up stays in their words."""
    key = f"describe.category.{category}"
    try:
        return say(key, lang)
    except KeyError:
        return category


def source_name(source: str, lang: str) -> str:
    """Where a remembered fact came from ("user", "tool:x", "file:/p", "web:url") in words."""
    kind, _, rest = source.partition(":")
    if kind == "file" and rest:
        return say("describe.source.file", lang, name=PurePath(rest).name or rest)
    if kind == "web" and rest:
        host = re.sub(r"^[a-z]+://", "", rest).split("/")[0]
        return say("describe.source.web", lang, host=host or rest)
    if kind not in ("file", "web") and has(f"describe.source.{kind}"):  # a source said without a name: "user"…
        return say(f"describe.source.{kind}", lang)
    return source


def level_words(level: str, lang: str) -> str:
    key = f"describe.level.{level}"
    try:
        return say(key, lang)
    except KeyError:
        return say("describe.level.L3", lang)


def when_words(at: dt.datetime, lang: str, now: dt.datetime | None = None) -> str:
    """'oggi alle 10:32', 'ieri alle 9:05', 'il 2 dicembre alle 18:00' (and the English)."""
    now = now or dt.datetime.now()
    time = f"{at.hour}:{at.minute:02d}"
    if at.date() == now.date():
        return say("describe.when_today", lang, time=time)
    if at.date() == now.date() - dt.timedelta(days=1):
        return say("describe.when_yesterday", lang, time=time)
    day = day_words(at.date(), lang)
    return say("describe.when_day", lang, day=day, time=time)


def _target(args: dict[str, Any], keys: tuple[str, ...], full: bool = False) -> str:
    """The file or folder a step worked on (its first `keys` argument with one): its name (the header), or as given
    (the timeline)."""
    for key in keys:
        v = args.get(key)
        if isinstance(v, list) and v:
            v = v[0]
        if isinstance(v, str) and v:
            return v if full else PurePath(v).name or v
    return "…"


def _number(preview: str, key: str) -> int | None:
    """A count from an observation's (possibly cut) JSON preview."""
    try:
        data = json.loads(preview)
    except ValueError:
        data = None
    if isinstance(data, dict) and isinstance(data.get(key), int):
        return int(data[key])
    m = re.search(rf'"{key}":(\d+)', preview)
    return int(m.group(1)) if m else None


def step_words(call: ev.ToolCall, obs: ev.Observation | None, lang: str, full: bool = False) -> str:
    """One executed step: what was done, to what (its name; `full`: as given), with the count people care
    about."""
    tool, args = call.tool, call.args
    if obs is not None and not obs.ok:
        if obs.error and obs.error.startswith("not approved"):
            return say("describe.declined", lang)
        if obs.message:
            return say("describe.step_failed", lang, reason=obs.message)
        return say("describe.step_failed_plain", lang)
    said = _SAID.get(tool)
    if said is None:
        return say("describe.step", lang)
    first = args.get(said.target[0]) if said.target else None
    if said.many and isinstance(first, list) and len(first) > 1:
        return say(f"describe.{tool}_many", lang, n=len(first))
    name = _target(args, said.target, full)
    n = _number(obs.preview, said.count) if said.count and obs is not None else None
    if n is not None:
        return say(f"describe.{tool}_n", lang, name=name, n=n)
    return say(f"describe.{tool}", lang, name=name)


@dataclass
class TurnStory:
    """Feed it a turn's events; it says what happened, for a header and a timeline, in plain words."""

    level: str = ""
    calls: list[ev.ToolCall] = field(default_factory=list)
    results: dict[int, ev.Observation] = field(default_factory=dict)
    lines: list[tuple[str, Any]] = field(default_factory=list)  # (kind, event) in order, rendered on demand
    elapsed_ms: float | None = None
    cancelled: bool = False
    failed: bool = False
    interrupted: bool = False  # a restored turn the app's closing cut short
    asked_at: dt.datetime | None = None

    def add(self, e: ev.Event) -> None:
        if isinstance(e, ev.RouteDecision):
            self.level = e.level
            self.lines.append(("route", e))
        elif isinstance(e, ev.Answer):
            self.level = self.level or e.level
        elif isinstance(e, ev.ToolCall):
            self.calls.append(e)
            self.lines.append(("step", e))
        elif isinstance(e, ev.Observation):
            self.results[e.step] = e
            if e.ok and e.scratchpad_id:
                self.lines.append(("aside", e))
        elif isinstance(e, (ev.ApprovalNeeded, ev.MemoryWritten, ev.StateUpdate)):
            self.lines.append(("event", e))
        elif isinstance(e, ev.Cancelled):
            self.cancelled = True
            self.lines.append(("event", e))
        elif isinstance(e, ev.Error):
            self.failed = True
            self.lines.append(("event", e))
        elif isinstance(e, (ev.TurnAnswered, ev.TurnEnded)):
            if self.elapsed_ms is None or isinstance(e, ev.TurnAnswered):
                self.elapsed_ms = e.elapsed_ms  # the time to the answer (TurnEnded carries the same)
            self.failed = self.failed or not e.ok

    def headline(self, lang: str, running: bool = False) -> str:
        """'Risposta immediata · Ho letto notes.md — 4 righe · 1.2 s' (the last step said in full); how it ended
        when that is not plain: cancelled, interrupted, or failed with no failed step to say why."""
        parts = [level_words(self.level, lang)] if self.level else []
        done = [c for c in self.calls if c.step in self.results]  # a step not yet run is not said as done
        if done:
            last = done[-1]
            parts.append(step_words(last, self.results[last.step], lang))
        last_failed = bool(done) and not self.results[done[-1].step].ok
        if running:
            parts.append(say("describe.working", lang))
        elif self.cancelled:
            parts.append(say("describe.cancelled", lang))
        elif self.interrupted:
            parts.append(say("describe.interrupted", lang))
        else:
            if self.failed and not last_failed:
                parts.append(say("describe.failed", lang))
            if self.elapsed_ms is not None and self.elapsed_ms >= 1000:
                parts.append(say("describe.seconds", lang, s=f"{self.elapsed_ms / 1000:.1f}"))
        return " · ".join(parts) or say("describe.working", lang)

    def timeline(self, lang: str, today: dt.date | None = None) -> list[str]:
        """What the header does not say: every step with the file or folder as given, approvals, memory, the
        plan, and when it was asked (the level and the last step's short form are the header's)."""
        out: list[str] = []
        done = [c for c in self.calls if c.step in self.results]
        for kind, e in self.lines:
            if kind == "route":
                continue  # the header says how it was served
            elif kind == "step":
                obs = self.results.get(e.step)
                if obs is None:  # said once it happened (an approval wait shows as its own line)
                    continue
                words = step_words(e, obs, lang, full=True)
                if e is done[-1] and words == step_words(e, obs, lang):
                    continue  # the header's last step, word for word
                out.append(f"{'✓' if obs.ok else '✗'} {words}")
            elif kind == "aside":
                out.append("  " + say("describe.set_aside", lang, size=size_words(e.size)))
            elif isinstance(e, ev.ApprovalNeeded):
                out.append("? " + say("describe.approval", lang, question=e.question or say("approval.generic", lang)))
            elif isinstance(e, ev.MemoryWritten):
                out.append("✎ " + say("describe.remembered_on", lang, date=day_words(today or dt.date.today(), lang),
                                      text=e.text))
            elif isinstance(e, ev.StateUpdate):
                out.append("☰ " + say("describe.plan", lang, n=len(e.plan)))
            elif isinstance(e, ev.Cancelled):
                out.append("■ " + say("describe.cancelled", lang))
            elif isinstance(e, ev.Error):
                out.append("✗ " + say("describe.error", lang))
        if self.asked_at is not None:
            out.append(say("describe.asked", lang, when=when_words(self.asked_at, lang)))
        return out


def history_story(row: dict[str, Any]) -> TurnStory:
    """A persisted turn (journal row + steps) as a story: the same words as when it ran — a step the person
    declined, a step that failed and why (in the request's language, as the turn said it), cancelled,
    interrupted or failed, the time to the answer."""
    from app.lang.detect import detect_lang

    lang = detect_lang(str(row.get("text") or ""))

    cancelled = bool(row.get("cancelled"))
    interrupted = row.get("state") == "interrupted"
    story = TurnStory(level=str(row.get("level") or ""), cancelled=cancelled, interrupted=interrupted,
                      failed=not row.get("ok") and not cancelled and not interrupted)
    for s in row.get("steps") or []:
        num = int(s.get("num") or len(story.calls) + 1)
        call = ev.ToolCall("", num, tool=str(s.get("tool", "")), args=dict(s.get("args") or {}))
        story.calls.append(call)
        story.lines.append(("step", call))
        ok = bool(s.get("ok", True))
        error = message = ""
        if not ok:
            error = f"not approved: the user declined {call.tool}" if s.get("declined") else str(s.get("error") or "")
            m = s.get("message")
            if isinstance(m, dict) and not s.get("declined"):
                try:
                    message = message_from_dict(m).text(lang)
                except (KeyError, IndexError, ValueError):  # a sentence this version no longer has
                    message = ""
        counts = s.get("counts") if ok else None
        preview = json.dumps(counts) if isinstance(counts, dict) and counts else ""
        story.results[num] = ev.Observation("", num, tool=call.tool, ok=ok, error=error or None, message=message,
                                            preview=preview)
    elapsed = row.get("elapsed_ms")
    story.elapsed_ms = float(elapsed) if isinstance(elapsed, (int, float)) and elapsed > 0 else None
    started = row.get("started_at")
    if isinstance(started, (int, float)) and started > 0:
        story.asked_at = dt.datetime.fromtimestamp(started)
    return story


__all__ = ["StepSaid", "TurnStory", "category_name", "day_words", "history_story", "level_words", "size_words", "says",
           "source_name", "step_words", "when_words"]
