"""The answer stage's speed against raw llama-cpp-python on the same model, prompt and threads, same run.

* first answer token: for answers whose new prompt part is short (open questions, the errors of a log),
  the time from the last observation (or the decision, when no tool ran) to the first token the person
  sees, warm, p50 — and raw llama-cpp's time to its first token on the very same prompt;
* summaries: seconds per 1k input tokens of the guarded, checked writer against raw create_completion
  with the same prompt and max_tokens, as a ratio;
* a warm one-tool file request (read / count / list) end to end through the planner, p50: the answer
  is rendered, no generation;
* RSS of the process with the instruct and the lite model both loaded.
"""
from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from app.planner import Planner, compose
from app.planner import answer as ans
from app.turn import events as ev
from app.turn.cancel import CancelToken
from app.turn.events import Step

from . import planner_suite as suite

OPEN = ["qual è la capitale della Francia?", "who wrote Romeo and Juliet?", "ciao, come stai?",
        "dimmi gli errori in {root}/app.log"]
FILE_REQUESTS = ["leggi {root}/a.txt", "quante righe ha il file {root}/a.txt?", "elenca i file in {root}/docs"]
REPEATS = 3
SUMMARY_TOKENS = 80


def _first_token(planner: Planner, services: Any, registry: Any, root: Path, raw: Any, llm: Any) -> dict[str, Any]:
    rows = []
    cfg = suite.config_for(root)
    for q in OPEN:
        text = suite.subst(q, root)
        for _ in range(REPEATS):
            marks = _Marks()
            emit = marks.see
            ctx = suite.context(text, cfg, registry, services, emit=emit)
            planner.run(ctx, [])
            prompt = planner.last.prompt
            new = llm.count_tokens(prompt) - max(0, _reused(planner))
            # raw llama-cpp in the same state: everything but the new part already in its KV cache
            toks = raw.tokenize(prompt.encode("utf-8"), add_bos=False, special=True)
            raw.reset()
            raw.eval(toks[:max(1, len(toks) - max(1, new))])
            t0 = time.perf_counter()
            for _c in raw.create_completion(toks, max_tokens=1, temperature=0.0, top_k=1, stream=True):
                break
            raw_s = time.perf_counter() - t0
            last = marks.at.get("obs", marks.at.get("dec"))
            if "token" in marks.at and last is not None:
                rows.append({"request": q, "s": marks.at["token"] - last, "raw_s": raw_s, "new_tokens": new})
    short = [r for r in rows if r["new_tokens"] <= 64] or rows
    p50 = statistics.median(r["s"] for r in short) if short else None
    raw50 = statistics.median(r["raw_s"] for r in short) if short else None
    return {"p50_s": round(p50, 3) if p50 is not None else None, "raw_p50_s": round(raw50, 3) if raw50 else None,
            "samples": len(short), "rows": [{k: (round(v, 3) if isinstance(v, float) else v) for k, v in r.items()}
                                             for r in rows]}


class _Marks:
    """When the last observation (or, with no tool, the decision) and the first answer token happened."""

    def __init__(self) -> None:
        self.at: dict[str, float] = {}

    def see(self, e: Any) -> None:
        now = time.perf_counter()
        if isinstance(e, ev.Observation):
            self.at["obs"] = now
        elif isinstance(e, planner_stats_type()) and "dec" not in self.at:
            self.at["dec"] = now  # no tool ran: the request itself is the last thing observed
        elif isinstance(e, ev.Token) and "token" not in self.at:
            self.at["token"] = now


def planner_stats_type() -> type:
    from app.planner.stats import PlannerStats

    return PlannerStats


def _reused(planner: Planner) -> int:
    st = [s for s in planner.last.stats if s.phase == "answer"]
    return st[-1].reused_tokens if st else 0


