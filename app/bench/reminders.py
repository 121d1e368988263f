"""`metnos bench reminders`: what the reminders' scheduler costs while nothing is due (its idle goals).

Two figures, measured in a child process of their own (this process's other allocations would blur a megabyte),
in a temporary METNOS_HOME with the app's real encrypted store (so the OS keyring must answer):

* the RSS the scheduler adds — its encrypted connection, the loop's thread and REMINDERS reminders spread over
  the coming weeks — over a baseline taken once the modules are imported and the keyring and the encryption
  library have been used by another store (the app has those for its history anyway). Goal ≤ 1 MB;
* how often the loop wakes while nothing is due within the minute: the sleep it chooses after a look
  (RemindersPlugin.tick) and, over WINDOW_S of real time, how many looks it made and how many times its thread
  was switched in (Linux: /proc/self/task/<tid>/status). Goal: no look more often than once a minute — 60 s of
  sleep, and nothing but the first look in the window. For contrast, the sleep it chooses when a reminder is
  due in 20 s (it wakes for it, on time).
"""
from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

GOAL_RSS_MB = 1.0
GOAL_WAKE_S = 60.0
REMINDERS = 100
WINDOW_S = 5.0


def rss_kb() -> int | None:
    """This process's resident set now (Linux); None where /proc is not there."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def switches(native_id: int | None) -> int | None:
    """How many times a thread was switched in (voluntary + involuntary), Linux only."""
    if native_id is None:
        return None
    try:
        lines = Path(f"/proc/self/task/{native_id}/status").read_text().splitlines()
    except OSError:
        return None
    keys = ("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")
    return sum(int(ln.split()[1]) for ln in lines if ln.split(":")[0] in keys)


def _child(window_s: float) -> dict[str, Any]:
    from app.config import paths
    from app.reminders import RemindersPlugin, Scheduler
    from app.reminders.clock import system_clock
    from app.reminders.store import ReminderStore
    from app.store.db import StoreError

    data = paths.data_dir()
    data.mkdir(parents=True, exist_ok=True)
    try:  # the keyring and the encryption library, used once by another store: the app has them anyway
        ReminderStore(str(data / "warm.db")).close()
    except StoreError as e:
        return {"ok": False, "error": f"the encrypted store cannot open here: {e}"}
    gc.collect()
    time.sleep(0.2)
    before = rss_kb()

    plugin = RemindersPlugin(None, clock=system_clock, path=str(data / "reminders.db"))
    sch = plugin.scheduler()
    if not isinstance(sch, Scheduler):
        return {"ok": False, "error": f"the reminders cannot open: {sch}"}
    now = system_clock()
    for i in range(REMINDERS):  # spread over the next weeks, the nearest two hours away: none within the minute
        sch.add(f"promemoria di prova {i}", now + timedelta(hours=2 + 7 * i))
    looks: list[float] = []
    real_tick = plugin.tick

    def counted() -> float:
        delay = real_tick()
        looks.append(delay)
        return delay

    plugin.tick = counted  # type: ignore[method-assign]
    plugin.start_background()
    deadline = time.monotonic() + 10
    while not looks and time.monotonic() < deadline:
        time.sleep(0.01)
    thread = plugin._thread
    tid = getattr(thread, "native_id", None)
    gc.collect()
    time.sleep(0.3)
    after = rss_kb()
    switched_before = switches(tid)
    start_looks = len(looks)
    time.sleep(window_s)
    idle_looks = len(looks) - start_looks
    switched = switches(tid)
    idle_sleep = looks[-1] if looks else None

    seen = len(looks)
    sch.add("tra venti secondi", system_clock() + timedelta(seconds=20))  # wakes the loop: it looks again
    deadline = time.monotonic() + 10
    while len(looks) == seen and time.monotonic() < deadline:
        time.sleep(0.01)
    due_soon_sleep = looks[-1]
    plugin.close()
    return {
        "ok": True,
        "reminders": REMINDERS,
        "rss_before_kb": before, "rss_after_kb": after,
        "rss_added_mb": round((after - before) / 1024, 3) if before is not None and after is not None else None,
        "idle_sleep_s": round(idle_sleep, 1) if idle_sleep is not None else None,
        "window_s": window_s,
        "looks_in_window": idle_looks,
        "thread_switches_in_window": (switched - switched_before
                                      if switched is not None and switched_before is not None else None),
        "sleep_when_due_in_20s": round(due_soon_sleep, 1),
    }


def run_bench(window_s: float = WINDOW_S) -> dict[str, Any]:
    from .prompt_cache import temporary_home

    root = Path(__file__).resolve().parents[2]
    with temporary_home() as home:
        env = dict(os.environ, METNOS_HOME=str(home))
        proc = subprocess.run([sys.executable, "-m", "app.bench.reminders", "--child", str(window_s)], env=env,
                              cwd=root, capture_output=True, text=True, timeout=120 + window_s)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        return {"ok": False, "error": f"the reminders bench child failed (rc {proc.returncode})",
                "stderr": proc.stderr[-2000:]}
    result: dict[str, Any] = json.loads(lines[-1])
    result.update(verdicts(result))
    return result


def verdicts(r: dict[str, Any]) -> dict[str, Any]:
    """Each goal met or not, from the figures (no timing here: tests call it on figures of their own)."""
    rss = r.get("rss_added_mb")
    sleep = r.get("idle_sleep_s")
    looks = r.get("looks_in_window")
    return {"rss_ok": rss is not None and rss <= GOAL_RSS_MB,
            "wake_ok": sleep is not None and sleep >= GOAL_WAKE_S and looks == 0}


def format_bench(r: dict[str, Any]) -> str:
    if not r.get("ok"):
        return f"reminders bench not run: {r.get('error')}\n{r.get('stderr', '')}".rstrip()
    v = verdicts(r)
    rss = r.get("rss_added_mb")
    rss_text = f"{rss:.2f} MB" if rss is not None else "n/a (no /proc)"
    switched = r.get("thread_switches_in_window")
    lines = [
        f"reminders scheduler, idle, {r['reminders']} reminders none within the minute",
        f"  RSS added              {rss_text:>10}   goal ≤ {GOAL_RSS_MB:.0f} MB  {'ok' if v['rss_ok'] else 'MISSED'}"
        f"  ({r['rss_before_kb']} → {r['rss_after_kb']} kB: the encrypted connection, the loop's thread, the "
        f"reminders)",
        f"  sleep after a look     {r['idle_sleep_s']:>8} s   goal ≥ {GOAL_WAKE_S:.0f} s  "
        f"{'ok' if v['wake_ok'] else 'MISSED'}",
        f"  looks in {r['window_s']:.0f} s           {r['looks_in_window']:>8}     goal 0 (the first look came before)"
        + (f"; the loop's thread was switched in {switched} times" if switched is not None else ""),
        f"  sleep when one is due in 20 s: {r['sleep_when_due_in_20s']} s (it wakes for it, on time)",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "--child":
        window = float(sys.argv[2]) if len(sys.argv) > 2 else WINDOW_S
        print(json.dumps(_child(window)))
    else:
        print(format_bench(run_bench()))
