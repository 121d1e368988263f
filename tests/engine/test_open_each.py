"""A plural open after a search ("aprili", "open them"): one approval per file, and a "no" skips only that file —
the others are still asked and opened; the answer says which were opened and which not, in the request's language
with its plurals. Real engine, real tools on a temp folder; the search is served by rules (no model). The desktop's
opener is a real program on PATH, `xdg-open`, that writes down what it was given instead of starting a viewer."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from support import write_runtime

from app.config import ConfigManager
from app.engine.engine import Engine
from app.turn import events as ev

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the desktop opener is xdg-open")


@pytest.fixture()
def docs(metnos_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    root = tmp_path / "docs"
    root.mkdir()
    for name in ("a.pdf", "b.pdf", "c.pdf"):
        (root / name).write_text("%PDF-1.4\n")
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{root}"]\n[memory]\nlong_term_enabled = false\n')
    bin_dir, log = tmp_path / "bin", tmp_path / "opened.log"
    bin_dir.mkdir()
    opener = bin_dir / "xdg-open"
    opener.write_text(f'#!/bin/sh\necho "$1" >> "{log}"\n')
    opener.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    return root, log


def _turn(engine: Engine, text: str, deny: set[str]) -> tuple[str, list[str], list[str]]:
    asked: list[str] = []

    def approve(tool: str, args: dict[str, Any], risk: str) -> bool:
        asked.append(str(args.get("target")))
        return Path(str(args.get("target"))).name not in deny

    events = list(engine.run_turn(text, approve=approve, session="s1"))
    calls = [str(e.args.get("target")) for e in events if isinstance(e, ev.ToolCall)]
    return next(e.text for e in events if isinstance(e, ev.Answer)), asked, calls


def _opened(log: Path, n: int) -> list[str]:
    end = time.monotonic() + 5
    while time.monotonic() < end and (not log.exists() or len(log.read_text().split()) < n):
        time.sleep(0.02)
    return sorted(log.read_text().split()) if log.exists() else []


def test_open_them_asks_each_file_and_a_no_skips_only_that_one(docs: tuple[Path, Path]) -> None:
    root, log = docs
    paths = [str(root / n) for n in ("a.pdf", "b.pdf", "c.pdf")]
    engine = Engine(ConfigManager())
    try:
        _turn(engine, f"elenca tutti i .pdf in {root}", set())
        answer, asked, calls = _turn(engine, "aprili", deny={"b.pdf"})
        assert sorted(asked) == paths and sorted(calls) == paths  # every one asked, the denied one too
        a, c = (p for p in asked if not p.endswith("b.pdf"))
        assert answer == f"Ho aperto {a} e {c}.\nNon ho aperto {root / 'b.pdf'}: non l'hai approvato."
        assert _opened(log, 2) == [paths[0], paths[2]]

        log.unlink()
        answer, asked, _ = _turn(engine, "open them", deny={"a.pdf", "c.pdf"})
        assert len(asked) == 3
        first, last = (p for p in asked if not p.endswith("b.pdf"))
        assert answer == f"I opened {root / 'b.pdf'}.\nI did not open {first} and {last}: you did not approve them."
        assert _opened(log, 1) == [paths[1]]
        assert not engine.models.llm_loaded
    finally:
        engine.close()


class Refuses:
    """A planner that must not be reached by a plural open; reached by anything else, it answers and keeps the text."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def run(self, ctx: Any, history: list[tuple[str, str]]) -> str:
        self.texts.append(ctx.turn.text)
        return "ok"


def test_a_plural_open_typed_directly_asks_each_file_and_a_no_skips_only_that_one(docs: tuple[Path, Path]) -> None:
    """"apri a.pdf e b.pdf" names its files: each open is asked on its own, in the order said (the model had opened
    b.pdf alone, and a no to it ended the turn with a.pdf never asked). A chain whose second part needs the first
    ("crea X e spostaci Y") is not a plural open: it stays the planner's, which still stops at a declined step."""
    root, log = docs
    a, b, c = (str(root / n) for n in ("a.pdf", "b.pdf", "c.pdf"))
    planner = Refuses()
    engine = Engine(ConfigManager(), planner=planner)
    try:
        answer, asked, calls = _turn(engine, f"apri {a} e {b}", deny={"a.pdf"})
        assert asked == [a, b] and calls == [a, b]
        assert answer == f"Ho aperto {b}.\nNon ho aperto {a}: non l'hai approvato."
        assert _opened(log, 1) == [b]
        answer, asked, _ = _turn(engine, f"open {a}, {b} and {c}", deny={"b.pdf", "c.pdf"})
        assert asked == [a, b, c]
        assert answer == f"I opened {a}.\nI did not open {b} and {c}: you did not approve them."
        answer, asked, _ = _turn(engine, f"apri {a} e apri {c}", deny={"a.pdf", "c.pdf"})
        assert asked == [a, c] and answer == "Va bene, non ho aperto nulla."
        assert planner.texts == []
        for other in (f"apri {a} e {b} con gedit", f"non aprire {a} e {b}", f"apri {a} e spostaci {b}",
                      f"crea la cartella {root / 'X'} e spostaci {c}", f"apri {a}"):
            _turn(engine, other, deny=set())
        assert len(planner.texts) == 5  # none of these is a plural open of the files it names
        assert not engine.models.llm_loaded
    finally:
        engine.close()
