"""A reminder as the desktop's own notification (issue 32), against a real notification server: dunst, on a private
Xvfb, owning org.freedesktop.Notifications on this test run's session bus (installer/run-tests.sh starts one).

What is checked, through dunst's own tools (dunstctl, its context menu, its rule scripts):

* the notification arrives with the title and the date in words, and Fatto / Rimanda 10 min / Apri as its actions
  (in the UI language); the tray's message is not shown as well;
* choosing an action in dunst's menu does what the card's button does (Rimanda 10 min snoozes in the store) and the
  card goes; clicking the popup (its default action) is Apri;
* the card's button takes the popup away (dunst no longer displays it); dismissing the popup in dunst hides the
  card and changes nothing in the store — never both waiting for an answer already given;
* with no notification service on the bus, or no bus, the tray's message is shown instead, silently.

dunst's context menu is dmenu by default; here `dmenu` is a stand-in script that records the menu dunst offers and
picks the line whose label the test wrote in a file — dunst then emits ActionInvoked exactly as for a person.
"""
from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reminders"))

from reminder_support import Clock  # noqa: E402

from app.bench.ui import DisplayUnavailable, private_xvfb  # noqa: E402
from app.reminders import RemindersPlugin, Scheduler  # noqa: E402
from app.ui.i18n import Translations  # noqa: E402
from app.ui.reminder_card import ReminderAlerts  # noqa: E402
from app.ui.reminder_link import RemindersLink  # noqa: E402
from app.ui.system_notify import BUS_NAME, SystemNotifications, session_bus_address  # noqa: E402

pytestmark = [pytest.mark.gui]
WAIT_MS = 15_000
LEFT = Qt.MouseButton.LeftButton


def name_has_owner(name: str) -> bool:
    """Asked without activating anything (dunstctl would start a dunst of the bus's own through its .service)."""
    from jeepney.bus_messages import message_bus
    from jeepney.io.blocking import open_dbus_connection

    with open_dbus_connection(bus="SESSION") as conn:
        return bool(conn.send_and_get_reply(message_bus.NameHasOwner(name), timeout=5).body[0])


class Dunst:
    """dunst on a private X display, with a stand-in dmenu and a rule script that records each notification."""

    def __init__(self, folder: Path, display: str):
        self.folder = folder
        self.shown = folder / "shown.jsonl"  # one line per notification dunst displayed: summary, body
        self.menu = folder / "menu.txt"  # the context menu dunst offered, last time
        self.pick = folder / "pick.txt"  # the label the stand-in dmenu chooses
        dmenu = self._script("fake-dmenu", f'#!/bin/sh\ncat > "{self.menu}"\n'
                                           f'grep -F -- "#$(cat "{self.pick}") (" "{self.menu}" | head -n 1\n')
        record = self._script("record", "#!/bin/sh\n" + sys.executable + " -c 'import json, sys; "
                              "print(json.dumps({\"summary\": sys.argv[2], \"body\": sys.argv[3]}))' "
                              f'"$@" >> "{self.shown}"\n')
        rc = folder / "dunstrc"
        rc.write_text(f'[global]\n    dmenu = "{dmenu}"\n    always_run_script = true\n    idle_threshold = 0\n'
                      f'[record]\n    appname = "Metnos Desk"\n    script = "{record}"\n', encoding="utf-8")
        self.env = dict(os.environ, DISPLAY=display)
        self.proc = subprocess.Popen(["dunst", "-config", str(rc)], env=self.env, stdout=subprocess.DEVNULL,
                                     stderr=open(folder / "dunst.log", "wb"))
        deadline = time.monotonic() + 20
        while not name_has_owner(BUS_NAME):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"dunst did not start: {(folder / 'dunst.log').read_text(errors='replace')}")
            time.sleep(0.05)

    def _script(self, name: str, text: str) -> Path:
        p = self.folder / name
        p.write_text(text, encoding="utf-8")
        p.chmod(p.stat().st_mode | stat.S_IXUSR)
        return p

    def ctl(self, *args: str) -> str:
        out = subprocess.run(["dunstctl", *args], env=self.env, capture_output=True, text=True, timeout=10)
        assert out.returncode == 0, out.stderr
        return out.stdout.strip()

    def displayed(self) -> int:
        return int(self.ctl("count", "displayed"))

    def notifications(self) -> list[dict[str, str]]:
        if not self.shown.exists():
            return []
        return [json.loads(ln) for ln in self.shown.read_text(encoding="utf-8").splitlines() if ln.strip()]

    def choose(self, label: str) -> None:
        """Open dunst's context menu; the stand-in dmenu picks `label`."""
        self.pick.write_text(label, encoding="utf-8")
        self.ctl("context")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


