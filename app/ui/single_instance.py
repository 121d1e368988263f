"""One app per user: a QLocalServer, and `forward()` for `metnos --toggle|--show|--ask`.

Protocol: one JSON object per line, `{"cmd": "toggle"|"show"|"ask", "text": "..."}`;
the server answers one line `{"ok": true}` or `{"ok": false, "error": "..."}`.
The socket is per user (name carries the user and the config folder, so a
`METNOS_HOME` sandbox is its own instance) and created with
`UserAccessOption` (mode 0700 on Unix). After a crash the socket file stays:
if nobody answers on it, it is removed and we listen again.

Trap (measured): with socket options set, Qt binds in a temp folder and
*renames* the socket into place, so a second `listen()` silently replaces a
live instance's socket instead of failing. Ownership is therefore decided by
a QLockFile held for the app's lifetime (a dead owner's lock is detected by
its PID), plus a connect probe, before listening.
"""
from __future__ import annotations

import json
import logging
import subprocess
import sys
import time
from typing import Any

from PySide6.QtCore import QCoreApplication, QDir, QLockFile, QObject, Signal, Slot
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from app.config import paths

log = logging.getLogger(__name__)

COMMANDS = ("toggle", "show", "ask")
MAX_LINE = 64 * 1024
CONNECT_MS = 1000
REPLY_MS = 5000


server_name = paths.instance_name


def _ensure_core_app() -> None:
    if QCoreApplication.instance() is None:
        QCoreApplication([sys.argv[0] if sys.argv else "metnos"])


