"""What a person sees from `metnos ask` on a terminal: the answer in their words, details only on request."""
from __future__ import annotations

import io

import pytest

from app.cli.render import HumanPrinter
from app.turn import events as ev

TURN = [ev.RouteDecision("t", 0, level="L1", score=0.91, tool="read_files"),
        ev.ToolCall("t", 1, tool="read_files", args={"paths": ["/tmp/a.txt"]}),
        ev.Error("t", 1, message="Il file /tmp/a.txt non esiste.", hint="controlla il percorso"),
        ev.Answer("t", 1, text="Non ho trovato il file."),
        ev.TurnEnded("t", 1)]


def run(verbose: bool, capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    out = io.StringIO()
    printer = HumanPrinter(out, verbose=verbose)
    for e in TURN:
        printer(e)
    return out.getvalue(), capsys.readouterr().err


def test_default_output_has_no_levels_tool_names_or_english_prefix(capsys: pytest.CaptureFixture[str]) -> None:
    out, err = run(False, capsys)
    assert out == "Non ho trovato il file.\n"
    assert err == "Il file /tmp/a.txt non esiste. (controlla il percorso)\n"
    assert "L1" not in err and "read_files" not in err and "error" not in err.lower()


def test_trace_shows_the_steps_and_the_route(capsys: pytest.CaptureFixture[str]) -> None:
    _, err = run(True, capsys)
    assert "tool_call" in err and "[L1 0.910 · read_files]" in err.splitlines()[-1]
