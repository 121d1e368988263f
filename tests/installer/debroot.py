"""A fresh Debian root to install the .deb into: debootstrap once, cached as a tarball, mounted with care.

The cache (`~/.cache/metnos/debroot-bookworm.tar.zst`, under the real home even
when the test runner swaps HOME) holds a minbase bookworm with its apt lists;
downloaded .debs are kept in a cache folder bind-mounted on the root's
/var/cache/apt/archives, so a warm run needs no downloads at all. The mirror is
the one this machine's apt already uses.
"""
from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Iterator, Sequence

SUITE = "bookworm"
DEFAULT_MIRROR = "http://deb.debian.org/debian"
BASE_ENV = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "HOME": "/root", "LANG": "C.UTF-8",
            "DEBIAN_FRONTEND": "noninteractive"}


class DebRootError(Exception):
    pass


def cache_dir() -> Path:
    home = Path(os.environ.get("METNOS_REAL_HOME") or Path.home())
    d = home / ".cache" / "metnos"
    d.mkdir(parents=True, exist_ok=True)
    return d


def mirror() -> str:
    """The Debian mirror this machine's apt uses for the main archive (deb822 or one-line sources)."""
    texts = []
    for p in [Path("/etc/apt/sources.list"), *sorted(Path("/etc/apt/sources.list.d").glob("*"))]:
        if p.is_file() and p.suffix in ("", ".list", ".sources") and "disabled" not in p.name:
            texts.append(p.read_text(errors="replace"))
    for text in texts:
        for block in re.split(r"\n\s*\n", text):
            uris = re.search(r"^URIs:\s*(\S+)", block, re.M)
            suites = re.search(r"^Suites:\s*(.+)$", block, re.M)
            if uris and suites and SUITE in suites.group(1).split():
                return uris.group(1).rstrip("/")
        for m in re.finditer(rf"^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+{SUITE}\s", text, re.M):
            return m.group(1).rstrip("/")
    return DEFAULT_MIRROR


def _run(cmd: Sequence[str], timeout: float = 1800, **kw) -> subprocess.CompletedProcess:
    p = subprocess.run(list(cmd), capture_output=True, text=True, timeout=timeout, **kw)
    if p.returncode != 0:
        raise DebRootError(f"{' '.join(cmd)} failed ({p.returncode}):\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}")
    return p


def base_tarball(log=print) -> Path:
    """The cached minbase root; built with debootstrap the first time (~1 min with a near mirror)."""
    tar = cache_dir() / f"debroot-{SUITE}.tar.zst"
    if tar.is_file():
        return tar
    if shutil.which("debootstrap") is None:
        raise DebRootError("debootstrap is not installed. Fix: apt-get install debootstrap")
    work = cache_dir() / f".debroot-build-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    t0 = time.monotonic()
    try:
        _run(["debootstrap", "--variant=minbase", SUITE, str(work), mirror()])
        shutil.copy("/etc/resolv.conf", work / "etc" / "resolv.conf")
        _run(["chroot", str(work), "apt-get", "update", "-qq"], env=BASE_ENV)
        _run(["chroot", str(work), "apt-get", "clean"], env=BASE_ENV)
        part = tar.with_suffix(f".part-{os.getpid()}")
        _run(["tar", "-C", str(work), "-I", "zstd -T0 -3", "-cf", str(part), "."])
        os.replace(part, tar)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    log(f"debroot: built {tar} in {time.monotonic() - t0:.0f}s")
    return tar


def new_root() -> Path:
    """A folder for one run's root, outside pytest's tmp dirs: pytest deletes old ones with rmtree,
    which would follow a mount left behind by a killed run. Stale runs are unmounted and removed here."""
    runs = cache_dir() / "debroot-runs"
    runs.mkdir(exist_ok=True)
    for old in runs.iterdir():
        pid = old.name.split("-")[0]
        if pid.isdigit() and not Path(f"/proc/{pid}").exists():
            remove(old)
    root = runs / f"{os.getpid()}-{time.time_ns()}"
    root.mkdir()
    return root


