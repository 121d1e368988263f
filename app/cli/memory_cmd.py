"""`metnos memory list|add|export|import|edit|forget|rekey|backup` — the memory in the user's hands.

Everything here is the user acting directly, so facts are stored with source
"user" and may say anything (the instruction guard is for the model's path).
"""
from __future__ import annotations

import argparse
import getpass
import os
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

# app.memory.keys pulls in keyring (~45 ms), and every `metnos` command builds this module's parser:
# the memory modules are imported by the handlers that use them.


def _ask_passphrase(prompt: str, confirm: bool) -> str:
    from app.memory.keys import MemoryUnavailable

    if not sys.stdin.isatty():
        raise MemoryUnavailable("passphrase mode needs a terminal to type the passphrase")
    pw = getpass.getpass(prompt)
    if confirm and getpass.getpass("Repeat it: ") != pw:
        raise MemoryUnavailable("the two passphrases differ; nothing was changed")
    return pw


def _open() -> Any:
    from app.config import ConfigManager
    from app.memory.longterm import LongTermMemory

    return LongTermMemory.from_config(ConfigManager().config, ask=_ask_passphrase)


def _say_unavailable(e: Exception) -> int:
    print(f"metnos memory: {e}", file=sys.stderr)
    return 3


def cmd_memory(args: argparse.Namespace) -> int:
    from app.memory.exchange import ParseError
    from app.memory.keys import MemoryUnavailable

    try:
        mem = _open()
    except MemoryUnavailable as e:
        return _say_unavailable(e)
    try:
        return int(_ACTIONS[args.action](mem, args) or 0)
    except (MemoryUnavailable, ParseError, ValueError, OSError) as e:
        print(f"metnos memory {args.action}: {e}", file=sys.stderr)
        return 1
    finally:
        mem.close()


def _list(mem: Any, args: argparse.Namespace) -> int:
    from app.memory.exchange import export_jsonl

    facts = mem.all_facts(include_replaced=args.all)
    if args.json:
        sys.stdout.write(export_jsonl(facts))
        return 0
    if not facts:
        print("(memory is empty — add a fact with `metnos memory add TEXT`)")
    for f in facts:
        mark = "" if f.active else "  (replaced)"
        print(f"[{f.id}] {f.date} {f.category:<12} {f.source:<10} {f.text}{mark}")
    return 0


def _add(mem: Any, args: argparse.Namespace) -> int:
    text = " ".join(args.text)
    res = mem.remember(text, args.category or None, "user")  # no --category: memory files it by meaning
    extra = f" (replaces [{res.replaced.id}] {res.replaced.text})" if res.replaced else ""
    print(f"{res.action} [{res.fact.id}] {res.fact.text}{extra}")
    return 0


def _export(mem: Any, args: argparse.Namespace) -> int:
    from app.memory.exchange import export_jsonl, export_text

    facts = mem.all_facts()
    text = export_jsonl(facts) if args.format == "json" else export_text(facts)
    if args.output in (None, "-"):
        sys.stdout.write(text)
    else:
        out = Path(args.output).expanduser()
        fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        print(f"{len(facts)} facts written to {out} — NOT encrypted; delete it when done", file=sys.stderr)
    return 0


def _import(mem: Any, args: argparse.Namespace) -> int:
    from app.memory.exchange import parse_any

    src = sys.stdin.read() if args.file == "-" else Path(args.file).expanduser().read_text(encoding="utf-8")
    res = mem.import_facts(parse_any(src))
    print(f"{res['added']} added, {res['confirmed']} already known, {len(res['rejected'])} rejected")
    for r in res["rejected"]:
        print(f"  rejected {r}", file=sys.stderr)
    return 0 if not res["rejected"] else 1


def _editor() -> list[str]:
    ed = os.environ.get("VISUAL") or os.environ.get("EDITOR") or ("notepad" if os.name == "nt" else "vi")
    return shlex.split(ed, posix=os.name != "nt")


def _edit(mem: Any, args: argparse.Namespace) -> int:
    from app.memory.exchange import apply_edit, export_text, plan_edit
    from app.memory.keys import MemoryUnavailable

    before = mem.all_facts()
    with tempfile.TemporaryDirectory(prefix="metnos-memory-") as d:  # 0700, removed afterwards
        path = Path(d) / "memory.txt"
        original = export_text(before)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(original)
        try:
            rc = subprocess.call(_editor() + [str(path)])
        except OSError as e:
            raise MemoryUnavailable(f"cannot start the editor ({e}); set $EDITOR") from None
        if rc != 0:
            print(f"editor exited with {rc}: nothing changed", file=sys.stderr)
            return 1
        edited = path.read_text(encoding="utf-8")
    if edited == original:
        print("no changes")
        return 0
    plan = plan_edit(before, edited)
    done = apply_edit(mem, plan)
    print(f"{done['added']} added, {done['changed']} changed, {done['forgotten']} forgotten")
    for problem in done["errors"]:
        print(f"  not applied: {problem}", file=sys.stderr)
    return 0 if not done["errors"] else 1


def _forget(mem: Any, args: argparse.Namespace) -> int:
    f = mem.forget(args.id)
    print(f"forgotten [{f.id}] {f.text}")
    return 0


def _rekey(mem: Any, args: argparse.Namespace) -> int:
    mem.rekey()
    print(f"new key in place ({mem.store.describe()}); {mem.count()} facts kept. Backups made before this "
          f"still need the old key")
    return 0


def _backup(mem: Any, args: argparse.Namespace) -> int:
    info = mem.backup(args.path, overwrite=args.force)
    print(f"encrypted backup of {info['facts']} facts written to {info['path']} ({info['bytes']} bytes); "
          f"it opens with the current memory key")
    return 0


_ACTIONS = {"list": _list, "add": _add, "export": _export, "import": _import, "edit": _edit, "forget": _forget,
            "rekey": _rekey, "backup": _backup}


def add_commands(sub: Any) -> None:
    p = sub.add_parser("memory", help="read and edit the long-term memory (encrypted)")
    a = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    x = a.add_parser("list", help="the remembered facts")
    x.add_argument("--all", action="store_true", help="also facts replaced by newer ones")
    x.add_argument("--json", action="store_true", help="JSON Lines")
    x = a.add_parser("add", help="remember a fact (as you write it)")
    x.add_argument("text", nargs="+")
    x.add_argument("--category", help="appointments, preferences, contacts, people, todo, general...")
    x = a.add_parser("export", help="write the facts in a readable form (not encrypted)")
    x.add_argument("-o", "--output", help="file (default: standard output)")
    x.add_argument("--format", choices=("text", "json"), default="text")
    x = a.add_parser("import", help="add facts from an export (text or JSON Lines; '-' = stdin)")
    x.add_argument("file")
    a.add_parser("edit", help="open the memory in $EDITOR; saved changes are applied")
    x = a.add_parser("forget", help="delete a fact by id")
    x.add_argument("id", type=int)
    a.add_parser("rekey", help="rotate the encryption key")
    x = a.add_parser("backup", help="write an encrypted copy")
    x.add_argument("path")
    x.add_argument("--force", action="store_true", help="overwrite an existing file")
    p.set_defaults(func=cmd_memory)
