"""Bundle verification: a damaged or missing model must fail loudly and name the fix."""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from app.models import bundle
from app.models.bundle import ModelError


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep the verification cache (and everything else) out of the real home."""
    monkeypatch.setenv("METNOS_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _model_file(folder: Path, size: int = 300_000) -> tuple[Path, str]:
    data = os.urandom(size)
    path = folder / "model.bin"
    path.write_bytes(data)
    return path, hashlib.sha256(data).hexdigest()


def test_intact_file_passes_and_is_remembered(tmp_path: Path, home: Path) -> None:
    path, digest = _model_file(tmp_path)
    bundle.verify_file(path, digest, "test model")
    assert digest in (home / "cache" / "verified-models.json").read_text()
    bundle.verify_file(path, digest, "test model")          # served from the cache


def test_truncated_copy_is_reported_corrupt(tmp_path: Path) -> None:
    path, digest = _model_file(tmp_path)
    copy = tmp_path / "copy.bin"
    copy.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    with pytest.raises(ModelError, match="corrupt") as err:
        bundle.verify_file(copy, digest, "test model")
    assert "metnos models install --force" in str(err.value)


def test_file_changed_after_verification_is_hashed_again(tmp_path: Path) -> None:
    path, digest = _model_file(tmp_path)
    bundle.verify_file(path, digest, "test model")
    with open(path, "r+b") as f:                              # same size, new content and mtime
        f.write(b"\0" * 16)
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10_000_000))
    with pytest.raises(ModelError, match="corrupt"):
        bundle.verify_file(path, digest, "test model")


def test_missing_file_names_the_install_command(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="`metnos models install`"):
        bundle.verify_file(tmp_path / "absent.gguf", "0" * 64, "test model")


def test_empty_models_dir_names_the_install_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("METNOS_MODELS_DIR", str(tmp_path / "models"))
    with pytest.raises(ModelError, match="`metnos models install`"):
        bundle.embedder_path("bundled")
    with pytest.raises(ModelError, match="`metnos models install`"):
        bundle.planner_path("bundled")


def test_manifest_lists_every_embedder_file() -> None:
    files = bundle.manifest()["embedder"]["files"]
    assert set(files) == {"model.onnx", "tokenizer.json", "tokenizer_config.json",
                          "special_tokens_map.json", "config.json"}
    assert all(len(h) == 64 and int(h, 16) >= 0 for h in files.values())
