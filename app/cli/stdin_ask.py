"""`metnos ask --stdin "traduci in inglese"`: a selection action on the text read from standard input.

For scripts and editors: `xclip -o | metnos ask --stdin "riassumi"`, `cat mail.txt | metnos ask --stdin
"explain"`. The words pick an action of the selection table (app/selection/actions.py) or ask a free question
about the text; the text is data, never instructions, and no tool can run. The answer goes to standard output,
notices and errors to standard error; `--json` prints every event. It runs a local engine (the running tray
app is not asked: its socket protocol carries requests, not texts).
"""
from __future__ import annotations

import argparse
import sys

from app.lang.messages import say
from app.turn import events as ev

from .render import HumanPrinter, json_line

MAX_STDIN_CHARS = 4_000_000  # read at most this much; the action itself uses the first 400,000 characters


def cmd_ask_stdin(args: argparse.Namespace) -> int:
    from app.engine.engine import Engine
    from app.engine.selection import run_selection
    from app.selection import from_words

    words = " ".join(args.text).strip()
    text = sys.stdin.read(MAX_STDIN_CHARS)
    req = from_words(words, text, None)
    if not text.strip():
        print(say("selection.empty", req.lang), file=sys.stderr)
        return 2
    engine = Engine()
    printer = HumanPrinter(verbose=args.verbose_trace)
    ok = False
    try:
        for e in run_selection(engine, req, owner=args.owner):
            json_line(e) if args.json else printer(e)
            if isinstance(e, ev.TurnEnded):
                ok = e.ok
    finally:
        engine.close()
    return 0 if ok else 1


__all__ = ["cmd_ask_stdin"]
