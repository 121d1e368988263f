"""`metnos bench planner|routing|memory|store|ui` — each module of app/bench provides run_bench()/format_bench()."""
from __future__ import annotations

import argparse
import json
from typing import Any

BENCHES = ("planner", "routing", "memory", "store", "ui")


def _module(which: str) -> Any:
    """Imported only when asked: a bench pulls in models and Qt that `metnos ask` must not pay for."""
    if which == "planner":
        from app.bench import planner

        return planner
    if which == "routing":
        from app.bench import routing

        return routing
    if which == "memory":
        from app.bench import memory

        return memory
    if which == "store":
        from app.bench import store

        return store
    from app.bench import ui

    return ui


def cmd_bench(args: argparse.Namespace) -> int:
    mod = _module(args.which)
    result = mod.run_bench()
    print(json.dumps(result, indent=1, default=str) if args.json else mod.format_bench(result))
    return 0


def add_commands(sub: Any) -> None:
    p = sub.add_parser("bench", help="measure speed against references measured in the same run")
    p.add_argument("which", choices=sorted(BENCHES))
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_bench)
