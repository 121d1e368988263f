"""`metnos bench ui`: start → tray icon visible; hotkey → popup visible; Enter → L0 answer painted.

The measurement runs in a child process on a real X11 display (a tray host
needs one): the current DISPLAY when there is one, otherwise a private Xvfb
with trayer as the tray host, started and stopped here. The child uses a
temporary METNOS_HOME, so the user's settings, history and running app are
never touched. Goals (issue 8): ≤ 1000 ms, ≤ 100 ms, ≤ 50 ms.
"""
from __future__ import annotations

import time

T_START = time.perf_counter()  # before any heavy import: the child's start-up counts from here

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, Iterator  # noqa: E402
from contextlib import contextmanager  # noqa: E402

GOALS_MS = {"start_to_tray_ms": 1000.0, "hotkey_to_popup_ms": 100.0, "enter_to_answer_ms": 50.0}
POPUP_TITLE = "Metnos quick query"
REPEATS = 5


class DisplayUnavailable(Exception):
    """No X display can be used; the message says what is missing."""


def tray_host_ready(display: str) -> bool:
    """Does some client own the system-tray selection (_NET_SYSTEM_TRAY_S0) on `display`?"""
    try:
        from Xlib import X, display as xdisplay  # python-xlib, installed with pynput
    except ImportError:
        return subprocess.run(["xdotool", "search", "--class", "trayer"], env=dict(os.environ, DISPLAY=display),
                              capture_output=True).returncode == 0
    try:
        d = xdisplay.Display(display)
    except Exception:
        return False
    try:
        owner = d.get_selection_owner(d.intern_atom("_NET_SYSTEM_TRAY_S0"))
        return owner != X.NONE and getattr(owner, "id", owner) != 0
    finally:
        d.close()


