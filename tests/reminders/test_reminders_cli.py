"""`metnos reminders list|add|cancel` on a real encrypted store and the real clock (dates far enough away, and
"domani", so the words do not depend on the minute the test runs at)."""
from __future__ import annotations

import json

import pytest

from app.cli.main import main


@pytest.fixture(autouse=True)
def rome(monkeypatch: pytest.MonkeyPatch, default_key: object) -> None:
    monkeypatch.setenv("TZ", "Europe/Rome")
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)


def test_add_in_words_list_and_cancel(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reminders", "add", "domani alle 9 pagare l'F24"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Ti avviso domani, ") and out[0].endswith(", alle 9:00: pagare l'F24.")
    assert out[1] == "Promemoria n. 1 impostato."
    assert main(["reminders", "add", "remind", "me", "every", "Friday", "at", "6pm", "to", "water", "the",
                 "plants"]) == 0
    assert capsys.readouterr().out.startswith("I'll remind you every Friday at 18:00, first ")
    assert main(["reminders", "add", "--at", "2031-01-05T10:00", "rinnovare", "il", "passaporto"]) == 0
    assert capsys.readouterr().out.startswith("Ti avviso domenica 5 gennaio 2031 alle 10:00: rinnovare il passaporto.")
    assert main(["reminders", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Hai 3 promemoria:"
    assert "3. domenica 5 gennaio 2031 alle 10:00: rinnovare il passaporto" in lines
    assert any(line.startswith("2. ogni venerdì alle 18:00 (la prossima: ") for line in lines)
    assert main(["reminders", "cancel", "3", "--json"]) == 0
    done = json.loads(capsys.readouterr().out)
    assert done["state"] == "cancelled" and done["said"].startswith("Ho cancellato il promemoria «rinnovare")
    assert main(["reminders", "list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    by_id = {r["id"]: r for r in listed}  # in the order they ring, which depends on today's weekday
    assert sorted(by_id) == [1, 2] and all(r["state"] == "pending" for r in listed)
    assert by_id[1]["repeat"] is None and by_id[2]["repeat"] == "weekly:4@18:00"


def test_what_cannot_be_added_says_why_with_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reminders", "add", "comprare", "il", "latte"]) == 1
    assert capsys.readouterr().err.strip() == "Non capisco quando: comprare il latte"
    assert main(["reminders", "add", "--at", "2020-01-05T10:00", "x"]) == 1
    assert "è già passato" in capsys.readouterr().err
    assert main(["reminders", "add", "--repeat", "fortnightly", "x"]) == 1
    assert main(["reminders", "cancel", "42"]) == 1
    assert "42" in capsys.readouterr().err
    assert main(["reminders", "list"]) == 0
    assert capsys.readouterr().out.strip() == "Non hai promemoria in programma."
