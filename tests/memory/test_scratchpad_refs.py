"""{{stepN.field}} resolves from the stored full content (seed 000's 14 KB download written whole),
and the scratchpad plugged into a real TurnContext: offload, read, reference, isolation."""
from __future__ import annotations

import base64
import hashlib
import re

import pytest

from app.config.loader import Config, defaults
from app.memory.scratchpad import SCRATCHPAD_READ, Scratchpad, ScratchpadPlugin, view_size
from app.tools.files import TOOLS as FILE_TOOLS
from app.tools.files import write_files
from app.tools.registry import Registry, ToolContext
from app.tools.runner import TurnContext
from app.turn import events as ev
from app.turn.events import Turn
from app.turn.refs import RefError, resolve
from app.turn.services import TurnServices

OWNER, TURN = "alice", "turn-1"


def cfg(root) -> Config:
    return Config({**defaults().values, "tools.allowed_roots": [str(root)]})


def payload_14k() -> str:
    body = ",\n".join(f'  "header_{i}": "value {i} àèì €"' for i in range(360))
    text = "{\n" + body + "\n}\n"
    assert 14_000 <= len(text.encode()) <= 15_500
    return text


def test_step_content_of_a_14kb_observation_writes_all_of_it(sp, tmp_path):
    text = payload_14k()
    obs = {"url": "file:///tmp/get.json", "status": 200, "content": text}
    view, sid = sp.present(obs, owner=OWNER, turn_id=TURN, step_num=1, executor="get_urls")
    assert sid and "{{step1.content}}" in view["_note"] and len(view["summary"]) < len(text)
    args = resolve({"path": str(tmp_path / "out.txt"), "content": "{{step1.content}}"},
                   lambda n: sp.full_result(OWNER, TURN, n))
    assert args["content"] == text
    out = write_files(args, ToolContext(owner=OWNER, turn_id=TURN, config=cfg(tmp_path)))
    assert out["bytes_written"] == len(text.encode())
    assert (tmp_path / "out.txt").read_bytes() == text.encode()
    # embedded and nested references also come from the full content
    s = resolve("status {{step1.status}}: {{ step1.content }}", lambda n: sp.full_result(OWNER, TURN, n))
    assert s == "status 200: " + text


def test_nested_file_fields_and_binary_resolve_from_the_store(sp):
    text = payload_14k()
    data = bytes(range(256)) * 40
    sp.put({"count": 1, "files": [{"path": "/a.json", "bytes": len(text), "content": text}]},
           owner=OWNER, turn_id=TURN, step_num=1, executor="read_files")
    sp.put({"path": "/b.bin", "encoding": "binary", "content_b64": base64.b64encode(data).decode()},
           owner=OWNER, turn_id=TURN, step_num=2, executor="read_files")
    results = lambda n: sp.full_result(OWNER, TURN, n)  # noqa: E731
    assert resolve("{{step1.files.0.content}}", results) == text
    assert resolve("{{step1.files.0.path}}", results) == "/a.json"
    assert base64.b64decode(resolve("{{step2.content_b64}}", results)) == data
    with pytest.raises(RefError, match="step 3"):
        resolve("{{step3.content}}", results)
    with pytest.raises(RefError, match="no field 'nope'"):
        resolve("{{step2.nope}}", results)
    # another owner's resolver never sees the stored result
    with pytest.raises(RefError):
        resolve("{{step1.files.0.content}}", lambda n: sp.full_result("bob", TURN, n))


# -- plugged into the engine's TurnContext -----------------------------------------------------------


def turn_context(plugin: ScratchpadPlugin, root, owner: str = OWNER, turn_id: str = TURN) -> tuple[TurnContext, list]:
    seen: list[ev.Event] = []
    turn = Turn(id=turn_id, text="leggi il file e salvalo", owner=owner)
    reg = Registry(list(FILE_TOOLS) + [SCRATCHPAD_READ])
    tc = TurnContext(turn=turn, config=cfg(root), registry=reg, emit=seen.append,
                     approve=lambda tool, args, risk: True, services=TurnServices())
    plugin.services(turn, tc.services)
    return tc, seen