def extract(dest: Path) -> Path:
    dest.mkdir(parents=True, exist_ok=True)
    _run(["tar", "-C", str(dest), "-I", "zstd", "-xf", str(base_tarball())])
    shutil.copy("/etc/resolv.conf", dest / "etc" / "resolv.conf")
    return dest


def mounts_under(root: Path) -> list[str]:
    """Mount points at or below root (from /proc/self/mountinfo), deepest first."""
    r = str(root.resolve())
    out = []
    for line in Path("/proc/self/mountinfo").read_text().splitlines():
        mp = line.split()[4].replace("\\040", " ")
        if mp == r or mp.startswith(r + "/"):
            out.append(mp)
    return sorted(out, key=len, reverse=True)


@contextlib.contextmanager
def mounted(root: Path, x11: bool = False) -> Iterator[Path]:
    """proc, sys (read-only), /dev (non-recursive bind) with a private /dev/shm, the apt archive cache,
    and optionally the X11 socket folder. Always unmounted, deepest first, even on failure."""
    archives = cache_dir() / f"debroot-{SUITE}-apt-archives"
    (archives / "partial").mkdir(parents=True, exist_ok=True)
    plan = [
        (["mount", "-t", "proc", "proc", str(root / "proc")], root / "proc"),
        (["mount", "-t", "sysfs", "-o", "ro", "sysfs", str(root / "sys")], root / "sys"),
        (["mount", "--bind", "/dev", str(root / "dev")], root / "dev"),
        # with shared propagation (systemd's default) a mount below the bound /dev would appear on the host
        (["mount", "--make-private", str(root / "dev")], root / "dev"),
        # read-only: device nodes still work, but nothing can delete the host's /dev through this root
        (["mount", "-o", "remount,bind,ro", str(root / "dev")], root / "dev"),
        (["mount", "-t", "tmpfs", "-o", "mode=1777", "tmpfs", str(root / "dev" / "shm")], root / "dev" / "shm"),
        (["mount", "--bind", str(archives), str(root / "var/cache/apt/archives")], root / "var/cache/apt/archives"),
    ]
    if x11:
        plan.append((["mount", "--bind", "/tmp/.X11-unix", str(root / "tmp/.X11-unix")], root / "tmp/.X11-unix"))
    try:
        for cmd, target in plan:
            target.mkdir(parents=True, exist_ok=True)
            _run(cmd)
        yield root
    finally:
        unmount_all(root)


def unmount_all(root: Path) -> None:
    for mp in mounts_under(root):
        if subprocess.run(["umount", mp], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", mp], capture_output=True)
    left = mounts_under(root)
    if left:
        raise DebRootError(f"could not unmount {left}; not deleting {root}")


def remove(root: Path) -> None:
    """Delete the root, but only once nothing is mounted inside it (a bound /dev must never be rm'd)."""
    unmount_all(root)
    shutil.rmtree(root, ignore_errors=True)


def chroot(root: Path, *cmd: str, offline: bool = False, env: dict[str, str] | None = None,
           timeout: float = 600, check: bool = True) -> subprocess.CompletedProcess:
    """Run cmd inside the root with a clean environment; offline=True puts it in a new, empty network namespace."""
    full = ["unshare", "-n"] if offline else []
    full += ["chroot", str(root), "env", "-i", *[f"{k}={v}" for k, v in {**BASE_ENV, **(env or {})}.items()], *cmd]
    p = subprocess.run(full, capture_output=True, text=True, timeout=timeout)
    if check and p.returncode != 0:
        raise DebRootError(f"in chroot: {' '.join(cmd)} failed ({p.returncode}):\n"
                           f"{p.stdout[-4000:]}\n{p.stderr[-4000:]}")
    return p


def popen(root: Path, *cmd: str, offline: bool = False, env: dict[str, str] | None = None,
          log: Path | None = None) -> subprocess.Popen:
    full = ["unshare", "-n"] if offline else []
    full += ["chroot", str(root), "env", "-i", *[f"{k}={v}" for k, v in {**BASE_ENV, **(env or {})}.items()], *cmd]
    out = open(log, "wb") if log else subprocess.DEVNULL
    return subprocess.Popen(full, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
