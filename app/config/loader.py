"""Parse, validate and merge runtime.toml with env overrides and code defaults.

Precedence: METNOS_<SECTION>_<KEY> > runtime.toml > code default.
A bad value never half-applies: load() returns errors and the caller keeps
its last good Config.
"""
from __future__ import annotations

import json
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from .schema import BY_DOTTED, SECTIONS, Setting, unit_interval


class ConfigError(Exception):
    """One or more keys are wrong; `.problems` lists 'key: what is wrong'."""

    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


class _Section:
    __slots__ = ("_name", "_values")

    def __init__(self, name: str, values: Mapping[str, Any]):
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_values", MappingProxyType(dict(values)))

    def __getattr__(self, key: str) -> Any:
        try:
            return self._values[key]
        except KeyError:
            raise AttributeError(f"{self._name}.{key}") from None

    def __setattr__(self, *_: Any) -> None:
        raise AttributeError("Config is read-only; edit runtime.toml")

    def as_dict(self) -> dict[str, Any]:
        return dict(self._values)


@dataclass(frozen=True)
class Config:
    """An immutable, fully validated snapshot. Attribute access: cfg.llm.n_ctx."""

    values: Mapping[str, Any]  # dotted key -> value
    sources: Mapping[str, str] = field(default_factory=dict)  # dotted key -> default|file|env
    warnings: tuple[str, ...] = ()

    def __getattr__(self, section: str) -> _Section:
        if section.startswith("_") or section in ("values", "sources", "warnings"):
            raise AttributeError(section)
        prefix = section + "."
        vals = {k[len(prefix):]: v for k, v in self.values.items() if k.startswith(prefix)}
        if not vals:
            raise AttributeError(section)
        return _Section(section, vals)

    def get(self, dotted: str) -> Any:
        return self.values[dotted]

    def diff(self, other: "Config") -> dict[str, tuple[Any, Any]]:
        """Keys whose value differs: {key: (old, new)}."""
        return {k: (other.values.get(k), v) for k, v in self.values.items() if other.values.get(k) != v}


def defaults() -> Config:
    return Config({k: s.default for k, s in BY_DOTTED.items()}, {k: "default" for k in BY_DOTTED})


def _describe(v: Any) -> str:
    return repr(v) if not isinstance(v, str) else f"'{v}'"


def coerce(s: Setting, raw: Any, from_env: bool = False) -> Any:
    """Return the typed value or raise ValueError with a user-facing message."""
    v = raw
    if from_env:
        v = _parse_env(s, raw)
    if s.type is bool:
        if not isinstance(v, bool):
            raise ValueError(f"expected true or false, got {_describe(raw)}")
    elif s.type is int:
        if isinstance(v, bool) or not isinstance(v, int):
            raise ValueError(f"expected a whole number, got {_describe(raw)}")
    elif s.type is float:
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            what = "a number in 0..1" if s.check is unit_interval else "a number"
            raise ValueError(f"expected {what}, got {_describe(raw)}")
        v = float(v)
    elif s.type is str:
        if not isinstance(v, str):
            raise ValueError(f"expected a text string, got {_describe(raw)}")
    elif s.type is list:
        if not isinstance(v, list) or (s.item_type and not all(isinstance(i, s.item_type) for i in v)):
            raise ValueError(f"expected a list of {getattr(s.item_type, '__name__', 'values')}, got {_describe(raw)}")
    if s.choices and v not in s.choices:
        raise ValueError(f"expected one of {', '.join(s.choices)}, got {_describe(raw)}")
    if s.check:
        problem = s.check(v)
        if problem:
            raise ValueError(f"{problem}, got {_describe(raw)}")
    return v


def _parse_env(s: Setting, raw: str) -> Any:
    if s.type is bool:
        low = raw.strip().lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        return raw
    if s.type is int:
        try:
            return int(raw)
        except ValueError:
            return raw
    if s.type is float:
        try:
            return float(raw)
        except ValueError:
            return raw
    if s.type is list:
        try:
            return json.loads(raw) if raw.strip().startswith("[") else [p for p in raw.split(os.pathsep) if p]
        except json.JSONDecodeError:
            return raw
    return raw


