"""`metnos bench memory`: what the keep-alive saves and what it costs.

Through the app's own path (Engine + Services + the keep-alive thread), in a
temporary METNOS_HOME, with the configured planner model: RSS after start,
with the model loaded, and idle after the keep-alive released it (goal
≤ 600 MB); then the next planner turn's time to its first decision (reload +
KV prefix from disk + decision) against the same with the model warm.
"""
from __future__ import annotations

import gc
import json
import os
import time
from pathlib import Path
from typing import Any

IDLE_GOAL_MB = 600
KEEP_ALIVE_MIN = 0.02          # 1.2 s: the bench waits for a real release, not for ten minutes
RELEASE_WAIT_S = 60.0
REQUEST = "leggi il file {root}/a.txt"


def _mb(n: int | None) -> float | None:
    return None if n is None else round(n / 1e6, 1)


def _turn(engine: Any, root: Path) -> dict[str, Any]:
    """One planner turn (L3 forced); ms from the start to the first decision and to the end."""
    stamps: list[tuple[float, Any]] = []
    ctx = engine.make_context(REQUEST.format(root=root), lambda e: stamps.append((time.perf_counter(), e)),
                              approve=lambda *a: True)
    t0 = time.perf_counter()
    engine.planner.run(ctx, [])
    end = time.perf_counter()
    first = next((t for t, e in stamps if e.type == "planner_stats"), end)
    prefix = dict(getattr(engine.planner.last, "prefix", {}) or {})
    return {"first_decision_ms": round((first - t0) * 1000, 1), "turn_ms": round((end - t0) * 1000, 1),
            "prefix_from_disk": bool(prefix.get("loaded_from_disk")), "prefix_tokens": prefix.get("prefix_tokens"),
            "tools": [s.tool for s in ctx.turn.steps]}


def run_bench() -> dict[str, Any]:
    from app.bench.prompt_cache import temporary_home

    with temporary_home() as home:
        return _run(home)


def _run(home: Path) -> dict[str, Any]:
    from app.config import ConfigManager
    from app.engine.engine import Engine
    from app.engine.model_loader import ModelLoader
    from app.models import hardware

    root = home / "roots" / "memory"
    root.mkdir(parents=True)
    (root / "a.txt").write_text("uno\ndue\ntre\n", encoding="utf-8")
    config = home / "runtime.toml"
    config.write_text(f"[llm]\nkeep_alive_minutes = {KEEP_ALIVE_MIN}\n\n[tools]\nallowed_roots = "
                      f"[{json.dumps(str(home / 'roots'))}]\n\n[memory]\nlong_term_enabled = false\n",
                      encoding="utf-8")
    manager = ConfigManager(config, create=False)
    models = ModelLoader(manager)
    engine = Engine(manager, models=models)
    out: dict[str, Any] = {"load_avg_before": list(os.getloadavg()), "rss_start_mb": _mb(hardware.rss())}
    try:
        models.embedder()
        first = _turn(engine, root)
        backend = models.llm()
        out.update(model=models.llm_label, model_note=models.llm_note, threads=getattr(backend, "threads", None),
                   first_load_s=round(getattr(backend, "load_s", 0.0), 2), cold_turn=first,
                   rss_loaded_mb=_mb(hardware.rss()))
        t0 = time.monotonic()
        while models.llm_loaded and time.monotonic() - t0 < RELEASE_WAIT_S:
            time.sleep(0.2)
        released = not models.llm_loaded
        gc.collect()
        time.sleep(0.5)
        out.update(released=released, release_after_s=round(time.monotonic() - t0, 1),
                   rss_idle_mb=_mb(hardware.rss()), idle_goal_mb=IDLE_GOAL_MB)
        out["reload_turn"] = _turn(engine, root)
        out["reload_s"] = round(getattr(backend, "load_s", 0.0), 2)
        models.keep_alive.set_minutes(0)          # keep it now: the warm reference
        out["warm_turn"] = _turn(engine, root)
    finally:
        models.keep_alive.stop()
        engine.close()
    out["load_avg_after"] = list(os.getloadavg())
    out["cpu_count"] = os.cpu_count()
    return out


def format_bench(r: dict[str, Any]) -> str:
    rel, warm = r["reload_turn"], r["warm_turn"]
    idle = r["rss_idle_mb"]
    verdict = "" if idle is None else (" (goal ≤ %d MB: %s)" % (r["idle_goal_mb"], "met" if idle <= r["idle_goal_mb"]
                                                                   else "NOT met"))
    lines = [
        f"memory bench — {r['model']}, {r['threads']} threads, load avg {r['load_avg_before'][0]:.1f} → "
        f"{r['load_avg_after'][0]:.1f} on {r['cpu_count']} CPUs" + (f"; {r['model_note']}" if r['model_note'] else ""),
        f"RSS: at start {r['rss_start_mb']} MB, model loaded {r['rss_loaded_mb']} MB, idle after the keep-alive "
        f"release {idle} MB{verdict}",
        f"release: {'yes' if r['released'] else 'NO'} after {r['release_after_s']} s "
        f"(keep_alive_minutes = {KEEP_ALIVE_MIN})",
        f"first decision: cold start {r['cold_turn']['first_decision_ms']:.0f} ms (load {r['first_load_s']} s), "
        f"after a release {rel['first_decision_ms']:.0f} ms (reload {r['reload_s']} s, KV prefix from disk: "
        f"{'yes' if rel['prefix_from_disk'] else 'no'}), warm {warm['first_decision_ms']:.0f} ms",
        f"whole turn {rel['tools']}: after a release {rel['turn_ms']:.0f} ms, warm {warm['turn_ms']:.0f} ms",
    ]
    if r["load_avg_before"][0] > (r["cpu_count"] or 1) * 0.5:
        lines.append("note: the machine was busy; timings are pessimistic")
    return "\n".join(lines)
