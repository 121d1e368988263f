"""What a person types at `metnos ask`'s questions: an approval (yes, no, always) and an offer (yes or no), read
from the terminal in either language; the end of input is a no, never a yes."""
from __future__ import annotations

import io
import sys

import pytest

from app.cli import ask as cli
from app.turn import events as ev


@pytest.mark.parametrize("typed,want", [("s\n", True), ("Sì\n", True), ("yes\n", True), ("n\n", False),
                                        ("sempre\n", "always"), ("a\n", "always"), ("", False), ("boh\n", False)])
def test_an_approval_reads_yes_no_and_always(typed: str, want: object, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    assert cli.ask_terminal("Spostare nota.txt nel cestino?", True, "it") == want
    err = capsys.readouterr().err
    assert "Spostare nota.txt nel cestino?" in err  # the question on stderr: --json output stays clean


def test_no_terminal_is_a_no_and_says_so(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("s\n"))
    assert cli.ask_terminal("Delete x?", False, "en") is False  # not asked: nothing read
    assert capsys.readouterr().err.strip()


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("typed,lang,want", [("s\n", "it", "sì"), ("y\n", "en", "yes"), ("\n", "it", "no"),
                                             ("", "en", "no")])
def test_an_offer_answers_in_its_own_language(typed: str, lang: str, want: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", _Tty(typed))
    offer = ev.Offer("t", 1, text="Vuoi aggiungere /x?", tool="allow_folder", lang=lang)
    assert cli._offer_here(offer) == want
