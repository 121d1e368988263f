"""Human rendering of engine events on a terminal (the UI renders the same events)."""
from __future__ import annotations

import json
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


class HumanPrinter:
    """Streams tokens, prints errors, ends with the answer; with --trace, the steps and a one-line trace
    (levels and tool names are a details view, not what a person reads by default)."""

    def __init__(self, out: TextIO | None = None, verbose: bool = False):
        self.out = sys.stdout if out is None else out  # the stream of now: a default bound at import went stale
        self.verbose = verbose
        self.events: list[ev.Event] = []
        self.streamed = False

    def __call__(self, e: ev.Event) -> None:
        self.events.append(e)
        if isinstance(e, ev.Token):
            self.out.write(safe(e.text))
            self.out.flush()
            self.streamed = True
        elif isinstance(e, ev.Progress) and e.what.startswith("answer_reset"):
            if self.streamed:  # the streamed draft was rejected: the final answer follows on its own line
                self.out.write("\n")
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
