from __future__ import annotations

import base64
import os
from pathlib import Path

import pytest

from app.config import parse_text
from app.tools.clock import TOOLS as CLOCK
from app.tools.files import TOOLS as FILES
from app.tools.registry import Registry, ToolContext, ToolError
from app.tools.runner import TurnContext
from app.turn.events import ApprovalNeeded, Observation, ToolCall, Turn


def cfg_for(*roots: Path, max_read: int = 5_000_000):
    r = ", ".join(f'"{p}"' for p in roots)
    return parse_text(f"[tools]\nallowed_roots = [{r}]\nmax_read_bytes = {max_read}\n", env={})


def tctx(root: Path, **kw) -> ToolContext:
    return ToolContext(owner="u", turn_id="t", config=cfg_for(root, **kw))


def call(name: str, args: dict, ctx: ToolContext) -> dict:
    tool = {t.name: t for t in FILES + CLOCK}[name]
    return tool.handler(args, ctx)


def test_read_text_counts_lines(tmp_path: Path) -> None:
    f = tmp_path / "a.txt"
    f.write_text("uno\ndue\ntre\n")
    out = call("read_files", {"paths": [str(f)]}, tctx(tmp_path))
    assert out["content"] == "uno\ndue\ntre\n" and out["lines"] == 3 and out["encoding"] == "utf-8"


def test_read_binary_and_invalid_utf8(tmp_path: Path) -> None:
    b = tmp_path / "b.bin"
    b.write_bytes(b"\x00\x01\x02PK")
    out = call("read_files", {"paths": [str(b)]}, tctx(tmp_path))
    assert out["encoding"] == "binary" and base64.b64decode(out["content_b64"]) == b"\x00\x01\x02PK"
    l1 = tmp_path / "latin.txt"
    l1.write_bytes("perché".encode("latin-1"))
    out = call("read_files", {"paths": [str(l1)]}, tctx(tmp_path))
    assert "replaced" in out["encoding"] and out["content"].startswith("perch")
    out = call("read_files", {"paths": [str(l1)], "encoding": "latin-1"}, tctx(tmp_path))
    assert out["content"] == "perché"


