from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from app.config import ConfigError, ConfigManager, parse_text
from app.config.paths import resources_dir
from app.config.render import render_default
from app.config.schema import BY_DOTTED


def test_default_file_is_rendered_from_the_schema_and_parses() -> None:
    text = render_default()
    cfg = parse_text(text, env={})
    for dotted, s in BY_DOTTED.items():
        assert cfg.get(dotted) == s.default
        assert f"# {s.key} = " in text  # every key present, commented, with its default


def test_seed_keys_and_defaults_exist() -> None:
    seed = {"fast_path.canonical_query_enabled": True, "fast_path.canonical_query_min_uses": 3,
            "fast_path.canonical_query_args_llm": False, "multi_tool_fast_path.enabled": False,
            "multi_tool_fast_path.chain_to_planner": False, "multi_tool_fast_path.min_uses": 3,
            "multi_tool_fast_path.ttl_active_days": 30, "multi_tool_fast_path.k_synth": 50}
    for k, v in seed.items():
        assert BY_DOTTED[k].default == v
    assert "fast_path.canonical_query_threshold" in BY_DOTTED and "multi_tool_fast_path.threshold" in BY_DOTTED


def test_key_level_error_message() -> None:
    with pytest.raises(ConfigError) as e:
        parse_text('[fast_path]\ncanonical_query_threshold = "alta"\n', env={})
    assert e.value.problems == ["fast_path.canonical_query_threshold: expected a number in 0..1, got 'alta'"]


def test_several_bad_keys_all_reported_and_unknown_keys_warn() -> None:
    with pytest.raises(ConfigError) as e:
        parse_text('[llm]\nn_ctx = -1\nbackend = "gpt"\n[tools]\nallowed_roots = "/tmp"\n', env={})
    text = "\n".join(e.value.problems)
    assert "llm.n_ctx" in text and "llm.backend" in text and "tools.allowed_roots" in text
    cfg = parse_text("[llm]\nbogus = 1\n[nosuch]\nx = 1\n", env={})
    assert any("llm.bogus" in w for w in cfg.warnings) and any("nosuch" in w for w in cfg.warnings)


def test_malformed_toml_names_the_file() -> None:
    with pytest.raises(ConfigError) as e:
        parse_text("[llm\nn_ctx = 3", env={}, origin="/x/runtime.toml")
    assert "/x/runtime.toml" in e.value.problems[0] and "not valid TOML" in e.value.problems[0]


def test_precedence_env_over_file_over_default() -> None:
    text = "[fast_path]\ncanonical_query_min_uses = 5\n[llm]\nn_ctx = 2048\n"
    cfg = parse_text(text, env={"METNOS_LLM_N_CTX": "8192"})
    assert cfg.llm.n_ctx == 8192 and cfg.sources["llm.n_ctx"] == "env"
    assert cfg.fast_path.canonical_query_min_uses == 5 and cfg.sources["fast_path.canonical_query_min_uses"] == "file"
    assert cfg.llm.threads == 0 and cfg.sources["llm.threads"] == "default"
    with pytest.raises(ConfigError) as e:
        parse_text("", env={"METNOS_FAST_PATH_CANONICAL_QUERY_ENABLED": "maybe"})
    assert "METNOS_FAST_PATH_CANONICAL_QUERY_ENABLED" in e.value.problems[0]


def test_first_start_writes_commented_default(metnos_home: Path) -> None:
    mgr = ConfigManager()
    assert mgr.path == metnos_home / "config" / "runtime.toml"
    assert mgr.path.read_text() == render_default()
    assert (resources_dir() / "runtime.default.toml").read_text() == render_default(), (
        "resources/runtime.default.toml is stale: regenerate with "
        "`metnos config default > resources/runtime.default.toml`")


def _wait_for(pred, timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.02)
    return False


def test_live_reload_atomic_inplace_and_malformed(metnos_home: Path) -> None:
    mgr = ConfigManager().watch()
    changes = []
    got = threading.Event()
    mgr.subscribe(lambda c: (changes.append(c), got.set()))
    try:
        base = mgr.path.read_text()
        # atomic save: temp file + rename (arrives as a `moved` event from the temp file)
        tmp = mgr.path.with_name(".runtime.toml.swp")
        tmp.write_text(base.replace("# keep_recent_steps = 3", "keep_recent_steps = 7"))
        os.replace(tmp, mgr.path)
        assert _wait_for(lambda: mgr.config.memory.keep_recent_steps == 7)
        assert changes[-1].ok and changes[-1].changed["memory.keep_recent_steps"] == (3, 7)
        # in-place write
        with open(mgr.path, "w") as f:
            f.write(base.replace("# keep_recent_steps = 3", "keep_recent_steps = 9"))
        assert _wait_for(lambda: mgr.config.memory.keep_recent_steps == 9)
        # malformed edit: the old value stays and the key is reported
        n = len(changes)
        with open(mgr.path, "w") as f:
            f.write(base.replace("# keep_recent_steps = 3", 'keep_recent_steps = "many"'))
        assert _wait_for(lambda: len(changes) > n and not changes[-1].ok)
        assert mgr.config.memory.keep_recent_steps == 9
        assert any("memory.keep_recent_steps" in p for p in changes[-1].errors)
        assert any("memory.keep_recent_steps" in p for p in mgr.errors)
        # a broken TOML file also keeps the last good config
        with open(mgr.path, "w") as f:
            f.write("[memory\n")
        assert _wait_for(lambda: "not valid TOML" in " ".join(mgr.errors))
        assert mgr.config.memory.keep_recent_steps == 9
    finally:
        mgr.close()


def test_one_save_gives_one_reload(metnos_home: Path) -> None:
    mgr = ConfigManager().watch()
    changes = []
    mgr.subscribe(changes.append)
    try:
        mgr.path.write_text(mgr.path.read_text().replace("# notify_after_s = 5.0", "notify_after_s = 2.5"))
        assert _wait_for(lambda: len(changes) >= 1)
        time.sleep(0.5)
        assert len(changes) == 1
    finally:
        mgr.close()


def test_unwritable_config_dir_falls_back_to_defaults(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the config folder should be")  # fails even for root
    mgr = ConfigManager(blocker / "runtime.toml")
    assert mgr.config.llm.n_ctx == 6144
    assert "cannot write" in mgr.errors[0]
