"""`metnos bench planner`: the planner's cost against raw llama-cpp-python, in the same run.

* decision step: the planner's first decision (retrieval, structure, a
  primed prompt, log-likelihood of the candidates) against a plain
  `llama_cpp.Llama(...).create_completion` of the same prompt on the same
  model and threads, both from a cold KV cache; median of a few runs, and
  the overhead as a ratio;
* KV reuse: prompt tokens, reused and evaluated tokens of each step of a
  two-step turn (step 2 should evaluate only what was appended);
* the prompt cache on a 32-tool catalog (bench_cache.py): a 3-step turn's per-step reuse, the first
  turn after a restart, prompt tokens with deferral on vs off;
* the answer stage (answer_speed.py): first answer token, summaries, a warm file request, RSS;
* accuracy of the request suite (suite.py), as the tests measure it;
* the machine's load average before and after, since contention skews every
  timing (measured: 2-4x slower generation under load).

Everything runs under a temporary METNOS_HOME: the real home's caches and stores are never touched.
"""
from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from app.config import defaults
from app.engine.catalog import build_registry
from app.planner.planner import Planner
from app.turn.services import TurnServices

from . import answer_speed
from . import planner_suite as suite
from . import prompt_cache as bench_cache

REPEATS = 3
RAW_MAX_TOKENS = 8
DECISION_REQUEST = "leggi il file {root}/a.txt e dimmi quante righe ha"
TWO_STEP_REQUEST = "leggi {root}/a.txt e scrivilo in {root}/b.txt"


def _load() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


def _raw_llama(path: Path, n_ctx: int, threads: int) -> Any:
    import llama_cpp

    from app.models.llm import _route_llama_logs

    _route_llama_logs()
    return llama_cpp.Llama(model_path=str(path), n_ctx=n_ctx, n_threads=threads, n_threads_batch=threads,
                           n_batch=512, verbose=False)


def _decision_timing(planner: Planner, llm: Any, raw: Any, services: TurnServices, registry: Any,
                     root: Path) -> dict[str, Any]:
    """Cold KV cache on both sides; the planner once without and once with the on-disk prefix cache."""
    from app.config import parse_text

    text = suite.subst(DECISION_REQUEST, root)
    base = f"[tools]\nallowed_roots = [{json.dumps(str(root))}]\n"
    runs: dict[str, list[float]] = {"planner": [], "planner_prefix_from_disk": [], "raw": []}
    prompt = ""
    d = None
    for _ in range(REPEATS):
        for key, cache in (("planner", "false"), ("planner_prefix_from_disk", "true")):
            cfg = parse_text(base + f"[llm]\nprefix_cache = {cache}\n", env={})
            llm.llm.reset()
            ctx = suite.context(text, cfg, registry, services)
            t0 = time.perf_counter()
            d = planner.decide(ctx, [])
            runs[key].append((time.perf_counter() - t0) * 1000)
            prompt = planner.last.prompt
        raw.reset()
        t0 = time.perf_counter()
        raw.create_completion(prompt, max_tokens=RAW_MAX_TOKENS, temperature=0.0, top_k=1)
        runs["raw"].append((time.perf_counter() - t0) * 1000)
    med = {k: statistics.median(v) for k, v in runs.items()}
    r = med["raw"]
    return {"request": text, "choice": d.tool if d else None, "prompt_tokens": llm.count_tokens(prompt),
            "planner_ms": round(med["planner"], 1), "raw_ms": round(r, 1),
            "overhead_ratio": round(med["planner"] / r, 2) if r else None,
            "planner_prefix_from_disk_ms": round(med["planner_prefix_from_disk"], 1),
            "ratio_with_prefix_from_disk": round(med["planner_prefix_from_disk"] / r, 2) if r else None,
            "raw_call": f"create_completion(same prompt, max_tokens={RAW_MAX_TOKENS})",
            "runs_ms": {k: [round(x, 1) for x in v] for k, v in runs.items()}}


def _kv_reuse(planner: Planner, llm: Any, services: TurnServices, registry: Any, root: Path) -> dict[str, Any]:
    cfg = suite.config_for(root)
    llm.llm.reset()
    ctx = suite.context(suite.subst(TWO_STEP_REQUEST, root), cfg, registry, services, approve=lambda *a: True)
    planner.run(ctx, [])
    steps = []
    prev_prompt = 0
    for s in planner.last.stats:
        if s.phase not in ("decide", "answer") or not s.prompt_tokens:
            continue
        new = s.prompt_tokens - prev_prompt if prev_prompt else s.prompt_tokens
        steps.append({"step": s.step, "phase": s.phase, "prompt_tokens": s.prompt_tokens,
                      "reused_tokens": s.reused_tokens, "evaluated_tokens": s.evaluated_tokens,
                      "new_tokens": new,
                      "within_new_plus_5pct": s.evaluated_tokens <= new + 0.05 * s.prompt_tokens})
        prev_prompt = s.prompt_tokens
    return {"request": ctx.turn.text, "tools": [s.tool for s in ctx.turn.steps], "steps": steps}