@pytest.fixture
def dunst(tmp_path: Path) -> Iterator[Dunst]:
    missing = [b for b in ("Xvfb", "dunst", "dunstctl") if shutil.which(b) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (apt-get install xvfb dunst); .ci/run installs them")
    if not session_bus_address():
        pytest.skip("needs a session bus (run through installer/run-tests.sh, which starts one)")
    if name_has_owner(BUS_NAME):
        pytest.skip("a notification server already owns this session bus's org.freedesktop.Notifications")
    try:
        with private_xvfb() as display:
            server = Dunst(tmp_path, display)
            try:
                yield server
            finally:
                server.stop()
    except DisplayUnavailable as e:
        pytest.fail(str(e))


@pytest.fixture
def italian(qapp: Any) -> Iterator[None]:
    t = Translations()
    t.install("it")
    yield
    t.install("en")


@pytest.fixture
def link(qapp: Any, plugin: RemindersPlugin) -> Iterator[RemindersLink]:
    lk = RemindersLink()
    lk.attach_plugin(plugin)
    yield lk
    lk.detach()


def make_alerts(link: RemindersLink, system: SystemNotifications | None) -> tuple[ReminderAlerts, list[Any]]:
    said: list[Any] = []
    return ReminderAlerts(link, lambda title, text: said.append((title, text)), system=system), said


def tick_elsewhere(plugin: RemindersPlugin) -> None:
    t = threading.Thread(target=plugin.tick, name="metnos-reminders")
    t.start()
    t.join(WAIT_MS / 1000)


def ring(qtbot: Any, plugin: RemindersPlugin, alerts: ReminderAlerts, rid: int) -> Any:
    tick_elsewhere(plugin)
    qtbot.waitUntil(lambda: rid in alerts.cards and alerts.cards[rid].isVisible(), timeout=WAIT_MS)
    return alerts.cards[rid]


def test_the_notification_reaches_dunst_with_its_actions_and_acting_there_is_acting_on_the_card(
        qtbot: Any, italian: None, dunst: Dunst, plugin: RemindersPlugin, sch: Scheduler, clock: Clock,
        link: RemindersLink) -> None:
    system = SystemNotifications()
    alerts, said = make_alerts(link, system)
    try:
        marco = sch.add("chiamare Marco", datetime(2026, 12, 2, 10, 5), lang="it")
        clock.at(2026, 12, 2, 10, 5)
        card = ring(qtbot, plugin, alerts, marco.id)
        qtbot.waitUntil(lambda: dunst.displayed() == 1 and bool(dunst.notifications()), timeout=WAIT_MS)
        assert dunst.notifications() == [{"summary": "Promemoria: chiamare Marco",
                                          "body": "Per oggi, mercoledì 2 dicembre, alle 10:05"}]
        assert said == []  # the desktop's notification, not the tray's message as well

        # Rimanda 10 min, chosen in dunst's own menu: the store snoozes, the card goes, the popup goes
        dunst.choose("Rimanda 10 min")
        qtbot.waitUntil(lambda: sch.get(marco.id).snoozed_until is not None, timeout=WAIT_MS)
        qtbot.waitUntil(lambda: not card.isVisible(), timeout=WAIT_MS)
        qtbot.waitUntil(lambda: dunst.displayed() == 0, timeout=WAIT_MS)
        menu = dunst.menu.read_text(encoding="utf-8")
        for label, key in (("Fatto", "done"), ("Rimanda 10 min", "snooze"), ("Apri", "open")):
            assert f"#{label} (Promemoria: chiamare Marco) [" in menu and f",{key}]" in menu, menu

        # the card's Fatto takes the popup away
        bill = sch.add("pagare l'F24", datetime(2026, 12, 2, 10, 6), lang="it")
        clock.at(2026, 12, 2, 10, 6)
        card = ring(qtbot, plugin, alerts, bill.id)
        qtbot.waitUntil(lambda: dunst.displayed() == 1, timeout=WAIT_MS)
        qtbot.mouseClick(card.done_btn, LEFT)
        qtbot.waitUntil(lambda: sch.get(bill.id).state == "done", timeout=WAIT_MS)
        qtbot.waitUntil(lambda: dunst.displayed() == 0, timeout=WAIT_MS)

        # dismissed in dunst: the card goes too, the reminder stays as the scheduler left it
        pasta = sch.add("togliere la pasta", datetime(2026, 12, 2, 10, 7), lang="it")
        clock.at(2026, 12, 2, 10, 7)
        card = ring(qtbot, plugin, alerts, pasta.id)
        qtbot.waitUntil(lambda: dunst.displayed() == 1, timeout=WAIT_MS)
        dunst.ctl("close")
        qtbot.waitUntil(lambda: not card.isVisible(), timeout=WAIT_MS)
        r = sch.get(pasta.id)
        assert r.state == "pending" and r.snoozed_until is None

        # clicking the popup itself (dunst's action on it: the default action) is Apri
        call = sch.add("richiamare Anna", datetime(2026, 12, 2, 10, 8), lang="it")
        clock.at(2026, 12, 2, 10, 8)
        card = ring(qtbot, plugin, alerts, call.id)
        qtbot.waitUntil(lambda: dunst.displayed() == 1, timeout=WAIT_MS)
        with qtbot.waitSignal(alerts.openRequested, timeout=WAIT_MS):
            dunst.ctl("action", "0")
        qtbot.waitUntil(lambda: not card.isVisible(), timeout=WAIT_MS)
        qtbot.waitUntil(lambda: dunst.displayed() == 0, timeout=WAIT_MS)

        # the snoozed one rings again ten minutes later: a new popup, the same card
        clock.at(2026, 12, 2, 10, 15)
        card = ring(qtbot, plugin, alerts, marco.id)
        qtbot.waitUntil(lambda: dunst.displayed() == 1, timeout=WAIT_MS)
        dunst.choose("Fatto")
        qtbot.waitUntil(lambda: sch.get(marco.id).state == "done", timeout=WAIT_MS)
        qtbot.waitUntil(lambda: not card.isVisible(), timeout=WAIT_MS)
        assert said == []
    finally:
        alerts.close_all()


def test_closing_the_card_dismisses_the_popup_and_quitting_takes_them_away(
        qtbot: Any, dunst: Dunst, plugin: RemindersPlugin, sch: Scheduler, clock: Clock,
        link: RemindersLink) -> None:
    system = SystemNotifications()
    alerts, said = make_alerts(link, system)
    r = sch.add("call Marco", datetime(2026, 12, 2, 10, 5))
    clock.at(2026, 12, 2, 10, 5)
    card = ring(qtbot, plugin, alerts, r.id)
    qtbot.waitUntil(lambda: dunst.displayed() == 1 and bool(dunst.notifications()), timeout=WAIT_MS)
    assert dunst.notifications()[-1]["summary"] == "Reminder: call Marco"  # the English UI's words
    card.close()  # "not now" on the card is "not now" on the popup
    qtbot.waitUntil(lambda: dunst.displayed() == 0, timeout=WAIT_MS)
    assert sch.get(r.id).state == "pending"
    other = sch.add("pay the bill", datetime(2026, 12, 2, 10, 6))
    clock.at(2026, 12, 2, 10, 6)
    ring(qtbot, plugin, alerts, other.id)
    qtbot.waitUntil(lambda: dunst.displayed() == 1, timeout=WAIT_MS)
    alerts.close_all()  # the app quits: its popups go with it
    qtbot.waitUntil(lambda: dunst.displayed() == 0, timeout=WAIT_MS)
    assert said == []


def test_without_a_notification_service_the_tray_message_is_shown(
        qtbot: Any, tmp_path: Path, plugin: RemindersPlugin, sch: Scheduler, clock: Clock,
        link: RemindersLink) -> None:
    if shutil.which("dbus-daemon") is None:
        pytest.skip("needs dbus-daemon")
    # a bus of this test's own, with no service files: nothing owns org.freedesktop.Notifications, nothing starts
    conf = tmp_path / "bus.conf"
    conf.write_text(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:dir={tmp_path}</listen><auth>EXTERNAL</auth>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
<allow own="*"/></policy></busconfig>""", encoding="utf-8")
    bus = subprocess.Popen(["dbus-daemon", "--config-file", str(conf), "--print-address", "--nofork"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert bus.stdout is not None
        address = bus.stdout.readline().strip()
        alerts, said = make_alerts(link, SystemNotifications(address=address))
        r = sch.add("call Marco", datetime(2026, 12, 2, 10, 5))
        clock.at(2026, 12, 2, 10, 5)
        card = ring(qtbot, plugin, alerts, r.id)
        qtbot.waitUntil(lambda: said == [("Reminder: call Marco", "Due today, Wednesday 2 December, at 10:05")],
                        timeout=WAIT_MS)  # the service's error came back: the tray's message, once
        assert card.isVisible() and alerts.system is not None and "ServiceUnknown" in alerts.system.last_error
        alerts.close_all()
    finally:
        bus.terminate()
        bus.wait(5)

    nowhere = SystemNotifications(address=f"unix:path={tmp_path}/no-bus-here")
    alerts, said = make_alerts(link, nowhere)
    try:
        r = sch.add("pay the bill", datetime(2026, 12, 2, 10, 6))
        clock.at(2026, 12, 2, 10, 6)
        ring(qtbot, plugin, alerts, r.id)
        assert said == [("Reminder: pay the bill", "Due today, Wednesday 2 December, at 10:06")]  # at once
        assert not nowhere.connected
    finally:
        alerts.close_all()
    QApplication.processEvents()
