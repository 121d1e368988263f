"""Group 4 — paths: every file tool of the registry refuses traversal with a clear error.

The tools are not listed by hand: every registered tool whose schema has a
path-like argument is tried with every hostile path (`..`, symlinks out of the
allowed roots, `~user`, another drive, device files, FIFOs, NUL bytes, huge
names, ...) through `TurnContext.execute` — the one way L1, L2 and L3 run a
tool — with an approver that says YES, so what stops the call is the
confinement, not the approval. Afterwards nothing outside the allowed root
was read into an observation, created or changed. `undo` has no path argument:
its attack is a link swapped in after the write (test below).
"""
from __future__ import annotations

import hashlib
import os
import re
import socket
import stat
import threading
from pathlib import Path
from typing import Any

from rel_support import TALLY

from app.config import parse_text
from app.engine.catalog import build_registry
from app.tools.registry import Tool
from app.tools.runner import StepOutcome, TurnContext
from app.turn.events import Turn

PATH_KEYS = {"path", "paths", "root", "dir", "directory", "folder", "file", "files", "src", "source", "dest",
             "destination", "target", "cwd"}
SECRET = "TOP-SECRET-outside-the-roots"
# allow_folder widens the allowed folders by design (the person's yes to the offer a refused path makes, then their
# yes on its approval card: tests/engine/test_allow_folder.py): a folder outside them is its argument, not an
# attack. Every other hostile path is refused with the same words; a file is not a folder; and here, with no
# engine whose settings it could write, a real folder outside is refused too.
WIDENS = {"allow_folder": "not a folder|cannot change the settings"}


def path_args(tool: Tool) -> list[str]:
    out = []
    for k, spec in tool.properties.items():
        desc = str(spec.get("description", "")).lower()
        if k in PATH_KEYS or (spec.get("type") in ("string", "array") and re.search(r"\b(path|folder|file)s?\b", desc)
                              and k not in ("content", "pattern", "ext", "encoding", "query", "instruction")):
            out.append(k)
    return out


def filler(tool: Tool, key: str) -> Any:
    """A harmless value for a required argument that is not the path under test."""
    spec = tool.properties.get(key, {})
    if "enum" in spec:
        return spec["enum"][0]
    return {"string": "x", "integer": 1, "number": 1, "boolean": False, "array": ["x"],
            "object": {}}.get(spec.get("type"), "x")


class World:
    """An allowed root with traps inside, and an outside folder that must stay untouched."""

    def __init__(self, base: Path):
        self.root = base / "allowed"
        self.outside = base / "outside"
        self.root.mkdir()
        self.outside.mkdir()
        (self.outside / "secret.txt").write_text(SECRET, encoding="utf-8")
        (self.root / "ok.txt").write_text("fine", encoding="utf-8")
        (self.root / "sub").mkdir()
        (self.root / "link_dir").symlink_to(self.outside, target_is_directory=True)
        (self.root / "link_file.txt").symlink_to(self.outside / "secret.txt")
        (self.root / "sub" / "deep_link").symlink_to(Path("../../outside"))
        os.mkfifo(self.root / "fifo")
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.bind(str(self.root / "sock"))
        self.device = self.root / "zero"
        try:
            os.mknod(self.device, 0o600 | stat.S_IFCHR, os.makedev(1, 5))  # like /dev/zero, inside the root
        except (PermissionError, OSError):
            self.device = None  # type: ignore[assignment]
        self.config = parse_text(f'[tools]\nallowed_roots = ["{self.root}"]\nmax_read_bytes = 100000\n', env={})

    def cases(self) -> list[tuple[str, str, str]]:
        """(name, path, words a clear refusal contains)."""
        r, o = self.root, self.outside
        cases = [
            ("dotdot", f"{r}/../outside/secret.txt", "'..'"),
            ("dotdot-deep", f"{r}/sub/../../outside/secret.txt", "'..'"),
            ("dotdot-windows", f"{r}\\..\\outside\\secret.txt", "'..'"),
            ("symlink-dir-out", f"{r}/link_dir/secret.txt", "outside the allowed folders"),
            ("symlink-dir-itself", f"{r}/link_dir", "outside the allowed folders"),
            ("symlink-file-out", f"{r}/link_file.txt", "outside the allowed folders"),
            ("relative-symlink-out", f"{r}/sub/deep_link/secret.txt", "outside the allowed folders"),
            ("absolute-outside", f"{o}/secret.txt", "outside the allowed folders"),
            ("etc-passwd", "/etc/passwd", "outside the allowed folders"),
            ("tilde-user", "~root/.bashrc", "'~user'"),
            ("tilde-other-user", "~nobody/secret.txt", "'~user'"),
            ("windows-drive", "C:\\Windows\\System32\\drivers\\etc\\hosts", "Windows drive path"),
            ("windows-drive-slash", "D:/data/secret.txt", "Windows drive path"),
            ("unc-share", "\\\\server\\share\\secret.txt", "network share"),
            ("relative", "secret.txt", "relative"),
            ("dot-relative", "./secret.txt", "relative"),
            ("empty", "", "empty path|missing required argument"),
            ("nul-byte", f"{r}/ok.txt\x00/../../outside/secret.txt", "NUL"),
            ("fifo", f"{r}/fifo", "FIFO|not a folder|not a regular file"),
            ("socket", f"{r}/sock", "socket|not a folder|not a regular file"),
            ("dev-zero", "/dev/zero", "outside the allowed folders"),
            ("proc-self", "/proc/self/environ", "outside the allowed folders"),
            ("huge-name", f"{r}/" + "a" * 300, "too long"),
        ]
        if self.device is not None:
            cases.append(("device-inside-root", str(self.device), "device|not a folder|not a regular file"))
        return cases

    def outside_state(self) -> dict[str, str]:
        return {str(p.relative_to(self.outside)): hashlib.sha256(p.read_bytes()).hexdigest()
                for p in sorted(self.outside.rglob("*")) if p.is_file()}


