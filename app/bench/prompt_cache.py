"""The prompt-cache part of `metnos bench planner` , on a 32-tool catalog.

Three measurements, all through the app's own path (Engine.make_context → ToolSurface → Planner.run,
figures from the PlannerStats events), in a temporary METNOS_HOME:

* a real 3-step turn: per model call, prompt tokens, tokens reused from the KV cache, tokens evaluated
  and the tokens new since the previous call; steps 2 and 3 must evaluate at most their new tokens plus
  5 % of the prompt (append-only prompts);
* restart: one backend evaluates the system + tools prefix and saves its KV state
  (app.models.prefix_cache); a fresh process then runs the first turn and must evaluate none of that
  prefix. A second fresh process with llm.prefix_cache = false gives the cold reference;
* the first decision's prompt tokens with tools.deferral on and off, counted with the model's tokenizer.

`python -m app.bench.prompt_cache first-turn CONFIG ROOT` is the fresh process: it prints one JSON line.
"""
from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Iterator

from app.bench.tool_catalog import registry_of
from app.config import ConfigManager, paths
from app.engine.model_loader import ModelLoader
from app.planner import prompt as pr

# the app's own tools (30 since the world clock, 2026-12-06) and the bench's extras the 3-step turn needs
# (count_words); it was 30 while the app had 29
N_TOOLS = 32
REQUEST = "leggi {root}/a.txt, poi scrivi il contenuto in {root}/b.txt e poi conta le parole del testo"
TURN_ROOT = "turn"  # the 3-step turn and the deferral count use one path: retrieval sees the same words
SLACK = 0.05  # steps 2.. may evaluate their new tokens plus this share of the prompt
CHILD_TIMEOUT_S = 900


@contextlib.contextmanager
def temporary_home() -> Iterator[Path]:
    """METNOS_HOME in a temp folder for the bench's duration: caches, stores and configs stay out of the
    real home (the bundled models live in the installation, not there)."""
    old = os.environ.get("METNOS_HOME")
    with tempfile.TemporaryDirectory(prefix="metnos-bench-home-") as d:
        os.environ["METNOS_HOME"] = d
        try:
            yield Path(d)
        finally:
            if old is None:
                os.environ.pop("METNOS_HOME", None)
            else:
                os.environ["METNOS_HOME"] = old


def _home() -> Path:
    home = paths.home_override()
    if home is None:
        raise RuntimeError("the cache bench runs only under a temporary METNOS_HOME (use temporary_home())")
    return home


def write_config(name: str, *, deferral: bool = True, prefix_cache: bool = True, model: Any = None) -> Path:
    """A runtime.toml for the bench: file tools confined to METNOS_HOME/roots, no long-term memory (it
    would reach for the OS keyring). `model`: the loaded backend whose GGUF a fresh process must load too
    (not the config's default, or the prefix it builds is another model's)."""
    roots = paths.ensure(_home() / "roots")
    p = paths.ensure(_home() / "config") / f"{name}.toml"
    path = getattr(model, "model_path", None)
    # the model and its window: both are part of the prefix's cache key and of what the tool surface shows
    pin = f"model = {json.dumps(str(path))}\nn_ctx = {int(model.n_ctx)}\n" if path else ""
    p.write_text(f"[llm]\n{pin}prefix_cache = {str(prefix_cache).lower()}\n\n"
                 f"[tools]\nallowed_roots = [{json.dumps(str(roots))}]\ndeferral = {str(deferral).lower()}\n\n"
                 f"[memory]\nlong_term_enabled = false\n", encoding="utf-8")
    return p


def make_root(label: str) -> Path:
    root = _home() / "roots" / label
    root.mkdir(parents=True, exist_ok=True)
    (root / "a.txt").write_text("uno\ndue\ntre\n", encoding="utf-8")
    return root


class _Preloaded(ModelLoader):
    """A model loader that hands out models already loaded by the bench, so every part measures one backend."""

    def __init__(self, manager: ConfigManager, llm: Any, embedder: Any):
        super().__init__(manager)
        self._llm, self._embedder = llm, embedder


class _NoWarm:
    """The backend without `warm_prefix`: counting a prompt's tokens must not evaluate it."""

    def __init__(self, backend: Any):
        self._backend = backend

    def __getattr__(self, name: str) -> Any:
        if name == "warm_prefix":
            raise AttributeError(name)
        return getattr(self._backend, name)


def make_engine(config: Path, models: ModelLoader | None = None, llm: Any = None, embedder: Any = None) -> Any:
    """The app's Engine on the 32-tool catalog (the model scores every decision: every step is measured)."""
    from app.engine.engine import Engine

    manager = ConfigManager(config, create=False)
    models = models or _Preloaded(manager, llm, embedder)
    engine = Engine(manager, models=models, registry=registry_of(N_TOOLS))
    return engine


