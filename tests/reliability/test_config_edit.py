"""Group 7 — runtime.toml under edit: 200 random edits while turns run; the engine runs on the last valid config.

A real ConfigManager watches the real file (watchdog); an editor thread makes
random edits — valid and invalid, atomic (temp + rename), in place
(truncate + write, sometimes in two chunks), vim-style (rename away, write
new) — while the test runs L0 turns through Engine.run_turn without pause. A
probe plugin records the Config each turn started with. Checked:
* every turn ends with an answer, nothing crashes, the watcher stays alive;
* every config a turn ran on is the parse of a state the file really had
  (never half-applied, never an invalid one);
* at each checkpoint, once the edits settle, the engine runs on exactly the
  last valid content, and an invalid last edit is reported by key while the
  previous good config stays in force.
"""
from __future__ import annotations

import json
import os
import random
import threading
import time
from pathlib import Path
from typing import Any

from rel_support import TALLY, size

from app.config import ConfigError, ConfigManager, parse_text, paths

EDITS = size(200, 200, "METNOS_CONFIG_EDITS")
CHECK_EVERY = size(20, 10)
SETTLE_TIMEOUT_S = 10.0

# keys a turn of L0 does not depend on for its own path (no model reloads, L0 stays on)
VALUES: dict[str, list[str]] = {
    "fast_path.canonical_query_threshold": ["0.8", "0.85", "0.9", "0.93", "1.0", "0"],
    "fast_path.canonical_query_min_uses": ["1", "2", "3", "5", "10"],
    "scratchpad.threshold_bytes": ["1024", "4096", "65536"],
    "scratchpad.inline_chars": ["500", "1500", "3000"],
    "llm.max_steps": ["1", "4", "6", "12"],
    "llm.max_answer_tokens": ["64", "256", "512"],
    "ui.notify_after_s": ["0", "2.5", "5", "30"],
    "ui.language": ['"auto"', '"it"', '"en"'],
    "memory.recall_top_k": ["1", "5", "9"],
    "tools.max_read_bytes": ["1000", "5000000"],
}
BAD: list[tuple[str, str]] = [  # (what the error must name, the text)
    ("fast_path.canonical_query_threshold", '[fast_path]\ncanonical_query_threshold = "alta"\n'),
    ("fast_path.canonical_query_threshold", "[fast_path]\ncanonical_query_threshold = 1.5\n"),
    ("fast_path.canonical_query_min_uses", "[fast_path]\ncanonical_query_min_uses = 0\n"),
    ("llm.max_steps", '[llm]\nmax_steps = "6"\n'),
    ("ui.language", '[ui]\nlanguage = "fr"\n'),
    ("tools.allowed_roots", '[tools]\nallowed_roots = "~"\n'),
    ("not valid TOML", "[llm\nmax_steps = 3\n"),
    ("not valid TOML", "[llm]\nmax_steps = 3\nmax_steps = 4\n"),
    ("not valid TOML", "[llm]\nmax_steps = \n"),
    ("nested too deeply", "[llm]\nx = " + "[" * 20_000 + "\n"),
    ("not UTF-8", "\udcff"),  # written as the raw byte 0xff
]


def valid_text(rng: random.Random) -> str:
    by_section: dict[str, list[str]] = {}
    for dotted in rng.sample(sorted(VALUES), rng.randint(0, len(VALUES))):
        sec, key = dotted.split(".")
        by_section.setdefault(sec, []).append(f"{key} = {rng.choice(VALUES[dotted])}")
    parts = [f"# edit {rng.random():.6f}"]
    for sec, lines in by_section.items():
        parts.append(f"[{sec}]\n" + "\n".join(lines))
    return "\n".join(parts) + "\n"


def encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


class Editor:
    """Writes the file the ways editors do; records every state the file had."""

    def __init__(self, path: Path, rng: random.Random):
        self.path, self.rng = path, rng
        self.states: list[str] = []  # every content the file went through (including partial in-place writes)
        self.last = ""

    def write(self, text: str) -> None:
        data = encode(text)
        how = self.rng.choice(["atomic", "in-place", "chunks", "vim"])
        if how == "atomic":
            tmp = self.path.with_name(f".runtime.toml.{self.rng.randint(0, 1 << 30)}.tmp")
            tmp.write_bytes(data)
            os.replace(tmp, self.path)
        elif how == "in-place":
            self.states.append("")  # truncated first
            with open(self.path, "wb") as f:
                f.write(data)
        elif how == "chunks":
            cut = self.rng.randint(0, len(data))
            self.states += ["", data[:cut].decode("utf-8", "surrogateescape")]
            with open(self.path, "wb") as f:
                f.write(data[:cut])
                f.flush()
                time.sleep(self.rng.uniform(0, 0.02))
                f.write(data[cut:])
        else:  # vim: the old file renamed to a backup, the new one written, the backup removed
            backup = self.path.with_name("runtime.toml~")
            if self.path.exists():
                os.replace(self.path, backup)
            self.states.append("")  # no file: defaults
            self.path.write_bytes(data)
            backup.unlink(missing_ok=True)
        self.states.append(text)
        self.last = text


