"""Screenshot gallery under Xvfb + trayer: PNGs in tests/artifacts/ui/ for a person to look at.

Italian and English at 1280×800 (popup with an answer, approval cards, a long refusal wrapped at the popup's
width, chat with a timeline, every settings page, the memory view), and the popup with an approval and the
wrapped refusal at 1024×600. At both sizes: the first-start card (chat and popup, before any turn), a follow-up
in the chat ("leggi il primo" after a search) and the allow-folder offer (the refusal with "Consenti questa
cartella", its approval card, the request run again). At both sizes the card's buttons must lie inside the popup,
and the popup inside the screen. The app runs in a child process (gallery_child.py) on the private display: this
pytest process already owns an offscreen QApplication.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from app.bench.ui import xvfb_with_tray

pytestmark = [pytest.mark.gui, pytest.mark.slow]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "ui"
CHILD = Path(__file__).resolve().parent / "gallery_child.py"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def artifacts() -> Path:
    missing = [b for b in ("Xvfb", "trayer", "xdotool") if shutil.which(b) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (apt-get install xvfb trayer xdotool imagemagick)")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for old in ARTIFACTS.glob("gallery_*"):
        shutil.rmtree(old) if old.is_dir() else old.unlink()
    return ARTIFACTS


def _run(display: str, out: Path, lang: str, full: bool) -> dict:
    home = tempfile.mkdtemp(prefix="metnos-gallery-")
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", METNOS_HOME=home, METNOS_UI_LANGUAGE=lang)
    cmd = [sys.executable, str(CHILD), "--out", str(out), "--lang", lang] + (["--full"] if full else [])
    try:
        proc = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True, timeout=600)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    said = f"status {proc.returncode}; stdout: {proc.stdout[-1000:]!r}; stderr: {proc.stderr[-3000:]}"
    assert proc.returncode == 0 and lines, said
    assert json.loads(lines[-1]).get("ok"), said
    return json.loads(lines[-1])


def _not_blank(path: str) -> bool:
    img = QImage(path)
    if img.isNull() or img.width() < 50 or img.height() < 30:
        return False
    colours = {img.pixel(x, y) for x in range(0, img.width(), 7) for y in range(0, img.height(), 7)}
    return len(colours) > 5


def _check(r: dict, size: tuple[int, int], expected: set[str]) -> None:
    assert r["ok"], r
    assert r["screen"] == list(size)
    assert r["approval_focus"], "the approval card did not take the keyboard focus"
    assert r["approval_inside"] and r["preview_inside"], f"approval buttons outside the popup at {size}: {r}"
    assert r["popup_height"] <= size[1]
    assert r["approved_write"], "Enter on the card did not approve the write"
    assert r["wrapped_fits"], f"a long refusal did not wrap at the popup's width at {size}"
    assert r["conversations_fit"], f"the chat with its list of conversations does not fit at {size}"
    assert r["first_start_fits"] and r["first_start_popup"], f"the first-start card does not fit at {size}: {r}"
    assert r["offer_inside"] and r["allow_card_inside"], f"the allow-folder offer or its card is cut at {size}: {r}"
    assert r["followup_read"], "\"leggi il primo\" after a search did not read the first file found"
    assert r["allowed"], "approving the allow-folder offer did not allow the folder and run the request again"
    assert expected <= set(r["files"]), set(r["files"])
    for name, path in r["files"].items():
        assert _not_blank(path), f"{name} screenshot is blank: {path}"


def test_gallery_1280x800_italian_and_english(artifacts):
    out = artifacts / "gallery_1280x800"
    with xvfb_with_tray(1280, 800) as display:
        for lang in ("it", "en"):
            r = _run(display, out, lang, full=True)
            _check(r, (1280, 800), {"popup_answer", "approval", "approval_preview", "wrapped_answer", "chat", "memory",
                                    "conversations", "conversations_search", "conversations_delete", "followup",
                                    "selection_open", "selection_answer", "first_start_chat", "first_start_popup",
                                    "allow_offer", "allow_approval", "allow_done",
                                    *(f"settings_{i}" for i in range(6))})
            assert r["selection_inside"], "the selection popup's buttons lie outside it"


def test_gallery_1024x600_approval_fits(artifacts):
    out = artifacts / "gallery_1024x600"
    with xvfb_with_tray(1024, 600) as display:
        for lang in ("it", "en"):
            r = _run(display, out, lang, full=False)
            _check(r, (1024, 600), {"popup_answer", "approval", "approval_preview", "wrapped_answer", "conversations",
                                    "conversations_search", "conversations_delete", "followup", "first_start_chat",
                                    "first_start_popup", "allow_offer", "allow_approval", "allow_done"})
