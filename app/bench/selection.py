"""`metnos bench selection`: the selection actions' answer quality, tune and held-out apart, and their speed.

* quality: every case of resources/eval/selection/cases.jsonl (≥ 40 texts IT/EN: translations, summaries,
  corrections, rewrites) through the real engine entry (engine/selection.py) on the instruct model, checked by
  selection_checks.py; the tune half is what prompts were tuned on, the held-out half never was;
* first token of the translation of a 60-word paragraph, warm (model loaded, the system line cached): with the
  text new to the model (the CLI's case), and after the popup read it ahead (`preread`, the desktop's case);
* hotkey → popup with the selected text shown, p50, on a real X display (app/ui/selection_probe.py).
The machine's load is printed with the figures: on a busy 2-core machine model times grow 2–4×.
"""
from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from app.config.paths import resources_dir

from .selection_checks import check

CASES = resources_dir() / "eval" / "selection" / "cases.jsonl"
SPLITS = ("tune", "held")
GOALS = {"first_token_s": 1.0, "hotkey_to_popup_ms": 50.0, "held_out": 0.90}
PARAGRAPH_60 = ("The quarterly meeting has been moved to Thursday 14 March at 10:30 in room B2. Anna Rossi will "
                "present the budget for next year, which grows by 12 percent, and Marco Bianchi will explain the "
                "new delivery plan for the warehouse. Please send your questions by Tuesday evening, and bring a "
                "copy of the report that Luca shared last week.")


ACTION_NAMES = {"correct": "fix"}  # a writer's name for an action → the table's


def load(path: Path = CASES) -> list[dict[str, Any]]:
    """The cases of a JSONL file (cases.jsonl, or another writer's batch in the same format)."""
    with open(path, encoding="utf-8") as f:
        cases = [json.loads(line) for line in f if line.strip()]
    for c in cases:
        c["action"] = ACTION_NAMES.get(c["action"], c["action"])
    return cases


def request_of(case: dict[str, Any]) -> Any:
    from app.selection import SelectionRequest

    return SelectionRequest(case["action"], case["text"], lang=case["person"], style=case.get("style"))


def make_engine(model: str, home: Path, threads: int = 0) -> Any:
    """A real Engine on `model` in a throwaway home (its own config, caches and scratchpad). `threads`: the
    model's CPU threads (0: one per core); 1 when the machine is shared — two threads of one process waiting on
    each other while other jobs hold the cores make every token many times slower."""
    from app.config import ConfigManager
    from app.engine.engine import Engine

    cfg = home / "runtime.toml"
    cfg.write_text(f"[llm]\nmodel = {json.dumps(model)}\nthreads = {int(threads)}\n[memory]\n"
                   "long_term_enabled = false\n[ui]\npause_learning = true\n", encoding="utf-8")
    return Engine(ConfigManager(cfg, create=False))


def answer_of(engine: Any, req: Any) -> tuple[str, list[Any]]:
    from app.engine.selection import run_selection_sync
    from app.turn import events as ev

    events: list[Any] = []
    run_selection_sync(engine, req, events.append)
    answer = next((e.text for e in events if isinstance(e, ev.Answer)), "")
    return answer, events


