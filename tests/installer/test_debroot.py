"""The chroot helper's safety: mounts appear, /dev is read-only through the root, and everything is unmounted."""
from __future__ import annotations

import os
from pathlib import Path

import debroot
import pytest


def test_mirror_comes_from_this_machines_apt_sources():
    m = debroot.mirror()
    assert m.startswith(("http://", "https://", "file:/")) and not m.endswith("/")


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting needs root (CI runs as root)")
def test_mounts_are_private_read_only_dev_and_always_undone(tmp_path: Path):
    root = tmp_path / "root"
    for d in ("proc", "sys", "dev", "tmp", "var/cache/apt/archives"):
        (root / d).mkdir(parents=True)
    with pytest.raises(RuntimeError, match="boom"):
        with debroot.mounted(root):
            mps = debroot.mounts_under(root)
            assert {str(root / "proc"), str(root / "dev"), str(root / "dev/shm")} <= set(mps)
            assert (root / "dev/null").exists()
            with pytest.raises(OSError):                      # cannot create or delete host device nodes
                (root / "dev" / "metnos-probe").write_text("x")
            (root / "dev/shm/ok").write_text("private tmpfs is writable")
            assert not Path("/dev/shm/ok").exists(), "the chroot's /dev/shm must not be the host's"
            raise RuntimeError("boom")
    assert debroot.mounts_under(root) == []
    debroot.remove(root)
    assert not root.exists() and Path("/dev/null").exists()
