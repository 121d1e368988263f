"""Single instance: per-user socket (0700), forwarding from real `metnos` processes, stale sockets."""
from __future__ import annotations

import json
import os
import signal
import socket
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from app.ui.single_instance import SingleInstanceServer, forward, server_name

ROOT = Path(__file__).resolve().parents[2]
unix_only = pytest.mark.skipif(sys.platform.startswith("win"), reason="Unix sockets")


def _metnos(*args: str) -> subprocess.Popen:
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    return subprocess.Popen([sys.executable, "-m", "app.cli.main", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _finish(qtbot, proc: subprocess.Popen, timeout: int = 60_000) -> tuple[int, str]:
    qtbot.waitUntil(lambda: proc.poll() is not None, timeout=timeout)  # Qt's loop runs meanwhile
    _out, err = proc.communicate()
    return proc.returncode, err


@pytest.fixture
def server(qtbot):
    s = SingleInstanceServer()
    assert s.listen(), s.server.errorString()
    received: list[tuple[str, str]] = []
    s.command.connect(lambda c, t: received.append((c, t)))
    s.received = received
    yield s
    s.close()


def test_name_is_per_user_and_per_home(metnos_home, monkeypatch, tmp_path):
    a = server_name()
    assert a.startswith("metnos-desk-")
    monkeypatch.setenv("METNOS_HOME", str(tmp_path / "other"))
    assert server_name() != a


@unix_only
def test_socket_is_private_to_the_user(server):
    mode = os.stat(server.path).st_mode
    assert stat.S_ISSOCK(mode)
    assert stat.S_IMODE(mode) & 0o077 == 0, oct(stat.S_IMODE(mode))


def test_toggle_show_and_ask_are_forwarded(qtbot, server):
    for args, expected in ((["--toggle"], ("toggle", "")), (["--show"], ("show", "")),
                           (["--ask", "che ore sono"], ("ask", "che ore sono"))):
        rc, err = _finish(qtbot, _metnos(*args))
        assert rc == 0, err
        qtbot.waitUntil(lambda: expected in server.received)  # noqa: B023  (waited on at once)


def test_no_instance_gives_a_clear_error(capsys):
    assert forward("toggle") == 1
    err = capsys.readouterr().err
    assert "not running" in err and "metnos app" in err


def test_ask_without_text_is_refused(capsys):
    assert forward("ask", "  ") == 2
    assert "--ask needs a text" in capsys.readouterr().err


@unix_only
def test_bad_messages_get_an_error_reply(qtbot, server):
    replies: list[dict] = []

    def client() -> None:
        for line in (b'{"cmd": "format_disk"}\n', b"not json\n", b'{"cmd": "ask", "text": ""}\n'):
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as c:
                c.settimeout(10)
                c.connect(server.path)
                c.sendall(line)
                replies.append(json.loads(c.makefile("rb").readline()))

    t = threading.Thread(target=client)
    t.start()
    qtbot.waitUntil(lambda: len(replies) == 3, timeout=20_000)
    t.join()
    assert all(r["ok"] is False for r in replies)
    assert "unknown command" in replies[0]["error"] and "JSON" in replies[1]["error"]
    assert server.received == []


def test_a_second_instance_does_not_steal_the_socket(server):
    other = SingleInstanceServer()
    assert other.listen() is False
    assert os.path.exists(server.path) if not sys.platform.startswith("win") else True


@unix_only
def test_stale_socket_after_a_crash_is_cleaned_up(qtbot, metnos_home):
    code = ("import sys, time\nfrom PySide6.QtCore import QCoreApplication\n"
            "from app.ui.single_instance import SingleInstanceServer\n"
            "app = QCoreApplication([])\ns = SingleInstanceServer()\nassert s.listen()\n"
            "print(s.path, flush=True)\ntime.sleep(120)\n")
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ), stdout=subprocess.PIPE,
                            text=True)
    path = proc.stdout.readline().strip()
    assert path and os.path.exists(path)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert os.path.exists(path), "the crashed process left no socket: nothing to test"
    s = SingleInstanceServer()
    try:
        assert s.listen(), "a stale socket must be removed and listened on again"
        received: list[tuple[str, str]] = []
        s.command.connect(lambda c, t: received.append((c, t)))
        rc, err = _finish(qtbot, _metnos("--show"))
        assert rc == 0, err
        qtbot.waitUntil(lambda: ("show", "") in received)
    finally:
        s.close()
