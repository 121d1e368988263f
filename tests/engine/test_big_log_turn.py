"""Issue 5, done-when: an 800 KB log read in a real turn on the bundled models — the model is shown a
summary of at most ~1.5 KB, and the answer carries the last ERROR line (deterministic help allowed)."""
from __future__ import annotations

from pathlib import Path

import pytest
from support import write_runtime

from app.config import ConfigManager
from app.engine.engine import Engine
from app.turn import events as ev

LAST = "2026-11-30 23:59:59 ERROR database connection lost (code 57)"


@pytest.mark.slow
def test_big_log_last_error(metnos_home: Path, tmp_path: Path, bundled_gguf: Path, bundled_embedder) -> None:
    root = tmp_path / "t"
    root.mkdir()
    lines = []
    for i in range(13_000):
        lines.append(f"2026-11-30 10:{i % 60:02d}:00 INFO worker {i} processed request id={i * 7}")
        if i % 3000 == 1500:
            lines.append(f"2026-11-30 10:00:00 ERROR disk quota warning at {i}")
    lines.append(LAST)
    lines += [f"2026-11-30 23:59:59 INFO shutdown step {j}" for j in range(5)]
    log = root / "big.log"
    log.write_text("\n".join(lines) + "\n")
    assert 780_000 < log.stat().st_size < 900_000
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{root}"]\n[memory]\nlong_term_enabled = false\n')
    engine = Engine(ConfigManager())
    events: list[ev.Event] = []
    try:
        turn = engine.run_turn_sync(f"leggi il file {log} e dimmi l'ultimo errore", events.append)
    finally:
        engine.close()
    obs = [e for e in events if isinstance(e, ev.Observation) and e.tool == "read_files"]
    assert obs and obs[0].ok and obs[0].scratchpad_id, "an 800 KB observation must be offloaded"
    assert obs[0].size > 780_000
    # what the model saw of that observation: a short excerpt (the planner's synthetic view, or the writer's
    # error lines), never the middle of the log and never more than 1.5 KB of it
    prompts = engine.planner.last.prompts
    assert prompts, "the planner was consulted"
    seen = False
    for prompt in prompts:
        assert "INFO worker 6500 " not in prompt  # the middle of the log never reaches the model
        log_lines = [ln for ln in prompt.splitlines() if ln.startswith("2026-11-30")]
        assert len("\n".join(log_lines).encode("utf-8")) <= 1536, f"the model was shown {len(log_lines)} log lines"
        if "Result of step 1 (read_files):\n" in prompt:
            assert obs[0].scratchpad_id in prompt  # the view names where the rest is
        seen = seen or LAST in prompt
    assert seen, ("the last error line reached the model", [p[-1500:] for p in prompts])
    assert turn.ok and LAST in turn.answer
