"""`metnos history list|show|forget|export` — the conversation history, in the user's hands.

The history is encrypted at rest; these commands read it with the key from the
OS keyring (or the passphrase). `export` is the one way to get plaintext out,
and it writes only to the file named with --out (or to stdout with --out -),
after a warning.
"""
from __future__ import annotations

import argparse
import datetime as dt
import getpass
import json
import sys
from pathlib import Path
from typing import Any

from app.config.atomic import write_atomic
from app.store.db import StoreError

OWNER = "local"
PLAINTEXT_WARNING = ("warning: the export is PLAINTEXT — anyone who can read {where} can read these conversations. "
                     "Keep it somewhere private and delete it when done.")


def _when(ts: float | None) -> str:
    return "-" if not ts else dt.datetime.fromtimestamp(ts).astimezone().strftime("%Y-%m-%d %H:%M")


def _ask(prompt: str, confirm: bool) -> str:
    if not sys.stdin.isatty():
        raise StoreError("passphrase mode needs a terminal to type the passphrase")
    return getpass.getpass(prompt)


def _journal() -> Any:
    from app.config import ConfigManager
    from app.engine.journal import Journal
    from app.store import vault

    cfg = ConfigManager().config
    vault.use_config(cfg, _ask)
    return Journal(keep_days=float(cfg.history.keep_days or 0))


def _one(j: Any, prefix: str) -> str:
    found = j.resolve(OWNER, prefix)
    if not found:
        raise LookupError(f"no conversation starts with {prefix!r}; see `metnos history list`")
    if len(found) > 1:
        raise LookupError(f"{prefix!r} matches {len(found)} conversations; type more characters of the id")
    return str(found[0])


def _state(r: dict[str, Any]) -> str:
    if r.get("state") == "interrupted":
        return " [interrupted]"
    if r.get("state") == "running":
        return " [in progress]"
    return " [cancelled]" if r.get("cancelled") else ""


def format_conversation(turns: list[dict[str, Any]]) -> str:
    out = []
    for t in turns:
        out.append(f"## {_when(t['started_at'])}{_state(t)}\n\n> {t['text']}\n\n{t['answer'] or '(no answer)'}\n")
    return "\n".join(out)


def cmd_list(args: argparse.Namespace) -> int:
    with_j = _journal()
    try:
        rows = with_j.conversations(OWNER, args.limit)
    finally:
        with_j.close()
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    if not rows:
        print("the history is empty")
        return 0
    for r in rows:
        first = " ".join((r.get("title") or r["first_text"]).split())  # a name given in the chat, else the request
        first = first if len(first) <= 60 else first[:59] + "…"
        extra = f", {r['interrupted']} interrupted" if r["interrupted"] else ""
        print(f"{r['id'][:12]}  {_when(r['last_at'])}  {r['turns']:>3} turn{'s' if r['turns'] != 1 else ''}{extra}  "
              f"{first}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    j = _journal()
    try:
        turns = j.conversation(OWNER, _one(j, args.id))
    finally:
        j.close()
    print(json.dumps(turns, ensure_ascii=False, indent=1) if args.json else format_conversation(turns))
    return 0


def cmd_forget(args: argparse.Namespace) -> int:
    j = _journal()
    try:
        conv = _one(j, args.id)
        if not args.yes:
            if not sys.stdin.isatty():
                print("metnos history forget: add --yes to confirm (nothing was deleted)", file=sys.stderr)
                return 2
            if input(f"forget conversation {conv[:12]} for good? [y/N] ").strip().lower() not in ("y", "yes", "s", "si",
                                                                                                     "sì"):
                print("nothing was deleted")
                return 1
        texts = j.forget_session(OWNER, conv)
    finally:
        j.close()
    try:
        from app.routing.memo import Memo

        memo = Memo()
        try:
            memo.forget_texts(texts)
        finally:
            memo.close()
    except StoreError:
        pass  # no memo yet, or no key: nothing of this conversation is in it
    print(f"forgot {len(texts)} turn{'s' if len(texts) != 1 else ''} of conversation {conv[:12]}")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    j = _journal()
    try:
        ids = [_one(j, args.id)] if args.id else [c["id"] for c in reversed(j.conversations(OWNER, 1_000_000))]
        convs = [{"id": c, "turns": j.conversation(OWNER, c)} for c in ids]
    finally:
        j.close()
    as_json = args.format == "json" or (args.format is None and str(args.out).endswith(".json"))
    text = (json.dumps(convs, ensure_ascii=False, indent=1) + "\n" if as_json else
            "\n".join(f"# {c['id']}\n\n{format_conversation(c['turns'])}" for c in convs))
    where = "the terminal" if args.out == "-" else str(Path(args.out).expanduser())
    print(PLAINTEXT_WARNING.format(where=where), file=sys.stderr)
    if args.out == "-":
        sys.stdout.write(text)
        return 0
    target = Path(args.out).expanduser()
    if target.exists() and not args.force:
        print(f"metnos history export: {target} exists; add --force to replace it (nothing was written)",
              file=sys.stderr)
        return 2
    write_atomic(target, text)  # 0600: private even in a shared folder
    print(f"exported {len(convs)} conversation{'s' if len(convs) != 1 else ''} to {target}", file=sys.stderr)
    return 0


def _guarded(fn: Any) -> Any:
    def run(args: argparse.Namespace) -> int:
        try:
            return int(fn(args))
        except LookupError as e:
            print(f"metnos history: {e.args[0]}", file=sys.stderr)
            return 2
        except OSError as e:
            print(f"metnos history: {e}", file=sys.stderr)
            return 2
    return run


def add_commands(sub: Any) -> None:
    p = sub.add_parser("history", help="your conversations: list, show, forget, export")
    s = p.add_subparsers(dest="history_command", metavar="ACTION", required=True)
    ls = s.add_parser("list", help="conversations, newest first")
    ls.add_argument("--limit", type=int, default=50)
    ls.add_argument("--json", action="store_true")
    ls.set_defaults(func=_guarded(cmd_list))
    sh = s.add_parser("show", help="every turn of one conversation")
    sh.add_argument("id", help="a conversation id from `metnos history list` (the first characters are enough)")
    sh.add_argument("--json", action="store_true")
    sh.set_defaults(func=_guarded(cmd_show))
    fg = s.add_parser("forget", help="delete one conversation for good")
    fg.add_argument("id")
    fg.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    fg.set_defaults(func=_guarded(cmd_forget))
    ex = s.add_parser("export", help="write conversations as PLAINTEXT to a file you name")
    ex.add_argument("id", nargs="?", help="one conversation (default: all)")
    ex.add_argument("--out", required=True, help="the file to write (created 0600), or - for the terminal")
    ex.add_argument("--format", choices=("md", "json"), help="default: json for a .json file, else markdown")
    ex.add_argument("--force", action="store_true", help="replace an existing file")
    ex.set_defaults(func=_guarded(cmd_export))