# -- one turn, its figures ------------------------------------------------------------------
def run_turn(engine: Any, root: Path) -> dict[str, Any]:
    """Run REQUEST through Engine.make_context + Planner.run (writes approved); the figures of each model
    call come from the PlannerStats events the UI sees."""
    events: list[Any] = []
    text = REQUEST.format(root=root)
    ctx = engine.make_context(text, events.append, approve=lambda *a: True)
    t0 = time.perf_counter()
    answer = engine.planner.run(ctx, [])
    ms = (time.perf_counter() - t0) * 1000
    prefix = dict(engine.planner.last.prefix)
    calls = [{"step": e.step, "phase": e.phase, "prompt_tokens": e.prompt_tokens, "reused_tokens": e.reused_tokens,
              "evaluated_tokens": e.evaluated_tokens, "ms": e.ms}
             for e in events if e.type == "planner_stats" and e.prompt_tokens > 0]
    surface = ctx.services.tool_surface
    return {"request": text, "answer": answer, "turn_ms": round(ms, 1), "prefix": prefix, "calls": calls,
            "tools": [s.tool for s in ctx.turn.steps], "ok": [s.ok for s in ctx.turn.steps],
            "deferred_loaded": dict(ctx.deferred_loaded), "tools_registered": len(engine.registry),
            "resident": len(surface.resident) if surface is not None else None,
            "deferred": len(surface.deferred) if surface is not None else None,
            "errors": [e.message for e in events if e.type == "error"]}


def check_steps(turn: dict[str, Any]) -> dict[str, Any]:
    """New tokens of a call = its prompt minus the previous call's (the first: minus the cached prefix);
    steps 2 and 3 pass when evaluated ≤ new + 5 % of the prompt."""
    prev = int(turn["prefix"].get("prefix_tokens", 0) or 0)
    rows = []
    for c in turn["calls"]:
        new = c["prompt_tokens"] - prev
        rows.append({**c, "new_tokens": new, "limit": round(new + SLACK * c["prompt_tokens"], 1),
                     "within": c["evaluated_tokens"] <= new + SLACK * c["prompt_tokens"]})
        prev = c["prompt_tokens"]
    checked = [r for r in rows if r["step"] in (2, 3)]
    steps = {r["step"] for r in checked}
    ok = steps == {2, 3} and all(r["within"] for r in checked)
    why = "" if steps == {2, 3} else f"the turn had no model call on step(s) {sorted({2, 3} - steps)}"
    return {"rows": rows, "pass": ok, "why": why,
            "later_steps_pass": all(r["within"] for r in rows if r["step"] >= 2)}


def three_step(llm: Any, embedder: Any) -> dict[str, Any]:
    engine = make_engine(write_config("three-step", model=llm), llm=llm, embedder=embedder)
    try:
        llm.llm.reset()  # a cold KV cache: step 1 gets its prefix from disk or evaluates it
        turn = run_turn(engine, make_root(TURN_ROOT))
    finally:
        engine.close()
    return {**turn, "check": check_steps(turn)}


# -- restart ------------------------------------------------------------------------------
def first_turn(config: Path, root: Path) -> dict[str, Any]:
    """What a freshly started app does on its first planner turn: load the model and the embedder from
    the config (a new LlamaBackend), then run the turn."""
    t0 = time.perf_counter()
    manager = ConfigManager(config, create=False)
    models = ModelLoader(manager)
    llm = models.llm()
    models.embedder()
    load_ms = (time.perf_counter() - t0) * 1000
    engine = make_engine(config, models=models)
    try:
        out = run_turn(engine, root)
    finally:
        engine.close()
        llm.close()
    return {**out, "load_ms": round(load_ms, 1), "pid": os.getpid()}


def fresh_process(config: Path, root: Path) -> dict[str, Any]:
    """`first_turn` in a new Python process (in this one, with a new backend, in a frozen build)."""
    if getattr(sys, "frozen", False):
        return {**first_turn(config, root), "process": "same process, new LlamaBackend (frozen build)"}
    env = {**os.environ, "METNOS_HOME": str(_home())}
    p = subprocess.run([sys.executable, "-m", "app.bench.prompt_cache", "first-turn", str(config), str(root)],
                       capture_output=True, text=True, env=env, timeout=CHILD_TIMEOUT_S)
    lines = [ln for ln in p.stdout.splitlines() if ln.startswith("{")]
    if p.returncode != 0 or not lines:
        raise RuntimeError(f"the fresh process failed (exit {p.returncode}): {p.stderr.strip()[-800:]}")
    return {**json.loads(lines[-1]), "process": "fresh process"}


