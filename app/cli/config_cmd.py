"""`metnos config path|show|check|default`."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from app.config import ConfigError, ConfigManager, load_file, paths
from app.config.render import render_default


def cmd_config(args: argparse.Namespace) -> int:
    action = args.action
    if action == "path":
        print(paths.config_file())
        return 0
    if action == "default":
        sys.stdout.write(render_default())
        return 0
    mgr = ConfigManager()
    if action == "check":
        try:
            cfg = load_file(mgr.path)
        except ConfigError as e:
            for p in e.problems:
                print(f"error: {p}", file=sys.stderr)
            return 1
        for w in cfg.warnings:
            print(f"warning: {w}", file=sys.stderr)
        print(f"{mgr.path}: ok")
        return 0
    cfg = mgr.config
    for p in mgr.errors:
        print(f"error: {p} (showing defaults)", file=sys.stderr)
    if args.json:
        print(json.dumps({k: {"value": v, "source": cfg.sources.get(k, "default")} for k, v in cfg.values.items()},
                         ensure_ascii=False, indent=1))
    else:
        for k, v in cfg.values.items():
            print(f"{k} = {json.dumps(v, ensure_ascii=False)}    # {cfg.sources.get(k, 'default')}")
    return 0


def add_commands(sub: Any) -> None:
    p = sub.add_parser("config", help="where runtime.toml is, what is in force, and whether it is valid")
    p.add_argument("action", choices=["path", "show", "check", "default"])
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_config)
