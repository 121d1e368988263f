"""`metnos` — the command line: one module per command group under app/cli, listed explicitly below."""
from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from types import ModuleType
from typing import Sequence

from app.cli import ask

# `metnos ask "…"` parses with the ask module's commands only: a request sent to the running app then imports
# none of the other groups (~0.12 s of a ~0.3 s client, paid on every request a script or the bench sends).
ASK_COMMANDS = {"ask"}


# Every command group, in the order `metnos --help` lists them; each module adds its own subcommands. Named, not
# imported: `metnos ask` loads none of the others, and build.spec (installer/spec_config.py) reads this list to tell
# PyInstaller about modules that are only imported by name.
COMMAND_MODULES = [
    "app.cli.ask", "app.cli.config_cmd", "app.cli.doctor", "app.cli.models_cmd", "app.cli.bench_cmd",
    "app.cli.route_cmd", "app.cli.memory_cmd", "app.cli.docs_cmd", "app.cli.reminders_cmd", "app.cli.history_cmd",
    "app.cli.scratchpad_cmd", "app.cli.context_cmd", "app.cli.remote_cmd", "app.ui.launch",
]


def command_modules() -> list[ModuleType]:
    """The modules of COMMAND_MODULES, imported (the full parser's cost, which `metnos ask` skips)."""
    return [importlib.import_module(name) for name in COMMAND_MODULES]


def build_parser(modules: Sequence[ModuleType] | None = None) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="metnos", description="Metnos Desk — an offline assistant in your tray.")
    p.add_argument("--home", metavar="DIR", help="keep config, data and cache in DIR (same as METNOS_HOME)")
    p.add_argument("-v", "--verbose", action="store_true", help="log details to stderr")
    p.add_argument("--toggle", action="store_true", help="show/hide the quick-query popup of the running app")
    p.add_argument("--show", action="store_true", help="open the chat window of the running app")
    p.add_argument("--ask", metavar="TEXT", dest="forward_ask", help="send TEXT to the running app's popup")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for mod in command_modules() if modules is None else modules:
        mod.add_commands(sub)
    return p


def command_of(argv: Sequence[str]) -> str | None:
    """The subcommand `argv` names (the first word that is not an option or an option's value), if any."""
    takes_value = {"--home", "--ask"}
    skip = False
    for word in argv:
        if skip:
            skip = False
        elif word in takes_value:
            skip = True
        elif not word.startswith("-"):
            return word
    return None


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser([ask] if command_of(argv) in ASK_COMMANDS else None)
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
    from app.ui.display import can_start_gui

    if can_start_gui():
        from app.ui import launch

        return int(launch.run_app() or 0)
    if sys.stdin.isatty() and sys.stdout.isatty():
        from app.cli.ask import chat_loop

        return chat_loop(None)
    print("metnos: no display and no terminal. Start it from a desktop session (tray app), "
          "run `metnos chat` in a terminal, or `metnos ask \"...\"` from scripts.", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
