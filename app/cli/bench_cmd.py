"""`metnos bench answers|heads|planner|requests|routing|memory|store|turns|ui`.

Each module of app/bench provides run_bench()/format_bench().
"""
from __future__ import annotations

import argparse
import importlib
import json
from typing import Any

BENCHES = ("answers", "heads", "planner", "requests", "routing", "memory", "store", "turns", "ui")

MODULES = {"turns": "turn_speed"}


def _module(which: str) -> Any:
    """Imported only when asked: a bench pulls in models and Qt that `metnos ask` must not pay for."""
    return importlib.import_module(f"app.bench.{MODULES.get(which, which)}")


def cmd_bench(args: argparse.Namespace) -> int:
    if args.train and args.which != "heads":
        print("error: --train rebuilds the learned heads; use it with `metnos bench heads`")
        return 2
    mod = _module(args.which)
    result = mod.run_bench(train_heads=True) if args.train else mod.run_bench()
    shown = {k: v for k, v in result.items() if not k.startswith("_")}
    print(json.dumps(shown, indent=1, default=str) if args.json else mod.format_bench(result))
    return 0


def add_commands(sub: Any) -> None:
    p = sub.add_parser("bench", help="measure speed against references measured in the same run")
    p.add_argument("which", choices=sorted(BENCHES))
    p.add_argument("--json", action="store_true")
    p.add_argument("--train", action="store_true",
                   help="heads only: retrain the learned heads from resources/eval and rewrite resources/heads")
    p.set_defaults(func=cmd_bench)
