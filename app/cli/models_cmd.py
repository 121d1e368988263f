"""`metnos models install|verify|path`."""
from __future__ import annotations

import argparse
import sys
from typing import Any


def cmd_models(args: argparse.Namespace) -> int:
    from app.lang.heads import HeadError, verify_heads
    from app.models import bundle

    if args.action == "path":
        print(bundle.models_dir())
        return 0
    if args.action == "verify":
        try:
            for setting in ("bundled", "bundled-lite"):
                # the RAM fallback must not hide a missing instruct model: verify each file as such
                loc = bundle.planner_path(setting, ram_total=bundle.LITE_BELOW_BYTES)
                print(f"{loc.name}: {loc.path}")
            print(f"embedder: {bundle.embedder_path().path}")
            for line in verify_heads():  # the learned heads: weights match their manifest
                print(line)
        except (bundle.ModelError, HeadError) as e:
            print(f"error: {e}", file=sys.stderr)
            return 1
        print("models: ok")
        return 0
    from app.models.install import install

    def progress(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    try:
        for line in install(force=args.force, progress=progress):
            print(line)
    except bundle.ModelError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


def add_commands(sub: Any) -> None:
    p = sub.add_parser("models", help="install or verify the bundled models")
    p.add_argument("action", choices=["install", "verify", "path"])
    p.add_argument("--force", action="store_true", help="rebuild even if present")
    p.set_defaults(func=cmd_models)