def run_bench() -> dict[str, Any]:
    with bench_cache.temporary_home():
        return _run_bench()


def _run_bench() -> dict[str, Any]:
    from app.models.bundle import planner_path
    from app.models.embed import get_embedder
    from app.models.llm import LlamaBackend, default_threads

    load_before = _load()
    cfg = defaults()
    threads = default_threads(int(cfg.llm.threads))
    path = planner_path(os.environ.get("METNOS_LLM_MODEL") or cfg.llm.model).path
    t0 = time.perf_counter()
    llm = LlamaBackend(path, n_ctx=int(cfg.llm.n_ctx), threads=threads, chat_format=cfg.llm.chat_format)
    load_s = time.perf_counter() - t0
    raw = _raw_llama(path, int(cfg.llm.n_ctx), threads)
    embedder = get_embedder(cfg.embed.model, int(cfg.embed.threads))
    services = TurnServices(llm=lambda: llm, embedder=lambda: embedder)
    registry = build_registry()
    out: dict[str, Any] = {"model": str(path), "threads": threads, "model_load_s": round(load_s, 2),
                           "tools_registered": len(registry)}
    with tempfile.TemporaryDirectory(prefix="metnos-bench-") as tmp:
        root = suite.make_root(Path(tmp))
        scoring = Planner()
        out["decision"] = _decision_timing(scoring, llm, raw, services, registry, root)
        out["kv_reuse"] = _kv_reuse(scoring, llm, services, registry, root)
        out["cache"] = bench_cache.run(llm, embedder)
        out["answers"] = answer_speed.run(llm, raw, services, registry, root)
        if suite.SUITE.is_file():  # the request suite ships with the sources, not with an installed app
            res = suite.run(Planner(), registry, services, root)
            out["accuracy"] = {"correct": res.correct, "total": res.total, "accuracy": round(res.accuracy, 3),
                               "model_consulted": res.model_consulted, "seconds": round(res.seconds, 1),
                               "misses": [r for r in res.rows if not r["ok"]]}
            res_m = suite.run(scoring, registry, services, root)
            out["accuracy_model_every_decision"] = {"correct": res_m.correct, "total": res_m.total,
                                                    "accuracy": round(res_m.accuracy, 3),
                                                    "seconds": round(res_m.seconds, 1)}
    out["load_avg_before"] = load_before
    out["load_avg_after"] = _load()
    out["cpu_count"] = os.cpu_count()
    del raw
    llm.close()
    return out


def format_bench(r: dict[str, Any]) -> str:
    d, kv, acc, accm = r["decision"], r["kv_reuse"], r.get("accuracy"), r.get("accuracy_model_every_decision")
    lines = [
        f"planner bench — {Path(r['model']).name}, {r['threads']} threads, {r['tools_registered']} tools, "
        f"load avg {r['load_avg_before']} → {r['load_avg_after']} on {r['cpu_count']} CPUs",
        f"decision step ({d['prompt_tokens']} prompt tokens, cold): planner {d['planner_ms']:.0f} ms vs raw "
        f"llama-cpp {d['raw_ms']:.0f} ms ({d['raw_call']}) → overhead ×{d['overhead_ratio']}",
        f"  with the system prefix's KV state loaded from disk: {d['planner_prefix_from_disk_ms']:.0f} ms "
        f"(×{d['ratio_with_prefix_from_disk']})",
        f"two-step turn {kv['tools']}:",
    ]
    for s in kv["steps"]:
        lines.append(f"  step {s['step']} {s['phase']}: prompt {s['prompt_tokens']}, reused {s['reused_tokens']}, "
                     f"evaluated {s['evaluated_tokens']} (new {s['new_tokens']})"
                     f"{'' if s['within_new_plus_5pct'] else '  ← more than new + 5 %'}")
    if "cache" in r:
        lines += bench_cache.format_lines(r["cache"])
    if "answers" in r:
        lines += answer_speed.format_lines(r["answers"])
    if acc is None or accm is None:
        lines.append(f"accuracy: not measured ({suite.SUITE} is not part of this installation)")
    else:
        lines.append(f"accuracy: {acc['correct']}/{acc['total']} = {acc['accuracy']:.1%} "
                     f"(model consulted on {acc['model_consulted']} decisions, {acc['seconds']} s)")
        lines.append(f"accuracy with the model scoring every decision: {accm['correct']}/{accm['total']} = "
                     f"{accm['accuracy']:.1%} ({accm['seconds']} s)")
        for m in acc["misses"]:
            lines.append(f"  miss: {m['text'][:70]!r} want {m['want']}, got {m['got']}")
    if r["load_avg_before"] and r["load_avg_before"][0] > (r["cpu_count"] or 1) * 0.5:
        lines.append("note: the machine was busy; timings are pessimistic")
    return "\n".join(lines)
