"""The desktop's own notification service for a reminder that rings: org.freedesktop.Notifications on the session
D-Bus, with Fatto / Rimanda 10 min / Apri as the popup's actions.

Why jeepney and not QtDBus: PySide6's QtDBus cannot send an unsigned 32-bit integer — a Python int goes out as
'i' (or as 'q' through QDBusArgument) — and Notify's signature is (susssasa{sv}i): a server built on GDBus (GNOME
Shell, dunst, …) refuses the call ("Type of message, '(sisssasa{sv}i)', does not match expected type"). jeepney is
pure Python, writes exact signatures, and is already here on Linux as the keyring's Secret Service client. It
needs no thread: a QSocketNotifier on the bus socket reads replies and signals when they arrive, so nothing wakes
while no notification is out. Where there is no session bus (Windows, macOS, a bare X session) or no jeepney,
`show` says False and the caller uses the tray's message.

What crosses, and when:

* `show(rid, title, body, actions)` sends Notify and returns at once (False: no bus, fall back now). The reply,
  a moment later, ties the server's id to the reminder; an error reply (no service on the bus and none that could
  be started) emits `failed(rid)`: fall back then. A reminder that rings again (a snooze) replaces its own popup;
* the server's `ActionInvoked(id, key)` → `invoked(rid, key)` (clicking the popup's body is the key "default");
  `NotificationClosed(id, 2)`, the person dismissing it → `dismissed(rid)`. Closed because it expired, or because
  we closed it → nothing: a reminder waits for an answer, and the card is still there;
* `close(rid)`: the reminder was answered elsewhere (the card), so its popup goes (CloseNotification) — never
  both waiting for an answer. A popup answered before the server's reply arrived is closed when it does.
"""
from __future__ import annotations

import html
import logging
import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QSocketNotifier, Signal

from app.config.paths import resources_dir

log = logging.getLogger(__name__)

BUS_NAME = "org.freedesktop.Notifications"
PATH = "/org/freedesktop/Notifications"
APP_NAME = "Metnos Desk"
DESKTOP_ENTRY = "metnos-desk"  # the .desktop file's name: servers show the app's icon and group by it
DISMISSED = 2  # NotificationClosed reasons: 1 expired, 2 dismissed by the person, 3 closed by CloseNotification


def session_bus_address() -> str | None:
    """The session bus the desktop uses: DBUS_SESSION_BUS_ADDRESS, else systemd's $XDG_RUNTIME_DIR/bus."""
    addr = os.environ.get("DBUS_SESSION_BUS_ADDRESS")
    if addr:
        return addr
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and Path(runtime, "bus").exists():
        return f"unix:path={Path(runtime, 'bus')}"
    return None


def icon_path() -> str:
    p = resources_dir() / "icons" / "png" / "metnos-64.png"
    return str(p) if p.is_file() else ""


