"""`metnos bench capability`: does the app say "I can't" to what no tool does, and only to that?

resources/eval/capability/requests.jsonl holds requests for things no tool here does (an alarm, music, a call, a
message sent, the weather, a booking, the lights…: `cannot`) and near misses that share their words and are done
(a reminder to call, a message drafted for the person to send, meteo.txt read, "how do I set an alarm?": `can`),
written by someone who never saw the code. Each is routed as a turn would be (the engine's router, every stage, in
a throwaway home; nothing runs): refused means the capability stage answered alone with its "cannot" sentence.
Split by the fixed rule (requests.split_of); tune on the first half only, report both. The record:
resources/eval/capability/README.md.
"""
from __future__ import annotations

import json
from collections import Counter
from typing import Any

from app.config.paths import resources_dir

from .requests import split_of
from .routing_sets import read_jsonl

SET = ("capability", "requests.jsonl")


def cases() -> list[dict[str, Any]]:
    return [dict(d, split=split_of(d["text"])) for d in read_jsonl(resources_dir() / "eval" / SET[0] / SET[1])]


def refused(route: dict[str, Any]) -> bool:
    """The capability stage answered the whole request with its "cannot" sentence: nothing runs, nothing is left
    to the planner."""
    return route.get("stage") == "capability" and not route.get("tool") and not route.get("steps") \
        and not route.get("planner_text")


def run_bench(sample: int = 1) -> dict[str, Any]:
    """Every `sample`-th request (file order) routed by a real Engine's router in a throwaway home."""
    from app.config import ConfigManager
    from app.engine.engine import Engine

    from .prompt_cache import temporary_home

    rows = cases()[::max(1, sample)]
    with temporary_home():
        engine = Engine(ConfigManager())
        try:
            for r in rows:
                r["refused"] = refused(engine.route_only(r["text"]))
        finally:
            engine.close()
    return summarize(rows)


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {"n": len(rows)}
    for split in ("tune", "held"):
        sel = [r for r in rows if r["split"] == split]
        cannot = [r for r in sel if r["label"] == "cannot"]
        can = [r for r in sel if r["label"] == "can"]
        kinds = Counter(r["kind"] for r in cannot)
        said = Counter(r["kind"] for r in cannot if r["refused"])
        out[split] = {
            "cannot_said": sum(r["refused"] for r in cannot), "cannot": len(cannot),
            "can_refused": sum(r["refused"] for r in can), "can": len(can),
            "by_kind": {k: f"{said[k]}/{n}" for k, n in sorted(kinds.items())},
            "wrongly_refused": [r["text"] for r in can if r["refused"]],
        }
    out["_rows"] = rows
    return out


def format_bench(r: dict[str, Any]) -> str:
    lines = ["split   cannot said   can refused (a substitute: a doable request refused)"]
    for split in ("tune", "held"):
        s = r[split]
        lines.append(f"{split:6s}  {s['cannot_said']:>4}/{s['cannot']:<6}  {s['can_refused']:>4}/{s['can']}")
    for split in ("tune", "held"):
        lines.append(f"{split} by kind: " + ", ".join(f"{k} {v}" for k, v in r[split]["by_kind"].items()))
        lines += [f"  refused, but doable: {t}" for t in r[split]["wrongly_refused"]]
    return "\n".join(lines)


if __name__ == "__main__":
    print(json.dumps({k: v for k, v in run_bench().items() if not k.startswith("_")}, indent=1))