def warm_and_save(llm: Any, embedder: Any, config: Path) -> dict[str, Any]:
    """From an empty cache and KV state, the setup of a turn evaluates the stable prefix and saves it."""
    from app.models.prefix_cache import PrefixCache

    PrefixCache().clear()
    engine = make_engine(config, llm=llm, embedder=embedder)
    try:
        llm.llm.reset()
        ctx = engine.make_context(REQUEST.format(root=make_root("restart-warm")), lambda e: None)
        engine.planner.prompt_for(ctx)  # the turn's setup: builds the prompt and warms the stable prefix
        return {**engine.planner.last.prefix, "cache_files": len(PrefixCache().entries())}
    finally:
        engine.close()


# The prefix's last tokens may merge with the text that follows it (ChatML's "\n" before the next turn's
# marker: measured 715 of 717 reused with the instruct model); those are re-read, the rest of the prefix is not.
SEAM_TOKENS = 2


def prefix_check(first: dict[str, Any]) -> dict[str, Any]:
    """A first turn passes when its setup evaluated none of the prefix (it came from disk) and its first
    model call reused at least the whole prefix."""
    n = int(first["prefix"].get("prefix_tokens", 0) or 0)
    call = first["calls"][0] if first["calls"] else {}
    evaluated = int(first["prefix"].get("evaluated", n))
    ok = (n > 0 and evaluated == 0 and bool(first["prefix"].get("loaded_from_disk"))
          and int(call.get("reused_tokens", 0)) >= n - SEAM_TOKENS)
    return {"prefix_tokens": n, "prefix_evaluated": evaluated, "first_call": call, "pass": ok}


def restart(llm: Any, embedder: Any) -> dict[str, Any]:
    """Warm and save the prefix here, then the first turn of a fresh process with and without the cache."""
    config = write_config("restart", model=llm)
    here = warm_and_save(llm, embedder, config)
    root = make_root("first-turn")  # both processes run the same request on the same files
    warm = fresh_process(config, root)
    cold = fresh_process(write_config("restart-cold", prefix_cache=False, model=llm), make_root("first-turn"))
    saved_ms = float(cold["prefix"].get("ms", 0.0)) - float(warm["prefix"].get("ms", 0.0))
    return {"warmed_here": here, "first_turn": warm, "cold": cold, **prefix_check(warm),
            "prefix_ms_saved": round(saved_ms, 1),
            "turn_ms_saved": round(float(cold["turn_ms"]) - float(warm["turn_ms"]), 1)}


# -- deferral on vs off ---------------------------------------------------------------------
def prompt_tokens(llm: Any, embedder: Any, deferral: bool) -> dict[str, Any]:
    """The first decision's prompt for REQUEST as the planner builds it (nothing evaluated or run)."""
    from app.models.prefix_cache import stable_prefix

    engine = make_engine(write_config(f"deferral-{'on' if deferral else 'off'}", deferral=deferral, model=llm),
                         llm=llm, embedder=embedder)
    try:
        ctx = engine.make_context(REQUEST.format(root=make_root(TURN_ROOT)), lambda e: None)
        ctx.services.llm = _NoWarm(llm)
        ps = engine.planner.prompt_for(ctx)
        if ps is None:
            raise RuntimeError("the planner built no prompt for the bench request")
        surface = ctx.services.tool_surface
        # tokenize() adds BOS as a model call does, so these match the turn's figures
        return {"deferral": deferral, "prompt_tokens": len(llm.tokenize(pr.decision_prompt(llm.render, ps))),
                "prefix_tokens": len(llm.tokenize(stable_prefix(llm.render, ps.messages[:ps.stable_count]))),
                "resident": len(surface.resident), "deferred": len(surface.deferred)}
    finally:
        engine.close()


def deferral(llm: Any, embedder: Any) -> dict[str, Any]:
    on, off = prompt_tokens(llm, embedder, True), prompt_tokens(llm, embedder, False)
    return {"request": REQUEST, "on": on, "off": off,
            "ratio": round(on["prompt_tokens"] / off["prompt_tokens"], 3) if off["prompt_tokens"] else None,
            "prefix_ratio": round(on["prefix_tokens"] / off["prefix_tokens"], 3) if off["prefix_tokens"] else None}


def _load() -> list[float]:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


def run(llm: Any, embedder: Any) -> dict[str, Any]:
    """All three measurements; call under temporary_home(). A part that fails is reported as failed, so
    the other parts (and the rest of the bench) still print."""
    out: dict[str, Any] = {"load_avg_before": _load()}
    for name, fn in (("deferral", deferral), ("three_step", three_step), ("restart", restart)):
        try:
            out[name] = fn(llm, embedder)
        except Exception as e:  # noqa: BLE001 — a bench reports, it does not stop halfway
            out[name] = {"error": f"{type(e).__name__}: {e}"}
    out["load_avg_after"] = _load()
    return out


