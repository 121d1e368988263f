"""A read asked of one existing folder is its listing (planner/folder_read.py): "show us what's sat in archivio"
had failed with "is a folder, not a file: ask me to list what is in it" (everyday19-35)."""
from __future__ import annotations

from pathlib import Path

from app.engine.catalog import build_registry
from app.planner.folder_read import as_listing


def test_a_read_of_one_folder_becomes_its_listing_and_nothing_else_changes(tmp_path: Path) -> None:
    reg = build_registry()
    tools = {n: t for n in reg.names() if (t := reg.get(n)) is not None}
    (tmp_path / "a.txt").write_text("x")
    tool, args, sources = as_listing(tools["read_files"], {"paths": [str(tmp_path)]}, {"paths": "model"}, tools)
    assert (tool.name, args, sources) == ("list_dir", {"path": str(tmp_path)}, {"path": "model"})
    for call in ({"paths": [str(tmp_path / "a.txt")]}, {"paths": [str(tmp_path / "gone")]},
                 {"paths": [str(tmp_path), str(tmp_path / "a.txt")]}):
        tool, args, _ = as_listing(tools["read_files"], call, {}, tools)
        assert (tool.name, args) == ("read_files", call)  # files, a missing path, a mixed read: as chosen
    tool, args, _ = as_listing(tools["find_files"], {"path": str(tmp_path)}, {}, tools)
    assert tool.name == "find_files"
