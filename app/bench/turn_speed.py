"""`metnos bench turns`: whole turns as a person has them, against raw llama-cpp in the same run.

* answer-only turns (greetings, facts, translations): wall time of `metnos ask TEXT` answered by the warm
  tray app — the client process starting, the socket, routing, the model's decision, the written answer —
  against a bare `llama_cpp.Llama.create_chat_completion` of the same question on the same model file, context
  and threads, cold KV cache (what a plain chat program would do). Goal: p50 ratio ≤ 1.5.
* warm one-tool turns (count lines, read, list, size, search): the same `metnos ask` to the app, each
  request said once (a repeat could be served by what the fast path learned), on real files; p50 of those
  that reached the planner (L3). Goal ≤ 2.5 s.

The app runs as `metnos app --no-hotkey` (Qt offscreen) under a temporary METNOS_HOME, so the person's
settings, history and running app are never touched; learning is paused, so every request is new to it.
The raw model is loaded only after the app has stopped: the two never share the 2 cores.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from . import prompt_cache
from . import requests as rq

ANSWER_ONLY = ["ciao, come va?", "hi! how's it going?", "qual è la capitale del Portogallo?",
               "who wrote Pride and Prejudice?", "traduci in inglese: domani vado al mare",
               "translate to Italian: the meeting is postponed", "quanti giorni ha un anno bisestile?",
               "what does CPU stand for?"]
ONE_TOOL = ["quante righe ha {root}/note.md?", "leggimi {root}/todo.txt", "che file ci sono in {root}/Documenti?",
            "how big is {root}/report.txt?", "show me what's in {root}/progetti",
            "cerca 'bolletta' nei file di {root}"]
WARM_UP = ["che ore sono", "ciao", "leggi {root}/lista spesa.txt"]
GOAL_RATIO = 1.5
GOAL_ONE_TOOL_S = 2.5
START_TIMEOUT_S = 180.0
TURN_TIMEOUT_S = 300.0
MAIN = "from app.cli.main import main; raise SystemExit(main())"


def _env(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("METNOS_") or k == "METNOS_MODELS_DIR"}
    env.update(METNOS_HOME=str(home), PYTHONUNBUFFERED="1", **extra)
    return env


def _metnos(args: list[str], home: Path, timeout: float = TURN_TIMEOUT_S) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", MAIN, *args], env=_env(home), capture_output=True, text=True,
                          timeout=timeout)


class _App:
    """The tray app in a child process; `ask` runs one `metnos ask --json` against it and times it."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.log = open(home / "app.log", "wb")
        # offscreen Qt; DISPLAY only has to be set (the app refuses to start without a desktop session)
        env = _env(home, QT_QPA_PLATFORM="offscreen", DISPLAY=os.environ.get("DISPLAY") or ":0")
        self.proc = subprocess.Popen([sys.executable, "-c", MAIN, "app", "--no-hotkey", "--no-preload"], env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT)
        from app.config.paths import instance_socket

        self.socket = instance_socket()  # computed under the same METNOS_HOME (prompt_cache.temporary_home)
        deadline = time.monotonic() + START_TIMEOUT_S
        while self.socket is None or not self.socket.exists():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.close()
                raise RuntimeError(f"the app did not start (rc {self.proc.returncode}): "
                                   f"{(home / 'app.log').read_text(errors='replace')[-1500:]}")
            time.sleep(0.2)

    def ask(self, text: str) -> dict[str, Any]:
        t0 = time.perf_counter()
        r = _metnos(["ask", "--json", "--yes", text], self.home)
        wall = time.perf_counter() - t0
        events = [json.loads(ln) for ln in r.stdout.splitlines() if ln.startswith("{")]
        route: dict[str, Any] = next((e for e in events if e.get("type") == "route"), {})
        answer = next((e.get("text", "") for e in events if e.get("type") == "answer"), "")
        tools = [e.get("tool") for e in events if e.get("type") == "tool_call"]
        return {"request": text, "s": round(wall, 3), "level": route.get("level"), "tools": tools,
                "answer": answer[:120], "rc": r.returncode}

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


