"""The .deb, end to end: build the bundle and the package, install it into a fresh Debian root,
use it with the network unplugged, show the tray icon, upgrade and remove it.

Slow (a PyInstaller build, a ~1.5 GB package, a Debian root): run by .ci/run. The
debootstrap root and the apt downloads are cached under ~/.cache/metnos (see
debroot.py); phase timings go to tests/artifacts/installer/deb-timings.json and
the tray screenshot to tests/artifacts/installer/deb-tray.png.
"""
from __future__ import annotations

import datetime as dt
import json
import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import debroot
import pytest

pytestmark = [pytest.mark.slow, pytest.mark.gui]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts" / "installer"
TIMINGS: dict[str, float | str] = {}
NEEDED_TOOLS = ("debootstrap", "dpkg-deb", "zstd", "unshare", "chroot", "Xvfb", "trayer")


def _timed(name: str):
    class _T:
        def __enter__(self):
            self.t0 = time.monotonic()

        def __exit__(self, *exc):
            TIMINGS[name] = round(time.monotonic() - self.t0, 1)
            _save_timings()
    return _T()


def _save_timings() -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "deb-timings.json").write_text(json.dumps(TIMINGS, indent=1))


@pytest.fixture(scope="module", autouse=True)
def _requirements():
    if os.geteuid() != 0:
        pytest.skip("installing a .deb into a chroot needs root (CI runs as root)")
    missing = [t for t in NEEDED_TOOLS if shutil.which(t) is None]
    if missing:
        pytest.fail(f"missing tools: {', '.join(missing)}. Fix: apt-get install debootstrap dpkg-dev zstd "
                    f"util-linux xvfb trayer imagemagick (installer/setup.sh test does it)")
    TIMINGS.clear()
    t0 = time.monotonic()
    yield
    TIMINGS["total_s"] = round(time.monotonic() - t0, 1)
    _save_timings()