def send(cmd: str, text: str = "", name: str | None = None, timeout_ms: int = REPLY_MS) -> dict[str, Any] | None:
    """Send one command; the server's reply, or None when no instance listens."""
    _ensure_core_app()
    sock = QLocalSocket()
    sock.connectToServer(name or server_name())
    if not sock.waitForConnected(CONNECT_MS):
        return None
    sock.write((json.dumps({"cmd": cmd, "text": text}, ensure_ascii=False) + "\n").encode("utf-8"))
    sock.flush()
    buf = b""
    deadline = time.monotonic() + timeout_ms / 1000
    while b"\n" not in buf and time.monotonic() < deadline:
        if not sock.waitForReadyRead(100) and sock.state() != QLocalSocket.LocalSocketState.ConnectedState:
            break
        buf += bytes(sock.readAll().data())
    sock.disconnectFromServer()
    try:
        reply = json.loads(buf.split(b"\n", 1)[0].decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        reply = None
    if not isinstance(reply, dict):
        return {"ok": False, "error": "the running app sent no reply"}
    return reply


def is_running(name: str | None = None) -> bool:
    _ensure_core_app()
    sock = QLocalSocket()
    sock.connectToServer(name or server_name())
    ok = sock.waitForConnected(CONNECT_MS)
    sock.abort()
    return ok


def forward(cmd: str, text: str = "") -> int:
    """`metnos --toggle|--show|--ask TEXT`: 0 when the running app took it, non-zero otherwise."""
    if cmd not in COMMANDS:
        print(f"metnos: unknown command {cmd!r} (use toggle, show or ask)", file=sys.stderr)
        return 2
    if cmd == "ask" and not text.strip():
        print("metnos: --ask needs a text, e.g. metnos --ask \"che ore sono\"", file=sys.stderr)
        return 2
    reply = send(cmd, text)
    if reply is None and cmd == "ask" and _offer_start():
        reply = _send_when_started(cmd, text)
    if reply is None:
        print("metnos: Metnos Desk is not running. Start it with `metnos` (or `metnos app`) from your "
              "desktop session; for an answer in the terminal use `metnos ask \"...\"`.", file=sys.stderr)
        return 1
    if not reply.get("ok"):
        print(f"metnos: the running app refused the command: {reply.get('error', 'no reason given')}",
              file=sys.stderr)
        return 2
    return 0


def _offer_start() -> bool:
    """For --ask on a terminal: offer to start the app (the answer then shows in its popup)."""
    if not (sys.stdin.isatty() and sys.stderr.isatty()):
        return False
    from .display import can_start_gui

    if not can_start_gui():
        return False
    sys.stderr.write("Metnos Desk is not running. Start it now? [y/N] ")
    sys.stderr.flush()
    try:
        ans = sys.stdin.readline().strip().lower()
    except (EOFError, OSError):
        return False
    if ans not in ("y", "yes", "s", "si", "sì"):
        return False
    from .autostart import launch_command

    subprocess.Popen(launch_command(), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL, start_new_session=True)
    return True


def _send_when_started(cmd: str, text: str, wait_s: float = 20.0) -> dict[str, Any] | None:
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        reply = send(cmd, text)
        if reply is not None:
            return reply
        time.sleep(0.25)
    return None


class SingleInstanceServer(QObject):
    """Listens for commands from later `metnos` processes; emits `command(cmd, text)`."""

    command = Signal(str, str)

    def __init__(self, name: str | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.name = name or server_name()
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self.server.newConnection.connect(self._on_connection)
        self._buffers: dict[QLocalSocket, bytes] = {}
        self._lock: QLockFile | None = None
        self.turns: Any = None  # remote_turns.handler(...): runs `metnos ask` turns on the app's engine

    def listen(self) -> bool:
        """Claim the name and listen, cleaning up a stale socket; False when another live instance owns it."""
        if self._lock is None:
            lock = QLockFile(QDir(QDir.tempPath()).filePath(self.name + ".lock"))
            lock.setStaleLockTime(0)  # never stale by age; a dead owner's PID still frees it
            if not lock.tryLock(200):
                return False
            self._lock = lock
        if is_running(self.name):  # an instance without the lock (older build) still answers
            self._release()
            return False
        QLocalServer.removeServer(self.name)  # a stale socket left by a crash
        if self.server.listen(self.name):
            return True
        log.warning("single instance: cannot listen on %s: %s", self.name, self.server.errorString())
        self._release()
        return False

    def _release(self) -> None:
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None

    @property
    def path(self) -> str:
        return self.server.fullServerName()

    def close(self) -> None:
        self.server.close()
        self._release()

    @Slot()
    def _on_connection(self) -> None:
        while self.server.hasPendingConnections():
            sock = self.server.nextPendingConnection()
            self._buffers[sock] = b""
            sock.readyRead.connect(lambda s=sock: self._on_ready(s))
            sock.disconnected.connect(lambda s=sock: self._drop(s))

    def _drop(self, sock: QLocalSocket) -> None:
        self._buffers.pop(sock, None)
        sock.deleteLater()

    def _on_ready(self, sock: QLocalSocket) -> None:
        buf = self._buffers.get(sock, b"") + bytes(sock.readAll().data())
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            reply = self._handle(line, sock)
            if reply is None:  # a terminal turn owns this socket now (remote_turns.py)
                sock.readyRead.disconnect()
                self._buffers.pop(sock, None)
                return
            self._reply(sock, reply)
        if len(buf) > MAX_LINE:
            self._reply(sock, {"ok": False, "error": f"message longer than {MAX_LINE} bytes"})
            buf = b""
            sock.disconnectFromServer()
        self._buffers[sock] = buf

    def _handle(self, line: bytes, sock: QLocalSocket | None = None) -> dict[str, Any] | None:
        try:
            msg = json.loads(line.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            return {"ok": False, "error": "not a JSON line"}
        if not isinstance(msg, dict):
            return {"ok": False, "error": "expected a JSON object"}
        cmd, text = msg.get("cmd"), msg.get("text", "")
        if cmd == "turn" and sock is not None:
            why = self.turns(sock, msg) if self.turns is not None else "this app does not take terminal turns"
            return None if why is None else {"ok": False, "error": why}
        if cmd not in COMMANDS:
            return {"ok": False, "error": f"unknown command {cmd!r}; expected one of {', '.join(COMMANDS)}"}
        if not isinstance(text, str):
            return {"ok": False, "error": "text must be a string"}
        if cmd == "ask" and not text.strip():
            return {"ok": False, "error": "ask needs a text"}
        self.command.emit(cmd, text)
        return {"ok": True}

    @staticmethod
    def _reply(sock: QLocalSocket, obj: dict[str, Any]) -> None:
        sock.write((json.dumps(obj) + "\n").encode("utf-8"))
        sock.flush()
