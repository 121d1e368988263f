"""Turns asked from a terminal (`metnos ask`) and run by the running app's warm engine.

The CLI connects to the single-instance socket and sends one line
`{"cmd": "turn", "text": "...", "yes": false, "owner": "local"}`; the socket is then handed here:
the turn runs on the app's engine (no model load), each event goes back as one JSON line
(`Event.to_dict()`), then `{"done": true}`. With `yes` every approval is given; otherwise the
client may instead answer each `approval` event with a line `{"approve": true|false|"always"}`;
a client that disconnects cancels its turn (and says no to a pending approval); one that leaves once the
turn is answered (`metnos ask` prints the answer and exits) leaves the work after the answer to run here.
Socket writes happen on the GUI thread only: the turn's thread queues events and a timer drains them.
"""
from __future__ import annotations

import json
import logging
import queue
import threading
from typing import Any, Callable

import shiboken6
from PySide6.QtCore import QObject, QTimer
from PySide6.QtNetwork import QLocalSocket

from app.turn.cancel import CancelToken

log = logging.getLogger(__name__)

DRAIN_MS = 15
_DONE = object()


class RemoteTurn(QObject):
    """One terminal request: its thread, its cancel token, its socket."""

    def __init__(self, sock: QLocalSocket, engine: Any, msg: dict[str, Any], parent: QObject | None = None):
        super().__init__(parent)
        self.sock = sock
        self.cancel = CancelToken()
        self.q: queue.Queue[Any] = queue.Queue()
        self.answers: queue.Queue[Any] = queue.Queue()  # the terminal's approval decisions
        self.buf = b""
        text, yes, owner = str(msg.get("text", "")), bool(msg.get("yes")), str(msg.get("owner") or "local")
        sock.disconnected.connect(self._gone)  # the terminal went away (Ctrl-C): stop the turn
        QTimer.singleShot(0, sock, lambda: sock.readyRead.connect(self._on_ready))  # after the server let go of it
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._drain)
        self.timer.start(DRAIN_MS)
        self.worker = threading.Thread(target=self._run, args=(engine, text, yes, owner), daemon=True,
                                       name="metnos-remote-turn")
        self.worker.start()

    def _run(self, engine: Any, text: str, yes: bool, owner: str) -> None:
        try:
            for e in engine.run_turn(text, owner=owner, approve=lambda *_a: yes or self._ask(), cancel=self.cancel):
                self.q.put(e.to_dict())
        except Exception as e:  # the terminal gets an error line, the app keeps running
            log.exception("remote turn failed")
            self.q.put({"type": "error", "turn_id": "", "step": 0, "message": f"{type(e).__name__}: {e}", "hint": ""})
        self.q.put(_DONE)

    def _ask(self) -> Any:
        """Wait for the terminal's decision on the approval event just sent; no answer is a no."""
        while not self.cancel.cancelled:
            try:
                return self.answers.get(timeout=0.2)
            except queue.Empty:
                continue
        return False

    def _gone(self) -> None:
        self.cancel.cancel()
        self.answers.put(False)

    def _on_ready(self) -> None:
        self.buf += bytes(self.sock.readAll().data())
        while b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            try:
                msg = json.loads(line.decode("utf-8"))
            except (ValueError, UnicodeDecodeError):
                continue
            if isinstance(msg, dict) and "approve" in msg:
                v = msg["approve"]
                self.answers.put("always" if v == "always" else bool(v))
            elif isinstance(msg, dict) and msg.get("cancel"):
                self.cancel.cancel()

    def _drain(self) -> None:
        while True:
            try:
                item = self.q.get_nowait()
            except queue.Empty:
                return
            done = item is _DONE
            line = {"done": True} if done else item
            live = shiboken6.isValid(self.sock)  # the server deletes a socket whose terminal went away
            if live and self.sock.state() == QLocalSocket.LocalSocketState.ConnectedState:
                self.sock.write((json.dumps(line, ensure_ascii=False, default=str) + "\n").encode("utf-8"))
                self.sock.flush()
            if done:
                self.timer.stop()
                if live:
                    self.sock.disconnectFromServer()
                self.deleteLater()
                return


def handler(engine_of: Callable[[], Any], parent: QObject | None = None) -> Callable[[QLocalSocket, dict[str, Any]],
                                                                                    str | None]:
    """What SingleInstanceServer calls for a "turn" line: start it, or say why not (an error text)."""
    live: list[RemoteTurn] = []

    def start(sock: QLocalSocket, msg: dict[str, Any]) -> str | None:
        engine = engine_of()
        if engine is None:
            return "the app is still starting its engine; try again in a moment"
        if not isinstance(msg.get("text"), str) or not msg["text"].strip():
            return "turn needs a text"
        live[:] = [t for t in live if t.worker.is_alive()]
        live.append(RemoteTurn(sock, engine, msg, parent))
        return None

    return start
