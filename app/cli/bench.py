"""`metnos bench planner|routing|ui|memory` — each concern provides run_bench()/format_bench()."""
from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Any

BENCHES = {"planner": "app.planner.bench", "routing": "app.routing.bench", "ui": "app.ui.bench",
           "memory": "app.cli.bench_memory"}


def cmd_bench(args: argparse.Namespace) -> int:
    try:
        mod = importlib.import_module(BENCHES[args.which])
    except ImportError as e:
        print(f"error: the {args.which} benchmark is not available in this build ({e})", file=sys.stderr)
        return 2
    result = mod.run_bench()
    print(json.dumps(result, indent=1, default=str) if args.json else mod.format_bench(result))
    return 0


def add_commands(sub: Any) -> None:
    p = sub.add_parser("bench", help="measure speed against references measured in the same run")
    p.add_argument("which", choices=sorted(BENCHES))
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_bench)
