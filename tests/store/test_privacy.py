"""Nothing the user said is readable on disk: a scripted session, then every byte under METNOS_HOME scanned.

The session runs the real CLI (`metnos ask`) with the real keyring and models:
a remembered secret, a file read with a marker line (big enough to go to the
scratchpad), a recall question. Then each marker must occur 0 times in any
file under config/, data/, cache/ and in files the app left in the temp folder
— while `metnos history show` still reads them back (stored, and encrypted).
"""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from support import need

ROOT = Path(__file__).resolve().parents[2]
SECRET = "QZW7731XK"
FILE_MARK = "MARKFILE5B1E9"
QUESTION_MARK = "Zelkovaqx"
MARKERS = (SECRET, FILE_MARK, QUESTION_MARK)


def _keyring_or_need() -> None:
    from app.store.keys import KeyUnavailable, resolve_backend

    try:
        resolve_backend()
    except KeyUnavailable as e:
        need(f"no Secret Service: {e}")


def metnos(home: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "METNOS_HOME": str(home), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "app.cli.main", *args], env=env, capture_output=True, text=True,
                          timeout=timeout)


def scan(roots: list[Path], markers: tuple[str, ...]) -> dict[str, list[str]]:
    """{marker: [files holding it]} over every byte of every regular file under `roots` (utf-8 and utf-16)."""
    found: dict[str, list[str]] = {m: [] for m in markers}
    needles = {m: (m.encode(), m.encode("utf-16-le")) for m in markers}
    for root in roots:
        for folder, _dirs, files in os.walk(root):
            for f in files:
                p = Path(folder) / f
                try:
                    data = p.read_bytes()
                except OSError:
                    continue
                for m, ns in needles.items():
                    if any(n in data for n in ns):
                        found[m].append(str(p))
    return found


def _tmp_files() -> set[Path]:
    t = Path(tempfile.gettempdir())
    out = set()
    for p in t.iterdir():
        try:
            if p.stat().st_uid == os.getuid():
                out.add(p)
        except OSError:
            pass
    return out


@pytest.fixture()
def session(metnos_home: Path, tmp_path: Path, bundled_embedder: object) -> dict[str, object]:
    _keyring_or_need()
    files = tmp_path / "files"
    files.mkdir()
    notes = files / "appunti.txt"
    lines = [f"riga {i}: niente di importante qui, solo testo di riempimento per la prova" for i in range(300)]
    lines[150] = f"riga segreta: la parola d'ordine della cantina è {FILE_MARK}"
    notes.write_text("\n".join(lines) + "\n", encoding="utf-8")
    cfg = metnos_home / "config"
    cfg.mkdir(parents=True, exist_ok=True)
    (cfg / "runtime.toml").write_text(f"[tools]\nallowed_roots = [{json.dumps(str(files))}]\n", encoding="utf-8")
    before = _tmp_files()
    outs = []
    for args in (["ask", "--yes", f"ricordati che il codice del mio armadietto è {SECRET}"],
                 ["ask", "--json", f"leggi il file {notes}"],
                 ["ask", f"qual è il codice del mio armadietto {QUESTION_MARK}?"]):
        p = metnos(metnos_home, *args)
        assert p.returncode == 0, f"{args}: rc {p.returncode}\n{p.stdout[-2000:]}\n{p.stderr[-2000:]}"
        outs.append(p)
    new_tmp = sorted(_tmp_files() - before)
    return {"home": metnos_home, "outs": outs, "tmp": new_tmp, "notes": notes}


def test_no_marker_on_disk_and_every_file_private_after_a_session(session: dict[str, object]) -> None:
    home = session["home"]
    assert isinstance(home, Path)
    outs = session["outs"]
    assert isinstance(outs, list)
    # the file was really read and offloaded whole to the scratchpad (so the scan has something to miss)
    events = [json.loads(ln) for ln in outs[1].stdout.splitlines() if ln.startswith("{")]
    offloaded = [e for e in events if e.get("type") == "observation" and e.get("scratchpad_id")]
    assert offloaded, f"the file read did not go to the scratchpad: {outs[1].stdout[-1500:]}"
    # the history holds all three requests (readable with the key) ...
    shown = metnos(home, "history", "list", "--json")
    assert shown.returncode == 0, shown.stderr
    convs = json.loads(shown.stdout)
    assert len(convs) == 3, convs
    texts = "".join(json.dumps(metnos(home, "history", "show", c["id"][:10], "--json").stdout) for c in convs)
    assert SECRET in texts and QUESTION_MARK in texts
    # ... and no byte on disk gives any marker away
    tmp = session["tmp"]
    assert isinstance(tmp, list)
    # the prompt-prefix KV files live in the folder the test runner shares across homes (METNOS_KV_CACHE), when set:
    # a prefix that took in the person's words would be a new file there, so that folder is scanned too
    shared_kv = [Path(os.environ["METNOS_KV_CACHE"])] if os.environ.get("METNOS_KV_CACHE") else []
    found = scan([home / "config", home / "data", home / "cache", *shared_kv, *tmp], MARKERS)
    assert found == {m: [] for m in MARKERS}, found
    data = home / "data"
    assert {"history.db", "memo.db", "scratchpad.db", "memory.db"} <= {p.name for p in data.glob("*.db")}
    # every file the session created is 0600, every folder 0700 (one session serves both checks: it is slow)
    bad = []
    for folder, dirs, files in os.walk(home):
        for d in dirs:
            m = stat.S_IMODE((Path(folder) / d).stat().st_mode)
            if m != 0o700:
                bad.append(f"{Path(folder) / d}: {oct(m)}")
        for f in files:
            m = stat.S_IMODE((Path(folder) / f).stat().st_mode)
            if m & 0o077:
                bad.append(f"{Path(folder) / f}: {oct(m)}")
    bad += [f"{f}: {oct(stat.S_IMODE(f.stat().st_mode))}" for d in shared_kv if d.is_dir() for f in d.iterdir()
            if f.suffix == ".kv" and stat.S_IMODE(f.stat().st_mode) & 0o077]
    assert not bad, "\n".join(bad)
