"""Appending to a text file adds lines, and the answer says what was added in words, not bytes."""
from __future__ import annotations

from pathlib import Path

from app.config.loader import Config, defaults
from app.lang.asked import Asked
from app.tools.files import write_files
from app.tools.files_said import written
from app.tools.registry import ToolContext


def ctx(root: Path) -> ToolContext:
    return ToolContext(owner="local", turn_id="t1", config=Config({**defaults().values,
                                                                   "tools.allowed_roots": [str(root)]}))


def test_two_appends_are_two_lines(tmp_path: Path) -> None:
    todo = tmp_path / "todo.txt"
    todo.write_text("chiamare il commercialista\npagare la bolletta", encoding="utf-8")  # no newline at the end
    out = write_files({"path": str(todo), "content": "comprare il pane", "mode": "append"}, ctx(tmp_path))
    write_files({"path": str(todo), "content": "comprare il latte", "mode": "append"}, ctx(tmp_path))
    assert todo.read_text(encoding="utf-8").splitlines() == [
        "chiamare il commercialista", "pagare la bolletta", "comprare il pane", "comprare il latte"]
    assert todo.read_text(encoding="utf-8").endswith("latte\n")
    assert written(out, "it", Asked()) == f"Ho aggiunto in fondo a {todo}: «comprare il pane»."
    assert "byte" not in written(out, "en", Asked())


def test_a_new_file_by_append_and_an_overwrite_are_said_in_lines(tmp_path: Path) -> None:
    new = tmp_path / "nuovo.txt"
    write_files({"path": str(new), "content": "prima riga", "mode": "append"}, ctx(tmp_path))
    assert new.read_text(encoding="utf-8") == "prima riga\n"
    out = write_files({"path": str(new), "content": "a\nb\nc"}, ctx(tmp_path))
    assert new.read_text(encoding="utf-8") == "a\nb\nc"  # an overwrite writes exactly what was given
    assert written(out, "it", Asked()) == f"Ho scritto {new} (3 righe)."
    assert written(out, "en", Asked()) == f"Wrote {new} (3 lines)."