def test_several_files_and_partial_errors(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("a")
    out = call("read_files", {"paths": [str(tmp_path / "a.txt"), str(tmp_path / "missing.txt")]}, tctx(tmp_path))
    assert out["count"] == 1 and "no such file" in out["errors"][0]["error"]


@pytest.mark.parametrize("raw, why", [
    ("{root}/../etc/passwd", "'..'"),
    ("/etc/passwd", "outside the allowed folders"),
    ("~root/.bashrc", "'~user'"),
    ("relative.txt", "relative paths"),
    ("", "empty path"),
    ("{root}/a\x00b", "NUL"),
    ("C:\\Windows\\win.ini", "Windows drive path"),
])
def test_paths_refused_with_a_clear_error(tmp_path: Path, raw: str, why: str) -> None:
    with pytest.raises(ToolError) as e:
        call("read_files", {"paths": [raw.format(root=tmp_path)]}, tctx(tmp_path))
    assert why in str(e.value)


def test_symlink_out_of_roots_refused(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    outside = tmp_path / "secret.txt"
    outside.write_text("s")
    (root / "link.txt").symlink_to(outside)
    with pytest.raises(ToolError, match="outside the allowed folders"):
        call("read_files", {"paths": [str(root / "link.txt")]}, tctx(root))
    with pytest.raises(ToolError, match="outside the allowed folders"):
        call("write_files", {"path": str(root / "link.txt"), "content": "x"}, tctx(root))
    assert outside.read_text() == "s"


def test_fifo_and_device_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(ToolError, match="not a regular file"):
        call("read_files", {"paths": [str(fifo)]}, tctx(tmp_path))
    with pytest.raises(ToolError, match="not a regular file"):
        call("read_files", {"paths": ["/dev/zero"]}, tctx(Path("/dev")))


def test_size_cap(tmp_path: Path) -> None:
    f = tmp_path / "big.txt"
    f.write_text("x" * 2000)
    with pytest.raises(ToolError, match="max_read_bytes"):
        call("read_files", {"paths": [str(f)]}, tctx(tmp_path, max_read=1000))


def test_list_and_find(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "a.PDF").write_text("x")
    (tmp_path / "d" / "b.pdf").write_text("x")
    (tmp_path / "c.txt").write_text("x")
    out = call("list_dir", {"path": str(tmp_path)}, tctx(tmp_path))
    assert [e["name"] for e in out["entries"]] == ["d", "a.PDF", "c.txt"]
    out = call("find_files", {"root": str(tmp_path), "ext": "pdf"}, tctx(tmp_path))
    assert sorted(Path(m["path"]).name for m in out["matches"]) == ["a.PDF", "b.pdf"]
    out = call("find_files", {"root": str(tmp_path), "pattern": "*.txt", "modified_within_hours": 1}, tctx(tmp_path))
    assert out["count"] == 1
    # the file itself as the place ("it's called c.txt and it must be somewhere in X", found on disk): it is found
    out = call("find_files", {"root": str(tmp_path / "c.txt")}, tctx(tmp_path))
    assert [m["path"] for m in out["matches"]] == [str(tmp_path / "c.txt")]


def _ctx(tmp_path: Path, decision) -> tuple[TurnContext, list]:
    events: list = []
    reg = Registry(FILES + CLOCK)
    ctx = TurnContext(turn=Turn("t1", "x", "u"), config=cfg_for(tmp_path), registry=reg, emit=events.append,
                      approve=decision)
    return ctx, events


def test_write_needs_approval_and_refusal_leaves_file_untouched(tmp_path: Path) -> None:
    f = tmp_path / "a.txt"
    f.write_text("original")
    ctx, events = _ctx(tmp_path, lambda *a: False)
    out = ctx.execute("write_files", {"path": str(f), "content": "nuovo"})
    assert not out.ok and "not approved" in out.error and f.read_text() == "original"
    assert any(isinstance(e, ApprovalNeeded) and e.tool == "write_files" for e in events)
    ctx, events = _ctx(tmp_path, lambda *a: True)
    out = ctx.execute("write_files", {"path": str(f), "content": "nuovo"})
    assert out.ok and f.read_text() == "nuovo"
    assert not list(tmp_path.glob(".a.txt.*"))  # no temp file left behind


def test_always_approves_later_calls_in_the_turn(tmp_path: Path) -> None:
    asked = []
    ctx, _ = _ctx(tmp_path, lambda *a: asked.append(a) or "always")
    assert ctx.execute("write_files", {"path": str(tmp_path / "1.txt"), "content": "a"}).ok
    assert ctx.execute("write_files", {"path": str(tmp_path / "2.txt"), "content": "b"}).ok
    assert len(asked) == 1


def test_step_reference_resolves_from_the_full_result(tmp_path: Path) -> None:
    src = tmp_path / "src.txt"
    src.write_text("riga\n" * 3000)  # 15 KB: the model only ever sees a truncated view
    ctx, events = _ctx(tmp_path, lambda *a: True)
    first = ctx.execute("read_files", {"paths": [str(src)]})
    assert first.ok and len(str(first.view)) < 4000
    out = ctx.execute("write_files", {"path": str(tmp_path / "copy.txt"), "content": "{{step1.content}}"})
    assert out.ok and (tmp_path / "copy.txt").read_bytes() == src.read_bytes()
    assert any(isinstance(e, ToolCall) and e.arg_sources.get("content") == "ref" for e in events)
    bad = ctx.execute("write_files", {"path": str(tmp_path / "x.txt"), "content": "{{step9.content}}"})
    assert not bad.ok and "step 9" in bad.error


def test_unknown_tool_and_bad_args_are_observations(tmp_path: Path) -> None:
    ctx, events = _ctx(tmp_path, lambda *a: True)
    assert "unknown tool" in ctx.execute("format_disk", {}).error
    assert "missing required" in ctx.execute("read_files", {}).error
    assert "outside the allowed" in ctx.execute("read_files", {"paths": ["/etc/shadow"]}).error
    obs = [e for e in events if isinstance(e, Observation)]
    assert len(obs) == 3 and not any(o.ok for o in obs)


def test_undo_restores_the_previous_version_and_removes_a_created_file(tmp_path: Path) -> None:
    from app.tools.undo import TOOLS as UNDO

    events: list = []
    ctx = TurnContext(turn=Turn("t1", "x", "u"), config=cfg_for(tmp_path), registry=Registry(FILES + UNDO),
                      emit=events.append, approve=lambda *a: True)
    f = tmp_path / "a.txt"
    f.write_text("v1")
    assert ctx.execute("write_files", {"path": str(f), "content": "v2"}).ok
    assert ctx.execute("write_files", {"path": str(tmp_path / "new.txt"), "content": "n"}).ok
    out = ctx.execute("undo", {})
    assert out.ok and out.result["action"] == "removed" and not (tmp_path / "new.txt").exists()
    out = ctx.execute("undo", {})
    assert out.ok and out.result["action"] == "restored" and f.read_text() == "v1"
    assert ctx.execute("undo", {}).result["undone"] is False
    other = TurnContext(turn=Turn("t2", "x", "someone-else"), config=cfg_for(tmp_path),
                        registry=Registry(FILES + UNDO), emit=events.append, approve=lambda *a: True)
    assert other.execute("write_files", {"path": str(f), "content": "theirs"}).ok
    assert ctx.execute("undo", {}).result["undone"] is False  # owner-checked: u cannot undo their change


def test_write_can_create_an_empty_file_but_path_cannot_be_empty(tmp_path: Path) -> None:
    ctx, _ = _ctx(tmp_path, lambda *a: True)
    assert ctx.execute("write_files", {"path": str(tmp_path / "empty.txt"), "content": ""}).ok
    assert (tmp_path / "empty.txt").read_bytes() == b""
    assert "missing required" in ctx.execute("write_files", {"path": "", "content": "x"}).error
