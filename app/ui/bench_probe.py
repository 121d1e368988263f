"""The measuring child of `metnos bench ui` (app/bench/ui.py): a real DeskApp on a real X11 display.

Run as `python -m app.ui.bench_probe --child` on a display the parent prepared, with a temporary
METNOS_HOME; prints one JSON line: start → tray icon visible, hotkey → popup visible, Enter → L0 answer,
answer painted → the turn shown as done, a click on another conversation → its turns painted.
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
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

POPUP_TITLE = "Metnos quick query"
REPEATS = 5  # app/bench/ui.py passes its own figure with --repeats


# -- the child: a real DeskApp on a real display -------------------------------------------------
def _child(screenshots: Path | None) -> dict[str, Any]:
    """Start a DeskApp as the person does, then time: start → tray icon, hotkey → popup, Enter → answer."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    qapp = QApplication([sys.argv[0]])
    qapp.setQuitOnLastWindowClosed(False)
    from .gc_guard import GuiGarbageCollector

    GuiGarbageCollector(qapp)  # as in the app: Qt objects are collected on the GUI thread only
    from .first_tray import show_tray_first

    early = show_tray_first()  # as `metnos app` does (launch.py): the icon before the rest is imported
    from .app import DeskApp

    desk = DeskApp(use_tray=True, use_hotkey=True, preload=True, watch=False, early=early)
    ready: list[bool] = []
    loaded: list[bool] = []
    desk.host.worker.ready.connect(lambda ok, _p: ready.append(ok))
    desk.host.worker.modelsLoaded.connect(lambda ok, _p: loaded.append(ok))
    desk.start()
    r: dict[str, Any] = {"ok": True, "notes": [], "tray_available": desk.tray_visible}
    spin_until = _spinner(qapp)
    _tray_and_models(desk, r, spin_until, ready, loaded, early.docked_at)
    popup = desk.popup

    def shown() -> bool:
        return popup.isVisible() and popup.windowHandle() is not None and popup.windowHandle().isExposed()

    _hotkey_to_popup(desk, r, spin_until, shown)
    _enter_to_answer(popup, r, spin_until, shown, lambda: QTest.keyClick(popup.input, Qt.Key.Key_Return))
    from .bench_conversations import measure_switch

    r.update(measure_switch(desk, qapp, REPEATS))  # with 1,000 turns in the history
    if screenshots is not None:
        r["screenshots"] = _screenshots(desk, qapp, screenshots, spin_until)
    r["loadavg_after"] = os.getloadavg() if hasattr(os, "getloadavg") else None
    desk.shutdown()
    return r


def _spinner(qapp: Any) -> Any:
    """`spin_until(cond, timeout_s)`: run the event loop until `cond()` holds (True) or the time is up (False)."""
    def spin_until(cond: Any, timeout_s: float) -> bool:
        end = time.perf_counter() + timeout_s
        while not cond():
            if time.perf_counter() > end:
                return False
            qapp.processEvents()
            time.sleep(0.0005)
        return True

    return spin_until


def _tray_and_models(desk: Any, r: dict[str, Any], spin_until: Any, ready: list[bool], loaded: list[bool],
                     docked_at: float | None = None) -> None:
    """Start → tray icon docked (its geometry valid: when the first tray saw it, else when this loop does), then
    the models loaded and the hotkey registered."""
    tray = desk.tray
    docked = tray is not None and desk.tray_visible and spin_until(
        lambda: tray.icon.geometry().isValid() and not tray.icon.geometry().isEmpty(), 20)
    r["tray_visible"] = bool(docked)
    if docked and tray is not None:
        r["start_to_tray_ms"] = ((docked_at or time.perf_counter()) - T_START) * 1000
        g = tray.icon.geometry()
        r["tray_geometry"] = [g.x(), g.y(), g.width(), g.height()]
    spin_until(lambda: bool(ready), 120)
    spin_until(lambda: bool(loaded), 300)
    r["models_loaded"] = bool(loaded and loaded[0])
    r["hotkey_registered"] = desk.hotkey.active
    if not desk.hotkey.active:
        r["notes"].append(f"hotkey not registered: {desk.hotkeys.problem}")


def _hotkey_to_popup(desk: Any, r: dict[str, Any], spin_until: Any, shown: Any) -> None:
    """The global hotkey pressed with xdotool, the popup hidden before each press: time until it is shown."""
    popup = desk.popup
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


def _enter_to_answer(popup: Any, r: dict[str, Any], spin_until: Any, shown: Any, key_click: Any) -> None:
    """"che ore sono" and Enter, REPEATS times: time until the answer is painted (an L0 answer, no model)."""
    spin_until(lambda: False, 0.3)  # a hotkey press delivered late (busy machine) must not toggle it mid-run
    if not popup.isVisible():
        popup.show_centered()
    spin_until(shown, 5)
    found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", POPUP_TITLE], capture_output=True,
                           text=True).stdout.split()
    r["popup_mapped_in_x11"] = bool(found)
    r["popup_focused_after_hotkey"] = spin_until(popup.isActiveWindow, 0.5)
    enter_runs: list[float] = []
    done_runs: list[float] = []
    painted: list[float] = []
    done: list[float] = []
    done_shown: list[bool] = []  # per turn shown as done: not running, no Cancel, no "Working…", a time to the answer
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
        done.clear()
        via = _press_enter(popup, r, spin_until, found, via, before, key_click)
        view = popup.view
        if view is None or popup.tag == before:
            r["notes"].append("Enter did not start a turn")
            break
        view.donePainted.connect(lambda: done.append(time.perf_counter()))
        spin_until(lambda: bool(painted) or not view.running, 60)  # noqa: B023  (waited on at once)
        spin_until(lambda: bool(painted), 2)
        if painted and popup.sent_at is not None:
            enter_runs.append((painted[0] - popup.sent_at) * 1000)
        if painted and spin_until(lambda: bool(done), 10):
            # the header may be painted in the same pass as the answer, just before it: that is 0
            done_runs.append(max(0.0, (done[0] - painted[0]) * 1000))
            # what the person sees then (the test checks this; the bench reports the time)
            done_shown.append(not view.running and not popup.cancel_btn.isVisible()
                              and "Working" not in view.toggle.text() and view.elapsed_ms is not None)
        elif view.status.text():
            r["notes"].append(f"no answer was painted; the popup said: {view.status.text()[:300]}")
            break
        r["answer"] = view.answer.text()
        r["answer_level"] = view.level
    if enter_runs:
        r["enter_to_answer_ms"] = statistics.median(enter_runs)
        r["enter_to_answer_ms_runs"] = enter_runs
    if done_runs:
        r["answer_to_done_ms"] = statistics.median(done_runs)
        r["answer_to_done_ms_runs"] = done_runs
    r["done_shown_right"] = done_shown
    r["enter_via"] = via


def _press_enter(popup: Any, r: dict[str, Any], spin_until: Any, found: list[str], via: str, before: Any,
                 key_click: Any) -> str:
    """Enter as X delivers it (xdotool); once that fails to reach the popup, with QTest from then on. Returns
    the way used."""
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
        key_click()
    return via


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
    p = argparse.ArgumentParser(prog="python -m app.ui.bench_probe")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--screenshots", type=Path, help="save popup/chat screenshots in this folder")
    p.add_argument("--repeats", type=int, default=REPEATS)
    a = p.parse_args(argv)
    globals()["REPEATS"] = max(1, a.repeats)
    print(json.dumps(_child(a.screenshots), default=str), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