def run_quality(engine: Any, cases: list[dict[str, Any]],
                progress: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    rows = []
    for case in cases:
        t0 = time.perf_counter()
        answer, events = answer_of(engine, request_of(case))
        why = check(case, answer)
        shortened = any(getattr(e, "what", "").startswith("summary shortened") for e in events)
        row = {"id": case["id"], "file": case.get("file", CASES.name), "split": case["split"],
               "action": case["action"], "ok": not why, "why": why,
               "answer": answer, "s": round(time.perf_counter() - t0, 2), "shortened": shortened}
        rows.append(row)
        if progress:
            progress(row)
    return rows


def rate(rows: list[dict[str, Any]], split: str | None = None, action: str | None = None) -> tuple[int, int]:
    sel = [r for r in rows if (split is None or r["split"] == split) and (action is None or r["action"] == action)]
    return sum(r["ok"] for r in sel), len(sel)


def first_token(engine: Any, repeats: int = 3) -> dict[str, Any]:
    """The 60-word translation's first token, warm: new text (as the CLI sees it) and read ahead (the popup)."""
    from app.engine.selection import preread
    from app.selection import SelectionRequest
    from app.turn import events as ev

    def once(text: str, ahead: bool) -> float | None:
        if ahead:
            done = preread(engine, text, "it")
            engine._pool.submit(lambda: None).result()  # the read-ahead has finished
            assert not done.cancelled
        marks: dict[str, float] = {}
        t0 = time.perf_counter()

        def see(e: Any) -> None:
            if isinstance(e, ev.Token) and "t" not in marks:
                marks["t"] = time.perf_counter() - t0

        from app.engine.selection import run_selection_sync

        engine._pool.submit(run_selection_sync, engine, SelectionRequest("translate", text, lang="it"), see).result()
        return marks.get("t")

    once("Buongiorno a tutti.", False)  # warm: model loaded, system line cached
    cold, ahead = [], []
    for i in range(repeats):
        text = PARAGRAPH_60.replace("Luca", ("Luca", "Paolo", "Sara", "Elena", "Marco")[i % 5]).replace(
            "14 March", f"{14 + i} March")
        v = once(text, False)
        if v is not None:
            cold.append(v)
        v = once(text.replace("Tuesday", "Wednesday"), True)
        if v is not None:
            ahead.append(v)
    return {"words": len(PARAGRAPH_60.split()),
            "new_text_p50_s": round(statistics.median(cold), 3) if cold else None,
            "read_ahead_p50_s": round(statistics.median(ahead), 3) if ahead else None,
            "runs": {"new_text": [round(x, 3) for x in cold], "read_ahead": [round(x, 3) for x in ahead]}}


def run_bench(model: str | None = None, cases: list[dict[str, Any]] | None = None, ui: bool = True,
              progress: Callable[[dict[str, Any]], None] | None = None, speed: bool = True,
              threads: int = 0) -> dict[str, Any]:
    from app.models.bundle import planner_path

    model = model or str(planner_path("bundled").path)
    out: dict[str, Any] = {"model": Path(model).name, "cpus": os.cpu_count(),
                           "loadavg_before": os.getloadavg() if hasattr(os, "getloadavg") else None}
    with tempfile.TemporaryDirectory(prefix="metnos-bench-selection-") as tmp:
        engine = make_engine(model, Path(tmp), threads)
        try:
            t0 = time.perf_counter()
            out["rows"] = run_quality(engine, cases if cases is not None else load(), progress)
            out["quality_s"] = round(time.perf_counter() - t0, 1)
            if speed:
                out["first_token"] = first_token(engine)
        finally:
            engine.close()
    if ui:
        from .ui import DisplayUnavailable, xvfb_with_tray

        try:
            with xvfb_with_tray() as display:
                out["ui"] = run_ui_child(display)
        except DisplayUnavailable as e:
            out["ui"] = {"ok": False, "error": str(e)}
    out["loadavg_after"] = os.getloadavg() if hasattr(os, "getloadavg") else None
    return out


def run_ui_child(display: str) -> dict[str, Any]:
    """hotkey → popup with the selected text shown, in a child process on `display` (app/ui/selection_probe.py)."""
    import subprocess
    import sys

    home = tempfile.mkdtemp(prefix="metnos-bench-selui-")
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", METNOS_HOME=home, METNOS_UI_LANGUAGE="it")
    root = Path(__file__).resolve().parents[2]
    try:
        proc = subprocess.run([sys.executable, "-m", "app.ui.selection_probe", "--measure"], env=env, cwd=root,
                              capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        return {"ok": False, "error": "the UI child did not finish in 600 s"}
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        return {"ok": False, "error": f"the UI child failed (rc {proc.returncode})", "stderr": proc.stderr[-2000:]}
    return dict(json.loads(lines[-1]))


def format_bench(r: dict[str, Any]) -> str:
    rows = r["rows"]
    out = [f"selection actions on {r['model']} — {r['cpus']} cpus, load {r['loadavg_before']} → "
           f"{r.get('loadavg_after')}; quality run {r.get('quality_s')} s"]
    files = list(dict.fromkeys(r.get("file", CASES.name) for r in rows))
    for name in files:
        mine = [r for r in rows if r.get("file", CASES.name) == name]
        if len(files) > 1:
            out.append(f"  {name}:")
        for split in SPLITS:
            ok, n = rate(mine, split)
            if not n:
                continue
            parts = ", ".join(f"{a} {rate(mine, split, a)[0]}/{rate(mine, split, a)[1]}"
                              for a in ("translate", "summarize", "fix", "rewrite") if rate(mine, split, a)[1])
            pct = f"{100 * ok / n:.1f} %" if n else "n/a"
            goal = f" (goal ≥ {GOALS['held_out']:.0%})" if split == "held" else ""
            out.append(f"  {split:5} {ok}/{n} = {pct}{goal}: {parts}")
    cut = [r["id"] for r in rows if r.get("shortened")]
    if cut:
        out.append(f"  summaries the model wrote over a third of the text, cut to whole sentences: {len(cut)} "
                   f"({', '.join(cut)})")
    for row in rows:
        if not row["ok"]:
            out.append(f"    ✗ {row['id']} [{row['split']}]: {'; '.join(row['why'])} — {row['answer'][:300]!r}")
    ft = r.get("first_token")
    if ft:
        out.append(f"  first token of a {ft.get('words')}-word translation, warm: new text p50 "
                   f"{ft.get('new_text_p50_s')} s, read ahead by the popup p50 {ft.get('read_ahead_p50_s')} s "
                   f"(goal ≤ {GOALS['first_token_s']} s)")
    ui = r.get("ui")
    if ui is not None:
        if ui.get("ok"):
            out.append(f"  hotkey → popup with the selected text, p50 {ui.get('hotkey_to_popup_ms_p50')} ms over "
                       f"{len(ui.get('runs_ms', []))} presses (goal ≤ {GOALS['hotkey_to_popup_ms']:.0f} ms); "
                       f"with the copy keystroke p50 {ui.get('copy_keystroke_ms_p50')} ms")
        else:
            out.append(f"  hotkey → popup: not measured ({ui.get('error')})")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """`python -m app.bench.selection --cases PATH [--split tune] [--no-ui] [--json-out FILE] [--shard K/N]`: the
    bench on another cases file (a writer's fresh batch), on one split only, or on a share of the cases (several
    processes with --threads 1 on a busy machine; their JSON rows add up)."""
    import argparse

    ap = argparse.ArgumentParser(prog="python -m app.bench.selection")
    ap.add_argument("--cases", type=Path, action="append", help="a cases file (JSONL); repeat for several")
    ap.add_argument("--split", choices=SPLITS, help="only this split (tune while tuning)")
    ap.add_argument("--no-ui", action="store_true", help="skip hotkey → popup")
    ap.add_argument("--no-speed", action="store_true", help="skip the first-token measurement")
    ap.add_argument("--json-out", type=Path, help="write the whole result (answers included) here")
    ap.add_argument("--threads", type=int, default=0, help="the model's CPU threads (1 on a shared machine)")
    ap.add_argument("--action", action="append", help="only this action (translate, summarize, fix, rewrite); repeat")
    ap.add_argument("--shard", default="1/1", help="K/N: only every N-th case from the K-th (processes in parallel)")
    args = ap.parse_args(argv)
    k, n = (int(x) for x in args.shard.split("/"))
    cases: list[dict[str, Any]] = []
    for path in args.cases or [CASES]:
        batch = load(path)
        for c in batch:
            c["file"] = path.name
        cases += batch
    if args.split:
        cases = [c for c in cases if c["split"] == args.split]
    if args.action:
        cases = [c for c in cases if c["action"] in args.action]
    cases = cases[k - 1::n]
    result = run_bench(cases=cases, ui=not args.no_ui, speed=not args.no_speed, threads=args.threads,
                       progress=lambda row: print(("  ok " if row["ok"] else "  ✗  ") + row["id"], flush=True))
    if args.json_out:
        args.json_out.write_text(json.dumps(result, indent=1, default=str, ensure_ascii=False), encoding="utf-8")
    print(format_bench(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["ACTION_NAMES", "CASES", "GOALS", "PARAGRAPH_60", "format_bench", "load", "rate", "run_bench", "run_quality"]
