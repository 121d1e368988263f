"""Paraphrase recall and false hits of the fast path on the IT/EN test sets.

Shared by the tests (tests/routing/test_calibration.py) and `metnos bench
routing`. The sets are shipped data in resources/eval/routing: taught requests (each
learned `min_uses` times through `Router.learn`, the real learning path),
paraphrase probes that should be served with the expected tool and args, and
adversarial probes (other action, negation, other argument, other object) that
must not be served — or only by the entry that really fits (`expect`).
"""
from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

import numpy as np

from app.tools.registry import Tool
from app.turn.events import Step, Turn

REFERENCE_NOW = datetime(2024, 5, 8, 15, 30, 0)  # a Wednesday: the sets' dates are written against it


def default_data_dir() -> Path:
    """The shipped routing sets (resources/eval/routing), so `metnos bench routing` works in any install."""
    from app.config.paths import resources_dir

    return resources_dir() / "eval" / "routing"


def read_jsonl(p: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]


def _never_run(args: dict[str, Any], ctx: Any) -> dict[str, Any]:
    raise RuntimeError("routing test tools are schemas only; they are never executed")


def load_sets(data_dir: Path | None = None) -> dict[str, Any]:
    d = data_dir or default_data_dir()
    extra = json.loads((d / "tools.json").read_text(encoding="utf-8"))
    return {"tools": {k: v for k, v in extra.items() if not k.startswith("_")},
            "taught": read_jsonl(d / "taught.jsonl"),
            "paraphrases": read_jsonl(d / "paraphrases.jsonl"),
            "adversarial": read_jsonl(d / "adversarial.jsonl")}


def real_tools() -> list[Tool]:
    """The app's own tools the sets may name: the core file tools, calculate, and the long-term memory tools."""
    from app.memory.tools import memory_tools
    from app.tools import calculate
    from app.tools.catalog import core_tools

    return [*core_tools(), *calculate.TOOLS, *memory_tools()]


def build_tools(extra: dict[str, Any], taught: list[dict[str, Any]] | None = None) -> dict[str, Tool]:
    """The real core tools plus the schemas of the sets' extra tools, whose examples are the taught requests
    that use them (a tool's examples say which actions it performs)."""
    tools = {t.name: t for t in real_tools()}
    for name, schema in extra.items():
        examples = tuple(t["query"] for t in taught or () if t.get("tool") == name)
        tools.setdefault(name, Tool(name, f"test tool {name}", {"type": "object", **schema}, _never_run,
                                    examples=examples))
    return tools


def fictional_paths(router: Any) -> None:
    """The sets' paths are made up: judge them by their words and spelling, never by what this disk holds."""
    router.disk = None
    for level in ("l1", "l2"):
        getattr(router, level).disk = None


def teach(router: Any, taught: list[dict[str, Any]], times: int = 3, now: datetime = REFERENCE_NOW) -> None:
    """Learn each taught request `times` times, as planner turns that ended well."""
    for t in taught:
        specs = t.get("steps") or [{"tool": t["tool"], "args": t["args"], "result": {"ok": True}}]
        for i in range(times):
            steps = [Step(n, s["tool"], json.loads(json.dumps(s["args"])), s.get("result", {"ok": True}), True, "L3")
                     for n, s in enumerate(specs, 1)]
            router.learn(Turn(id=f"{t['id']}-{i}", text=t["query"], owner="local", ok=True, level="L3", steps=steps),
                         now=now)


def _user_folders(value: Any) -> Any:
    """"$folder:DOCUMENTS" -> this machine's Documents folder: a folder named by the person ("la cartella
    Documenti") is where the XDG user dirs put it, which no fixed path in a label can say."""
    if isinstance(value, str) and value.startswith("$folder:"):
        from app.tools.places import user_dirs
        return str(user_dirs()[value.split(":", 1)[1]])
    if isinstance(value, list):
        return [_user_folders(v) for v in value]
    if isinstance(value, dict):
        return {k: _user_folders(v) for k, v in value.items()}
    return value


def _filed_by_memory(tool: str, args: dict[str, Any]) -> dict[str, Any]:
    """A fact's category is no longer the router's to say: memory files it by meaning when it stores it
    (memory/categories.py, a learned head), except the `todo` a "ricordati di…" trigger names."""
    if tool == "remember" and args.get("category") != "todo":
        return {k: v for k, v in args.items() if k != "category"}
    return args


def _expected(p: dict[str, Any]) -> list[tuple[str, Any]]:
    if "steps" in p:
        probe = json.dumps(p.get("probe", ""), ensure_ascii=False)
        text = json.dumps(p["steps"], ensure_ascii=False).replace('"$probe"', probe)
        return [(s["tool"], _filed_by_memory(s["tool"], _user_folders(s["args"]))) for s in json.loads(text)]
    return [(p["tool"], _filed_by_memory(p["tool"], _user_folders(p["args"])))]


def _got(res: Any) -> list[tuple[str, Any]]:
    if res is None:
        return []
    if res.steps:
        return [(s["tool"], s["args"]) for s in res.steps]
    if res.tool is None:
        return []  # a stage's own answer ("I cannot print"): nothing is run
    return [(res.tool, res.args)]