def _raw_chat(questions: list[str]) -> list[dict[str, Any]]:
    """A bare chat completion per question, as a plain llama-cpp chat program would answer it."""
    import llama_cpp

    from app.config import defaults
    from app.models.bundle import planner_path
    from app.models.llm import _route_llama_logs, default_threads

    _route_llama_logs()
    cfg = defaults()
    threads = default_threads(int(cfg.llm.threads))
    model: Any = llama_cpp.Llama(model_path=str(planner_path(cfg.llm.model).path), n_ctx=int(cfg.llm.n_ctx),
                            n_threads=threads, n_threads_batch=threads, n_batch=512, verbose=False)
    model.create_chat_completion([{"role": "user", "content": "ciao"}], max_tokens=4)  # warm, like the app
    rows = []
    for q in questions:
        model.reset()
        t0 = time.perf_counter()
        r: Any = model.create_chat_completion([{"role": "user", "content": q}], temperature=0.0, top_k=1,
                                              max_tokens=int(cfg.llm.max_answer_tokens))
        rows.append({"request": q, "s": round(time.perf_counter() - t0, 3),
                     "completion_tokens": r["usage"]["completion_tokens"],
                     "answer": str(r["choices"][0]["message"]["content"])[:120]})
    del model
    return rows


def _p50(rows: list[dict[str, Any]]) -> float | None:
    return round(statistics.median(r["s"] for r in rows), 3) if rows else None


def run_bench() -> dict[str, Any]:
    load = list(os.getloadavg()) if hasattr(os, "getloadavg") else []
    with prompt_cache.temporary_home() as home:
        root = rq.make_root(home / "files")
        (home / "config").mkdir(parents=True, exist_ok=True)
        toml = (f"[tools]\nallowed_roots = [{json.dumps(str(root))}]\n[ui]\npause_learning = true\n"
                "[memory]\nenabled = false\n")
        (home / "config" / "runtime.toml").write_text(toml, encoding="utf-8")
        app = _App(home)
        try:
            for w in WARM_UP:  # model load, prefix KV state, first turn costs
                app.ask(w.format(root=root))
            answers = [app.ask(q) for q in ANSWER_ONLY]
            tools = [app.ask(q.format(root=root)) for q in ONE_TOOL]
        finally:
            app.close()
    raw = _raw_chat(ANSWER_ONLY)
    ours, theirs = _p50(answers), _p50(raw)
    l3 = [r for r in tools if r["level"] == "L3"]
    return {"answer_only": {"p50_s": ours, "raw_chat_p50_s": theirs,
                            "ratio": round(ours / theirs, 2) if ours and theirs else None,
                            "rows": answers, "raw_rows": raw},
            "one_tool": {"p50_s": _p50(l3), "all_p50_s": _p50(tools), "l3": len(l3), "rows": tools},
            "goals": {"answer_only_ratio": GOAL_RATIO, "one_tool_p50_s": GOAL_ONE_TOOL_S},
            "cpu_count": os.cpu_count(), "load_avg_before": load,
            "load_avg_after": list(os.getloadavg()) if hasattr(os, "getloadavg") else []}


def format_bench(r: dict[str, Any]) -> str:
    a, t = r["answer_only"], r["one_tool"]

    def verdict(ok: bool) -> str:
        return "ok" if ok else "MISSED"

    lines = [f"whole turns: `metnos ask` to the warm app — {r['cpu_count']} CPUs, load {r['load_avg_before']} → "
             f"{r['load_avg_after']}",
             f"answer-only turns: p50 {a['p50_s']} s vs a bare llama-cpp chat completion {a['raw_chat_p50_s']} s "
             f"→ ×{a['ratio']} (goal ≤ {GOAL_RATIO}: {verdict(bool(a['ratio']) and a['ratio'] <= GOAL_RATIO)})"]
    for ours, raw in zip(a["rows"], a["raw_rows"]):
        lines.append(f"  {ours['s']:6.2f} s vs {raw['s']:5.2f} s  {ours['request'][:40]!r:44} {ours['level']} "
                     f"→ {ours['answer'][:50]!r}")
    p50 = t["p50_s"]
    lines.append(f"warm one-tool turns that reached the planner ({t['l3']} of {len(t['rows'])}): p50 {p50} s "
                 f"(goal ≤ {GOAL_ONE_TOOL_S} s: {verdict(p50 is not None and p50 <= GOAL_ONE_TOOL_S)}); "
                 f"all: p50 {t['all_p50_s']} s")
    for row in t["rows"]:
        lines.append(f"  {row['s']:6.2f} s  {row['level']}  {','.join(row['tools']) or '-':24} "
                     f"{Path(row['request']).name[:40]!r}")
    if r["load_avg_before"] and r["load_avg_before"][0] > (r["cpu_count"] or 1) * 0.5:
        lines.append("note: the machine was busy; timings are pessimistic")
    return "\n".join(lines)
