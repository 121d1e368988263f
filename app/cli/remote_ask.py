"""`metnos ask` through the running tray app: a warm engine, no model load, the same events.

Qt-free on purpose (the socket module only): a terminal request must not pay for importing Qt.
The app listens on its single-instance socket (a Unix socket in the temp folder, named per user and
config folder, see app/ui/single_instance.py); a line `{"cmd": "turn", ...}` makes it run the turn and
stream its events back as JSON lines. Approvals are answered from this terminal. Windows uses a named
pipe the socket module cannot open: there `metnos ask` runs its own engine.
"""
from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any, Callable, Iterator

from app.config import paths
from app.turn import events as ev

CONNECT_S = 1.0


server_name = paths.instance_name


def socket_path(name: str | None = None) -> Path | None:
    """Where Qt's QLocalServer puts the socket (its temp folder), or None where it is not a Unix socket."""
    return paths.instance_socket(name)


def connect(path: Path | None = None) -> socket.socket | None:
    """A connection to the running app, or None when no app listens."""
    path = path or socket_path()
    if path is None or not path.exists():
        return None
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(CONNECT_S)
    try:
        s.connect(str(path))
    except OSError:
        s.close()
        return None
    s.settimeout(None)
    return s


class Refused(Exception):
    """The app answered but would not run the turn (still starting, an older version)."""


def remote_turn(sock: socket.socket, text: str, *, yes: bool, owner: str,
                decide: Callable[[ev.ApprovalNeeded], Any]) -> Iterator[ev.Event]:
    """Send the request; yield its events as the app streams them. Closing the generator (Ctrl-C)
    closes the socket, and the app cancels the turn."""
    f = sock.makefile("rwb")
    try:
        f.write((json.dumps({"cmd": "turn", "text": text, "yes": yes, "owner": owner}, ensure_ascii=False)
                 + "\n").encode("utf-8"))
        f.flush()
        first = True
        for raw in f:
            msg = json.loads(raw.decode("utf-8"))
            if first and msg.get("ok") is False:
                raise Refused(str(msg.get("error", "no reason given")))
            first = False
            if msg.get("done"):
                return
            e = ev.event_from_dict(msg)
            yield e
            if isinstance(e, ev.ApprovalNeeded) and not yes:
                f.write((json.dumps({"approve": decide(e)}) + "\n").encode("utf-8"))
                f.flush()
        raise Refused("the app closed the connection before the turn ended")
    finally:
        try:
            f.close()
        finally:
            sock.close()
