"""The planner's accuracy suite: requests (IT+EN) with the expected first tool and key arguments.

Shared by tests/planner/test_accuracy.py and `metnos bench planner`, so the
number in the test output and the number in the bench are the same
measurement. `{root}` in a request is a folder made here with the files the
requests name, and that folder is the only allowed root.
"""
from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from app.config import parse_text
from app.config.paths import resources_dir
from app.tools.runner import TurnContext
from app.turn.events import Turn
from app.turn.services import TurnServices

SUITE = resources_dir() / "eval" / "planner" / "requests.jsonl"  # shipped: the bench runs in any install


@dataclass
class SuiteResult:
    total: int = 0
    correct: int = 0
    model_consulted: int = 0  # decisions where the structural margin left room for the model
    seconds: float = 0.0
    rows: list[dict[str, Any]] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        return self.correct / self.total if self.total else 0.0


def load(path: Path = SUITE) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def make_root(root: Path) -> Path:
    """The files and folders the suite's requests name."""
    (root / "docs").mkdir(parents=True, exist_ok=True)
    (root / "a.txt").write_text("uno\ndue\ntre\n", encoding="utf-8")
    (root / "note.md").write_text("# Note\nComprare il latte.\n", encoding="utf-8")
    (root / "app.log").write_text("INFO start\nERROR disk full\nINFO retry\nERROR timeout contacting db\n",
                                  encoding="utf-8")
    (root / "docs" / "report.pdf").write_bytes(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    return root


def config_for(root: Path) -> Any:
    return parse_text(f"[tools]\nallowed_roots = [{json.dumps(str(root))}]\n", env={})


def subst(value: Any, root: Path) -> Any:
    return json.loads(json.dumps(value).replace("{root}", str(root).replace("\\", "\\\\")))


def context(text: str, config: Any, registry: Any, services: TurnServices, approve: Any = None,
            emit: Callable[[Any], None] | None = None) -> TurnContext:
    events: list[Any] = []
    return TurnContext(turn=Turn(uuid.uuid4().hex, text, "suite"), config=config, registry=registry,
                       emit=emit or events.append, approve=approve or (lambda *a: False), services=replace(services))


def run(planner: Any, registry: Any, services: TurnServices, root: Path,
        cases: list[dict[str, Any]] | None = None) -> SuiteResult:
    """First decision (and its rule/model arguments) for every case; nothing is executed."""
    cases = load() if cases is None else cases
    cfg = config_for(root)
    res = SuiteResult()
    t0 = time.perf_counter()
    for case in cases:
        text = subst(case["text"], root)
        ctx = context(text, cfg, registry, services)
        d = planner.decide(ctx, [])
        got = d.tool if d is not None else ""
        want_args = subst(case.get("args") or {}, root)
        args_ok = d is not None and all(d.args.get(k) == v for k, v in want_args.items())
        ok = got == case["tool"] and args_ok
        consulted = d is not None and d.choice.llm is not None
        res.total += 1
        res.correct += ok
        res.model_consulted += consulted
        res.rows.append({"text": text, "lang": case.get("lang", ""), "want": case["tool"], "got": got,
                         "args": d.args if d is not None else {}, "want_args": want_args, "ok": ok,
                         "model": consulted})
    res.seconds = time.perf_counter() - t0
    return res


def report(res: SuiteResult) -> str:
    lines = [f"planner accuracy: {res.correct}/{res.total} = {res.accuracy:.1%} "
             f"(model consulted on {res.model_consulted}, {res.seconds:.1f} s)"]
    for r in res.rows:
        if not r["ok"]:
            lines.append(f"  miss: {r['text'][:70]!r}: want {r['want']} {r['want_args'] or ''}, "
                         f"got {r['got']} {r['args']}")
    return "\n".join(lines)
