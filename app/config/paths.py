"""Where config, data and cache live.

METNOS_HOME (or `--home DIR`) puts all three in one folder: tests, benchmarks
and portable installs. Bundled models never live there; they belong to the
installation (see app.models.bundle).
"""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "metnos"


def home_override() -> Path | None:
    h = os.environ.get("METNOS_HOME")
    return Path(h).expanduser() if h else None


def config_dir() -> Path:
    h = home_override()
    return (h / "config") if h else Path(platformdirs.user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    h = home_override()
    return (h / "data") if h else Path(platformdirs.user_data_dir(APP, appauthor=False))


def cache_dir() -> Path:
    h = home_override()
    return (h / "cache") if h else Path(platformdirs.user_cache_dir(APP, appauthor=False))


def config_file() -> Path:
    return config_dir() / "runtime.toml"


def ensure(p: Path) -> Path:
    p.mkdir(parents=True, exist_ok=True)
    return p
