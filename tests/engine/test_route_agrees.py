"""`metnos route --json` tells the truth: on the requests of the routing sets it names the level and
tool that a real turn then uses.

The router is taught the sets' taught requests (the real learning path), then the paraphrase and
adversarial probes go once through the CLI (a separate process, same METNOS_HOME) and once through a
real Engine turn — every 2nd probe of each set (170 of 340, fixed by position: the whole pass took ~5 of CI's 60
minutes). A turn the router sends to the planner is stopped right after its routing decision
(nothing of the planner is under test here); learning is paused so the turns cannot change the memo.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from support import write_runtime

from app.bench.routing_sets import config_with, load_sets, teach
from app.config import ConfigManager
from app.engine.catalog import build_registry
from app.engine.engine import Engine
from app.routing.memo import Memo
from app.routing.router import Router
from app.turn import events as ev
from app.turn.cancel import CancelToken

pytestmark = pytest.mark.slow


def _turn_decision(engine: Engine, text: str) -> tuple[str, str | None]:
    cancel = CancelToken()
    seen: list[ev.RouteDecision] = []

    def emit(e: ev.Event) -> None:
        if isinstance(e, ev.RouteDecision) and not seen:
            seen.append(e)
            if e.level == "L3":
                cancel.cancel()  # the planner is not what this test is about

    engine.run_turn_sync(text, emit, cancel=cancel)
    assert seen, f"no routing decision for {text!r}"
    d = seen[0]
    tool = d.tool or ((d.steps or [{}])[0].get("tool") if d.steps else None)
    return d.level, tool


def _cli_tool(out: dict[str, Any]) -> str | None:
    return out.get("tool") or ((out.get("steps") or [{}])[0].get("tool") if out.get("steps") else None)


def test_route_json_and_real_turns_agree_on_level_and_tool(metnos_home: Path, tmp_path: Path,
                                                            bundled_embedder: Any) -> None:
    files = tmp_path / "files"
    files.mkdir()
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{files}"]\n[ui]\npause_learning = true\n')
    sets = load_sets()
    teacher = Router(config_with(ConfigManager().config, **{"ui.pause_learning": False}), lambda: bundled_embedder,
                     Memo(), build_registry())
    teach(teacher, sets["taught"], times=3)  # the real learning path, into the memo on disk
    teacher.close()
    engine = Engine()
    try:
        probes = [p["probe"] for p in sets["paraphrases"][::2]] + [a["probe"] for a in sets["adversarial"][::2]]
        probes = [p for p in probes if "\n" not in p]
        proc = subprocess.run([sys.executable, "-m", "app.cli.main", "route", "--json", "--lines", "-"],
                              input="\n".join(probes), capture_output=True, text=True, timeout=900)
        assert proc.returncode == 0, proc.stderr[-2000:]
        cli = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
        assert len(cli) == len(probes)
        disagree = []
        levels: dict[str, int] = {}
        for text, out in zip(probes, cli):
            level, tool = _turn_decision(engine, text)
            levels[level] = levels.get(level, 0) + 1
            if (out["level"], _cli_tool(out)) != (level, tool):
                disagree.append(f"{text!r}: route --json {out['level']} {_cli_tool(out)}, turn {level} {tool}")
        assert not disagree, "\n".join(disagree)
        assert levels.get("L1", 0) + levels.get("L2", 0) > 0 and levels.get("L3", 0) > 0, levels  # both kinds seen
    finally:
        engine.close()
