"""The fields a tool's result (its observation) carries its output in: the convention the tools write (one file
`{path, …, content}`, several `{"files": [...]}`, a listing `entries`, a search `matches`: tools/files.py, grep.py)
and the packages above them read. Named once here, beside the tools that write them, instead of in each reader.
"""
from __future__ import annotations

# What a following step most likely wants of a result, first found first: a text, then a list of what was read or
# found. The planner passes it on by reference (`{{stepN.field}}`: planner/fill.py `result_field`).
OUTPUT_FIELDS = ("content", "summary", "text", "entries", "matches", "files", "results")
# The lists a structured result is made of: the scratchpad shows the largest of them one item per line
# (memory/scratchpad/view.py), before any other list the result holds.
LIST_FIELDS = ("entries", "matches", "results", "files", "items", "rows", "hits")
