"""Observation scratchpad: big tool outputs kept aside, per owner and turn."""
from __future__ import annotations

from .hook import present_hook
from .plugin import ScratchpadPlugin
from .slices import MODES
from .store import DEFAULT_TTL, MIGRATIONS, Entry, Scratchpad, not_found
from .tool import NAME as TOOL_NAME
from .tool import TOOL as SCRATCHPAD_READ
from .tool import scratchpad_read
from .view import inline, omitted, shrink, split, synthetic, view_size

__all__ = ["DEFAULT_TTL", "MIGRATIONS", "MODES", "Entry", "SCRATCHPAD_READ", "Scratchpad", "ScratchpadPlugin",
           "TOOL_NAME", "inline", "not_found", "omitted", "present_hook", "scratchpad_read", "shrink", "split",
           "synthetic", "view_size"]
