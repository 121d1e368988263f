"""`metnos context --explain TEXT`: the prompt the planner would build, part by part, with token costs.

Built by the same code path as a real turn (Engine.make_context → Planner.prompt_for), nothing executed.
"""
from __future__ import annotations

import argparse
import json
from typing import Any


def explain(text: str) -> dict[str, Any]:
    from app.engine.engine import Engine

    engine = Engine()
    try:
        ctx = engine.make_context(text, lambda e: None)
        llm = engine.models.llm()
        count = llm.count_tokens
        surface = ctx.services.tool_surface
        ps = engine.planner.prompt_for(ctx)
        if ps is None:
            return {"error": "empty request"}
        parts = []
        for i, m in enumerate(ps.messages):
            label = "stable prefix: instructions + resident tools + deferred index" if i < ps.stable_count else (
                "task + state" if m["role"] == "user" else m["content"].split("\n", 1)[0][:60])
            parts.append({"part": label, "role": m["role"], "tokens": count(m["content"])})
        prompt = llm.render(ps.messages)
        total = count(prompt)
        stable = llm.render(ps.messages[:ps.stable_count], add_generation_prompt=False)
        stable_tokens = count(stable)
        info = engine.planner.last
        out: dict[str, Any] = {
            "request": text, "model": getattr(llm, "model_path", getattr(llm, "name", "?")).__str__(),
            "prompt_tokens": total, "parts": parts,
            "stable_prefix_tokens": stable_tokens,
            "expected_reuse": {
                "next_turn_same_tools": stable_tokens,
                "after_restart": stable_tokens if engine.config.llm.prefix_cache else 0,
                "step_n_plus_1": "the whole prompt of step N (append-only): only new messages are evaluated",
            },
            "prefix_warm": info.prefix,
        }
        if surface is not None:
            out["surface"] = surface.explain(count)
            out["deferred_index"] = surface.index_text()
        return out
    finally:
        engine.close()


def format_explain(d: dict[str, Any]) -> str:
    if "error" in d:
        return f"error: {d['error']}"
    lines = [f"request: {d['request']}", f"model: {d['model']}", f"prompt: {d['prompt_tokens']} tokens", ""]
    s = d.get("surface")
    if s:
        lines.append(f"resident tools ({s['resident_tokens']} tokens, deferral {'on' if s['deferral'] else 'off'}):")
        lines += [f"  {r['name']:18} {r['group']:18} {r['tokens']:5} tok" for r in s["resident"]]
        if s["deferred"]:
            lines.append(f"deferred index ({s['index_tokens']} tokens; {s['deferred_tokens_if_resident']} "
                         f"if all were resident):")
            lines += ["  " + ln for ln in d.get("deferred_index", "").splitlines()]
        if s["loaded"]:
            lines.append("loaded this turn: " + ", ".join(f"{k} ({v})" for k, v in s["loaded"].items()))
        lines.append("")
    lines.append("prompt parts:")
    lines += [f"  {p['tokens']:5} tok  {p['role']:9} {p['part']}" for p in d["parts"]]
    r = d["expected_reuse"]
    kept = "kept on disk across restarts" if r["after_restart"] else \
        "not kept across restarts (llm.prefix_cache = false)"
    lines += ["", f"stable prefix: {d['stable_prefix_tokens']} tokens — reused by the next turn with the same tools; "
                  f"{kept}",
              f"steps 2..N: {r['step_n_plus_1']}"]
    if d.get("prefix_warm"):
        w = d["prefix_warm"]
        lines.append(f"this run: prefix {w.get('prefix_tokens', '?')} tokens, reused {w.get('reused', '?')}, "
                     f"evaluated {w.get('evaluated', '?')}, from disk: {w.get('loaded_from_disk', '?')}")
    return "\n".join(lines)


def cmd_context(args: argparse.Namespace) -> int:
    d = explain(" ".join(args.text))
    print(json.dumps(d, indent=1, ensure_ascii=False, default=str) if args.json else format_explain(d))
    return 0 if "error" not in d else 1


def add_commands(sub: Any) -> None:
    p = sub.add_parser("context", help="show the prompt the planner would build for TEXT, with token costs")
    p.add_argument("--explain", action="store_true", help="(default) explain each part")
    p.add_argument("--json", action="store_true")
    p.add_argument("text", nargs="+")
    p.set_defaults(func=cmd_context)
