"""`metnos docs add|remove|status|search`: exit codes, what is printed in IT and EN, runtime.toml written."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from support import write_runtime

from app.cli.main import main

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    rc = main(["docs", *argv])
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")


def folders_in(home: Path) -> list[str]:
    data = tomllib.loads((home / "config" / "runtime.toml").read_text(encoding="utf-8"))
    return list(data.get("docs", {}).get("folders", []))


def test_add_status_search_remove(default_key: Any, embedder: Any, folder: Path, metnos_home: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = run(capsys, "add", str(folder))
    assert rc == 0, err
    assert f"Added {folder} to the document folders." in out
    assert "Index up to date: 6 files, 8 passages" in out
    assert "1 file cannot be read:" in out and "scansione.pdf: is a scan with no text" in out
    assert folders_in(metnos_home) == [str(folder)]
    assert "allowed_roots" in (metnos_home / "config" / "runtime.toml").read_text(), "the file's own lines are kept"

    rc, out, _ = run(capsys, "add", str(folder) + "/")
    assert rc == 0 and "is already a document folder" in out and folders_in(metnos_home) == [str(folder)]

    rc, out, _ = run(capsys, "status", "--json")
    st = json.loads(out)
    assert rc == 0 and st["configured"] == [str(folder)] and st["files"] == 6 and st["passages"] == 8
    assert [u["key"] for u in st["unreadable"]] == ["doctext.scanned"] and st["last_update"]
    rc, out, _ = run(capsys, "status")
    assert f"{folder}: 6 files, 8 passages" in out and "Last update: 20" in out

    rc, out, _ = run(capsys, "search", "--json", "quanto", "pago", "di", "affitto?")
    hits = json.loads(out)["passages"]
    assert rc == 0 and hits[0]["name"] == "contratto.docx" and hits[0]["relevant"] and "800" in hits[0]["snippet"]
    rc, out, _ = run(capsys, "search", "what does my insurance policy say about water damage?")
    assert rc == 0 and out.startswith(f"1. {folder / 'polizza.pdf'} — page 2")

    rc, out, err = run(capsys, "remove", str(folder))
    assert rc == 0 and f"Removed {folder}: 6 files are no longer indexed." in out
    assert folders_in(metnos_home) == []
    rc, _, err = run(capsys, "remove", str(folder))
    assert rc == 1 and "is not a document folder (the chosen ones: none)" in err
    rc, _, err = run(capsys, "search", "how much is the rent?")  # said in the question's language
    assert rc == 1 and "no document folders are indexed yet" in err
    rc, _, err = run(capsys, "search", "quanto pago di affitto?")
    assert rc == 1 and "non hai ancora scelto cartelle di documenti" in err


def test_a_folder_outside_the_roots_is_refused_with_the_way_to_allow_it(default_key: Any, folder: Path,
                                                                        metnos_home: Path, tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    outside = tmp_path.parent / f"{tmp_path.name}-elsewhere"
    outside.mkdir()
    before = (metnos_home / "config" / "runtime.toml").read_text()
    rc, out, err = run(capsys, "add", str(outside))
    assert rc == 2 and out == ""
    assert f"{outside} is outside the folders Metnos may use ({folder.parent})" in err
    assert "add the folder (or one that contains it) to allowed_roots in the [tools] section of" in err
    assert str(metnos_home / "config" / "runtime.toml") in err
    assert (metnos_home / "config" / "runtime.toml").read_text() == before
    rc, _, err = run(capsys, "add", str(folder / "contratto.docx"))
    assert rc == 2 and "not a folder, or it does not exist" in err


def test_italian_sentences_and_plurals(default_key: Any, embedder: Any, folder: Path, metnos_home: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{folder.parent}"]\n\n[ui]\nlanguage = "it"\n')
    (folder / "scansione.pdf").unlink()
    (folder / "ricetta.md").unlink()
    rc, out, err = run(capsys, "add", str(folder))
    assert rc == 0, err
    assert f"Aggiunta {folder} alle cartelle di documenti da consultare." in out
    assert "Indice aggiornato: 4 file, 7 passaggi" in out and "non si può" not in out
    (folder / "vuoto.pdf").write_bytes(b"%PDF-1.4 rotto")
    assert run(capsys, "add", str(folder))[0] == 0
    rc, out, _ = run(capsys, "status")
    assert "1 file non si può leggere:" in out and "vuoto.pdf: non riesco a leggerlo: il file PDF è danneggiato" in out
    (folder / "rotto.docx").write_bytes(b"PK\x03\x04 non un docx")
    assert run(capsys, "add", str(folder))[0] == 0
    rc, out, _ = run(capsys, "status")
    assert "2 file non si possono leggere:" in out
    rc, out, _ = run(capsys, "remove", str(folder))
    assert rc == 0 and f"Tolta {folder}: 6 file non sono più nell'indice." in out


def test_the_real_command_line(default_key: Any, folder: Path, metnos_home: Path) -> None:
    import pty

    env = {**os.environ, "METNOS_HOME": str(metnos_home), "PYTHONPATH": str(ROOT), "LANG": "en_US.UTF-8"}
    cmd = [sys.executable, "-m", "app.cli.main", "docs"]
    terminal, side = pty.openpty()  # stderr on a terminal: the progress line is drawn there
    add = subprocess.run([*cmd, "add", str(folder)], env=env, stdout=subprocess.PIPE, stderr=side, text=True,
                         timeout=300)
    os.close(side)
    drawn = b""
    while True:
        try:
            piece = os.read(terminal, 65536)
        except OSError:  # EIO: the other side is closed and everything was read
            break
        if not piece:
            break
        drawn += piece
    os.close(terminal)
    assert add.returncode == 0 and "Index up to date: 6 files" in add.stdout
    assert b"Indexing 1/6: bollette.xlsx" in drawn and b"Indexing 6/6: scansione.pdf" in drawn
    again = subprocess.run([*cmd, "add", str(folder)], env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and again.stderr == "", "no progress line when stderr is not a terminal"
    found = subprocess.run([*cmd, "search", "--json", "cosa fare se la caldaia dà E04?"], env=env,
                           capture_output=True, text=True, timeout=300)
    assert found.returncode == 0, found.stderr
    assert json.loads(found.stdout)["passages"][0]["name"] == "caldaia.odt"