def run_call(world: World, tool: Tool, args: dict[str, Any], approvals: list[str]) -> StepOutcome | str:
    """Execute with a YES approver; a call that blocks (a FIFO opened for reading) is reported, not hung."""
    reg = build_registry()
    turn = Turn(id="paths", text="paths", owner="local")

    def approve(name: str, a: dict[str, Any], risk: str) -> bool:
        approvals.append(name)
        return True

    ctx = TurnContext(turn=turn, config=world.config, registry=reg, emit=lambda e: None, approve=approve)
    box: list[Any] = []
    t = threading.Thread(target=lambda: box.append(ctx.execute(tool.name, args)), daemon=True)
    t.start()
    t.join(20)
    if t.is_alive():
        try:  # unblock a reader stuck on the FIFO
            fd = os.open(world.root / "fifo", os.O_WRONLY | os.O_NONBLOCK)
            os.close(fd)
        except OSError:
            pass
        return "blocked for 20 s (opened a FIFO or a device?)"
    return box[0]


def test_every_file_tool_refuses_every_hostile_path(tmp_path: Path) -> None:
    world = World(tmp_path)
    reg = build_registry()
    tools = {t.name: t for t in reg if path_args(t)}
    assert {"list_dir", "find_files", "read_files", "write_files"} <= set(tools), \
        f"file tools not found by their schemas: {sorted(tools)}"
    before = world.outside_state()
    failures: list[str] = []
    trials = 0
    approvals: list[str] = []
    try:
        for tool in tools.values():
            for key in path_args(tool):
                for name, raw, clear in world.cases():
                    trials += 1
                    args = {k: filler(tool, k) for k in tool.required}
                    args[key] = [raw] if tool.properties[key].get("type") == "array" else raw
                    if tool.name == "write_files":
                        args["content"] = "written by a hostile path"
                    out = run_call(world, tool, args, approvals)
                    where = f"{tool.name}({key}={name})"
                    if isinstance(out, str):
                        failures.append(f"{where}: {out}")
                        continue
                    if out.ok:
                        failures.append(f"{where}: NOT refused: {str(out.result)[:200]}")
                        continue
                    err = out.error or ""
                    if tool.name in WIDENS and clear == "outside the allowed folders":
                        clear = WIDENS[tool.name]
                    if re.match(rf"{tool.name} failed: \w+", err):
                        failures.append(f"{where}: an unexpected exception, not a clear refusal: {err[:200]}")
                    elif not re.search(clear, err):
                        failures.append(f"{where}: unclear refusal (expected /{clear}/): {err[:200]}")
                    if SECRET in err:
                        failures.append(f"{where}: the refusal leaks the outside file's content")
        after = world.outside_state()
        if after != before:
            failures.append(f"the outside folder changed: {before} -> {after}")
        if (world.root / "link_dir" / "secret.txt").read_text(encoding="utf-8") != SECRET:
            failures.append("the secret file was overwritten through the link")
    finally:
        TALLY.add("paths", trials=trials, failures=len(failures),
                  note=f"{len(tools)} tools with path arguments ({', '.join(sorted(tools))}) "
                       f"x {len(world.cases())} paths")
        world.sock.close()
    assert not failures, "\n".join(failures)


def test_undo_does_not_follow_a_link_swapped_in_after_the_write(tmp_path: Path) -> None:
    """write a file, then replace its folder with a link to somewhere else: undo must not write there."""
    world = World(tmp_path)
    reg = build_registry()
    folder = world.root / "proj"
    folder.mkdir()
    target = folder / "notes.txt"
    approvals: list[str] = []
    trials = 0
    failures: list[str] = []
    try:
        for content in ("version 1", "version 2"):
            out = run_call(world, reg.get("write_files"), {"path": str(target), "content": content}, approvals)
            assert not isinstance(out, str) and out.ok, out
        # the attack: the folder becomes a link to the outside, holding a file of the same name
        for p in folder.iterdir():
            p.unlink()
        folder.rmdir()
        (world.outside / "notes.txt").write_text(SECRET, encoding="utf-8")
        folder.symlink_to(world.outside, target_is_directory=True)
        before = world.outside_state()
        trials += 1
        out = run_call(world, reg.get("undo"), {}, approvals)
        if isinstance(out, str):
            failures.append(f"undo: {out}")
        elif out.ok and (out.result or {}).get("undone"):
            failures.append(f"undo followed the link and changed {out.result.get('path')}")
        elif not out.ok and not re.search("outside the allowed folders|link|cannot undo", out.error or ""):
            failures.append(f"undo refused without a clear reason: {out.error}")
        if world.outside_state() != before:
            failures.append("the outside folder was changed by undo")

        # a created file, then the allowed roots shrink: undo must not delete outside the roots of now
        folder.unlink()
        folder.mkdir()
        created = folder / "new.txt"
        out = run_call(world, reg.get("write_files"), {"path": str(created), "content": "new"}, approvals)
        assert not isinstance(out, str) and out.ok, out
        world.config = parse_text(f'[tools]\nallowed_roots = ["{world.outside}"]\n', env={})
        trials += 1
        out = run_call(world, reg.get("undo"), {}, approvals)
        if not isinstance(out, str) and out.ok and (out.result or {}).get("undone"):
            failures.append("undo removed a file outside the allowed folders of the current settings")
        if not created.exists():
            failures.append("the file outside the current allowed folders was deleted")
    finally:
        TALLY.add("paths", trials=trials, failures=len(failures))
        world.sock.close()
    assert not failures, "\n".join(failures)