def parse(text: str) -> Any | None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("METNOS_")}
    if "\udcff" in text:
        return None  # not UTF-8: load_file refuses it
    try:
        return parse_text(text, env=env)
    except ConfigError:
        return None


def _key(values: dict[str, Any]) -> str:
    return json.dumps(values, sort_keys=True, default=str)


class Probe:
    """An engine plugin: the Config each turn started with."""

    def __init__(self) -> None:
        self.seen: list[dict[str, Any]] = []

    def turn_started(self, ctx: Any) -> None:
        self.seen.append(dict(ctx.config.values))


def settle(manager: ConfigManager, want: dict[str, Any] | None, bad_key: str | None) -> str | None:
    """Wait for the watcher to apply the last edit; None when it did, else what is wrong."""
    deadline = time.monotonic() + SETTLE_TIMEOUT_S
    time.sleep(0.3)
    while time.monotonic() < deadline:
        cfg = manager.config.values
        errs = "; ".join(manager.errors)
        if bad_key is None and want is not None and dict(cfg) == want and not errs:
            return None
        if bad_key is not None and bad_key in errs and (want is None or dict(cfg) == want):
            return None
        time.sleep(0.1)
    cfg = dict(manager.config.values)
    diff = {k: (cfg.get(k), v) for k, v in (want or {}).items() if cfg.get(k) != v}
    return f"after {SETTLE_TIMEOUT_S:.0f} s: config differs from the last valid edit {diff}, errors {manager.errors}"


def test_random_edits_while_turns_run(metnos_home: Path) -> None:
    from app.engine.engine import Engine
    from app.turn import events as ev

    rng = random.Random()
    path = paths.config_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(valid_text(rng), encoding="utf-8")
    manager = ConfigManager().watch()
    engine = Engine(manager)
    probe = Probe()
    engine.plugins.append(probe)
    editor = Editor(path, rng)
    editor.states.append(path.read_text(encoding="utf-8"))
    stop = threading.Event()
    turn_problems: list[str] = []
    turns = [0]

    def run_turns() -> None:
        texts = ["che ore sono", "che giorno è oggi", "what time is it"]
        while not stop.is_set():
            got = {"answer": False, "ended": False}
            for e in engine.run_turn(rng.choice(texts)):
                if isinstance(e, ev.Answer) and e.text:
                    got["answer"] = True
                elif isinstance(e, ev.Error):
                    turn_problems.append(f"error event: {e.message}")
                elif isinstance(e, ev.TurnEnded):
                    got["ended"] = e.ok
            turns[0] += 1
            if not (got["answer"] and got["ended"]):
                turn_problems.append(f"turn {turns[0]} did not end with an answer: {got}")

    failures: list[str] = []
    edits = 0
    try:
        assert parse(editor.last or editor.states[-1]) is not None
        t = threading.Thread(target=run_turns, daemon=True)
        t.start()
        last_valid = parse(editor.states[-1])
        while edits < EDITS:
            for _ in range(min(CHECK_EVERY, EDITS - edits)):
                bad = rng.random() < 0.4
                text = rng.choice(BAD)[1] if bad else valid_text(rng)
                editor.write(text)
                edits += 1
                time.sleep(rng.uniform(0, 0.04))
            # checkpoint: a valid edit must be applied exactly ...
            editor.write(valid_text(rng))
            last_valid = parse(editor.last)
            assert last_valid is not None
            problem = settle(manager, dict(last_valid.values), None)
            if problem:
                failures.append(f"after edit {edits} (valid): {problem}")
            n_before = len(probe.seen)
            deadline = time.monotonic() + 10
            while len(probe.seen) <= n_before + 1 and time.monotonic() < deadline:
                time.sleep(0.02)
            if probe.seen[-1] != dict(last_valid.values):
                failures.append(f"after edit {edits}: a turn ran on another config than the last valid one")
            # ... and an invalid one after it must be reported by key, the good config kept
            key, bad_text = rng.choice(BAD)
            editor.write(bad_text)
            problem = settle(manager, dict(last_valid.values), key)
            if problem:
                failures.append(f"after edit {edits} (invalid, {key}): {problem}")
        stop.set()
        t.join(60)
        if t.is_alive():
            failures.append("the turn loop hung")
        valid_states = {_key(dict(c.values)) for c in (parse(s) for s in editor.states) if c is not None}
        strays = [cfg for cfg in probe.seen if _key(cfg) not in valid_states]
        if strays:
            failures.append(f"{len(strays)} turns ran on a config the file never had (half-applied?)")
        watcher = manager._watcher
        if watcher is None or watcher._observer is None or not watcher._observer.is_alive():
            failures.append("the config watcher died")
        failures += turn_problems[:5]
        if not probe.seen or turns[0] < EDITS // 10:
            failures.append(f"too few turns ran during the edits ({turns[0]})")
    finally:
        stop.set()
        TALLY.add("config", trials=edits, failures=len(failures) + max(0, len(turn_problems) - 5),
                  note=f"{edits} edits ({len(editor.states)} file states), {turns[0]} turns ran meanwhile")
        manager.close()
        engine.close()
    assert not failures, "\n".join(failures)