@pytest.fixture(scope="module")
def deb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real script, the real spec: bundle + .deb, built into a temp folder (the checkout stays clean)."""
    work = tmp_path_factory.mktemp("deb-build")
    with _timed("bundle_and_deb_s"):
        p = subprocess.run(["bash", str(ROOT / "installer/linux/build-deb.sh"), "--work", str(work)],
                           capture_output=True, text=True, timeout=1800)
    assert p.returncode == 0, f"build-deb.sh failed:\n{p.stdout[-3000:]}\n{p.stderr[-5000:]}"
    path = Path(p.stdout.strip().splitlines()[-1])
    assert path.is_file() and path.suffix == ".deb", p.stdout
    TIMINGS["deb_mb"] = round(path.stat().st_size / 1e6)
    yield path
    shutil.rmtree(work, ignore_errors=True)


@pytest.fixture(scope="module")
def root(deb: Path) -> Path:
    """A fresh bookworm minbase with the package installed (Depends pulled from the mirror apt already uses)."""
    r = debroot.new_root()
    cold = not (debroot.cache_dir() / f"debroot-{debroot.SUITE}.tar.zst").is_file()
    TIMINGS["debroot_cache"] = "cold" if cold else "warm"
    with _timed("debroot_s"):
        debroot.base_tarball()
        debroot.extract(r)
    Path("/tmp/.X11-unix").mkdir(mode=0o1777, exist_ok=True)
    try:
        with debroot.mounted(r, x11=True):
            shutil.copy(deb, r / "tmp" / deb.name)
            with _timed("install_s"):
                debroot.chroot(r, "dpkg", "-i", f"/tmp/{deb.name}", check=False)   # fails on Depends: expected
                debroot.chroot(r, "apt-get", "update", "-qq", check=False)         # stale lists are still usable
                debroot.chroot(r, "apt-get", "-f", "install", "-y", "-q", "--no-install-recommends", timeout=1200)
            status = debroot.chroot(r, "dpkg-query", "-W", "-f=${Status}", "metnos-desk").stdout
            assert status == "install ok installed", status
            (r / "tmp" / deb.name).unlink()
            yield r
    finally:
        debroot.remove(r)


def _ask(root: Path, text: str, timeout: float = 900) -> list[dict]:
    p = debroot.chroot(root, "metnos", "ask", "--json", text, offline=True, timeout=timeout, check=False)
    events = [json.loads(line) for line in p.stdout.splitlines() if line.startswith("{")]
    assert events, f"no events from `metnos ask {text!r}` (rc {p.returncode}):\n{p.stdout[-2000:]}\n{p.stderr[-3000:]}"
    return events


def _one(events: list[dict], kind: str) -> dict:
    found = [e for e in events if e["type"] == kind]
    assert found, f"no {kind} event in {events}"
    return found[-1]


# ------------------------------------------------------------------------------------ package

def test_package_has_the_layout_and_declares_the_gl_libraries(deb: Path):
    listing = subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True, check=True).stdout
    names = {line.split()[5].lstrip(".") for line in listing.splitlines()}
    for path in ("/opt/metnos/metnos", "/usr/share/applications/metnos-desk.desktop",
                 "/usr/share/icons/hicolor/48x48/apps/metnos-desk.png",
                 "/usr/share/icons/hicolor/scalable/apps/metnos-desk.svg",
                 "/opt/metnos/_internal/models/gemma-3-270m-q4_k_m.gguf",
                 "/opt/metnos/_internal/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
                 "/opt/metnos/_internal/models/QWEN_LICENSE.txt",
                 "/opt/metnos/_internal/models/QWEN_NOTICE.txt",
                 "/opt/metnos/_internal/models/multilingual-e5-small-q4/model.onnx",
                 "/opt/metnos/_internal/models/GEMMA_TERMS.html",
                 "/opt/metnos/_internal/resources/l0_phrases.toml" if (ROOT / "resources/l0_phrases.toml").is_file()
                 else "/opt/metnos/_internal/resources/models.toml",
                 "/opt/metnos/_internal/llama_cpp/lib/libllama.so"):
        assert path in names, f"{path} is not in the package"
    assert re.search(r"usr/bin/metnos -> /opt/metnos/metnos", listing)
    assert not [n for n in names if "gtk-3" in n or "/qml/" in n], "GTK or QML leaked into the bundle"
    depends = subprocess.run(["dpkg-deb", "-f", str(deb), "Depends"], capture_output=True, text=True).stdout
    assert "libgl1" in depends and "libegl1" in depends, depends
    control = subprocess.run(["dpkg-deb", "--ctrl-tarfile", str(deb)], capture_output=True, check=True).stdout
    members = subprocess.run(["tar", "-t"], input=control, capture_output=True, check=True).stdout.decode()
    scripts = [m for m in members.split() if m.strip("./") in ("preinst", "postinst", "prerm", "postrm")]
    assert not scripts, f"maintainer scripts {scripts}: they must never touch user data (none are needed)"


def test_every_bundled_library_resolves_in_a_fresh_root(root: Path):
    """ldd inside the root, with the bundle's own folder on the path as its loader sets it: nothing missing."""
    script = ("cd /opt/metnos && export LD_LIBRARY_PATH=/opt/metnos/_internal; "
              "find . -type f \\( -name '*.so*' -o -name metnos \\) | while read -r f; do "
              "ldd \"$f\" 2>/dev/null | grep 'not found' | sed \"s|^|$f: |\"; done")
    missing = debroot.chroot(root, "bash", "-c", script, timeout=300).stdout.strip()
    assert missing == "", f"libraries the package neither bundles nor Depends on:\n{missing}"


def test_offline_namespace_has_no_network(root: Path):
    dev = debroot.chroot(root, "cat", "/proc/net/dev", offline=True).stdout.splitlines()[2:]
    interfaces = {line.split(":")[0].strip() for line in dev}
    assert interfaces == {"lo"}, f"the offline runs must see only loopback, not {interfaces}"
    online = debroot.chroot(root, "cat", "/proc/net/dev").stdout.splitlines()[2:]
    assert len(online) > 1, "sanity: outside the namespace there is more than loopback"


# ------------------------------------------------------------------------------- offline use

