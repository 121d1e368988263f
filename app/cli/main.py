"""`metnos` — the command line. Each concern adds its own subcommands."""
from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from typing import Sequence

# Optional command groups: (module, function). Missing modules are skipped so a
# partial build still has a working CLI.
COMMAND_MODULES = [
    ("app.cli.ask", "add_commands"),
    ("app.cli.config_cmd", "add_commands"),
    ("app.cli.doctor", "add_commands"),
    ("app.cli.models_cmd", "add_commands"),
    ("app.cli.bench", "add_commands"),
    ("app.routing.cli", "add_commands"),
    ("app.memory.memory_cli", "add_commands"),
    ("app.memory.scratchpad_cli", "add_commands"),
    ("app.planner.cli", "add_commands"),
    ("app.models.remote_cli", "add_commands"),
    ("app.ui.cli", "add_commands"),
]


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="metnos", description="Metnos Desk — an offline assistant in your tray.")
    p.add_argument("--home", metavar="DIR", help="keep config, data and cache in DIR (same as METNOS_HOME)")
    p.add_argument("-v", "--verbose", action="store_true", help="log details to stderr")
    p.add_argument("--toggle", action="store_true", help="show/hide the quick-query popup of the running app")
    p.add_argument("--show", action="store_true", help="open the chat window of the running app")
    p.add_argument("--ask", metavar="TEXT", dest="forward_ask", help="send TEXT to the running app's popup")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for mod, fn in COMMAND_MODULES:
        try:
            m = importlib.import_module(mod)
        except ImportError as e:
            if getattr(e, "name", "") and not str(getattr(e, "name", "")).startswith("app."):
                raise
            continue
        getattr(m, fn)(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.home:
        os.environ["METNOS_HOME"] = os.path.abspath(os.path.expanduser(args.home))
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    if args.toggle or args.show or args.forward_ask is not None:
        try:
            from app.ui.single_instance import forward
        except ImportError:
            print("metnos: the desktop app is not part of this build", file=sys.stderr)
            return 2
        cmd = "toggle" if args.toggle else "show" if args.show else "ask"
        return forward(cmd, args.forward_ask or "")
    if not args.command:
        return _default_start()
    from app.store.db import StoreError

    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except StoreError as e:  # a full or read-only disk, a locked or damaged database: say so, no traceback
        print(f"metnos: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `metnos ... | head`: the reader left; not an error of ours
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0


def _default_start() -> int:
    """No subcommand: the tray app when there is a display, else the terminal chat."""
    try:
        from app.ui.cli import run_app, can_start_gui
    except ImportError:
        run_app = None
        can_start_gui = None
    if run_app is not None and can_start_gui is not None and can_start_gui():
        return int(run_app() or 0)
    if sys.stdin.isatty() and sys.stdout.isatty():
        from app.cli.ask import chat_loop

        return chat_loop(None)
    print("metnos: no display and no terminal. Start it from a desktop session (tray app), "
          "run `metnos chat` in a terminal, or `metnos ask \"...\"` from scripts.", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
