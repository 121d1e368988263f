"""`metnos ask` answered by the running app's warm engine over the single-instance socket."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import remote_ask
from app.config import ConfigManager
from app.ui import single_instance
from app.ui.remote_turns import handler
from app.ui.single_instance import SingleInstanceServer

ROOT = Path(__file__).resolve().parents[2]
unix_only = pytest.mark.skipif(sys.platform.startswith("win"), reason="Unix sockets")


def test_the_qt_free_client_finds_the_apps_socket(metnos_home, qtbot) -> None:
    assert remote_ask.server_name() == single_instance.server_name()
    s = SingleInstanceServer()
    assert s.listen(), s.server.errorString()
    try:
        assert Path(s.path) == remote_ask.socket_path()
    finally:
        s.close()
    assert remote_ask.connect() is None  # nobody listens any more: the CLI answers by itself


def _ask(*args: str) -> subprocess.Popen:
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    return subprocess.Popen([sys.executable, "-X", "importtime", "-m", "app.cli.main", "ask", *args], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@unix_only
def test_ask_runs_on_the_running_apps_engine(metnos_home, qtbot) -> None:
    from app.engine.engine import Engine

    engine = Engine(ConfigManager())
    s = SingleInstanceServer()
    assert s.listen(), s.server.errorString()
    s.turns = handler(lambda: engine)
    try:
        proc = _ask("che ore sono")
        qtbot.waitUntil(lambda: proc.poll() is not None, timeout=180_000)  # Qt's loop serves the turn meanwhile
        out, err = proc.communicate()
    finally:
        s.close()
        engine.close()
    assert proc.returncode == 0, err[-2000:]
    assert out.startswith("Sono le "), out
    imported = {ln.rsplit("|", 1)[-1].strip() for ln in err.splitlines() if ln.startswith("import time:")}
    assert not any(m.startswith("PySide6") for m in imported), "the terminal client imported Qt"
    assert "llama_cpp" not in imported, "the terminal client loaded a model of its own"


@unix_only
def test_an_app_that_refuses_leaves_the_cli_to_answer(metnos_home, qtbot) -> None:
    s = SingleInstanceServer()
    assert s.listen(), s.server.errorString()
    s.turns = handler(lambda: None)  # still starting its engine
    try:
        proc = _ask("--json", "che ore sono")
        qtbot.waitUntil(lambda: proc.poll() is not None, timeout=180_000)
        out, err = proc.communicate()
    finally:
        s.close()
    assert "did not take the request" in err and "still starting" in err
    assert proc.returncode == 0 and '"type": "answer"' in out
