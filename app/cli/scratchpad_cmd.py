"""`metnos scratchpad stats|gc` — what the scratchpad holds, and cleaning it by hand."""
from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from typing import Any, Callable

from app.store.db import StoreError


def _human_bytes(n: int) -> str:
    size = float(n)
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{n} B"


def format_stats(s: dict[str, Any]) -> str:
    oldest = "-" if s["oldest_created_at"] is None else (
        dt.datetime.fromtimestamp(s["oldest_created_at"]).astimezone().isoformat(timespec="seconds")
        + f" ({s['oldest_age_s']:.0f} s ago)")
    lines = [f"database     {s['path']}",
             f"rows         {s['rows']}",
             f"content      {_human_bytes(s['bytes'])} ({s['bytes']} bytes)",
             f"on disk      {_human_bytes(s['disk_bytes'])}",
             f"oldest       {oldest}",
             f"expired      {s['expired_pending_gc']} (removed at the next turn start or by `metnos scratchpad gc`)"]
    for owner, o in s["per_owner"].items():
        lines.append(f"owner {owner}: {o['rows']} rows, {_human_bytes(o['bytes'])}")
    return "\n".join(lines)


def _with_scratchpad(act: Callable[[Any], Any], show: Callable[[Any], str]) -> int:
    """Open the scratchpad, act on it, print what `show` makes of the result; a store error is exit 1."""
    from app.memory.scratchpad import Scratchpad

    try:
        with Scratchpad() as sp:
            result = act(sp)
    except StoreError as e:
        print(f"metnos scratchpad: {e}", file=sys.stderr)
        return 1
    print(show(result))
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    return _with_scratchpad(lambda sp: sp.stats(), lambda s: json.dumps(s, indent=2) if args.json else format_stats(s))


def cmd_gc(args: argparse.Namespace) -> int:
    return _with_scratchpad(lambda sp: sp.gc(),
                            lambda n: json.dumps({"deleted": n}) if args.json else f"removed {n} expired entries")


def add_commands(sub: Any) -> None:
    p = sub.add_parser("scratchpad", help="big tool outputs kept aside during a turn")
    s = p.add_subparsers(dest="scratchpad_command", metavar="ACTION", required=True)
    st = s.add_parser("stats", help="rows, bytes, oldest entry, rows per owner")
    st.add_argument("--json", action="store_true", help="machine-readable output")
    st.set_defaults(func=cmd_stats)
    gc = s.add_parser("gc", help="remove expired entries now")
    gc.add_argument("--json", action="store_true", help="machine-readable output")
    gc.set_defaults(func=cmd_gc)
