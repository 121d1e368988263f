"""Locate and verify the bundled models (resources/models.toml).

Hashing a 250 MB file costs ~1 s, so a verified (path, size, mtime) is
remembered in the cache dir and not hashed again until the file changes.
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.config import paths
from app.config.atomic import write_atomic
from app.config.paths import resources_dir

log = logging.getLogger(__name__)


class ModelError(Exception):
    """A model file is missing, corrupt or unreadable; the message names the fix."""



def manifest() -> dict[str, Any]:
    with open(resources_dir() / "models.toml", "rb") as f:
        return tomllib.load(f)


def models_dir() -> Path:
    """Where the bundle lives: METNOS_MODELS_DIR, the frozen app, or the venv."""
    env = os.environ.get("METNOS_MODELS_DIR")
    if env:
        return Path(env)
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "models"
    return Path(sys.prefix) / "share" / "metnos" / "models"


def sha256_file(path: Path, chunk: int = 1 << 20) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(chunk):
            h.update(block)
    return h.hexdigest()


def _verified_cache() -> Path:
    return paths.cache_dir() / "verified-models.json"


def _stamp(path: Path) -> str:
    st = path.stat()
    return f"{path.resolve()}|{st.st_size}|{st.st_mtime_ns}"


def verify_file(path: Path, sha256: str, what: str) -> None:
    """Raise ModelError unless `path` exists with the expected hash (cached by size+mtime)."""
    if not path.is_file():
        raise ModelError(f"{what}: {path} is missing. Fix: run `metnos models install` "
                         f"(or reinstall Metnos Desk)")
    cache_file = _verified_cache()
    try:
        cache = json.loads(cache_file.read_text())
    except (OSError, ValueError):
        cache = {}
    stamp = _stamp(path)
    if cache.get(stamp) == sha256:
        return
    actual = sha256_file(path)
    if actual != sha256:
        raise ModelError(f"{what}: {path} is corrupt or truncated (sha256 {actual[:12]}…, expected {sha256[:12]}…). "
                         f"Fix: run `metnos models install --force`")
    remember_verified(path, sha256, cache)


def remember_verified(path: Path, sha256: str, cache: dict[str, str] | None = None) -> None:
    """Record that `path` (as it is now) has `sha256`: for a file just written or hard-linked from a
    verified copy, so the next check does not hash a gigabyte again."""
    cache_file = _verified_cache()
    if cache is None:
        try:
            cache = json.loads(cache_file.read_text())
        except (OSError, ValueError):
            cache = {}
    cache = {k: v for k, v in cache.items() if not k.startswith(str(path.resolve()) + "|")}
    cache[_stamp(path)] = sha256
    try:
        paths.ensure(cache_file.parent)
        write_atomic(cache_file, json.dumps(cache))
    except OSError:
        pass  # a read-only cache only costs a re-hash next time


# Below this much RAM "bundled" means the lite model: the instruct model's process needs ~1.85 GB
# resident next to the app, the embedder and whatever else the person runs. Decimal GB, so a
# machine sold as 6 GB (~5.8 GiB reported) keeps the instruct model and a 4 GB one does not.
LITE_BELOW_BYTES = 6_000_000_000
SETTINGS = {"bundled": "instruct", "bundled-lite": "lite"}


@dataclass(frozen=True)
class Located:
    path: Path
    bundled: bool
    name: str = ""                 # what the app says is in use ("Qwen2.5-Coder-1.5B-Instruct Q4_K_M", a file name)
    key: str = ""                  # "instruct" | "lite" for the bundle, "" for a file of the user's
    chat_format: str = "auto"      # the manifest's hint for this model ("gemma": a base model without a template)
    ram_fallback: bool = False     # "bundled" was asked, the machine has < 6 GB, so the lite model was chosen
    ram_total: int | None = None   # the RAM figure the choice was made with (bytes)

    @property
    def note(self) -> str:
        """One line for logs and `metnos doctor` when the model in use is not the one asked for."""
        if not self.ram_fallback:
            return ""
        return (f"this computer has {(self.ram_total or 0) / 1e9:.1f} GB of RAM (less than "
                f"{LITE_BELOW_BYTES / 1e9:.0f} GB): using the lite model instead of the instruct model")


def choose_bundled(model_setting: str, ram_total: int | None) -> tuple[str, bool]:
    """Which bundled model a setting means on a machine with `ram_total` bytes (None = unknown: no
    fallback): ("instruct" | "lite", whether the lite model replaces the instruct one for lack of RAM)."""
    key = SETTINGS[model_setting]
    if key == "instruct" and ram_total is not None and ram_total < LITE_BELOW_BYTES:
        return "lite", True
    return key, False


_said: set[str] = set()


def planner_path(model_setting: str = "bundled", verify: bool = True, ram_total: int | None = None) -> Located:
    """The planner GGUF for llm.model: "bundled" (the instruct model; the lite one below 6 GB of RAM),
    "bundled-lite", or a path. `ram_total` (bytes) defaults to this machine's."""
    if model_setting and model_setting not in SETTINGS:
        p = Path(model_setting).expanduser()
        if not p.is_file():
            raise ModelError(f"llm.model: {p} does not exist. Fix: point llm.model at a .gguf file or set it to "
                             f"\"bundled\" (or \"bundled-lite\")")
        return Located(p, False, name=p.name)
    setting = model_setting or "bundled"
    if ram_total is None and SETTINGS[setting] == "instruct":
        from app.models.hardware import ram_total as system_ram

        ram_total = system_ram()
    key, fallback = choose_bundled(setting, ram_total)
    m = manifest()[key]
    loc = Located(models_dir() / m["file"], True, name=m.get("name", m["file"]), key=key,
                  chat_format=m.get("chat_format", "auto"), ram_fallback=fallback, ram_total=ram_total)
    if fallback and loc.note not in _said:
        _said.add(loc.note)
        log.warning("planner model: %s", loc.note)
    if verify:
        verify_file(loc.path, m["sha256"], f"bundled {key} model ({m['file']})")
    return loc