@contextmanager
def xvfb_with_tray(width: int = 1280, height: int = 800) -> Iterator[str]:
    """A private Xvfb with trayer as tray host; yields the DISPLAY string."""
    missing = [b for b in ("Xvfb", "trayer", "xdotool") if shutil.which(b) is None]
    if missing:
        raise DisplayUnavailable(f"missing {', '.join(missing)} (Debian: apt-get install xvfb trayer xdotool "
                                 f"imagemagick)")
    procs: list[subprocess.Popen] = []
    try:
        # -displayfd: Xvfb itself picks a free display and tells us which, so two runs never race for one
        rfd, wfd = os.pipe()
        try:
            procs.append(subprocess.Popen(["Xvfb", "-displayfd", str(wfd), "-screen", "0", f"{width}x{height}x24",
                                           "-nolisten", "tcp"], pass_fds=(wfd,),
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        finally:
            os.close(wfd)
        with os.fdopen(rfd) as r:
            number = r.readline().strip()  # blocks until Xvfb is ready (or exits: empty line)
        if not number.isdigit():
            raise DisplayUnavailable("Xvfb did not start")
        display = f":{number}"
        env = dict(os.environ, DISPLAY=display)
        procs.append(subprocess.Popen(["trayer", "--edge", "top", "--align", "right", "--widthtype", "pixel",
                                       "--width", "200", "--height", "32", "--SetDockType", "true",
                                       "--transparent", "false"], env=env, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL))
        deadline = time.monotonic() + 30
        while not tray_host_ready(display):
            if procs[1].poll() is not None or time.monotonic() > deadline:
                raise DisplayUnavailable(f"trayer (the tray host) did not start on {display}")
            time.sleep(0.05)
        yield display
    finally:
        for p in reversed(procs):
            p.terminate()
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()


def run_child(display: str, screenshots: Path | None = None, timeout_s: float = 600) -> dict[str, Any]:
    """Run the measuring child on `display`; its JSON result."""
    home = tempfile.mkdtemp(prefix="metnos-bench-ui-")
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", METNOS_HOME=home, METNOS_UI_LANGUAGE="en")
    cmd = [sys.executable, "-m", "app.ui.bench", "--child"]
    if screenshots is not None:
        cmd += ["--screenshots", str(screenshots)]
    root = Path(__file__).resolve().parents[2]
    try:
        proc = subprocess.run(cmd, env=env, cwd=root, capture_output=True, text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        return {"ok": False, "error": f"the UI benchmark did not finish in {timeout_s:.0f} s"}
    finally:
        shutil.rmtree(home, ignore_errors=True)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        return {"ok": False, "error": f"the UI benchmark child failed (rc {proc.returncode})",
                "stderr": proc.stderr[-3000:]}
    return json.loads(lines[-1])


def run_bench(screenshots: Path | None = None) -> dict[str, Any]:
    """Measure on the current display, or on a private Xvfb + trayer when there is none."""
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    machine = {"cpus": os.cpu_count(), "loadavg_before": load}
    try:
        if os.environ.get("DISPLAY"):
            result = run_child(os.environ["DISPLAY"], screenshots)
            result["display"] = f"{os.environ['DISPLAY']} (existing)"
        else:
            with xvfb_with_tray() as display:
                result = run_child(display, screenshots)
                result["display"] = f"{display} (private Xvfb + trayer)"
    except DisplayUnavailable as e:
        return {"ok": False, "error": f"cannot run the UI benchmark: {e}", "machine": machine, "goals_ms": GOALS_MS}
    result["machine"] = machine
    result["goals_ms"] = GOALS_MS
    return result


def format_bench(r: dict[str, Any]) -> str:
    if not r.get("ok"):
        return f"UI benchmark not run: {r.get('error')}\n{r.get('stderr', '')}".rstrip()
    out = [f"UI benchmark on {r.get('display')} — cpus {r['machine']['cpus']}, "
           f"load before {r['machine']['loadavg_before']}"]
    for key, goal in GOALS_MS.items():
        v = r.get(key)
        shown = f"{v:8.1f} ms" if isinstance(v, (int, float)) else "     n/a"
        verdict = "ok" if isinstance(v, (int, float)) and v <= goal else "MISSED"
        extra = ""
        if key + "_runs" in r:
            extra = f"  (median of {len(r[key + '_runs'])}; max {max(r[key + '_runs']):.1f})"
        out.append(f"  {key:22} {shown}   goal ≤ {goal:.0f} ms  {verdict}{extra}")
    if r.get("answer"):
        out.append(f"  answer ({r.get('answer_level')}): {r['answer']}")
    for note in r.get("notes", []):
        out.append(f"  note: {note}")
    return "\n".join(out)


# -- the child: a real DeskApp on a real display -------------------------------------------------
def _child(screenshots: Path | None) -> dict[str, Any]:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    qapp = QApplication([sys.argv[0]])
    qapp.setQuitOnLastWindowClosed(False)
    from .app import DeskApp

    desk = DeskApp(use_tray=True, use_hotkey=True, preload=True, watch=False)
    ready: list[bool] = []
    loaded: list[bool] = []
    desk.host.worker.ready.connect(lambda ok, _p: ready.append(ok))
    desk.host.worker.modelsLoaded.connect(lambda ok, _p: loaded.append(ok))
    desk.start()
    r: dict[str, Any] = {"ok": True, "notes": [], "tray_available": desk.tray_visible}

    def spin_until(cond: Any, timeout_s: float) -> bool:
        end = time.perf_counter() + timeout_s
        while not cond():
            if time.perf_counter() > end:
                return False
            qapp.processEvents()
            time.sleep(0.0005)
        return True

    tray = desk.tray
    docked = tray is not None and desk.tray_visible and spin_until(
        lambda: tray.icon.geometry().isValid() and not tray.icon.geometry().isEmpty(), 20)
    r["tray_visible"] = bool(docked)
    if docked:
        r["start_to_tray_ms"] = (time.perf_counter() - T_START) * 1000
        g = tray.icon.geometry()
        r["tray_geometry"] = [g.x(), g.y(), g.width(), g.height()]
    spin_until(lambda: bool(ready), 120)
    spin_until(lambda: bool(loaded), 300)
    r["models_loaded"] = bool(loaded and loaded[0])
    r["hotkey_registered"] = desk.hotkey.active
    if not desk.hotkey.active:
        r["notes"].append(f"hotkey not registered: {desk.hotkey_problem}")

    popup = desk.popup

    def shown() -> bool:
        return popup.isVisible() and popup.windowHandle() is not None and popup.windowHandle().isExposed()

    hot_runs: list[float] = []
    for _ in range(REPEATS if desk.hotkey.active else 0):
        popup.hide()
        spin_until(lambda: not popup.isVisible(), 2)
        t = time.perf_counter()
        subprocess.Popen(["xdotool", "key", "ctrl+alt+space"])
        if spin_until(shown, 5):
            hot_runs.append((time.perf_counter() - t) * 1000)
    if hot_runs:
        r["hotkey_to_popup_ms"] = statistics.median(hot_runs)
        r["hotkey_to_popup_ms_runs"] = hot_runs
    spin_until(lambda: False, 0.3)  # a hotkey press delivered late (busy machine) must not toggle it mid-run
    if not popup.isVisible():
        popup.show_centered()
    spin_until(shown, 5)
    found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", POPUP_TITLE], capture_output=True,
                           text=True).stdout.split()
    r["popup_mapped_in_x11"] = bool(found)
    r["popup_focused_after_hotkey"] = spin_until(popup.isActiveWindow, 0.5)
    enter_runs: list[float] = []
    painted: list[float] = []
    popup.answerPainted.connect(lambda: painted.append(time.perf_counter()))
    via = "xdotool"
    for _ in range(REPEATS):
        if not shown():
            r["notes"].append("the popup had been hidden (a late hotkey event?); shown again")
            popup.show_centered()
            spin_until(shown, 5)
        popup.input.setText("che ore sono")
        popup.input.setFocus()
        before = popup.tag
        painted.clear()
        if via == "xdotool":
            # Without a window manager, X may keep the input focus on the root window after the popup is
            # re-shown (Qt's focus request carries a stale timestamp); give it the focus as a WM would.
            if found and _x_focus() != found[0]:
                r["x_focus_fixed"] = r.get("x_focus_fixed", 0) + 1
                subprocess.run(["xdotool", "windowfocus", "--sync", found[0]], capture_output=True, timeout=5)
                spin_until(lambda: _x_focus() == found[0], 1)
            subprocess.Popen(["xdotool", "key", "Return"])
            if not spin_until(lambda: popup.tag != before, 3):
                via = "qtest"
                r["notes"].append(f"Enter sent with QTest: xdotool's Return did not reach the popup "
                                  f"(X focus {_x_focus()}, popup {found})")
        if via == "qtest" and popup.tag == before:
            QTest.keyClick(popup.input, Qt.Key.Key_Return)
        view = popup.view
        if view is None or popup.tag == before:
            r["notes"].append("Enter did not start a turn")
            break
        spin_until(lambda: bool(painted) or not view.running, 60)
        spin_until(lambda: bool(painted), 2)
        if painted and popup.sent_at is not None:
            enter_runs.append((painted[0] - popup.sent_at) * 1000)
        elif view.status.text():
            r["notes"].append(f"no answer was painted; the popup said: {view.status.text()[:300]}")
            break
        r["answer"] = view.answer.text()
        r["answer_level"] = view.level
    if enter_runs:
        r["enter_to_answer_ms"] = statistics.median(enter_runs)
        r["enter_to_answer_ms_runs"] = enter_runs
    r["enter_via"] = via
    if screenshots is not None:
        r["screenshots"] = _screenshots(desk, qapp, screenshots, spin_until)
    r["loadavg_after"] = os.getloadavg() if hasattr(os, "getloadavg") else None
    desk.shutdown()
    return r


def _x_focus() -> str:
    return subprocess.run(["xdotool", "getwindowfocus"], capture_output=True, text=True).stdout.strip()


def _screenshots(desk: Any, qapp: Any, folder: Path, spin_until: Any) -> dict[str, str]:
    folder.mkdir(parents=True, exist_ok=True)
    out: dict[str, str] = {}
    desk.popup.show_centered()
    if desk.popup.view is not None:
        desk.popup.view.toggle.setChecked(True)  # show the timeline too
    spin_until(lambda: desk.popup.windowHandle() is not None and desk.popup.windowHandle().isExposed(), 5)
    spin_until(lambda: False, 0.5)  # let it lay out and paint
    desk.popup.grab().save(str(folder / "popup.png"))
    out["popup"] = str(folder / "popup.png")
    if shutil.which("import"):
        subprocess.run(["import", "-window", "root", str(folder / "screen-popup.png")], capture_output=True)
        out["screen_popup"] = str(folder / "screen-popup.png")
    desk.expand_popup()
    desk.chat.resize(760, 560)
    spin_until(lambda: desk.chat.isVisible() and desk.chat.windowHandle().isExposed(), 5)
    spin_until(lambda: False, 0.3)
    desk.chat.grab().save(str(folder / "chat.png"))
    out["chat"] = str(folder / "chat.png")
    if shutil.which("import"):
        subprocess.run(["import", "-window", "root", str(folder / "screen-chat.png")], capture_output=True)
        out["screen_chat"] = str(folder / "screen-chat.png")
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m app.ui.bench")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--screenshots", type=Path, help="save popup/chat screenshots in this folder")
    p.add_argument("--json", action="store_true")
    a = p.parse_args(argv)
    if a.child:
        print(json.dumps(_child(a.screenshots), default=str), flush=True)
        return 0
    r = run_bench(a.screenshots)
    print(json.dumps(r, indent=1, default=str) if a.json else format_bench(r))
    return 0 if r.get("ok") else 1


if __name__ == "__main__":
    sys.exit(main())