def parse_text(text: str, env: Mapping[str, str] | None = None, origin: str = "runtime.toml") -> Config:
    """Validate a whole file; raise ConfigError listing every bad key."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        line, what = syntax_error_line(text, e)
        raise ConfigError([f"{origin}: not valid TOML at line {line}: {what}; fix the syntax or delete the file to "
                           f"regenerate it"]) from None
    except RecursionError:  # tomllib recurses once per nested [ or {: a hostile or broken file must not crash us
        raise ConfigError([f"{origin}: not valid TOML (arrays or tables nested too deeply); fix the file or delete "
                           f"it to regenerate it"]) from None
    values = {k: s.default for k, s in BY_DOTTED.items()}
    sources = {k: "default" for k in BY_DOTTED}
    problems: list[str] = []
    warnings: list[str] = []
    known_sections = {sec.name for sec in SECTIONS}
    for sec_name, body in data.items():
        if sec_name not in known_sections:
            warnings.append(f"{sec_name}: unknown section, ignored")
            continue
        if not isinstance(body, dict):
            problems.append(f"{sec_name}: expected a [{sec_name}] table, got {_describe(body)}")
            continue
        for key, raw in body.items():
            dotted = f"{sec_name}.{key}"
            s = BY_DOTTED.get(dotted)
            if s is None:
                warnings.append(f"{dotted}: unknown key, ignored")
                continue
            try:
                values[dotted] = coerce(s, raw)
                sources[dotted] = "file"
            except ValueError as e:
                problems.append(f"{dotted}: {e}")
    env = os.environ if env is None else env
    for dotted, s in BY_DOTTED.items():
        if s.env_name in env:
            try:
                values[dotted] = coerce(s, env[s.env_name], from_env=True)
                sources[dotted] = "env"
            except ValueError as e:
                problems.append(f"{s.env_name} (env for {dotted}): {e}")
    if problems:
        raise ConfigError(problems)
    return Config(values, sources, tuple(warnings))


_AT = re.compile(r"\s*\(at line (\d+), column \d+\)$")


def syntax_error_line(text: str, e: Exception) -> tuple[int, str]:
    """(line, what) of a TOML syntax error, the line being where the broken statement starts.

    tomllib reports an unclosed array or inline table where it gave up, which is the next table
    header — often several lines below the edit. The statement that opened a bracket never closed
    before that point is where the person has to look.
    """
    msg = str(e)
    m = _AT.search(msg)
    what = msg[:m.start()] if m else msg
    reported = int(m.group(1)) if m else 1
    return _open_statement_line(text, reported) or reported, what


def _open_statement_line(text: str, reported: int) -> int | None:
    """The line of the `key = [` / `{` still open at line `reported`, if any (strings and comments skipped)."""
    depth, opened = 0, None
    for n, line in enumerate(text.splitlines()[:reported], 1):
        quote = ""
        for i, ch in enumerate(line):
            if quote:
                if ch == quote and (quote == "'" or line[i - 1] != "\\"):
                    quote = ""
            elif ch in "\"'":
                quote = ch
            elif ch == "#":
                break
            elif ch in "[{" and (depth or "=" in line[:i]):
                if depth == 0:
                    opened = n
                depth += 1
            elif ch in "]}" and depth:
                depth -= 1
        if depth == 0:
            opened = None
    return opened if opened is not None and opened < reported else None


def load_file(path: Path, env: Mapping[str, str] | None = None) -> Config:
    try:
        text = path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        text = ""
    except UnicodeDecodeError:
        raise ConfigError([f"{path}: not UTF-8 text; save it as UTF-8"]) from None
    except OSError as e:
        raise ConfigError([f"{path}: cannot read ({e.strerror})"]) from None
    return parse_text(text, env, origin=str(path))
