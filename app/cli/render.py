"""Human rendering of engine events on a terminal (the UI renders the same events)."""
from __future__ import annotations

import json
import math
import shutil
import sys
from typing import Any, TextIO

from app.turn import events as ev
from app.turn.escape import safe as safe  # re-exported: the CLI printers escape through render


def trace_line(events: list[ev.Event]) -> str:
    level = next((e.level for e in events if isinstance(e, ev.RouteDecision)), "?")
    route = next((e for e in events if isinstance(e, ev.RouteDecision)), None)
    tools = [e.tool for e in events if isinstance(e, ev.ToolCall)]
    score = f" {route.score:.3f}" if route is not None and route.score is not None else ""
    return f"[{level}{score}{' · ' + ' → '.join(tools) if tools else ''}]"


def _is_terminal(out: TextIO) -> bool:
    try:
        return out.isatty()
    except (AttributeError, ValueError):
        return False


def erase_lines(text: str, columns: int) -> str:
    """The escape sequence that takes `text`, just written from the start of a line, off a terminal `columns`
    wide: back to its first row, then clear to the end of the screen."""
    rows = sum(max(1, math.ceil(len(line) / max(1, columns))) for line in text.split("\n"))
    return "\r" + (f"\x1b[{rows - 1}A" if rows > 1 else "") + "\x1b[J"


class HumanPrinter:
    """Streams tokens, prints errors, ends with the answer; with --trace, the steps and a one-line trace
    (levels and tool names are a details view, not what a person reads by default).

    A streamed draft can be rejected by the answer's guard after it was shown ("answer_reset"): on a terminal
    the draft is erased before the answer replaces it, so the person never reads both; into a pipe or a file
    nothing is streamed and only the final answer is written (a script must not get a retracted draft)."""

    def __init__(self, out: TextIO | None = None, verbose: bool = False, live: bool | None = None):
        self.out = sys.stdout if out is None else out  # the stream of now: a default bound at import went stale
        self.verbose = verbose
        self.live = _is_terminal(self.out) if live is None else live
        self.events: list[ev.Event] = []
        self.streamed = False
        self.shown: list[str] = []  # the draft on screen since the answer began (live only)

    def __call__(self, e: ev.Event) -> None:
        self.events.append(e)
        if isinstance(e, ev.Token):
            if not self.live:
                return  # the Answer event carries the whole text
            text = safe(e.text)
            self.out.write(text)
            self.out.flush()
            self.shown.append(text)
            self.streamed = True
        elif isinstance(e, ev.Progress) and e.what.startswith("answer_reset"):
            if self.streamed:  # the streamed draft was rejected: take it off the screen, the answer follows
                self.out.write(erase_lines("".join(self.shown), shutil.get_terminal_size().columns))
                self.out.flush()
                self.shown.clear()
                self.streamed = False
        elif isinstance(e, ev.Answer):
            if not self.streamed:
                self.out.write(safe(e.text))
            self.out.write("\n")
        elif isinstance(e, ev.Error):
            # the message is already a sentence in the request's language: no English "error:" before it
            print(safe(e.message) + (f" ({safe(e.hint)})" if e.hint else ""), file=sys.stderr)
        elif isinstance(e, ev.Notice):
            print(f"{safe(e.message)}" + (f" ({safe(e.hint)})" if e.hint else ""), file=sys.stderr)
        elif isinstance(e, ev.Cancelled):
            print("(cancelled)", file=sys.stderr)
        elif self.verbose and isinstance(e, (ev.ToolCall, ev.Observation, ev.RouteDecision)):
            print(f"  · {e.type}: {safe(json.dumps(e.to_dict(), ensure_ascii=False, default=str))[:300]}",
                  file=sys.stderr)
        elif self.verbose and (isinstance(e, ev.TurnAnswered) or (
                isinstance(e, ev.TurnEnded) and not any(isinstance(x, ev.TurnAnswered) for x in self.events))):
            print(trace_line(self.events), file=sys.stderr)


def json_line(e: ev.Event, out: TextIO | None = None) -> None:
    out = sys.stdout if out is None else out
    out.write(e.to_json() + "\n")
    out.flush()


def summarize(args: dict[str, Any]) -> str:
    return ", ".join(f"{k}={safe(str(v))[:80]}" for k, v in args.items())
