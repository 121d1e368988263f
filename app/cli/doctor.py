"""`metnos doctor` — every line ok/warn/fail with the fix."""
from __future__ import annotations

import argparse
import json
import os
import time
from dataclasses import dataclass
from typing import Any, Callable


@dataclass
class Check:
    status: str  # ok | warn | fail
    what: str
    detail: str
    fix: str = ""


def _paths() -> list[Check]:
    from app.config import paths

    out = []
    for name, fn in (("config", paths.config_dir), ("data", paths.data_dir), ("cache", paths.cache_dir)):
        d = fn()
        try:
            paths.ensure(d)
            probe = d / ".metnos-write-test"
            probe.write_text("x")
            probe.unlink()
            out.append(Check("ok", f"{name} dir", str(d)))
        except OSError as e:
            out.append(Check("fail", f"{name} dir", f"{d}: {e.strerror}",
                             f"make {d} writable, or set METNOS_HOME to a writable folder"))
    return out


def _config() -> list[Check]:
    from app.config import ConfigError, load_file, paths, write_default

    p = paths.config_file()
    try:
        write_default(p)
        cfg = load_file(p)
    except ConfigError as e:
        return [Check("fail", "runtime.toml", pr, "edit the key named, or delete the file to regenerate it")
                for pr in e.problems]
    except OSError as e:
        return [Check("fail", "runtime.toml", f"{p}: {e}", "check permissions")]
    out = [Check("ok", "runtime.toml", str(p))]
    out += [Check("warn", "runtime.toml", w, "remove or correct the key") for w in cfg.warnings]
    return out


# ~100 tokens, so the prompt speed is not all fixed overhead
SPEED_PROMPT = ("Metnos Desk runs on this computer only: it reads files, lists folders, tells the time and "
                "remembers what you ask it to remember, and nothing you type leaves the machine. The planner "
                "model chooses a tool for each request, and the answer is written for the person who asked, "
                "in the language of the request. Count from one to ten, in words, separated by commas.")


def _planner(load: bool) -> list[Check]:
    from app.config import ConfigManager
    from app.models import hardware
    from app.models.bundle import ModelError, planner_path

    cfg = ConfigManager().config
    if cfg.llm.backend == "openai":
        return [Check("ok", "planner", f"remote backend {cfg.llm.base_url} (model {cfg.llm.remote_model or '?'})")]
    out = [Check("ok", "memory", f"RAM {hardware.gb(hardware.ram_total())} total, "
                                 f"{hardware.gb(hardware.ram_available())} available; "
                                 f"{hardware.physical_cores()} physical cores")]
    try:
        t0 = time.perf_counter()
        loc = planner_path(cfg.llm.model)
        out.append(Check("ok", "planner model", f"{loc.path} (sha256 ok, {time.perf_counter() - t0:.2f}s to verify)"))
    except ModelError as e:
        return out + [Check("fail", "planner model", str(e))]
    keep = cfg.llm.keep_alive_minutes
    out.append(Check("warn" if loc.ram_fallback else "ok", "planner in use",
                     f"{loc.name} (llm.model = \"{cfg.llm.model}\"); released after "
                     + (f"{keep:g} min idle" if keep > 0 else "never (keep_alive_minutes = 0)")
                     + (f"; {loc.note}" if loc.note else ""),
                     "add RAM, or set llm.model = \"bundled-lite\" to make the choice explicit"
                     if loc.ram_fallback else ""))
    if not load:
        return out
    try:
        from app.models.llm import LlamaBackend

        fmt = cfg.llm.chat_format if cfg.llm.chat_format != "auto" else loc.chat_format
        b = LlamaBackend(loc.path, n_ctx=1024, threads=cfg.llm.threads, chat_format=fmt)
        prompt = b.render([{"role": "user", "content": SPEED_PROMPT}])
        c = b.complete(prompt, max_tokens=24)
        prefill_s = max(1e-6, c.timings["first_token_s"])
        tps = c.completion_tokens / max(1e-6, c.timings["total_s"] - c.timings["first_token_s"])
        out.append(Check("ok", "planner load", f"{b.load_s:.2f}s, format {b.chat_format}, {b.threads} threads "
                                               f"(llm.threads = {cfg.llm.threads}; 0 = one per physical core)"))
        out.append(Check("ok" if tps > 5 else "warn", "planner speed",
                         f"{tps:.0f} tokens/s generation, {c.evaluated_tokens / prefill_s:.0f} tokens/s prompt "
                         f"({c.evaluated_tokens} tokens), first token {c.timings['first_token_s'] * 1000:.0f} ms, "
                         f"load average {os.getloadavg()[0]:.1f}",
                         "" if tps > 5 else "the machine is busy or slow; close heavy programs"))
        b.close()
    except Exception as e:
        out.append(Check("fail", "planner load", str(e), "run `metnos models install --force`"))
    return out


