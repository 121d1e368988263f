"""`metnos reminders list|add|cancel` — the reminders from a terminal.

`add` takes a sentence as it would be said to the app ("domani alle 9 pagare l'F24", "remind me every Friday at 6pm
to water the plants"; the remind verb may be left out) or the text with `--at 2026-12-03T09:00` (local time) or
`--repeat weekly:4@18:00`; it answers with the same confirmation as the app, in the sentence's language. `list`
shows the upcoming ones with absolute dates in words (the settings' language: ui.language, else the system
locale); `--all` adds the latest done and cancelled. Every command has `--json`.

A running app sees a reminder added here within a minute (its loop looks at the database at least once a minute).

Exit codes: 0 done; 1 a sentence with no moment, a time already past, or no such reminder; 3 the encrypted
reminders cannot be opened (the message says why).
"""
from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from typing import Any

from app.lang.messages import Message, say


def _err(text: str) -> None:
    print(text[:1].upper() + text[1:], file=sys.stderr)  # the catalogue's reasons start lower case


def _open(config: Any, lang: str) -> Any:
    """The scheduler on the real clock, or None after saying why the reminders cannot open."""
    from app.cli.memory_cmd import _ask_passphrase
    from app.reminders import ReminderStore, Scheduler
    from app.store import vault
    from app.store.db import StoreError

    vault.use_config(config, _ask_passphrase)
    try:
        return Scheduler(ReminderStore())
    except StoreError as e:
        _err(say("reminders.locked", lang, reason=e))
        return None


def _reading(sentence: str, now: datetime) -> tuple[Any, str]:
    """The sentence read as a reminder request (the remind verb may be left out), and the words read."""
    from app.lang.detect import detect_lang
    from app.lang.reminder_ask import read_reminder

    ask = read_reminder(sentence, now)
    if ask is not None:
        return ask, sentence
    said = f"{'ricordami' if detect_lang(sentence) == 'it' else 'remind me'} {sentence}"
    return read_reminder(said, now), said


def _add(sch: Any, args: argparse.Namespace, lang: str) -> int:
    from app.lang.detect import detect_lang
    from app.reminders import words, zone
    from app.reminders.tool import plan
    from app.tools.registry import ToolError

    sentence = " ".join(args.text).strip()
    now, z = sch.clock(), zone(sch.tz)
    ask, request = (None, "") if args.at or args.repeat else _reading(sentence, now.astimezone(z))
    lang = ask.lang if ask is not None else detect_lang(sentence) if sentence else lang
    try:
        if not (args.at or args.repeat) and (ask is None or ask.when is None):
            raise ToolError(Message("reminders.cli_unread", text=sentence))
        tool_args = {"text": ask.text if ask is not None else sentence, "when": args.at, "repeat": args.repeat}
        p = plan({k: v for k, v in tool_args.items() if v}, request, now, z)
        if p.repeat is None and p.at is not None and p.at <= now:
            raise ToolError(Message("reminders.past", when=words.when(p.at, z, now)))
    except ToolError as e:
        _err(e.text(lang))
        return 1
    r = sch.add(p.text, at=p.at, repeat=p.repeat, lang=lang)
    said = words.confirmation(r, z, now, p.note).text(lang)
    if args.json:
        print(json.dumps({**r.to_dict(), "said": said}, ensure_ascii=False, indent=1))
    else:
        print(said)
        print(say("reminders.cli_added", lang, id=r.id))
    return 0


def _list(sch: Any, args: argparse.Namespace, lang: str) -> int:
    from app.reminders import words, zone

    now = sch.clock()
    pending = sch.pending()
    closed = sch.store.closed() if args.all else []
    if args.json:
        out = [{**r.to_dict(), "when": words.item(r, zone(r.tz), now).text(lang)} for r in [*pending, *closed]]
        print(json.dumps(out, ensure_ascii=False, indent=1))
        return 0
    print(say("reminders.list_head", lang, n=len(pending)) if pending else say("reminders.none", lang))
    for r in pending:
        print(f"{r.id}. " + words.item(r, zone(r.tz), now).text(lang))
    for r in closed:
        state = say(f"reminders.state.{r.state}", lang)
        print(f"{r.id}. ({state}) " + words.item(r, zone(r.tz), now).text(lang))
    return 0


def _cancel(sch: Any, args: argparse.Namespace, lang: str) -> int:
    from app.reminders import words, zone

    r = sch.store.get(args.id)
    if r is None or r.state != "pending":
        _err(say("reminders.not_found", lang, what=args.id))
        return 1
    now = sch.clock()
    moment = words.rule(r.repeat) if r.repeat else words.when(r.due, zone(r.tz), now)
    done = sch.cancel(r.id)
    said = Message("reminders.cancelled", text=words.what(r), when=moment).text(lang)
    if args.json:
        print(json.dumps({**done.to_dict(), "said": said}, ensure_ascii=False, indent=1))
    else:
        print(said)
    return 0


_ACTIONS = {"add": _add, "list": _list, "cancel": _cancel}


def cmd_reminders(args: argparse.Namespace) -> int:
    from app.cli.docs_cmd import cli_lang
    from app.config import ConfigManager
    from app.reminders import messages as _messages  # noqa: F401  (registers the reminders.* sentences)

    mgr = ConfigManager()
    lang = cli_lang(mgr.config)
    sch = _open(mgr.config, lang)
    if sch is None:
        return 3
    try:
        return int(_ACTIONS[args.action](sch, args, lang))
    finally:
        sch.close()


def add_commands(sub: Any) -> None:
    p = sub.add_parser("reminders", help="reminders: list them, add one in words or at a time, cancel one")
    s = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    ls = s.add_parser("list", help="the upcoming reminders, with their dates in words")
    ls.add_argument("--all", action="store_true", help="also the latest done and cancelled ones")
    ls.add_argument("--json", action="store_true")
    a = s.add_parser("add", help="add one: a sentence ('domani alle 9 pagare l'F24'), or TEXT with --at/--repeat")
    a.add_argument("text", nargs="*", metavar="TEXT")
    a.add_argument("--at", metavar="ISO", help="local date and time, e.g. 2026-12-03T09:00")
    a.add_argument("--repeat", metavar="RULE", help="daily@HH:MM, weekly:0,3@HH:MM (0 = Monday), monthly:D@HH:MM")
    a.add_argument("--json", action="store_true")
    c = s.add_parser("cancel", help="cancel the reminder with this number (as `list` shows it)")
    c.add_argument("id", type=int, metavar="ID")
    c.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_reminders)