def evaluate(router: Any, sets: dict[str, Any], now: datetime = REFERENCE_NOW) -> dict[str, Any]:
    """Route every probe; count served-correctly, served-wrongly and refused."""
    para: dict[str, Any] = {"n": 0, "hits": 0, "wrong": 0, "misses": []}
    wrong_hits: list[dict[str, Any]] = []
    for p in sets["paraphrases"]:
        para["n"] += 1
        res = router.route(p["probe"], now=now)
        if res is None or (not _got(res) and res.stage == "files"):  # a question back ("which file?"): a miss
            para["misses"].append({"probe": p["probe"], "why": router.last_reason if res is None else res.reason})
        elif _got(res) == _expected(p):
            para["hits"] += 1
        else:
            para["wrong"] += 1
            wrong_hits.append({"probe": p["probe"], "set": "paraphrase", "got": _got(res), "want": _expected(p),
                               "why": res.reason})
    adv: dict[str, Any] = {"n": 0, "false_hits": 0, "correct_other": 0, "by_kind": {}}
    for a in sets["adversarial"]:
        adv["n"] += 1
        kind = adv["by_kind"].setdefault(a["kind"], {"n": 0, "false_hits": 0})
        kind["n"] += 1
        res = router.route(a["probe"], now=now)
        if res is None or not _got(res):
            continue
        exp = a.get("expect")
        if exp and _got(res) == _expected(exp):  # another taught call, or the calls of two asked actions ("steps")
            adv["correct_other"] += 1
            continue
        adv["false_hits"] += 1
        kind["false_hits"] += 1
        wrong_hits.append({"probe": a["probe"], "set": f"adversarial/{a['kind']}", "got": _got(res),
                           "why": res.reason})
    para["recall"] = para["hits"] / para["n"] if para["n"] else 0.0
    return {"paraphrases": para, "adversarial": adv, "wrong_hits": wrong_hits,
            "wrong_action_or_argument_hits": len(wrong_hits)}


def summary_line(r: dict[str, Any]) -> str:
    p, a = r["paraphrases"], r["adversarial"]
    return (f"paraphrase recall {p['hits']}/{p['n']} = {100 * p['recall']:.1f}% · wrong-action/argument hits "
            f"{r['wrong_action_or_argument_hits']} (paraphrase set {p['wrong']}, adversarial "
            f"{a['false_hits']}/{a['n']}; {a['correct_other']} adversarial probes served by the entry that fits)")


class CachedEmbedder:
    """The real embedder, memoized: threshold sweeps embed each text once."""

    def __init__(self, inner: Any):
        self.inner = inner
        self.dim = getattr(inner, "dim", 384)
        self.ident = getattr(inner, "ident", None)
        self.l1_threshold = getattr(inner, "l1_threshold", None)
        self._cache: dict[str, np.ndarray] = {}

    def embed(self, texts: list[str]) -> np.ndarray:
        todo = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if todo:
            for t, v in zip(todo, self.inner.embed(todo)):
                self._cache[t] = v
        return np.stack([self._cache[t] for t in texts]) if texts else np.asarray(self.inner.embed([]))

    def embed_one(self, text: str) -> np.ndarray:
        return np.asarray(self.embed([text])[0])


def config_with(base: Any, **overrides: Any) -> Any:
    """A Config snapshot with dotted-key overrides ("fast_path.canonical_query_threshold"=0.9)."""
    values = dict(base.values)
    sources = dict(getattr(base, "sources", None) or {})
    for k, v in overrides.items():
        values[k.replace("__", ".")] = v
        sources[k.replace("__", ".")] = "override"  # set on purpose: an embedder's own default does not replace it
    return replace(base, values=values, sources=sources)


def run_sets(memo_path: Path, embedder: Any, config: Any, data_dir: Path | None = None,
             sets: dict[str, Any] | None = None,
             thresholds: list[float | None] | None = None,
             make_router: Callable[..., Any] | None = None) -> dict[str, Any]:
    """Teach the sets into a fresh memo at `memo_path`, then evaluate (optionally at several L1 thresholds)."""
    from app.routing.memo import Memo
    from app.routing.router import Router

    sets = sets or load_sets(data_dir)
    tools = build_tools(sets["tools"], sets["taught"])
    cfg_holder = {"cfg": config}
    router = (make_router or Router)(lambda: cfg_holder["cfg"], lambda: embedder, Memo(memo_path), tools)
    fictional_paths(router)
    teach(router, sets["taught"], int(config.values["fast_path.canonical_query_min_uses"]))
    out: dict[str, Any] = {}
    try:
        for thr in thresholds or [None]:
            if thr is not None:  # one sweep value for both levels
                cfg_holder["cfg"] = config_with(config, **{"fast_path.canonical_query_threshold": thr,
                                                           "multi_tool_fast_path.threshold": thr})
            key = "default" if thr is None else f"{thr:.3f}"
            out[key] = evaluate(router, sets)
    finally:
        router.close()
    return out
