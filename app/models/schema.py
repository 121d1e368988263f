"""A tool's JSON schema made fit for constrained decoding: the grammar a backend builds from it (llama.cpp's
json_schema_to_gbnf, locally or on a server) costs per generated token, so every string and list is bounded.

The schema keywords are JSON Schema's, the format the backends take (`LLMBackend.complete(json_schema=…)`); the
bounds are the caller's (the planner asks for a few short values: app/planner/fill.py `model_schema`).
"""
from __future__ import annotations

from typing import Any

# The keywords kept: the shape of a value and its bounds. Descriptions, defaults, formats and patterns are dropped:
# they add grammar rules and text, not a tighter value.
KEPT_KEYWORDS = frozenset({"type", "enum", "items", "properties", "required", "maxLength", "maxItems", "minimum",
                           "maximum"})


def bounded(prop: dict[str, Any], max_string: int, max_items: int) -> dict[str, Any]:
    """`prop` with only the kept keywords, every string at most `max_string` characters and every list at most
    `max_items` items, nested objects and lists too; a property with no type and no enum is a bounded string."""
    p = {k: v for k, v in prop.items() if k in KEPT_KEYWORDS}
    typ = p.get("type")
    if typ == "string" and "enum" not in p:
        p["maxLength"] = min(int(p.get("maxLength", max_string)), max_string)
    elif typ == "array":
        p["maxItems"] = min(int(p.get("maxItems", max_items)), max_items)
        p["items"] = bounded(p.get("items", {"type": "string"}), max_string, max_items)
    elif typ == "object" and "properties" in p:
        p["properties"] = {k: bounded(v, max_string, max_items) for k, v in p["properties"].items()}
    elif typ is None and "enum" not in p:
        p = {"type": "string", "maxLength": max_string}
    return p