class SystemNotifications(QObject):
    """Reminders as the desktop's notifications. Signals arrive on the GUI thread (the object's own)."""

    invoked = Signal(int, str)  # reminder id, action key ("done", "snooze", "open", "default")
    dismissed = Signal(int)  # reminder id: the person closed the popup without choosing
    failed = Signal(int)  # reminder id: no notification service answered; show it another way

    def __init__(self, parent: QObject | None = None, address: str | None = None):
        super().__init__(parent)
        self.address = address  # None: the session bus, looked up at each connection
        self._conn: Any = None
        self._notifier: QSocketNotifier | None = None
        self._sent: dict[int, int] = {}  # Notify's serial → reminder id, until the reply
        self._calls: dict[int, str] = {}  # serial → method, for the replies worth a look
        self._by_rid: dict[int, int] = {}  # reminder id → the server's notification id
        self._by_nid: dict[int, int] = {}
        self._closing: set[int] = set()  # answered before the server said which id it gave
        self.last_error = ""

    # -- the connection --------------------------------------------------------------------------------------
    def _connect(self) -> bool:
        if self._conn is not None:
            return True
        address = self.address or session_bus_address()
        if not address:
            self.last_error = "no session bus"
            return False
        try:
            from jeepney import MatchRule
            from jeepney.bus_messages import message_bus
            from jeepney.io.blocking import open_dbus_connection
        except ImportError as e:  # not on this system (Windows, macOS bundles leave it out)
            self.last_error = f"jeepney: {e}"
            return False
        try:
            conn = open_dbus_connection(bus=address)
            rule = MatchRule(type="signal", interface=BUS_NAME, path=PATH)
            conn.send(message_bus.AddMatch(rule))  # before any Notify on the same connection: no signal is missed
        except Exception as e:  # no bus at that address, refused, …: the tray's message instead
            self.last_error = f"{type(e).__name__}: {e}"
            log.info("no session bus for notifications: %s", self.last_error)
            return False
        self._conn = conn
        self._notifier = QSocketNotifier(conn.sock.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._read)
        return True

    def _drop(self) -> None:
        """The bus went away: forget everything; the next `show` connects again."""
        if self._notifier is not None:
            self._notifier.setEnabled(False)
            self._notifier.deleteLater()
            self._notifier = None
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except OSError:
                pass
        lost = list(self._sent.values())
        self._sent.clear()
        self._calls.clear()
        self._by_rid.clear()
        self._by_nid.clear()
        self._closing.clear()
        for rid in lost:
            self.failed.emit(rid)

    def shutdown(self) -> None:
        """The app quits: its popups go with it (a popup whose buttons nobody listens to would lie)."""
        for rid in list(self._by_rid):
            self.close(rid)
        self._drop()

    @property
    def connected(self) -> bool:
        return self._conn is not None

    def _call(self, method: str, signature: str, body: tuple[Any, ...]) -> int:
        from jeepney import DBusAddress, new_method_call

        target = DBusAddress(PATH, bus_name=BUS_NAME, interface=BUS_NAME)
        serial: int = next(self._conn.outgoing_serial)
        self._conn.send(new_method_call(target, method, signature, body), serial=serial)
        self._calls[serial] = method
        return serial

    # -- what the alerts call --------------------------------------------------------------------------------
    def show(self, rid: int, title: str, body: str, actions: list[tuple[str, str]]) -> bool:
        """Send the popup for reminder `rid`; `actions` are (key, label) pairs in the order shown. False when it
        cannot even be sent (no bus): the caller shows the tray's message instead."""
        if not self._connect():
            return False
        self._closing.discard(rid)
        flat = [part for key, label in actions for part in (key, label)]
        hints = {"desktop-entry": ("s", DESKTOP_ENTRY), "urgency": ("y", 1), "category": ("s", "x-metnos.reminder")}
        # the body may be read as markup (capability "body-markup"): the person's words are escaped, never markup
        args = (APP_NAME, self._by_rid.get(rid, 0), icon_path(), title, html.escape(body, quote=False), flat,
                hints, 0)  # 0: never expires — a reminder waits for an answer
        try:
            serial = self._call("Notify", "susssasa{sv}i", args)
        except OSError as e:
            self.last_error = f"{type(e).__name__}: {e}"
            self._drop()
            return False
        self._sent[serial] = rid
        return True

    def close(self, rid: int) -> None:
        """The reminder was answered elsewhere: take its popup away."""
        nid = self._by_rid.pop(rid, None)
        if nid is None:
            if rid in self._sent.values():
                self._closing.add(rid)  # closed when the server says which id it is
            return
        self._by_nid.pop(nid, None)
        if self._conn is None:
            return
        try:
            self._call("CloseNotification", "u", (nid,))
        except OSError:
            self._drop()

    def showing(self, rid: int) -> bool:
        """Is the desktop's popup for `rid` out (sent, or on screen)?"""
        return rid in self._by_rid or rid in self._sent.values()

    # -- what the bus says -----------------------------------------------------------------------------------
    def _read(self, *_: Any) -> None:
        conn = self._conn
        if conn is None:
            return
        while True:
            try:
                msg = conn.receive(timeout=0)
            except TimeoutError:
                return  # everything that arrived is read
            except (ConnectionError, OSError, ValueError) as e:
                log.info("notification bus closed: %s", e)
                self._drop()
                return
            try:
                self._dispatch(msg)
            except Exception:
                log.exception("notification message not understood")

    def _dispatch(self, msg: Any) -> None:
        from jeepney import HeaderFields, MessageType

        kind = msg.header.message_type
        fields = msg.header.fields
        if kind in (MessageType.method_return, MessageType.error):
            serial = fields.get(HeaderFields.reply_serial, -1)
            method = self._calls.pop(serial, "")
            rid = self._sent.pop(serial, None)
            if method != "Notify" or rid is None:
                return
            if kind == MessageType.error:
                self.last_error = str(fields.get(HeaderFields.error_name, "")) + " " + " ".join(
                    str(b) for b in msg.body)
                log.info("no notification service: %s", self.last_error.strip())
                self.failed.emit(rid)
                return
            nid = int(msg.body[0])
            self._by_rid[rid], self._by_nid[nid] = nid, rid
            if rid in self._closing:
                self._closing.discard(rid)
                self.close(rid)
            return
        if kind != MessageType.signal or fields.get(HeaderFields.interface) != BUS_NAME:
            return
        member = fields.get(HeaderFields.member)
        if member == "ActionInvoked":
            nid, key = int(msg.body[0]), str(msg.body[1])
            rid = self._by_nid.get(nid)
            if rid is not None:
                self.close(rid)  # answered: the popup goes (most servers close it themselves; the rest now)
                self.invoked.emit(rid, key)
        elif member == "NotificationClosed":
            nid, reason = int(msg.body[0]), int(msg.body[1])
            rid = self._by_nid.pop(nid, None)
            if rid is None:
                return
            self._by_rid.pop(rid, None)
            if reason == DISMISSED:
                self.dismissed.emit(rid)
