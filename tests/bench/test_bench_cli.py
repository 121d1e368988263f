"""`metnos bench` options that belong to one bench say so when given to another (nothing runs)."""
from __future__ import annotations

import pytest

from app.cli.main import main


@pytest.mark.parametrize("argv", [["bench", "routing", "--cases", "x.jsonl"], ["bench", "docs", "--split", "held"]])
def test_selection_only_options_given_to_another_bench_are_refused(argv: list[str],
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert "use them with `metnos bench selection`" in capsys.readouterr().out


def test_bench_selection_takes_a_cases_file_and_a_split(monkeypatch: pytest.MonkeyPatch) -> None:
    from app.bench import selection

    # The bench itself is minutes of model time and is not run here: what reaches it is checked.
    seen: list[list[str]] = []
    monkeypatch.setattr(selection, "main", lambda argv: seen.append(argv) or 0)
    assert main(["bench", "selection", "--cases", "a.jsonl", "--cases", "b.jsonl", "--split", "held"]) == 0
    assert seen == [["--cases", "a.jsonl", "--cases", "b.jsonl", "--split", "held"]]


def test_train_names_the_heads_to_retrain_and_refuses_an_unknown_one(capsys: pytest.CaptureFixture[str]) -> None:
    """`--train aside` retrains that head only; a name no head has says which heads there are (nothing runs)."""
    assert main(["bench", "heads", "--train", "asides"]) == 2
    out = capsys.readouterr().out
    assert "no head named asides" in out and "aside" in out and "intent" in out
    assert main(["bench", "routing", "--train"]) == 2
    assert "use it with `metnos bench heads`" in capsys.readouterr().out
