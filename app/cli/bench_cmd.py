"""`metnos bench answers|capability|docs|heads|planner|reminders|requests|routing|memory|selection|store|turns|ui`.

Each module of app/bench provides run_bench()/format_bench().
"""
from __future__ import annotations

import argparse
import importlib
import json
from typing import Any

BENCHES = ("answers", "capability", "docs", "heads", "planner", "reminders", "requests", "routing", "memory",
           "selection", "store", "turns", "ui")

MODULES = {"turns": "turn_speed"}


def _module(which: str) -> Any:
    """Imported only when asked: a bench pulls in models and Qt that `metnos ask` must not pay for."""
    return importlib.import_module(f"app.bench.{MODULES.get(which, which)}")


def cmd_bench(args: argparse.Namespace) -> int:
    if args.train is not None and args.which != "heads":
        print("error: --train rebuilds the learned heads; use it with `metnos bench heads`")
        return 2
    if args.batch:
        if args.which != "routing":
            print("error: --batch measures a new generalization batch; use it with `metnos bench routing`")
            return 2
        return _measure_batch(args.batch, args.json)
    if args.cases or args.split:
        if args.which != "selection":
            print("error: --cases and --split choose the selection actions' texts; use them with "
                  "`metnos bench selection`")
            return 2
        argv = [a for c in args.cases or [] for a in ("--cases", c)] + (["--split", args.split] if args.split else [])
        return int(_module("selection").main(argv))
    if args.query_cache is not None:
        if args.which != "docs":
            print("error: --query-cache times the 200k document search alone; use it with `metnos bench docs`")
            return 2
        return _docs_query(args.query_cache, args.json)
    mod = _module(args.which)
    if args.train is not None:
        unknown = sorted(set(args.train) - set(mod.SPECS)) if args.which == "heads" else []
        if unknown:
            print(f"error: no head named {', '.join(unknown)}; the heads are {', '.join(sorted(mod.SPECS))}")
            return 2
        result = mod.run_bench(train_heads=True, only=tuple(args.train))
    else:
        result = mod.run_bench()
    shown = {k: v for k, v in result.items() if not k.startswith("_")}
    print(json.dumps(shown, indent=1, default=str) if args.json else mod.format_bench(result))
    return 0


def _docs_query(cache: str, as_json: bool) -> int:
    from pathlib import Path

    from app.bench import docs_query

    result = docs_query.run_cached(Path(cache) if cache else None)
    print(json.dumps(result, indent=1, default=str) if as_json else docs_query.format_cached(result))
    return 1 if result.get("error") else 0


def _measure_batch(prefix: str, as_json: bool) -> int:
    """A writer's new batch (<prefix>_para.jsonl, <prefix>_adv.jsonl) through the fast path, clean: nothing of it
    taught or tuned, the set's own taught requests only, in a throwaway home."""
    from pathlib import Path

    from app.bench import generalization as g
    from app.bench.prompt_cache import temporary_home
    from app.bench.routing_sets import summary_line
    from app.config.loader import defaults
    from app.models.embed import get_embedder

    missing = [f for f in (f"{prefix}_para.jsonl", f"{prefix}_adv.jsonl") if not Path(f).is_file()]
    if missing:
        print(f"error: {', '.join(missing)} not found (a batch is <prefix>_para.jsonl and <prefix>_adv.jsonl)")
        return 2
    with temporary_home() as home:
        res = g.measure_batch(Path(prefix), home / "memo.db", get_embedder(), defaults())
    if as_json:
        print(json.dumps(res, indent=1, default=str, ensure_ascii=False))
        return 0
    for part in ("batch", *g.SPLITS):
        print(f"{part:8s} {summary_line(res[part])}")
    for w in res["batch"]["wrong_hits"]:
        print(f"  wrong: {w['probe']!r}: got {w['got']}, {w.get('why', '')}")
    print(f"left out (already in the set): {res['already_in_the_set']}")
    return 0


def add_commands(sub: Any) -> None:
    p = sub.add_parser("bench", help="measure speed against references measured in the same run")
    p.add_argument("which", choices=sorted(BENCHES))
    p.add_argument("--json", action="store_true")
    p.add_argument("--train", nargs="*", metavar="HEAD",
                   help="heads only: retrain the learned heads named (all when none is) from resources/eval and "
                        "rewrite resources/heads")
    p.add_argument("--batch", metavar="PREFIX",
                   help="routing only: measure a new generalization batch (PREFIX_para.jsonl, PREFIX_adv.jsonl) "
                        "clean, without merging it")
    p.add_argument("--cases", metavar="FILE", action="append",
                   help="selection only: another cases file (JSONL, e.g. a writer's fresh batch); repeat for several")
    p.add_argument("--split", choices=("tune", "held"), help="selection only: one half of the cases")
    p.add_argument("--query-cache", metavar="DIR", nargs="?", const="",
                   help="docs only: time the search among ~200k passages alone, on an index built once into DIR "
                        "(default ~/.cache/metnos/bench-docs-200k) and reused by later runs")
    p.set_defaults(func=cmd_bench)
