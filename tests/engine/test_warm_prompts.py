"""The prompt parts every turn shares are prepared before the first request (Engine.warm_prompts, called by the
app once the models are loaded): the first turn then evaluates only its own words, and a new process loads
them from disk. Real engine, the bundled lite model and embedder, an empty KV cache folder."""
from __future__ import annotations

from pathlib import Path

import pytest
from support import write_runtime

from app.config import ConfigManager
from app.engine.engine import Engine
from app.turn import events as ev

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("own_kv_folder")]


def kv_files(home: Path) -> list[Path]:
    from app.config import paths

    folder = paths.kv_cache_dir()
    return sorted(folder.glob("*.kv")) if folder.is_dir() else []


def test_shared_parts_are_ready_before_the_first_request(metnos_home: Path, tmp_path: Path, bundled_lite_gguf: Path,
                                                        bundled_embedder) -> None:
    write_runtime(metnos_home, f'[llm]\nmodel = "bundled-lite"\n[tools]\nallowed_roots = ["{tmp_path}"]\n'
                               '[memory]\nlong_term_enabled = false\n')
    assert kv_files(metnos_home) == []
    engine = Engine(ConfigManager())
    try:
        done = engine.warm_prompts()
        assert set(done) == {"planner", "writer_it", "writer_en"}
        planner = done["planner"]
        assert planner["prefix_tokens"] > 200 and planner["evaluated"] > 0 and planner["saved"]
        assert len(kv_files(metnos_home)) == 3  # the planner's prefix and the writer's line in each language
        events: list[ev.Event] = []
        engine.run_turn_sync("ciao, come va?", events.append)
        stats = [e for e in events if isinstance(e, ev.PlannerStats)]
        assert stats, "the greeting reached the planner"
        first = stats[0]
        # the instructions and tools came from the cache: the turn evaluated only what is its own (its words
        # and, on the lite model, the schemas of the tools shown for this request)
        assert first.reused_tokens >= planner["prefix_tokens"], first
    finally:
        engine.close()
    again = Engine(ConfigManager())  # the next start: from disk, nothing evaluated
    try:
        loaded = again.warm_prompts()
        assert loaded["planner"]["evaluated"] == 0 and loaded["planner"]["loaded_from_disk"]
        assert all(loaded[k]["evaluated"] == 0 for k in ("writer_it", "writer_en"))
    finally:
        again.close()