# -- report ------------------------------------------------------------------------------------
def _verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def format_lines(r: dict[str, Any]) -> list[str]:
    lines = [f"prompt cache on {N_TOOLS} tools (load avg {r.get('load_avg_before')} → {r.get('load_avg_after')}):"]
    for name, fmt in (("three_step", _three_step_lines), ("restart", _restart_lines), ("deferral", _deferral_lines)):
        part = r.get(name) or {"error": "not measured"}
        lines += [f"  FAIL: {name.replace('_', '-')} not measured: {part['error']}"] if "error" in part else fmt(part)
    return lines


def _three_step_lines(t: dict[str, Any]) -> list[str]:
    chk, pf = t["check"], t["prefix"]
    lines = [f"  3-step turn, {t['tools_registered']} registered tools ({t['resident']} resident + {t['deferred']} "
             f"in the deferred index): {' → '.join(t['tools']) or 'no tool run'}"
             f"{'' if all(t['ok']) else ' (a step failed)'}",
             f"    answer {t['answer'][:60]!r}; deferred tools loaded: {', '.join(t['deferred_loaded']) or 'none'}",
             f"    stable prefix {pf.get('prefix_tokens', '?')} tokens (evaluated {pf.get('evaluated', '?')}, "
             f"from disk: {pf.get('loaded_from_disk', '?')})"]
    for row in chk["rows"]:
        mark = "" if row["step"] < 2 else ("  ok" if row["within"] else "  ← more than new + 5 %")
        lines.append(f"    step {row['step']} {row['phase']:6}: prompt {row['prompt_tokens']:5}, reused "
                     f"{row['reused_tokens']:5}, evaluated {row['evaluated_tokens']:4}, new {row['new_tokens']:4} "
                     f"(limit {row['limit']:.0f}), {row['ms']:.0f} ms{mark}")
    lines.append(f"  {_verdict(chk['pass'])}: tokens evaluated on steps 2 and 3 ≤ new tokens + 5 % of the prompt"
                 f"{' — ' + chk['why'] if chk['why'] else ''}"
                 f"{'' if chk['later_steps_pass'] else ' (a later step exceeded it)'}")
    return lines


def _restart_lines(rs: dict[str, Any]) -> list[str]:
    w, c, h, fc = rs["first_turn"], rs["cold"], rs["warmed_here"], rs["first_call"]
    return [
        f"  restart: this process evaluated the {h.get('prefix_tokens', '?')}-token system + tools prefix once "
        f"({h.get('ms', 0):.0f} ms) and saved its KV state ({h.get('cache_files')} file in the temp cache)",
        f"    first turn in a {w['process']}: prefix tokens evaluated {rs['prefix_evaluated']} of "
        f"{rs['prefix_tokens']} (loaded from disk: {w['prefix'].get('loaded_from_disk')}, "
        f"{w['prefix'].get('ms', 0):.0f} ms); first model call reused {fc.get('reused_tokens', '?')} of "
        f"{fc.get('prompt_tokens', '?')}; turn {w['turn_ms'] / 1000:.1f} s (model load {w['load_ms'] / 1000:.1f} s)",
        f"    cold reference ({c['process']}, llm.prefix_cache = false): prefix evaluated "
        f"{c['prefix'].get('evaluated', '?')} of {c['prefix'].get('prefix_tokens', '?')} in "
        f"{c['prefix'].get('ms', 0):.0f} ms; turn {c['turn_ms'] / 1000:.1f} s",
        f"    time saved by the saved prefix: {rs['prefix_ms_saved']:.0f} ms on the prefix, "
        f"{rs['turn_ms_saved']:.0f} ms on the whole first turn",
        f"  {_verdict(rs['pass'])}: the first turn after a restart re-evaluates none of the system + tools prefix",
    ]


def _deferral_lines(d: dict[str, Any]) -> list[str]:
    on, off = d["on"], d["off"]
    return [f"  deferral on vs off, same request, counted with the model's tokenizer: first prompt "
            f"{on['prompt_tokens']} tokens on ({on['resident']} resident + {on['deferred']} indexed) vs "
            f"{off['prompt_tokens']} off ({off['resident']} resident) → ratio {d['ratio']}",
            f"    stable prefix {on['prefix_tokens']} vs {off['prefix_tokens']} tokens (ratio {d['prefix_ratio']})"]


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[0] == "first-turn":
        print(json.dumps(first_turn(Path(argv[1]), Path(argv[2])), default=str, ensure_ascii=False))
        return 0
    print("usage: python -m app.bench.prompt_cache first-turn CONFIG ROOT", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
