"""`metnos ask "cancella …"` asks for approval and trashes the file; `metnos ask "annulla"` brings it back byte
for byte. A request no tool can do is answered "I cannot" and runs nothing; a mixed one does its part."""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from support import child_env

ROOT = Path(__file__).resolve().parents[2]
METNOS = str(Path(sys.executable).with_name("metnos"))


def ask(home: Path, xdg: Path, *args: str) -> tuple[list[dict[str, Any]], subprocess.CompletedProcess[str]]:
    p = subprocess.run([METNOS, "ask", *args], env=child_env(home, XDG_DATA_HOME=str(xdg)), capture_output=True,
                       text=True, timeout=300, stdin=subprocess.DEVNULL, cwd=str(ROOT))
    events = [json.loads(line) for line in p.stdout.splitlines() if line.startswith("{")]
    return events, p


def setup(tmp_path: Path) -> tuple[Path, Path, Path]:
    home, xdg, docs = tmp_path / "home", tmp_path / "xdg", tmp_path / "x"
    (home / "config").mkdir(parents=True)
    docs.mkdir()
    (home / "config" / "runtime.toml").write_text(f'[tools]\nallowed_roots = ["{docs}"]\n', encoding="utf-8")
    return home, xdg, docs


def answer_of(events: list[dict[str, Any]]) -> str:
    return next(e["text"] for e in events if e["type"] == "answer")


def test_delete_asks_then_trashes_and_undo_restores_byte_for_byte(tmp_path: Path) -> None:
    home, xdg, docs = setup(tmp_path)
    f = docs / "a.txt"
    f.write_bytes(b"dati preziosi \xc3\xa8 \x00\x01\n" * 100)
    digest = hashlib.sha256(f.read_bytes()).hexdigest()

    events, p = ask(home, xdg, "--json", f"cancella {f}")  # not a terminal and no --yes: the user's "no"
    assert f.exists(), p.stderr
    approvals = [e for e in events if e["type"] == "approval"]
    assert approvals and approvals[0]["question"] == f"Spostare a.txt (in {docs}) nel cestino?"
    assert approvals[0]["preview"] == str(f) and approvals[0]["preview_kind"] == "files"
    assert answer_of(events) == "Va bene, non ho cancellato nulla."

    events, p = ask(home, xdg, "--json", "--yes", f"cancella {f}")
    assert p.returncode == 0, p.stderr
    assert [e["tool"] for e in events if e["type"] == "tool_call"] == ["delete_files"]
    assert [e["tool"] for e in events if e["type"] == "approval"] == ["delete_files"]
    assert not f.exists()
    trashed = xdg / "Trash" / "files" / "a.txt"
    assert hashlib.sha256(trashed.read_bytes()).hexdigest() == digest
    assert f"Path={f}" in (xdg / "Trash" / "info" / "a.txt.trashinfo").read_text()
    assert answer_of(events) == "Ho spostato a.txt nel cestino (puoi annullare)."

    events, p = ask(home, xdg, "--json", "--yes", "annulla")
    assert p.returncode == 0, p.stderr
    assert [e["tool"] for e in events if e["type"] == "tool_call"] == ["undo"]
    assert hashlib.sha256(f.read_bytes()).hexdigest() == digest
    assert not trashed.exists() and not (xdg / "Trash" / "info" / "a.txt.trashinfo").exists()
    assert answer_of(events) == f"Annullato: a.txt è tornato in {docs}."


def test_unsupported_request_runs_nothing_and_a_mixed_one_does_its_part(tmp_path: Path) -> None:
    home, xdg, docs = setup(tmp_path)
    (docs / "notes.md").write_text("appunti\n", encoding="utf-8")
    events, p = ask(home, xdg, "--json", "--yes", f"manda una email a Marco con il file {docs}/notes.md")
    assert not [e for e in events if e["type"] in ("tool_call", "approval")], events
    assert answer_of(events) == ("Non posso inviare email o messaggi né condividere file; posso invece aprire il "
                                 "file o la sua cartella, così lo alleghi tu.")
    events, p = ask(home, xdg, "--json", "--yes", "print the file " + str(docs / "notes.md"))
    assert not [e for e in events if e["type"] == "tool_call"]
    assert answer_of(events).startswith("I can't print on paper;")
    events, p = ask(home, xdg, "--json", "--yes", f"cancella {docs}/notes.md e poi mandalo a Marco per email")
    assert [e["tool"] for e in events if e["type"] == "tool_call"] == ["delete_files"]
    assert not (docs / "notes.md").exists()
    assert answer_of(events) == ("Non posso inviare email o messaggi né condividere file; posso invece aprire il "
                                 "file o la sua cartella, così lo alleghi tu.\n\nHo spostato notes.md nel cestino "
                                 "(puoi annullare).")


def test_metnos_tools_json_lists_the_file_actions() -> None:
    p = subprocess.run([METNOS, "tools", "--json"], capture_output=True, text=True, timeout=120, cwd=str(ROOT),
                       env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *filter(None, [
                           os.environ.get("PYTHONPATH")])])})
    assert p.returncode == 0, p.stderr
    tools = {t["name"]: t for t in map(json.loads, p.stdout.splitlines())}
    for name in ("delete_files", "move_files", "copy_files", "make_folder", "search_in_files", "open_path",
                 "get_urls"):
        assert name in tools, sorted(tools)
    assert tools["delete_files"]["risk"] == "write" and tools["get_urls"]["risk"] == "read"


def test_a_question_whether_a_file_was_moved_is_answered_from_the_record(tmp_path: Path) -> None:
    """"did you delete X already?" had the model answer "Yes, I deleted X already." with nothing looked up: the
    answer comes from the record of file changes — no, yes with when and where, or what was done instead — and
    nothing runs."""
    home, xdg, docs = setup(tmp_path)
    (docs / "archivio").mkdir()
    f = docs / "note.md"
    f.write_text("note\n", encoding="utf-8")

    events, p = ask(home, xdg, "--json", f"did you delete {f} already?")
    assert p.returncode == 0, p.stderr
    assert not [e for e in events if e["type"] in ("tool_call", "approval")]
    assert answer_of(events).startswith("No, I have no record of deleting note.md"), answer_of(events)

    events, p = ask(home, xdg, "--json", "--yes", f"sposta {f} in {docs / 'archivio'}")
    assert [e["tool"] for e in events if e["type"] == "tool_call"] == ["move_files"], p.stderr

    events, p = ask(home, xdg, "--json", f"hai già spostato {f}?")
    assert not [e for e in events if e["type"] in ("tool_call", "approval")]
    said = answer_of(events)
    assert said.startswith(f"Sì: ho spostato note.md in {docs / 'archivio'} oggi alle "), said

    events, p = ask(home, xdg, "--json", f"l'hai cancellato {f}?")
    said = answer_of(events)
    assert said.startswith("No, non risulta che io abbia cancellato note.md; invece ho spostato note.md in "), said
    assert (docs / "archivio" / "note.md").exists() and not [e for e in events if e["type"] == "tool_call"]