def test_doctor_offline(root: Path):
    with _timed("doctor_s"):
        p = debroot.chroot(root, "metnos", "doctor", offline=True, timeout=600, check=False)
    out = p.stdout + p.stderr
    assert p.returncode == 0, out
    assert re.search(r"^ok\s+planner model: /opt/metnos/_internal/models/qwen2\.5-coder-1\.5b-instruct-q4_k_m\.gguf",
                     out, re.M), out
    assert re.search(r"^ok\s+planner in use: Qwen2\.5-Coder-1\.5B-Instruct", out, re.M), out
    assert re.search(r"^ok\s+memory: RAM [\d.]+ GB total", out, re.M), out
    assert re.search(r"^ok\s+planner load", out, re.M), out
    assert re.search(r"^ok\s+embedder model: /opt/metnos/_internal/models/", out, re.M), out
    # both models really run from the package: the planner generates, the embedder embeds
    assert re.search(r"^(ok|warn)\s+planner speed: \d+ tokens/s", out, re.M), out
    assert re.search(r"^ok\s+embedder: load [\d.]+s, one query", out, re.M), out
    assert re.search(r"^ok\s+sqlite3mc", out, re.M), out
    assert not re.search(r"^fail", out, re.M), out


def test_l0_answers_offline(root: Path):
    with _timed("ask_l0_s"):
        events = _ask(root, "che ore sono")
    assert _one(events, "route")["level"] == "L0", events
    assert _one(events, "turn_ended")["ok"], events
    now = dt.datetime.now()
    near = {(now + dt.timedelta(minutes=d)).strftime("%H:%M") for d in range(-3, 2)}
    answer = _one(events, "answer")["text"]
    assert set(re.findall(r"\b\d{1,2}:\d{2}\b", answer)) & near, answer


def test_planner_answers_offline_from_the_bundled_models(root: Path):
    """Not in the phrase table, not learned: only the instruct model inside /opt/metnos can answer."""
    with _timed("ask_l3_s"):
        events = _ask(root, "qual è la capitale della Francia?")
    assert _one(events, "route")["level"] == "L3", events
    assert _one(events, "turn_ended")["ok"], events
    answer = _one(events, "answer")["text"]
    # the city, by either name (measured: "La capitale della Francia è Paris." here, "Parigi" in the answer
    # suite); the answers' quality is measured by tests/answers, this checks the installed model answers
    assert "Parigi" in answer or "Paris" in answer, events
    assert any(e["type"] == "token" for e in events), "the planner streams its answer"
    TIMINGS["l3_answer"] = answer[:200]


def test_planner_uses_a_tool_offline_from_the_bundled_models(root: Path):
    """An L3 turn that needs both models from the package: tool retrieval (embedder) and the planner (GGUF)."""
    notes = root / "root" / "notes.txt"
    notes.parent.mkdir(parents=True, exist_ok=True)
    notes.write_text("uno\ndue\ntre\n", encoding="utf-8")
    with _timed("ask_l3_tool_s"):
        events = _ask(root, "leggi il file /root/notes.txt e dimmi quante righe ha")
    assert _one(events, "route")["level"] == "L3", events
    calls = [e for e in events if e["type"] == "tool_call"]
    assert calls and calls[0]["tool"] == "read_files" and calls[0]["args"]["paths"] == ["/root/notes.txt"], events
    assert _one(events, "turn_ended")["ok"], events
    assert "3" in _one(events, "answer")["text"], events


def test_nothing_said_is_readable_on_disk_in_the_installed_package(root: Path):
    """A remembered secret and a file read with a marker line, then every byte of the user's Metnos folders
    and /tmp in the fresh root scanned: 0 occurrences. This root has no Secret Service, so the stores run in
    memory and the user is told once why (the notice event)."""
    secret, mark = "QZW7731XK", "MARKFILE5B1E9"
    big = root / "root" / "appunti.txt"
    big.write_text("".join(f"riga {i}: testo di riempimento\n" for i in range(300)) + f"segreto {mark}\n",
                   encoding="utf-8")
    events = _ask(root, f"ricordati che il codice del mio armadietto è {secret}")
    assert any(e["type"] == "notice" for e in events), events
    _ask(root, "leggi il file /root/appunti.txt")
    hits = []
    for top in ("root/.config/metnos", "root/.local/share/metnos", "root/.cache/metnos", "tmp"):
        for f in (root / top).rglob("*") if (root / top).exists() else []:
            if f.is_file() and not f.is_symlink():
                data = f.read_bytes()
                hits += [f"{f}: {m}" for m in (secret, mark) if m.encode() in data]
    assert not hits, hits


