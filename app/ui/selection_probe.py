"""A real X11 client with a selected text, and the measuring child of `metnos bench selection`.

`python -m app.ui.selection_probe --owner`: a window with a text box that owns the PRIMARY selection (and the
clipboard when asked), driven by JSON lines on standard input — {"cmd": "show", "text": …, "primary": true},
{"cmd": "clipboard", "text": …}, {"cmd": "dump"}, {"cmd": "quit"} — each answered by one JSON line. It is the
"other program" the selection hotkey reads from, copies from (Ctrl+C) and pastes back into (Ctrl+V), for the
tests under Xvfb and for the benchmark.

`python -m app.ui.selection_probe --measure`: a real DeskApp with its hotkeys on the display, the owner beside it;
the selection hotkey pressed with xdotool several times: time until the popup shows the selected text (p50),
read from PRIMARY, then with the copy keystroke (PRIMARY released, the clipboard put back each time).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from typing import Any

REPEATS = 7


# -- the owner: another program with a selected text ----------------------------------------------
def _owner() -> int:
    from PySide6.QtCore import QObject, Signal
    from PySide6.QtGui import QClipboard, QGuiApplication
    from PySide6.QtWidgets import QApplication, QPlainTextEdit

    app = QApplication([sys.argv[0], "-name", "metnos-selection-owner"])
    box = QPlainTextEdit()
    box.setWindowTitle("metnos selection owner")
    box.resize(500, 200)
    box.move(40, 500)
    cb = QGuiApplication.clipboard()

    class Lines(QObject):
        line = Signal(str)

    lines = Lines()

    def handle(raw: str) -> None:
        try:
            msg = json.loads(raw)
        except ValueError:
            return
        cmd = msg.get("cmd")
        out: dict[str, Any] = {"ok": True}
        if cmd == "show":
            box.setPlainText(str(msg.get("text", "")))
            box.show()
            box.raise_()
            box.activateWindow()
            box.setFocus()
            box.selectAll()
            _x_focus(int(box.winId()))
            if msg.get("primary", True):
                cb.setText(box.toPlainText(), QClipboard.Mode.Selection)
            else:
                cb.clear(QClipboard.Mode.Selection)  # nobody owns PRIMARY: the copy keystroke is the way
            for _ in range(20):
                app.processEvents()
                time.sleep(0.005)
            out["window"] = int(box.winId())
        elif cmd == "clipboard":
            cb.setText(str(msg.get("text", "")), QClipboard.Mode.Clipboard)
        elif cmd == "focus":
            box.activateWindow()
            box.setFocus()
            _x_focus(int(box.winId()))
        elif cmd == "dump":
            out.update(text=box.toPlainText(), clipboard=cb.text(QClipboard.Mode.Clipboard),
                       active=box.isActiveWindow())
        elif cmd == "quit":
            print(json.dumps(out), flush=True)
            app.quit()
            return
        print(json.dumps(out), flush=True)

    lines.line.connect(handle)

    def read() -> None:
        for raw in sys.stdin:
            lines.line.emit(raw)
        lines.line.emit('{"cmd": "quit"}')

    threading.Thread(target=read, daemon=True).start()
    print(json.dumps({"ok": True, "ready": True}), flush=True)
    return int(app.exec())


def _x_focus(wid: int) -> None:
    """Give the window the X input focus as a window manager would (Qt's own request carries a stale timestamp
    without one, and X ignores it)."""
    subprocess.run(["xdotool", "windowfocus", "--sync", str(wid)], capture_output=True, timeout=5)


class Owner:
    """The owner process, driven from a test or the benchmark (any thread; replies read in order)."""

    def __init__(self, env: dict[str, str] | None = None):
        self.proc = subprocess.Popen([sys.executable, "-m", "app.ui.selection_probe", "--owner"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
                                     cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
        self._reply()  # ready

    def _reply(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the selection owner ended")
            if line.startswith("{"):
                return dict(json.loads(line))

    def send(self, **msg: Any) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        return self._reply()

    def ask(self, spin: Any, **msg: Any) -> dict[str, Any]:
        """`send`, with this process's event loop running meanwhile (`spin(cond, timeout_s)`): the owner may ask
        this process for the clipboard it holds, and must get an answer."""
        got: list[dict[str, Any]] = []
        t = threading.Thread(target=lambda: got.append(self.send(**msg)), daemon=True)
        t.start()
        spin(lambda: bool(got), 30)
        t.join(1)
        return got[0] if got else {"ok": False}

    def close(self) -> None:
        try:
            self.send(cmd="quit")
        except (RuntimeError, OSError, ValueError):
            pass
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


# -- the measurement ------------------------------------------------------------------------------------
def _measure(repeats: int) -> dict[str, Any]:
    from PySide6.QtWidgets import QApplication

    qapp = QApplication([sys.argv[0]])
    qapp.setQuitOnLastWindowClosed(False)
    from .app import DeskApp

    desk = DeskApp(use_tray=False, use_hotkey=True, preload=False, watch=False)
    ready: list[bool] = []
    desk.host.worker.ready.connect(lambda ok, _p: ready.append(ok))
    desk.start()
    r: dict[str, Any] = {"ok": False, "notes": []}

    def spin(cond: Any, timeout_s: float) -> bool:
        end = time.perf_counter() + timeout_s
        while not cond():
            if time.perf_counter() > end:
                return False
            qapp.processEvents()
            time.sleep(0.0005)
        return True

    spin(lambda: bool(ready), 120)
    if not desk.selection.hotkey.active:
        r["error"] = f"selection hotkey not registered: {desk.selection.hotkey_problem}"
        print(json.dumps(r), flush=True)
        return r
    owner = Owner()
    popup, flow = desk.popup, desk.selection

    def shown(text: str) -> bool:
        h = popup.windowHandle()
        return popup.isVisible() and h is not None and h.isExposed() and flow.text == text

    def press(text: str, primary: bool) -> float | None:
        popup.hide()
        spin(lambda: not popup.isVisible(), 2)
        owner.ask(spin, cmd="show", text=text, primary=primary)
        spin(lambda: False, 0.15)  # the owner's window takes the focus
        t = time.perf_counter()
        subprocess.Popen(["xdotool", "key", "--clearmodifiers", "ctrl+alt+s"])
        return (time.perf_counter() - t) * 1000 if spin(lambda: shown(text), 5) else None

    runs = [v for i in range(repeats) if (v := press(f"Testo selezionato numero {i}: la consegna slitta a venerdì.",
                                                      True)) is not None]
    owner.ask(spin, cmd="clipboard", text="appunti di prima")
    copy_runs = [v for i in range(repeats) if (v := press(f"Testo copiato {i}.", False)) is not None]
    restored = owner.ask(spin, cmd="dump").get("clipboard") == "appunti di prima"
    r.update(ok=bool(runs), runs_ms=[round(x, 1) for x in runs], copy_runs_ms=[round(x, 1) for x in copy_runs],
             hotkey_to_popup_ms_p50=round(statistics.median(runs), 1) if runs else None,
             copy_keystroke_ms_p50=round(statistics.median(copy_runs), 1) if copy_runs else None,
             clipboard_restored=restored, grab_source=flow.grabbed.source if flow.grabbed else None)
    owner.close()
    desk.shutdown()
    return r


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m app.ui.selection_probe")
    p.add_argument("--owner", action="store_true", help="run the window that owns a selected text")
    p.add_argument("--measure", action="store_true", help="measure hotkey → popup with the selected text")
    p.add_argument("--repeats", type=int, default=REPEATS)
    a = p.parse_args(argv)
    if a.owner:
        return _owner()
    if a.measure:
        print(json.dumps(_measure(max(1, a.repeats)), default=str), flush=True)
        return 0
    p.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main())