def test_turn_offloads_reads_and_writes_through_a_reference(tmp_path):
    text = payload_14k() + "ERROR the very last line\n"
    (tmp_path / "get.json").write_text(text, encoding="utf-8")
    plugin = ScratchpadPlugin()
    try:
        tc, seen = turn_context(plugin, tmp_path)
        plugin.turn_started(tc)
        assert plugin.tools(tc) == []  # nothing offloaded yet: the model does not see scratchpad_read
        out = tc.execute("read_files", {"paths": [str(tmp_path / "get.json")]})
        sid = out.view["scratchpad_id"]
        assert out.scratchpad_id == sid and view_size(out.view) <= 1500
        assert [e.scratchpad_id for e in seen if isinstance(e, ev.Observation)] == [sid]
        assert plugin.tools(tc) == [SCRATCHPAD_READ]
        got = tc.execute("scratchpad_read", {"scratchpad_id": sid, "mode": "grep", "pattern": "ERROR"})
        assert got.ok and got.view["content"].endswith("ERROR the very last line")
        wrote = tc.execute("write_files", {"path": str(tmp_path / "copy.json"), "content": "{{step1.content}}"})
        assert wrote.ok, wrote.error
        assert (tmp_path / "copy.json").read_bytes() == text.encode()
        assert hashlib.sha256((tmp_path / "copy.json").read_bytes()).digest() == hashlib.sha256(text.encode()).digest()
        # the same id from another owner's turn: not found, and no scratchpad_read offered
        bob, _ = turn_context(plugin, tmp_path, owner="bob")
        assert plugin.tools(bob) == []
        denied = bob.execute("scratchpad_read", {"scratchpad_id": sid, "mode": "full"})
        assert not denied.ok and "no entry" in denied.error and "ERROR" not in denied.error
    finally:
        plugin.close()


def test_plugin_gc_runs_at_turn_start(tmp_path):
    store = Scratchpad()
    store.put({"content": "old " * 2000}, owner=OWNER, turn_id="old", step_num=1, executor="x", ttl=1, now=100.0)
    plugin = ScratchpadPlugin(store)
    tc, _ = turn_context(plugin, tmp_path)
    assert store.stats()["rows"] == 1
    plugin.turn_started(tc)
    assert store.stats()["rows"] == 0
    plugin.close()


@pytest.mark.parametrize("obs, field", [
    ({"path": "/a.txt", "content": "t" * 6000}, ["content"]),
    ({"path": "/b.bin", "encoding": "binary", "content_b64": base64.b64encode(b"\x00\x01" * 4000).decode()},
     ["content_b64"]),
    ({"files": [{"path": "/a.txt", "content": "u" * 6000}]}, ["files", 0, "content"]),
    ({"path": "/d", "count": 300, "entries": [{"name": f"n{i}"} for i in range(300)]}, ["entries"]),
], ids=["text", "binary", "file-in-list", "structured"])
def test_the_reference_the_note_suggests_resolves_to_the_full_field(sp, obs, field):
    view, _ = sp.present(obs, owner=OWNER, turn_id=TURN, step_num=3, executor="tool")
    ref = re.search(r"\{\{step3\.[^}]+\}\}", view["_note"]).group(0)
    want = obs
    for f in field:
        want = want[f]
    assert resolve(ref, lambda n: sp.full_result(OWNER, TURN, n)) == want


def test_a_reference_to_a_step_that_has_not_run_is_said_in_the_persons_words(tmp_path):
    """everyday13-21 ended "Non ci sono riuscito: un riferimento a un passo precedente non è valido ({{step1.content}}:
    step 1 has no result in this turn)" — the resolver's English inside the Italian sentence. The detail stays in
    the step's error (the details view, the log); the person's sentence is whole in their language. Nothing is
    written."""
    plugin = ScratchpadPlugin()
    try:
        tc, seen = turn_context(plugin, tmp_path)
        tc.turn.text = "aggiungi a todo.txt una riga che dice prenotare la revisione"
        out = tc.execute("write_files", {"path": str(tmp_path / "todo.txt"), "content": "{{step1.content}}"})
        assert not out.ok and "step 1" in (out.error or "")
        said = [e.message for e in seen if isinstance(e, ev.Observation)]
        assert said and said[-1].startswith("un valore doveva venire da un passo precedente")
        assert "step" not in said[-1] and "{{" not in said[-1]
        assert not (tmp_path / "todo.txt").exists()
    finally:
        plugin.close()