def _summaries(llm: Any, raw: Any, root: Path) -> dict[str, Any]:
    """The writer on a ~1k-token text against raw llama-cpp on the same prompt, cold KV on both sides."""
    text = (root / "long.txt")
    body = "".join(f"Paragrafo {i}: il progetto procede, il gruppo {i % 7} ha finito il lavoro {i}.\n"
                   for i in range(1, 60))
    text.write_text(body, encoding="utf-8")
    step = Step(1, "read_files", {"paths": [str(text)]}, {"path": str(text), "content": body, "lines": 59,
                                                           "bytes": len(body)}, True, "L3", {})
    question = f"riassumi il file {text}"
    plan = compose.plan(question, [step], writer=True, max_tokens=SUMMARY_TOKENS)
    prompt = llm.render(plan.messages, True)
    n_in = llm.count_tokens(prompt)
    ours, theirs = [], []
    for _ in range(REPEATS):
        llm.llm.reset()
        t0 = time.perf_counter()
        ans.generate(llm, prompt, grounding=ans.Grounding(), prompt_text=prompt, max_tokens=SUMMARY_TOKENS,
                     cancel=CancelToken(), emit_token=lambda _t: None, fallback="")
        ours.append(time.perf_counter() - t0)
        raw.reset()
        t0 = time.perf_counter()
        raw.create_completion(prompt, max_tokens=SUMMARY_TOKENS, temperature=0.0, top_k=1)
        theirs.append(time.perf_counter() - t0)
    o, r = statistics.median(ours), statistics.median(theirs)
    return {"input_tokens": n_in, "s_per_1k": round(o / n_in * 1000, 2), "raw_s_per_1k": round(r / n_in * 1000, 2),
            "ratio": round(o / r, 2) if r else None}


def _file_requests(planner: Planner, services: Any, registry: Any, root: Path) -> dict[str, Any]:
    cfg = suite.config_for(root)
    times = []
    for q in FILE_REQUESTS:
        text = suite.subst(q, root)
        planner.run(suite.context(text, cfg, registry, services), [])  # warm
        for _ in range(REPEATS):
            t0 = time.perf_counter()
            planner.run(suite.context(text, cfg, registry, services), [])
            times.append(time.perf_counter() - t0)
    return {"p50_s": round(statistics.median(times), 3), "runs": len(times)}


def rss_mb() -> float | None:
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        return None
    return None


def lite_path() -> Path | None:
    from app.models.bundle import ModelError, models_dir, planner_path

    try:
        return planner_path("bundled-lite").path
    except ModelError:
        p = models_dir() / "gemma-3-270m-q4_k_m.gguf"
        return p if p.is_file() else None


def run(llm: Any, raw: Any, services: Any, registry: Any, root: Path) -> dict[str, Any]:
    planner = Planner()
    out: dict[str, Any] = {"writes": compose.writes(llm, planner_weight(llm))}
    out["first_token"] = _first_token(planner, services, registry, root, raw, llm)
    out["summary"] = _summaries(llm, raw, root)
    out["file_request"] = _file_requests(planner, services, registry, root)
    lite = lite_path()
    if lite is not None and Path(getattr(llm, "model_path", "")) != lite:
        from app.models.llm import LlamaBackend

        other = LlamaBackend(lite, n_ctx=2048, threads=llm.threads)
        out["rss_both_models_mb"] = rss_mb()
        other.close()
    out["rss_mb"] = rss_mb()
    return out


def planner_weight(llm: Any) -> float:
    from app.planner.choose import model_weight

    return model_weight(llm)


def _ratio(ours: float | None, raw: float | None) -> str:
    return f" → ×{ours / raw:.2f}" if ours and raw else ""


def format_lines(r: dict[str, Any]) -> list[str]:
    ft, sm, fr = r["first_token"], r["summary"], r["file_request"]
    lines = [f"answers ({'written by the model' if r['writes'] else 'rendered: the model does not write'}):",
             f"  first answer token after the last observation, warm, new prompt ≤ 64 tokens: p50 {ft['p50_s']} s "
             f"(goal ≤ 1.0 s; raw llama-cpp's first token on the same prompt with the same KV cache "
             f"{ft['raw_p50_s']} s{_ratio(ft['p50_s'], ft['raw_p50_s'])}; {ft['samples']} samples)",
             f"  summary of {sm['input_tokens']} input tokens: {sm['s_per_1k']} s/1k vs raw {sm['raw_s_per_1k']} s/1k "
             f"→ ×{sm['ratio']}",
             f"  warm one-tool file request end to end: p50 {fr['p50_s']} s ({fr['runs']} runs)"]
    if "rss_both_models_mb" in r:
        lines.append(f"  RSS with the instruct and the lite model loaded: {r['rss_both_models_mb']} MB")
    lines.append(f"  RSS now: {r['rss_mb']} MB")
    return lines