# Embedder names `embed.model` accepts; "bundled" means DEFAULT_EMBEDDER.
DEFAULT_EMBEDDER = "e5-small"
# A folder whose export is not byte-reproducible records its own file hashes here when built.
EMBEDDER_FILES_RECORD = "metnos_files.json"


def embedder_specs() -> dict[str, dict[str, Any]]:
    """Every bundled embedder by name ([embedder] and [embedder_*] sections of models.toml)."""
    m = manifest()
    return {sec.get("name", key): sec for key, sec in m.items() if key.startswith("embedder") and isinstance(sec, dict)}


def embedder_spec(model_setting: str = "bundled") -> dict[str, Any]:
    """The manifest section for a bundled name; a folder path gets the default embedder's settings."""
    specs = embedder_specs()
    name = model_setting if model_setting in specs else DEFAULT_EMBEDDER
    return specs[name]


def embedder_id(model_setting: str = "bundled") -> str:
    """A stable name for the vectors an embedder makes: stored vectors of another id are never compared."""
    if model_setting and model_setting != "bundled" and model_setting not in embedder_specs():
        return f"folder:{Path(model_setting).expanduser().resolve()}"
    spec = embedder_spec(model_setting)
    return f"{spec.get('name', spec['dir'])}:{spec['dim']}"


def verify_embedder_folder(folder: Path, what: str) -> None:
    """Check a built folder against the hashes it recorded when it was built."""
    try:
        rec = json.loads((folder / EMBEDDER_FILES_RECORD).read_text(encoding="utf-8"))
        files = dict(rec["files"])
    except (OSError, ValueError, KeyError, TypeError):
        raise ModelError(f"{what}: {folder} has no readable {EMBEDDER_FILES_RECORD}. Fix: run "
                         f"`metnos models install --force`") from None
    for name, digest in files.items():
        verify_file(folder / name, digest, f"{what} ({name})")


def embedder_path(model_setting: str = "bundled", verify: bool = True) -> Located:
    specs = embedder_specs()
    if model_setting and model_setting != "bundled" and model_setting not in specs:
        p = Path(model_setting).expanduser()
        if not (p / "model.onnx").is_file():
            raise ModelError(f"embed.model: {p} is not a bundled embedder ({', '.join(sorted(specs))}) and has no "
                             f"model.onnx. Fix: set embed.model to one of those names, \"bundled\", or a fastembed "
                             f"ONNX folder")
        return Located(p, False)
    m = embedder_spec(model_setting)
    d = models_dir() / m["dir"]
    files = m.get("files", {})
    if verify and not files:
        verify_embedder_folder(d, f"bundled embedder {m.get('name', m['dir'])}")
    elif verify:
        for name, digest in files.items():
            verify_file(d / name, digest, f"bundled embedder ({name})")
    return Located(d, True)