# ------------------------------------------------------------------------------------ the tray

def _docked_metnos_icon(display: str) -> bool:
    """Is a window of class 'metnos' inside trayer's panel, i.e. embedded in the tray (python-xlib, a pynput
    dependency, walks the X window tree)?"""
    from Xlib import display as xdisplay
    from Xlib import error as xerror

    def wm_class(w) -> tuple:
        try:
            return tuple(w.get_wm_class() or ())
        except xerror.XError:
            return ()

    def walk(w):
        try:
            children = w.query_tree().children
        except xerror.XError:
            return
        for c in children:
            yield c
            yield from walk(c)

    d = xdisplay.Display(display)
    try:
        panels = [w for w in walk(d.screen().root) if wm_class(w) == ("panel", "trayer")]
        return any("metnos" in wm_class(c) for p in panels for c in walk(p))
    finally:
        d.close()


def test_tray_icon_shows_under_xvfb(root: Path):
    from app.bench.ui import xvfb_with_tray

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / "deb-tray.log"
    with xvfb_with_tray() as display:
        t0 = time.monotonic()
        app = debroot.popen(root, "metnos", "-v", offline=True, env={"DISPLAY": display}, log=log)
        try:
            docked = False
            while time.monotonic() - t0 < 180 and app.poll() is None:
                if _docked_metnos_icon(display):
                    docked = True
                    break
                time.sleep(0.5)
            TIMINGS["tray_icon_s"] = round(time.monotonic() - t0, 1)
            if docked:
                time.sleep(1.0)   # let the icon paint before the screenshot
            if shutil.which("import"):
                subprocess.run(["import", "-window", "root", str(ARTIFACTS / "deb-tray.png")],
                               env={**os.environ, "DISPLAY": display}, capture_output=True, timeout=60)
            alive = app.poll() is None
        finally:
            if app.poll() is None:
                app.send_signal(signal.SIGTERM)
                try:
                    app.wait(60)
                except subprocess.TimeoutExpired:
                    app.kill()
                    app.wait(10)
    text = log.read_text(errors="replace")[-3000:]
    assert alive, f"the installed app exited (rc {app.returncode}):\n{text}"
    assert docked, f"no metnos icon docked in trayer within 180 s:\n{text}"


# ------------------------------------------------------------------------- upgrade and remove

def test_upgrade_and_removal_keep_user_data(root: Path, deb: Path):
    data = root / "root/.local/share/metnos"
    conf = root / "root/.config/metnos"
    for d in (data, conf):
        d.mkdir(parents=True, exist_ok=True)
        (d / "marker.txt").write_text("mine, keep me\n")
    before = {p: p.read_bytes() for d in (data, conf) for p in d.rglob("*") if p.is_file()}
    shutil.copy(deb, root / "tmp" / deb.name)
    debroot.chroot(root, "dpkg", "-i", f"/tmp/{deb.name}")          # same version again: the upgrade path
    assert (root / "opt/metnos/metnos").is_file()
    with _timed("remove_s"):
        debroot.chroot(root, "dpkg", "-r", "metnos-desk")
    for gone in ("opt/metnos", "usr/bin/metnos", "usr/share/applications/metnos-desk.desktop",
                 "usr/share/icons/hicolor/48x48/apps/metnos-desk.png"):
        assert not (root / gone).exists() and not (root / gone).is_symlink(), f"/{gone} survived dpkg -r"
    debroot.chroot(root, "dpkg", "-P", "metnos-desk")
    after = {p: p.read_bytes() for d in (data, conf) for p in d.rglob("*") if p.is_file()}
    assert after == before, "user config/data changed on upgrade, removal or purge"
