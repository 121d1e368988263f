"""The selection hotkey under Xvfb: tests/ui/xsel_cases.py run by pytest-qt in a child on a private X display
(this process owns an offscreen QApplication). Another program holds the selection; the keys are real X events."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.bench.ui import xvfb_with_tray

pytestmark = [pytest.mark.gui, pytest.mark.slow]
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def test_selection_cases_on_a_real_x_display() -> None:
    missing = [b for b in ("Xvfb", "trayer", "xdotool") if shutil.which(b) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (apt-get install xvfb trayer xdotool); .ci/run installs them")
    with xvfb_with_tray() as display:
        env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb")
        p = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA",
                            str(HERE / "xsel_cases.py")], env=env, cwd=ROOT, capture_output=True, text=True,
                           timeout=1500)
    tail = "\n".join(ln for ln in p.stdout.splitlines() if "propagateSizeHints" not in ln)[-6000:]
    assert p.returncode == 0, tail + p.stderr[-2000:]
    assert "3 passed" in p.stdout, tail
