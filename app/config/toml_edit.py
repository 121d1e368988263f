"""Write settings into runtime.toml without losing the user's comments (no Qt).

The settings dialog, the tray toggles, `metnos docs` and the allow_folder tool (the engine's
"Consenti questa cartella") change a few keys, so this lives with the configuration, below every
front end; tomlkit keeps everything else byte-identical. Values are validated
against the schema first, so a dialog can never write a file the loader would
reject. The write is atomic (temp file + rename): the live-reload watcher sees
one `moved` event and a crash never leaves half a file.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

import tomlkit
from tomlkit.exceptions import TOMLKitError

from .atomic import write_atomic
from .loader import coerce
from .manager import write_default
from .schema import BY_DOTTED


class SettingsWriteError(Exception):
    """The values or the file are wrong; the message says which key and what to do."""


def validate(values: Mapping[str, Any]) -> dict[str, Any]:
    """Coerce every dotted key through the schema; raise listing every bad key."""
    out: dict[str, Any] = {}
    problems: list[str] = []
    for dotted, raw in values.items():
        s = BY_DOTTED.get(dotted)
        if s is None:
            problems.append(f"{dotted}: unknown setting")
            continue
        try:
            out[dotted] = coerce(s, raw)
        except ValueError as e:
            problems.append(f"{dotted}: {e}")
    if problems:
        raise SettingsWriteError("; ".join(problems))
    return out


def set_values(path: Path, values: Mapping[str, Any]) -> None:
    """Set `values` ({"ui.theme": "dark", ...}) in the TOML file at `path`, keeping comments."""
    clean = validate(values)
    if not path.exists():
        write_default(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise SettingsWriteError(f"{path}: cannot read it ({e}); fix or delete the file, then try again") from None
    try:
        doc = tomlkit.parse(text)
    except TOMLKitError as e:
        raise SettingsWriteError(f"{path}: not valid TOML ({e}); fix the syntax first (Settings → Edit "
                                 f"runtime.toml) — nothing was written") from None
    for dotted, value in clean.items():
        section, key = dotted.split(".", 1)
        table = doc.get(section)
        if table is None:
            table = tomlkit.table()
            doc[section] = table
        elif not isinstance(table, dict):
            raise SettingsWriteError(f"{path}: [{section}] is not a table; fix the file first — nothing was written")
        table[key] = value
    _atomic_write(path, tomlkit.dumps(doc))


def get_value(path: Path, dotted: str) -> Any:
    """The value written in the file (None when the key is absent or commented out)."""
    try:
        doc = tomlkit.parse(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, TOMLKitError):
        return None
    section, key = dotted.split(".", 1)
    table = doc.get(section)
    if not isinstance(table, dict) or key not in table:
        return None
    v = table[key]
    return v.unwrap() if hasattr(v, "unwrap") else v


def _atomic_write(path: Path, text: str) -> None:
    try:
        write_atomic(path, text)  # the one shared writer: temp + fsync + rename, 0600
    except OSError as e:
        raise SettingsWriteError(f"{path}: could not write ({e.strerror}); the file is unchanged") from None
