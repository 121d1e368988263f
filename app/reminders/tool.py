"""`set_reminder`, `list_reminders`, `cancel_reminder`: reminders as tools any level can call.

Why `set_reminder` takes `when` as an ISO wall time *or* words: the routing stage (stage.py) reads the request
with lang/reminder_ask.py and passes "2026-12-03T09:00"; the planner's model may pass "domani alle 9", which is
read with the same rules here. With no `when`, the request itself is read. The confirmation is always the
absolute date in words, in the request's language ("Ti avviso domani, giovedì 3 dicembre, alle 9:00: pagare
l'F24."), and says which hour was taken when "alle 5" could be 5:00 or 17:00 — read again from the request, so a
routed ISO time keeps the note.

`set_reminder` is a write (risk "write"): the approval card says what and when. `cancel_reminder` finds the
reminder first (by number or by its words) and asks about that one (self-approving), so the card names it.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, tzinfo
from typing import Any

from app.lang.messages import Message
from app.lang.reminder_ask import ReminderAsk, read_reminder
from app.lang.reminder_when import When, read_when
from app.lang.repeat import Repeat
from app.tools.registry import Approval, Tool, ToolContext, ToolError
from app.turn.services import provide

from . import words
from .clock import system_clock, zone
from .recurrence import instant, wall
from .scheduler import Scheduler
from .store import Reminder

GROUP = "Reminders"
MAX_TEXT = 300


@dataclass(frozen=True)
class Plan:
    text: str
    at: datetime | None  # UTC instant of a one-off
    repeat: Repeat | None
    note: Message | None


def _scheduler(ctx: ToolContext) -> Scheduler:
    got = provide(getattr(ctx.services, "reminders", None))
    if isinstance(got, Scheduler):
        return got
    reason = str(got) if isinstance(got, Exception) else "not in this session"
    raise ToolError(Message("reminders.unavailable", reason=reason))


def _clean(text: Any) -> str:
    t = " ".join(str(text or "").split()).strip(" .,;:!")
    return t[:MAX_TEXT]


def _note(w: When | None, at: datetime | None, repeat: Repeat | None, zone_: tzinfo,
          now: datetime) -> Message | None:
    """What was assumed about the hour and the date's order, when the request's own reading is the time set."""
    hour = _hour_note(w, at, repeat, zone_)
    if w is None or w.day_other is None or w.at is None or at is None or instant(w.at, zone_) != at:
        return hour
    other = words.date_only(instant(datetime.combine(w.day_other, w.at.time()), zone_), zone_, now)
    day = Message("reminders.assumed_day_first", other=other)
    return day if hour is None else Message("reminders.two_notes", a=hour, b=day)


def _hour_note(w: When | None, at: datetime | None, repeat: Repeat | None, zone_: tzinfo) -> Message | None:
    if w is None or w.assumed is None:
        return None
    if repeat is not None:
        same = w.repeat == repeat
        hour, minute = repeat.hour, repeat.minute
    else:
        same = w.at is not None and at is not None and instant(w.at, zone_) == at
        hour, minute = (w.at.hour, w.at.minute) if w.at is not None else (0, 0)
    if not same:
        return None
    time = words.clock_text(hour, minute)
    if w.assumed == "no_time":
        return Message("reminders.assumed_no_time", time=time)
    if w.other is None:
        return None
    return Message(f"reminders.assumed_{w.assumed}", time=time, other=words.clock_text(w.other.hour, w.other.minute))


def _from_words(raw: str, now: datetime, zone_: tzinfo) -> When | None:
    ask = read_reminder(raw, now.astimezone(zone_))
    if ask is not None and ask.when is not None:
        return ask.when
    return read_when(raw, now.astimezone(zone_))


def plan(args: dict[str, Any], request: str, now: datetime, zone_: tzinfo) -> Plan:
    """The reminder `args` ask for, with `request` (the turn's text) read for what they leave out."""
    ask: ReminderAsk | None = read_reminder(request, now.astimezone(zone_)) if request else None
    said = ask.when if ask is not None else None
    repeat: Repeat | None = None
    if args.get("repeat"):
        try:
            repeat = Repeat.parse(str(args["repeat"]))
        except ValueError:
            raise ToolError(Message("reminders.bad_repeat", repeat=str(args["repeat"]))) from None
    at: datetime | None = None
    raw = str(args.get("when") or "").strip()
    if raw and repeat is None:
        try:
            parsed = datetime.fromisoformat(raw)
            at = instant(parsed, zone_) if parsed.tzinfo is None else parsed.astimezone(now.tzinfo)
        except ValueError:
            got = _from_words(raw, now, zone_)
            if got is None:
                raise ToolError(Message("reminders.no_time")) from None
            at, repeat = (instant(got.at, zone_) if got.at else None), got.repeat
            said = said if said is not None else got
    elif repeat is None:
        if said is None:
            raise ToolError(Message("reminders.no_time"))
        at, repeat = (instant(said.at, zone_) if said.at else None), said.repeat
    text = _clean(args.get("text")) or (ask.text if ask is not None else "")
    return Plan(_clean(text), at, repeat, _note(said, at, repeat, zone_, now))


def _request(ctx: ToolContext) -> str:
    text = getattr(ctx.turn, "text", "")
    return text if isinstance(text, str) else ""


def _set(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    sch = _scheduler(ctx)
    now, z = sch.clock(), zone(sch.tz)
    p = plan(args, _request(ctx), now, z)
    if p.repeat is None and p.at is not None and p.at <= now:
        raise ToolError(Message("reminders.past", when=words.when(p.at, z, now)))
    r = sch.add(p.text, at=p.at, repeat=p.repeat, lang=ctx.lang)
    return {"ok": True, "id": r.id, "text": r.text, "due": r.due.isoformat(),
            "local": wall(r.due, z).isoformat(timespec="minutes"), "repeat": r.repeat.code() if r.repeat else None,
            "said": words.confirmation(r, z, now, p.note).to_dict()}


def _approval(args: dict[str, Any]) -> Approval:
    now, z = system_clock(), zone()
    text = _clean(args.get("text")) or Message("reminders.untitled")
    try:
        p = plan(args, "", now, z)
    except ToolError:
        return Approval(Message("reminders.approve", text=text, when=""))
    moment: Message | str = words.rule(p.repeat) if p.repeat else words.when(p.at, z, now) if p.at else ""
    return Approval(Message("reminders.approve", text=text, when=moment))


def _list(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    sch = _scheduler(ctx)
    now, z = sch.clock(), zone(sch.tz)
    items = sch.pending()
    lang = ctx.lang
    if not items:
        return {"count": 0, "reminders": [], "answer": Message("reminders.none").text(lang)}
    lines = [Message("reminders.list_head", n=len(items)).text(lang)]
    lines += [f"{r.id}. " + words.item(r, zone(r.tz), now).text(lang) for r in items]
    return {"count": len(items), "reminders": [{**r.to_dict(), "when": words.item(r, z, now).text(lang)}
                                               for r in items], "answer": "\n".join(lines)}


def find(sch: Scheduler, args: dict[str, Any], lang: str = "en") -> Reminder:
    """The pending reminder `args` name: by number (`id`), else the one whose words share most with `text`."""
    if args.get("id") is not None:
        r = sch.store.get(int(args["id"]))
        if r is None or r.state != "pending":
            raise ToolError(Message("reminders.not_found", what=str(args["id"])))
        return r
    query = _clean(args.get("text")).lower()
    wanted = {w for w in query.replace("'", " ").split() if len(w) >= 3}
    scored = sorted(((len(wanted & set(r.text.lower().replace("'", " ").split())), r) for r in sch.pending()),
                    key=lambda s: -s[0])
    best = [r for n, r in scored if n and n == scored[0][0]]
    if not best:
        raise ToolError(Message("reminders.not_found", what=query))
    if len(best) > 1:
        now = sch.clock()
        choices = "; ".join(Message("reminders.choice", id=r.id, text=r.text, when=words.item(r, zone(r.tz), now))
                            .text(lang) for r in best[:5])
        raise ToolError(Message("reminders.which", what=query, choices=choices))
    return best[0]


def _cancel(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    sch = _scheduler(ctx)
    r = find(sch, args, ctx.lang)
    now, z = sch.clock(), zone(r.tz)
    moment = words.rule(r.repeat) if r.repeat else words.when(r.due, z, now)
    shown = {"id": r.id, "text": r.text, "when": moment.text(ctx.lang)}
    if not ctx.approve("cancel_reminder", shown, "write"):  # the person's choice, not a failure (as undo)
        return {"ok": False, "id": r.id, "text": r.text, "said": Message("reminders.cancel_declined").to_dict()}
    sch.cancel(r.id)
    return {"ok": True, "id": r.id, "text": r.text,
            "said": Message("reminders.cancelled", text=words.what(r), when=moment).to_dict()}


def _cancel_approval(args: dict[str, Any]) -> Approval:
    return Approval(Message("reminders.cancel_approve", text=str(args.get("text") or args.get("id") or ""),
                            when=str(args.get("when") or "")))


SET_REMINDER = Tool(
    "set_reminder",
    "Set a reminder that notifies the user at a time: once (when) or again and again (repeat). Only when the user "
    "asks to be reminded or notified at a moment. Imposta un promemoria.",
    {"type": "object", "properties": {
        "text": {"type": "string", "maxLength": MAX_TEXT, "description": "what to remind, in the user's words"},
        "when": {"type": "string", "maxLength": 80,
                 "description": "local date and time, ISO (2026-12-03T09:00), or as the user said it (domani alle 9)"},
        "repeat": {"type": "string", "maxLength": 40,
                   "description": "for a repeating reminder: daily@HH:MM, weekly:0,3@HH:MM (0 = Monday), "
                                  "monthly:D@HH:MM"}},
     "required": ["text"]},
    _set, group=GROUP, risk="write", acts=("remember", "schedule"), approval=_approval,
    declined=lambda args: Message("reminders.declined"),
    # examples whose only actions are remembering or setting: an example's verbs become actions some tool does
    # (routing/capability.py), and "… di chiamare Marco" would make "chiama la mamma" look supported
    examples=("ricordami domani alle 9 di pagare l'F24", "ricordami stasera di pagare la bolletta",
              "imposta un promemoria per venerdì alle 18",
              "set a reminder for friday at 5pm to renew the car insurance",
              "ricordami ogni lunedì alle 8 di portare fuori la carta", "remind me every Friday at 6pm to water "
              "the plants"))

# The search_tools ranker's margins are thin (app/tools/search.py): short generic examples ("what reminders do I
# have?") sit close to every request and pushed "do some arithmetic" below its bar; these were measured against
# tests/tools/test_surface.py's paraphrases and unrelated requests.
LIST_REMINDERS = Tool(
    "list_reminders", "List the reminders that are set, each with its date and time. Elenca i promemoria impostati.",
    {"type": "object", "properties": {}}, _list, group=GROUP,
    examples=("quali promemoria ho impostato per questa settimana?", "elenca i miei promemoria",
              "which reminders have I set this week?"))

CANCEL_REMINDER = Tool(
    "cancel_reminder", "Cancel a reminder that is set, by its number or its words. Cancella un promemoria.",
    {"type": "object", "properties": {
        "id": {"type": "integer", "description": "the reminder's number, as list_reminders shows it"},
        "text": {"type": "string", "maxLength": MAX_TEXT, "description": "words of the reminder to cancel"}}},
    _cancel, group=GROUP, risk="write", self_approving=True, acts=("delete", "cancel"), objects=("reminder",),
    approval=_cancel_approval,
    examples=("cancella il promemoria del dentista", "cancel the reminder about paying the rent"))


def reminder_tools() -> list[Tool]:
    return [SET_REMINDER, LIST_REMINDERS, CANCEL_REMINDER]
