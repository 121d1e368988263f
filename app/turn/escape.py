"""Show text from files, the web or a model as text: control bytes escaped, never interpreted.

Shared by the terminal and the desktop app, so both escape exactly the same bytes.
"""
from __future__ import annotations

import re

# C0 controls but tab/newline, DEL, C1 controls (0x9b is a one-byte CSI for many terminals) and the bidi
# embedding/override/isolate marks (they reorder what is shown: "Trojan Source").
_CTRL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def safe(text: str) -> str:
    """Content from files may carry ANSI escapes or control bytes: show them escaped, never interpret."""
    return _CTRL.sub(lambda m: ("\\x%02x" if ord(m.group(0)) < 0x100 else "\\u%04x") % ord(m.group(0)), text)


__all__ = ["safe"]
