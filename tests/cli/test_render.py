"""What a person sees from `metnos ask` on a terminal: the answer in their words, details only on request."""
from __future__ import annotations

import io

import pytest

from app.cli.render import HumanPrinter, erase_lines
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


REJECTED = [ev.Token("t", 2, text="Usa il comando rm /tmp/x.txt: "), ev.Token("t", 2, text="lo cancella per sempre."),
            ev.Progress("t", 2, what="answer_reset: the model's answer was not usable (a path); answering"),
            ev.Token("t", 3, text="Non ho una "), ev.Token("t", 3, text="risposta affidabile."),
            ev.Answer("t", 3, text="Non ho una risposta affidabile."), ev.TurnEnded("t", 3)]


def test_a_rejected_draft_never_reaches_a_pipe() -> None:
    out = io.StringIO()
    printer = HumanPrinter(out)  # a StringIO is no terminal: what a script reads
    for e in REJECTED:
        printer(e)
    assert out.getvalue() == "Non ho una risposta affidabile.\n"


def test_a_rejected_draft_is_erased_from_the_terminal() -> None:
    out = io.StringIO()
    printer = HumanPrinter(out, live=True)
    for e in REJECTED:
        printer(e)
    shown = out.getvalue()
    draft, _, rest = shown.partition("\r")
    assert draft == "Usa il comando rm /tmp/x.txt: lo cancella per sempre."
    assert rest == "\x1b[JNon ho una risposta affidabile.\n"  # one row: clear it, then the answer


def test_erasing_counts_the_rows_a_draft_wrapped_to() -> None:
    assert erase_lines("x" * 25, 10) == "\r\x1b[2A\x1b[J"  # 3 rows at 10 columns: up 2, clear
    assert erase_lines("ab\ncd", 80) == "\r\x1b[1A\x1b[J"
    assert erase_lines("", 80) == "\r\x1b[J"
