"""The file-actions and capability-honesty suite: requests (IT/EN, as people type them) with the expected tool
and arguments, or the "cannot" sentence, or a question back.

Each request goes through the real router (the action stage, then L0; L1/L2 start empty) and, when the
router leaves it to the planner, through the planner's first decision with the bundled model — the
same path a turn takes. Nothing is executed. A tuning half and a held-out half are reported apart.
`{root}` is a folder made here with the files the requests name; it is the only allowed root.
"""
from __future__ import annotations

import json
import stat
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.config import parse_text
from app.config.paths import resources_dir
from app.lang.messages import Message, catalog
from app.tools.runner import TurnContext
from app.turn.events import Turn
from app.turn.services import TurnServices

SUITE = resources_dir() / "eval" / "tools" / "requests.jsonl"


@dataclass
class Split:
    total: int = 0
    correct: int = 0
    cannot_total: int = 0
    cannot_said: int = 0  # unsupported requests answered with the "cannot" sentence in their language
    substitutes: int = 0  # unsupported requests that ran a tool anyway (beyond the supported clauses asked)

    @property
    def accuracy(self) -> float:
        return self.correct / self.total if self.total else 0.0


@dataclass
class SuiteResult:
    splits: dict[str, Split] = field(default_factory=dict)
    rows: list[dict[str, Any]] = field(default_factory=list)

    def split(self, name: str) -> Split:
        return self.splits.setdefault(name, Split())


def load(path: Path = SUITE) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def make_root(root: Path) -> Path:
    for d in ("sub", "archivio", "docs"):
        (root / d).mkdir(parents=True, exist_ok=True)
    (root / "a.txt").write_text("uno\ndue\n", encoding="utf-8")
    (root / "todo.txt").write_text("comprare il latte\n", encoding="utf-8")
    (root / "note.md").write_text("# Note\nComprare il latte.\n", encoding="utf-8")
    (root / "vecchio.log").write_text("ERROR disk full\nERROR timeout\n", encoding="utf-8")
    (root / "foto.jpg").write_bytes(bytes(range(256)))
    (root / "sub" / "x.txt").write_text("x\n", encoding="utf-8")
    (root / "docs" / "report.pdf").write_bytes(b"%PDF-1.4\n")
    run = root / "run.sh"
    run.write_text("#!/bin/sh\necho hi\n", encoding="utf-8")
    run.chmod(run.stat().st_mode | stat.S_IXUSR)
    return root


def subst(value: Any, root: Path) -> Any:
    return json.loads(json.dumps(value).replace("{root}", str(root).replace("\\", "\\\\")))


def cannot_texts(lang: str) -> set[str]:
    return {Message(k).text(lang) for k in catalog() if k.startswith("cannot.")}


def _args_ok(got: dict[str, Any], want: dict[str, Any]) -> bool:
    return all(got.get(k) == v for k, v in want.items())


def run(router: Any, planner: Any, registry: Any, services: TurnServices, root: Path,
        cases: list[dict[str, Any]] | None = None) -> SuiteResult:
    cases = load() if cases is None else cases
    cfg = parse_text(f"[tools]\nallowed_roots = [{json.dumps(str(root))}]\n", env={})
    out = SuiteResult()
    for case in cases:
        text = subst(case["text"], root)
        lang = case["lang"]
        res = router.route(text)
        level, tools, reply, notice = "L3", [], "", ""
        if res is not None:
            level = res.level
            steps = res.steps or ([{"tool": res.tool, "args": res.args}] if res.tool else [])
            tools = [(s["tool"], s["args"]) for s in steps]
            reply, notice = res.reply or "", res.notice or ""
        if res is None or (res.planner_text and not tools):
            ctx = TurnContext(turn=Turn(uuid.uuid4().hex, res.planner_text if res else text, "suite"), config=cfg,
                              registry=registry, emit=lambda e: None, approve=lambda *a: False,
                              services=TurnServices(**{k: getattr(services, k) for k in ("llm", "embedder")}))
            d = planner.decide(ctx, [])
            if d is not None and d.tool != "answer":
                tools = [(d.tool, d.args)]
            level = "L3"
        said = reply or notice
        want_tool, want_args = case.get("tool"), subst(case.get("args") or {}, root)
        want_steps = [(s["tool"], subst(s["args"], root)) for s in case.get("steps") or []]
        sp = out.split(case["split"])
        sp.total += 1
        if case.get("cannot"):
            sp.cannot_total += 1
            in_lang = any(t in said for t in cannot_texts(lang))
            sp.cannot_said += in_lang
            expected = [t for t, _ in want_steps]
            extra = [t for t, _ in tools if t not in expected]
            sp.substitutes += bool(extra)
            ok = in_lang and not extra and all(
                any(t == wt and _args_ok(a, wa) for t, a in tools) for wt, wa in want_steps)
        elif case.get("ask"):
            ok = not tools and bool(said)
        else:
            ok = bool(tools) and tools[0][0] == want_tool and _args_ok(tools[0][1], want_args)
        sp.correct += ok
        out.rows.append({"split": case["split"], "text": text, "ok": ok, "level": level, "got": tools,
                         "said": said, "want": want_tool or ("cannot." + case["cannot"] if case.get("cannot") else
                                                             "a question"), "want_args": want_args})
    return out


def report(res: SuiteResult) -> str:
    lines = []
    for name, sp in res.splits.items():
        lines.append(f"{name}: right tool and arguments {sp.correct}/{sp.total} = {sp.accuracy:.1%}; unsupported "
                     f"answered with the cannot sentence {sp.cannot_said}/{sp.cannot_total}; substitute actions "
                     f"{sp.substitutes}")
    for r in res.rows:
        if not r["ok"]:
            lines.append(f"  miss ({r['split']}, {r['level']}): {r['text'][:80]!r}: want {r['want']} "
                         f"{r['want_args'] or ''}, got {r['got']} {r['said'][:60]!r}")
    return "\n".join(lines)
