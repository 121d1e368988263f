"""`metnos route` and `metnos memo ...`: decide without executing, and manage what the fast path learned.

`metnos route --json TEXT` prints one JSON object: level (L0|L1|L2|L3), tool or
steps, args, score (null for L0/L3) and reason — the answer to "why did it do
that?". `metnos memo import FILE | export | list | forget ID | log` moves and
inspects the memo (one JSON object per line). Handlers receive an argparse
namespace with `--home` already applied to the environment.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.engine.engine import Engine


def make_engine() -> "Engine":
    """The engine a real turn runs on: same router, same stages (remember, recall), same registry.
    Imported here, not at the top: every `metnos` command builds this module's parser, and the engine's
    imports cost ~250 ms that `metnos ask` to the running app must not pay."""
    from app.engine.engine import Engine

    return Engine()


def _print_json(obj: Any) -> None:
    print(json.dumps(obj, ensure_ascii=False, default=str))


def cmd_route(args: argparse.Namespace) -> int:
    text = " ".join(args.text)
    if text == "-":
        text = sys.stdin.read()
    requests = [line for line in text.splitlines() if line.strip()] if args.lines else [text]
    engine = make_engine()
    try:
        outs = [engine.route_only(r) for r in requests]
    finally:
        engine.close()
    if args.json:
        for out in outs:
            _print_json(out)
        return 0
    if args.lines:
        for r, out in zip(requests, outs):
            what = out.get("tool") or " → ".join(s["tool"] for s in out.get("steps") or []) or "planner"
            print(f"{out['level']}  {what:<24} {r}")
        return 0
    out = outs[0]
    score = f" {out['score']:.3f}" if out.get("score") is not None else ""
    what = out.get("tool") or " → ".join(s["tool"] for s in out.get("steps") or []) or "planner"
    print(f"{out['level']}{score}  {what}  {json.dumps(out.get('args') or {}, ensure_ascii=False)}")
    print(f"why: {out['reason']}")
    return 0


def cmd_memo(args: argparse.Namespace) -> int:
    from app.routing.memo import MemoError

    engine = make_engine()
    router = engine.router
    try:
        if router is None:
            print("error: the fast-path memo cannot be opened; run `metnos doctor`", file=sys.stderr)
            return 2
        if router.memo.in_memory:  # the turn's fallback (no key, broken disk) must not swallow what is asked here
            from app.routing.memo import Memo
            from app.store.db import StoreError

            try:
                Memo().close()
            except StoreError as e:
                print(f"error: the fast-path memo cannot be opened: {e}", file=sys.stderr)
                return 2
        return _memo(router, args)
    except MemoError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    finally:
        if router is not None:
            router.close()
        engine.close()


def _memo(router: Any, args: argparse.Namespace) -> int:
    from app.routing.memo import MemoError

    action = args.memo_action
    if action == "import":
        path = Path(args.file)
        try:
            lines = sys.stdin.read().splitlines() if args.file == "-" else path.read_text("utf-8").splitlines()
        except OSError as e:
            print(f"error: cannot read {path}: {e.strerror}", file=sys.stderr)
            return 2
        except UnicodeDecodeError:
            print(f"error: {path} is not UTF-8 text; export it again with `metnos memo export`", file=sys.stderr)
            return 2
        n = router.import_lines(lines, owner=args.owner)
        print(f"imported {n['l1']} request(s) and {n['l2']} pipeline(s)")
        return 0
    if action == "export":
        for line in router.export_lines(None if args.all_owners else args.owner):
            print(line)
        return 0
    if action == "list":
        rows = router.list_rows(None if args.all_owners else args.owner)
        if args.json:
            for r in rows:
                _print_json(r)
        elif not rows:
            print("the memo is empty: nothing learned yet")
        else:
            for r in rows:
                what = r.get("tool") or " → ".join(s["tool"] for s in r["steps"])
                extra = f"  contradicted {r['contradicted']}×, needs {r['threshold']:.3f}" if r.get("threshold") else ""
                print(f"{r['id']:>6}  {r['uses']:>4}×  {what:<28} {r['query']}{extra}")
        return 0
    if action == "forget":
        if router.forget(args.id):
            print(f"forgotten {args.id}")
            return 0
        print(f"error: no memo entry {args.id}; see `metnos memo list`", file=sys.stderr)
        return 1
    if action == "log":
        for r in reversed(router.memo.route_log(args.limit)):
            score = f"{r['score']:.3f}" if r["score"] is not None else "  -  "
            print(f"{r['ts']}  {r['level']}  {score}  {r['text'][:60]!r}  {r['reason']}")
        return 0
    raise MemoError(f"unknown memo action {action!r}")


def add_commands(sub: Any) -> None:
    p = sub.add_parser("route", help="show how a request would be routed (L0/L1/L2/L3) without running it")
    p.add_argument("text", nargs="+", help="the request ('-' reads it from stdin)")
    p.add_argument("--json", action="store_true", help="print one JSON object (one per request with --lines)")
    p.add_argument("--lines", action="store_true", help="each line of the text (or of stdin with '-') is a request")
    p.set_defaults(func=cmd_route)

    m = sub.add_parser("memo", help="what the fast path learned: import, export, list, forget, log")
    m.add_argument("--owner", default="local", help="whose memo (default: local)")
    ms = m.add_subparsers(dest="memo_action", metavar="ACTION", required=True)
    mi = ms.add_parser("import", help="add the lines of FILE (from `memo export`, '-' for stdin)")
    mi.add_argument("file")
    me = ms.add_parser("export", help="print every entry as one JSON object per line")
    me.add_argument("--all-owners", action="store_true")
    ml = ms.add_parser("list", help="list entries with their id, uses and tool")
    ml.add_argument("--json", action="store_true")
    ml.add_argument("--all-owners", action="store_true")
    mf = ms.add_parser("forget", help="forget one entry (an id from `memo list`, e.g. q12 or p3)")
    mf.add_argument("id")
    mg = ms.add_parser("log", help="the last routing decisions with their nearest score and reason")
    mg.add_argument("--limit", type=int, default=30)
    for x in (mi, me, ml, mf, mg):
        x.set_defaults(func=cmd_memo)
    m.set_defaults(func=cmd_memo)
