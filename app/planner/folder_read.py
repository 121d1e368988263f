"""A read asked of a folder is its listing: "show us what's sat in archivio" names a folder, and reading it failed
with "X is a folder, not a file: ask me to list what is in it" (everyday19-35) — the person had asked exactly that.

What is on disk decides, as for bare names (anchor.py): only a read whose one path is an existing folder becomes
`list_dir` of it; a read of files, or of a path that does not exist, stays as the model or the rules chose it.
"""
from __future__ import annotations

import os
from typing import Any, Mapping

from app.tools.registry import Tool
from app.tools.slots import paths_given

READ, LIST = "read_files", "list_dir"


def as_listing(tool: Tool, args: dict[str, Any], sources: dict[str, str],
               tools: Mapping[str, Tool]) -> tuple[Tool, dict[str, Any], dict[str, str]]:
    """`list_dir` of the folder when `tool` is a read of exactly one existing folder; else the call unchanged."""
    lister = tools.get(LIST)
    if tool.name != READ or lister is None:
        return tool, args, sources
    paths = paths_given(args)  # as read_files reads them
    if len(paths) != 1 or not isinstance(paths[0], str) or not os.path.isdir(os.path.expanduser(paths[0])):
        return tool, args, sources
    source = sources.get("paths") or sources.get("path") or "rules"
    return lister, {"path": paths[0]}, {"path": source}
