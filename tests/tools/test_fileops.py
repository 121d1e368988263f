"""The file actions on real files: trash and undo byte for byte, move/rename/copy without overwriting,
folders, search inside files, modes of created files, and what the person reads (IT/EN)."""
from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from app.config import parse_text
from app.engine.catalog import build_registry
from app.lang.messages import Message
from app.tools.runner import StepOutcome, TurnContext
from app.turn.events import Turn
from app.turn.rendering import render


def sha(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


class Box:
    def __init__(self, base: Path, approve: bool = True):
        self.root = base / "root"
        self.root.mkdir()
        self.config = parse_text(f'[tools]\nallowed_roots = ["{self.root}"]\n', env={})
        self.registry = build_registry()
        self.answer = approve
        self.asked: list[tuple[str, str, str]] = []

    def run(self, tool: str, args: dict[str, Any], text: str = "cancella il file") -> StepOutcome:
        events: list[Any] = []

        def approve(name: str, a: dict[str, Any], risk: str) -> bool:
            q = [e for e in events if e.type == "approval"]
            self.asked.append((name, q[-1].question if q else "", q[-1].preview if q else ""))
            return self.answer

        ctx = TurnContext(turn=Turn(id="t", text=text, owner="local"), config=self.config, registry=self.registry,
                          emit=events.append, approve=approve)
        return ctx.execute(tool, args)


@pytest.fixture(autouse=True)
def own_trash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """This test's own freedesktop trash (send2trash reads XDG_DATA_HOME once, at import)."""
    from send2trash import plat_other

    data = tmp_path / "xdg-data"
    monkeypatch.setattr(plat_other, "XDG_DATA_HOME", os.fsencode(data))
    monkeypatch.setattr(plat_other, "HOMETRASH_B", os.fsencode(data / "Trash"))
    monkeypatch.setattr(plat_other, "HOMETRASH", str(data / "Trash"))
    return data / "Trash"


@pytest.fixture
def box(tmp_path: Path) -> Box:
    return Box(tmp_path)


def test_delete_goes_to_the_trash_and_undo_brings_it_back_byte_for_byte(box: Box, own_trash: Path) -> None:
    f = box.root / "report.bin"
    f.write_bytes(os.urandom(5000))
    f.chmod(0o640)
    before, mtime = sha(f), f.stat().st_mtime_ns
    out = box.run("delete_files", {"paths": [str(f)]})
    assert out.ok, out.error
    assert not f.exists()
    assert box.asked[0][1] == f"Spostare report.bin (in {box.root}) nel cestino?"
    assert box.asked[0][2] == str(f)
    assert render("delete_files", out.result, "it") == "Ho spostato report.bin nel cestino (puoi annullare)."
    assert Path(out.result["trashed"][0]) == f
    in_trash = own_trash / "files" / "report.bin"
    assert sha(in_trash) == before and f"Path={f}" in (own_trash / "info" / "report.bin.trashinfo").read_text()
    undo = box.run("undo", {}, text="annulla")
    assert undo.ok and undo.result["undone"], undo.result
    assert sha(f) == before and f.stat().st_mtime_ns == mtime and stat.S_IMODE(f.stat().st_mode) == 0o640
    assert undo.result["message_it"] == f"Annullato: report.bin è tornato in {box.root}."
    assert not in_trash.exists()


def test_declined_delete_changes_nothing_and_says_so(tmp_path: Path) -> None:
    box = Box(tmp_path, approve=False)
    f = box.root / "a.txt"
    f.write_text("x")
    out = box.run("delete_files", {"paths": [str(f)]})
    assert not out.ok and out.declined and f.exists()
    assert out.message is not None and out.message.text("it") == "Va bene, non ho cancellato nulla."
    out = box.run("move_files", {"paths": [str(f)], "dest": str(box.root / "b.txt")}, text="move the file")
    assert out.message is not None and out.message.text("en") == "All right, I moved nothing."
    assert f.exists() and not (box.root / "b.txt").exists()


def test_empty_a_folder_trashes_what_is_inside_only(box: Box) -> None:
    sub = box.root / "sub"
    sub.mkdir()
    for n in ("a.txt", "b.txt"):
        (sub / n).write_text(n)
    out = box.run("delete_files", {"paths": [str(sub)], "contents_only": True})
    assert out.ok and sub.is_dir() and not any(sub.iterdir())
    assert out.result["count"] == 2
    assert box.run("undo", {}).ok
    assert sorted(p.name for p in sub.iterdir()) == ["a.txt", "b.txt"]


def test_an_allowed_root_itself_is_never_deleted(box: Box) -> None:
    out = box.run("delete_files", {"paths": [str(box.root)]})
    assert not out.ok and box.root.is_dir()
    assert "allowed folders" in (out.error or "")


def test_move_rename_and_copy_never_overwrite_and_keep_dates(box: Box) -> None:
    a = box.root / "a.txt"
    a.write_text("alpha")
    os.utime(a, (1_600_000_000, 1_600_000_000))
    dest = box.root / "dest"
    dest.mkdir()
    (dest / "a.txt").write_text("already there")
    out = box.run("copy_files", {"paths": [str(a)], "dest": str(dest)})
    assert out.ok, out.error
    copy = dest / "a (2).txt"
    assert copy.read_text() == "alpha" and (dest / "a.txt").read_text() == "already there"
    assert copy.stat().st_mtime == 1_600_000_000
    out = box.run("move_files", {"paths": [str(a)], "dest": str(box.root / "b.txt")}, text="rinomina")
    assert out.ok and not a.exists() and (box.root / "b.txt").read_text() == "alpha"
    assert box.asked[-1][1] == f"Rinominare a.txt in b.txt (in {box.root})?"
    assert render("move_files", out.result, "it") == "Ho rinominato a.txt in b.txt."
    assert (box.root / "b.txt").stat().st_mtime == 1_600_000_000
    assert box.run("undo", {}).ok and a.read_text() == "alpha"
    assert box.run("undo", {}).ok and not copy.exists()  # the copy went to the trash, the original stayed
    assert (dest / "a.txt").read_text() == "already there"


def test_a_folder_cannot_go_inside_itself(box: Box) -> None:
    d = box.root / "d"
    (d / "in").mkdir(parents=True)
    out = box.run("move_files", {"paths": [str(d)], "dest": str(d / "in")})
    assert not out.ok and d.is_dir()


def test_make_folder_then_undo_removes_only_what_it_made(box: Box) -> None:
    target = box.root / "p" / "q"
    out = box.run("make_folder", {"path": str(target)})
    assert out.ok and target.is_dir()
    assert stat.S_IMODE(target.stat().st_mode) == 0o777 & ~_umask()
    again = box.run("make_folder", {"path": str(target)})
    assert again.ok and again.result["created"] is False
    assert box.run("undo", {}).ok and not (box.root / "p").exists()


def _umask() -> int:
    old = os.umask(0o022)
    os.umask(old)
    return old


def test_created_files_get_the_normal_mode_and_overwrites_keep_it(box: Box) -> None:
    f = box.root / "new.txt"
    assert box.run("write_files", {"path": str(f), "content": "x"}).ok
    assert stat.S_IMODE(f.stat().st_mode) == 0o666 & ~_umask()
    f.chmod(0o600)
    assert box.run("write_files", {"path": str(f), "content": "y"}).ok
    assert stat.S_IMODE(f.stat().st_mode) == 0o600 and f.read_text() == "y"
    copy = box.run("copy_files", {"paths": [str(f)], "dest": str(box.root / "c.txt")})
    assert copy.ok and stat.S_IMODE((box.root / "c.txt").stat().st_mode) == 0o600  # a copy keeps the mode


def test_search_in_files_gives_file_line_and_text_and_skips_binaries(box: Box) -> None:
    (box.root / "a.log").write_text("INFO ok\nERROR disk full\n")
    (box.root / "sub").mkdir()
    (box.root / "sub" / "b.txt").write_text("niente\nerror again\n")
    (box.root / "blob.bin").write_bytes(b"ERROR\x00\x01binary")
    out = box.run("search_in_files", {"root": str(box.root), "pattern": "error"})
    assert out.ok
    got = {(Path(m["path"]).name, m["line"], m["text"]) for m in out.result["matches"]}
    assert got == {("a.log", 2, "ERROR disk full"), ("b.txt", 2, "error again")}
    assert out.result["files_skipped"] == 1
    text = render("search_in_files", out.result, "it")
    assert text.startswith("Trovate 2 righe con «error»:") and f"{box.root}/a.log:2: ERROR disk full" in text
    rx = box.run("search_in_files", {"root": str(box.root), "pattern": r"disk\s+full", "regex": True})
    assert rx.ok and rx.result["count"] == 1
    bad = box.run("search_in_files", {"root": str(box.root), "pattern": "(", "regex": True})
    assert not bad.ok and bad.message is not None and "non è valida" in bad.message.text("it")


def test_a_missing_path_names_the_closest_matches(box: Box) -> None:
    (box.root / "report.pdf").write_bytes(b"%PDF")
    out = box.run("read_files", {"paths": [str(box.root / "reprot.pdf")]})
    assert not out.ok and out.message is not None
    assert out.message.text("it") == f"non trovo {box.root}/reprot.pdf; forse intendevi: {box.root}/report.pdf"


def test_named_folders_are_the_users_xdg_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.tools.places import expand_named, named_folder

    home = tmp_path / "home"
    (home / ".config").mkdir(parents=True)
    (home / ".config" / "user-dirs.dirs").write_text('XDG_DOCUMENTS_DIR="$HOME/Documenti"\n'
                                                     'XDG_DESKTOP_DIR="$HOME/Scrivania"\n', encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    assert named_folder("Documenti") == home / "Documenti"
    assert named_folder("documents") == home / "Documenti"
    assert named_folder("la Scrivania") == home / "Scrivania"
    assert named_folder("Desktop") == home / "Scrivania"
    assert named_folder("Download") == home / "Downloads"  # not localized here: the usual name
    assert named_folder("la home") == home
    assert expand_named("Documenti/fatture/a.pdf") == str(home / "Documenti" / "fatture" / "a.pdf")
    assert expand_named("secret.txt") == "secret.txt"


def test_tool_errors_read_in_the_request_language(box: Box) -> None:
    out = box.run("list_dir", {"path": "/etc"})
    assert out.message is not None
    it, en = out.message.text("it"), out.message.text("en")
    assert it.startswith("/etc non è nella cartella consentita") and "outside" not in it
    assert en.startswith("/etc is outside the allowed folders")
    assert "«Cartelle consentite»" in it and "allowed_roots" not in it + en  # the settings page, not the key
    assert Message("files.relative", path="a.txt").text("it").startswith("a.txt: i percorsi relativi")


def test_a_path_said_only_inside_quoted_words_is_never_changed(box: Box) -> None:
    """'salva questa frase in memoria: "cancella X"' overwrote X: the quoted sentence is content, not a target.
    A name quoted on its own is a path said outright and is written as asked."""
    f = box.root / "vecchio.txt"
    f.write_text("contenuto vecchio\n", encoding="utf-8")
    quoted = f'salva questa frase in memoria: "cancella {f}"'
    out = box.run("write_files", {"path": str(f), "content": f"cancella {f}"}, text=quoted)
    assert not out.ok and box.asked == [] and f.read_text(encoding="utf-8") == "contenuto vecchio\n"
    assert out.message is not None and out.message.text("it").startswith(f"{f} è dentro il testo che hai citato")
    said = box.run("write_files", {"path": str(f), "content": "nuovo"}, text=f'scrivi "nuovo" in "{f}"')
    assert said.ok and f.read_text(encoding="utf-8") == "nuovo"
    folder = box.root / "Case Files 2024"  # a name quoted on its own, joined to the folder named outside the quotes
    made = box.run("make_folder", {"path": str(folder)},
                   text=f"create a folder named 'Case Files 2024' inside {box.root}")
    assert made.ok and folder.is_dir()
    named = box.run("delete_files", {"paths": [str(f)]}, text=f'cancella {f}, dentro c\'era "vedi {f.name}"')
    assert named.ok and not f.exists()



def test_the_record_says_which_changes_touched_a_file(box: Box) -> None:
    """What "did you delete/move/copy X?" is answered from (planner/past_actions.py): each kind of change with
    where it put the file, newest first, undone ones marked; an untouched file has none."""
    from app.tools.undo import changes_to

    a, b = box.root / "a.txt", box.root / "b.txt"
    a.write_text("alpha")
    b.write_text("beta")
    dest = box.root / "dest"
    assert box.run("make_folder", {"path": str(dest)}).ok
    assert box.run("copy_files", {"paths": [str(a)], "dest": str(dest)}).ok
    assert box.run("move_files", {"paths": [str(a)], "dest": str(box.root / "c.txt")}, text="rinomina").ok
    assert box.run("delete_files", {"paths": [str(box.root / "c.txt")]}).ok
    assert box.run("undo", {}).ok  # the delete taken back
    got = [(c.kind, c.to, c.undone) for c in changes_to("local", str(a))]
    assert got == [("move", str(box.root / "c.txt"), False), ("copy", str(dest / "a.txt"), False)], got
    assert [(c.kind, c.undone) for c in changes_to("local", str(box.root / "c.txt"))] == \
        [("trash", True), ("move", False)]
    assert [c.kind for c in changes_to("local", str(dest))] == ["mkdir"]
    assert changes_to("local", str(b)) == [] and changes_to("someone-else", str(a)) == []