def _embedder(load: bool) -> list[Check]:
    from app.config import ConfigManager
    from app.models.bundle import ModelError, embedder_path

    cfg = ConfigManager().config
    try:
        loc = embedder_path(cfg.embed.model)
        out = [Check("ok", "embedder model", f"{loc.path} (sha256 ok)")]
    except ModelError as e:
        return [Check("fail", "embedder model", str(e))]
    if not load:
        return out
    try:
        from app.models.embed import Embedder

        t0 = time.perf_counter()
        emb = Embedder(loc.path, threads=cfg.embed.threads)
        emb.embed(["warm up"])
        load_s = time.perf_counter() - t0
        times = []
        for _ in range(5):
            t1 = time.perf_counter()
            emb.embed(["che ore sono"])
            times.append((time.perf_counter() - t1) * 1000)
        times.sort()
        out.append(Check("ok", "embedder", f"load {load_s:.2f}s, one query {times[len(times) // 2]:.1f} ms"))
    except Exception as e:
        out.append(Check("fail", "embedder", str(e), "run `metnos models install --force`"))
    return out


def _keyring() -> list[Check]:
    try:
        import keyring

        kr = keyring.get_keyring()
        name = f"{type(kr).__module__}.{type(kr).__name__}"
        if "fail" in name.lower() or "null" in name.lower():
            return [Check("warn", "keyring", f"no usable keyring ({name}); long-term memory is off",
                          "install and unlock a Secret Service (gnome-keyring / KWallet) on Linux; "
                          "macOS Keychain and Windows Credential Manager work out of the box")]
        if "plaintext" in name.lower() or "cryptfile" in name.lower():
            return [Check("warn", "keyring", f"{name} is not a safe secret store; long-term memory stays off",
                          "use the desktop's Secret Service, or opt in to memory.passphrase_mode")]
        return [Check("ok", "keyring", name)]
    except Exception as e:
        return [Check("warn", "keyring", f"keyring unavailable: {e}", "pip install keyring; start a Secret Service")]


def _sqlite() -> list[Check]:
    from app.store import sqlite3mc_version

    v = sqlite3mc_version()
    if v:
        return [Check("ok", "sqlite3mc", v)]
    return [Check("fail", "sqlite3mc", "plain SQLite loaded: encrypted memory disabled",
                  "pip uninstall -y apsw apsw-sqlite3mc && pip install apsw-sqlite3mc")]


def run_checks(load: bool = True) -> list[Check]:
    groups: list[Callable[[], list[Check]]] = [_paths, _config, lambda: _planner(load), lambda: _embedder(load),
                                               _keyring, _sqlite]
    out: list[Check] = []
    for g in groups:
        try:
            out += g()
        except Exception as e:  # doctor itself must never crash
            out.append(Check("fail", getattr(g, "__name__", "check"), f"{type(e).__name__}: {e}"))
    return out


def cmd_doctor(args: argparse.Namespace) -> int:
    checks = run_checks(load=not args.quick)
    if args.json:
        print(json.dumps([c.__dict__ for c in checks], ensure_ascii=False, indent=1))
    else:
        for c in checks:
            fix = f"\n        fix: {c.fix}" if c.fix and c.status != "ok" else ""
            print(f"{c.status:4}  {c.what}: {c.detail}{fix}")
    return 1 if any(c.status == "fail" for c in checks) else 0


def add_commands(sub: Any) -> None:
    p = sub.add_parser("doctor", help="check paths, models, keyring and config, with fixes")
    p.add_argument("--quick", action="store_true", help="skip loading the models")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_doctor)
