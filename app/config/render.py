"""Render the commented default runtime.toml from the schema (declared once)."""
from __future__ import annotations

import json

from .schema import SECTIONS, Setting

HEADER = """\
# Metnos Desk — runtime.toml
#
# Edited live: save this file and the running app picks the change up.
# A bad value keeps the last good configuration and tells you which key is wrong.
# Precedence: environment METNOS_<SECTION>_<KEY> > this file > built-in default.
# Every key below is commented out and shows its default: uncomment to change it.
"""


def toml_value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(i) for i in v) + "]"
    raise TypeError(type(v))


def _line(s: Setting) -> str:
    choices = f" ({' | '.join(s.choices)})" if s.choices else ""
    return f"# {s.doc}{choices}\n# default: {toml_value(s.default)}\n# {s.key} = {toml_value(s.default)}\n"


def render_default() -> str:
    parts = [HEADER]
    for sec in SECTIONS:
        parts.append(f"\n# {sec.doc}\n[{sec.name}]\n")
        parts.extend(_line(s) for s in sec.settings)
    return "".join(parts)
