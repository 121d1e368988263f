"""Group 5 — fuzzing with hypothesis: parsers of untrusted text never crash, every rejection is a clear error.

Targets: the args extractor and the normalizer (request text), the
runtime.toml loader (a file the user edits by hand), the planner's reading of
what the model generated (tool name, JSON arguments), the `{{stepN.field}}`
resolver, the scratchpad read arguments (range/lines/grep...) and memo import
lines. Examples per target: METNOS_FUZZ_EXAMPLES, else 200 in CI and 10,000
with METNOS_LONG_TESTS=1. Besides "no unhandled exception", each target checks
a property that can fail (types, bounds, message shape).
"""
from __future__ import annotations

import json
import logging
import string
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from rel_support import TALLY, size

EXAMPLES = size(200, 10_000, "METNOS_FUZZ_EXAMPLES")
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=False,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much])


class Counter:
    """Counts examples per target for the summary table."""

    def __init__(self, name: str):
        self.name, self.n = name, 0

    def __enter__(self) -> "Counter":
        return self

    def __exit__(self, exc_type: Any, *_: Any) -> None:
        TALLY.add("fuzz", trials=self.n, failures=int(exc_type is not None),
                  note=f"{self.name}: {self.n} examples")


class LogErrors(logging.Handler):
    """Errors logged by a part that 'never raises' (it swallows its own bugs): those are failures too."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


# -- strategies ------------------------------------------------------------------------------------------
FRAGMENTS = [
    "leggi il file", "/tmp/a.txt", "~/Documenti/x.pdf", "C:\\Users\\x\\a.doc", "../../etc/passwd", "https://x.it/a?b=c",
    "www.example.com", "mario.rossi@example.com", "oggi", "ieri", "domani", "dopodomani", "questa settimana",
    "ultime 24 ore", "last 7 days", "alle 7", "7:30 pm", "12/31/2024", "31/12/2024", "2024-02-30", "file PDF",
    "*.txt", ".md", "'ciao'", "«citazione»", "“quoted”", "3,14", "-42", "1e9", "l'ora", "po'", "e'", "perché",
    "\x00", "\x1b[31m", "\u202e", "\ufeff", "{{step1.content}}", "{path}", "\\", "'", '"', "~root", "~", "home",
    "excel files", "file word", "tra 3 giorni", "3 giorni fa", "lunedì prossimo", "next monday", "0" * 30,
    "/" * 50, "a." * 40, "~" + "/a" * 40, "((((", "]]]]", "\n", "\t", "é" * 10, "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
]
request_text = st.one_of(
    st.text(max_size=300),
    st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=12)), max_size=25).map(" ".join),
    st.lists(st.sampled_from(FRAGMENTS), max_size=40).map("".join),
)

json_scalar = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=40))
json_value = st.recursive(json_scalar, lambda c: st.one_of(st.lists(c, max_size=5),
                                                             st.dictionaries(st.text(max_size=10), c, max_size=5)),
                          max_leaves=20)


# -- 1. args extractor and normalizer ----------------------------------------------------------------------
@pytest.fixture
def log_errors() -> Any:
    h = LogErrors()
    root = logging.getLogger("app")
    root.addHandler(h)
    yield h
    root.removeHandler(h)


def test_fuzz_args_extractor(log_errors: LogErrors) -> None:
    from app.lang.args_extractor import SLOT_KINDS, extract, masked_text

    with Counter("args extractor") as c:
        @FUZZ
        @given(text=request_text, now=st.datetimes(min_value=datetime(1971, 1, 1), max_value=datetime(2200, 1, 1)))
        @example(text="/" * 4000 + "a", now=datetime(2024, 1, 1))
        @example(text="a." * 3000, now=datetime(2024, 1, 1))
        @example(text="alle " * 900, now=datetime(2024, 1, 1))
        def run(text: str, now: datetime) -> None:
            c.n += 1
            slots = extract(text, now)
            assert set(SLOT_KINDS) <= set(slots), "a slot kind is missing from the result"
            for k in SLOT_KINDS:
                if k != "window":
                    assert isinstance(slots[k], list)
            for p in slots["path"]:
                # a path is a piece of the request ("home" is read as ~/)
                assert isinstance(p, str) and p and (p in text or (p == "~/" and "home" in text.lower())), \
                    f"a path not taken from the text: {p!r}"
            for d in slots["date"]:
                datetime.fromisoformat(d)  # dates come out as ISO strings
            assert isinstance(masked_text(text), str)
            assert not log_errors.records, f"the extractor swallowed a bug: {log_errors.records[0].getMessage()}"

        run()


def test_fuzz_normalizer() -> None:
    from app.lang.normalize import canonical, normalize, tokens

    with Counter("normalizer") as c:
        @FUZZ
        @given(text=request_text)
        @example(text="L’ORA È ADESSO?!")
        def run(text: str) -> None:
            c.n += 1
            n = normalize(text)
            assert isinstance(n, str) and n == n.strip() and "  " not in n
            assert n == n.lower() or any(ch.lower() == ch for ch in n), "normalize must lowercase"
            assert isinstance(canonical(text), str) and isinstance(tokens(text), list)
            assert normalize(n) == normalize(normalize(n)), "normalize is not stable on its own output"

        run()


# -- 2. runtime.toml loader ----------------------------------------------------------------------------------
def _toml_literal() -> st.SearchStrategy[str]:
    return st.one_of(
        st.integers(min_value=-10 ** 20, max_value=10 ** 20).map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(lambda f: repr(f).replace("inf", "inf")),
        st.sampled_from(["true", "false", "nan", "inf", "-inf", "0x1F", "1_000", "1979-05-27", "07:32:00"]),
        st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=20).map(json.dumps),
        st.lists(st.text(max_size=8).map(json.dumps), max_size=4).map(lambda xs: "[" + ", ".join(xs) + "]"),
        st.sampled_from(['{a = 1}', '[1, "a"]', '"""multi\nline"""', "'literal'", "[[1]]", "[", "=", '"unterminated']),
        st.text(max_size=15),
    )


@st.composite
def toml_files(draw: Any) -> str:
    from app.config.schema import SECTIONS

    lines = []
    for _ in range(draw(st.integers(0, 6))):
        sec = draw(st.one_of(st.sampled_from(SECTIONS), st.none()))
        name = sec.name if sec else draw(st.text(alphabet=string.ascii_letters + "_.", min_size=1, max_size=10))
        lines.append(f"[{name}]")
        for _ in range(draw(st.integers(0, 4))):
            key = draw(st.sampled_from([s.key for s in sec.settings])) if sec and draw(st.booleans()) else \
                draw(st.text(alphabet=string.ascii_letters + "_", min_size=1, max_size=12))
            lines.append(f"{key} = {draw(_toml_literal())}")
    if draw(st.booleans()):
        lines.insert(draw(st.integers(0, len(lines))), draw(st.text(max_size=30)))
    return "\n".join(lines)


def test_fuzz_runtime_toml_loader() -> None:
    from app.config import Config, ConfigError, parse_text
    from app.config.schema import BY_DOTTED, SECTIONS

    envs = st.dictionaries(st.sampled_from([s.env_name for s in BY_DOTTED.values()]), st.text(max_size=20), max_size=3)
    known = {s.name for s in SECTIONS} | {"runtime.toml"}
    with Counter("runtime.toml loader") as c:
        @FUZZ
        @given(text=st.one_of(toml_files(), st.text(max_size=200)), env=envs)
        @example(text="a = " + "[" * 50_000, env={})
        @example(text="x = " + "{y = " * 5_000, env={})
        @example(text="[llm]\nn_ctx = 1e999", env={})
        def run(text: str, env: dict[str, str]) -> None:
            c.n += 1
            try:
                cfg = parse_text(text, env=env)
            except ConfigError as e:
                assert e.problems, "a ConfigError without problems"
                for p in e.problems:
                    head = p.split(":", 1)[0].split(" ", 1)[0]
                    assert ":" in p and (head in known or head.split(".")[0] in known or head.startswith("METNOS_")), \
                        f"a problem that does not name its key: {p!r}"
                return
            assert isinstance(cfg, Config)
            for k, s in BY_DOTTED.items():  # every value that got through has its declared type
                v = cfg.values[k]
                want = s.type if isinstance(s.type, tuple) else (s.type,)
                assert isinstance(v, want) or (float in want and isinstance(v, int)), (k, v)

        run()


# -- 3. the planner's reading of what the model generated ----------------------------------------------------
def test_fuzz_tool_call_parser() -> None:
    from app.config import defaults
    from app.engine.catalog import build_registry
    from app.planner.choose import parse_action
    from app.planner.fill import ArgsError, parse_model_args
    from app.planner.vote import vote_from_text
    from app.tools.runner import TurnContext
    from app.turn.events import Error, Turn

    reg = build_registry()
    names = reg.names()
    model_text = st.one_of(
        st.text(max_size=120),
        st.sampled_from(names + ["answer", "action: read_files", " write_files(", '{"tool": "write_files"}',
                                 '```json\n{"name": "write_files", "arguments": {"path": "/etc/x"}}\n```',
                                 "<tool_call>{\"name\": \"remember\"}</tool_call>", "\x00", "rm -rf ~"]),
        st.builds(lambda a, b: a + b, st.sampled_from(names), st.text(max_size=30)),
        json_value.map(lambda v: json.dumps(v)),
    )
    with Counter("tool-call parser") as c:
        @FUZZ
        @given(text=model_text, keys=st.lists(st.sampled_from(["path", "paths", "content", "fact", "query", "n"]),
                                              max_size=3, unique=True))
        @example(text="[" * 100_000, keys=["path"])
        @example(text='{"path": ' * 20_000, keys=["path"])
        def run(text: str, keys: list[str]) -> None:
            c.n += 1
            name = parse_action(text)
            assert isinstance(name, str) and (name == "" or name in text)
            try:
                args = parse_model_args(text, keys)
            except ArgsError as e:
                assert str(e), "an ArgsError without a message"
            else:
                assert set(args) == set(keys)
            events: list[Any] = []
            ctx = TurnContext(turn=Turn(id="f", text="x", owner="local"), config=defaults(), registry=reg,
                              emit=events.append, approve=lambda *a: False)
            opts = ["read_files", "answer"]
            vote = vote_from_text(ctx, text, list(opts), {o: 0.0 for o in opts}, allowed=names)
            if vote is None:
                assert any(isinstance(e, Error) and e.message for e in events), "a refusal without an Error event"
            else:
                assert max(vote.values()) == 0.0 and len([v for v in vote.values() if v == 0.0]) == 1

        run()


# -- 4. {{stepN.field}} resolver --------------------------------------------------------------------------------
def test_fuzz_step_reference_resolver() -> None:
    from app.turn.refs import RefError, has_refs, resolve

    field = st.one_of(st.sampled_from(["content", "files", "0", "path", "entries", "x-y", "1"]),
                      st.text(alphabet=string.ascii_letters + string.digits + "_-", min_size=1, max_size=6))
    ref = st.builds(lambda n, fs, sp: "{{" + sp + f"step{n}" + "".join("." + f for f in fs) + sp + "}}",
                    st.integers(0, 6), st.lists(field, max_size=4), st.sampled_from(["", " "]))
    template = st.recursive(
        st.one_of(ref, st.lists(st.one_of(ref, st.text(max_size=10)), max_size=4).map("".join), st.text(max_size=20),
                  json_scalar),
        lambda c: st.one_of(st.lists(c, max_size=4), st.dictionaries(st.text(max_size=6), c, max_size=4)),
        max_leaves=15)
    results = st.dictionaries(st.integers(1, 4), json_value, max_size=4)
    with Counter("{{stepN.field}} resolver") as c:
        @FUZZ
        @given(value=template, res=results)
        @example(value="{{step1.content}}", res={1: {"files": [{"content": "a"}, {"content": "b"}]}})
        @example(value=[[[[[[[[[["{{step1}}"]]]]]]]]]], res={1: "x"})
        def run(value: Any, res: dict[int, Any]) -> None:
            c.n += 1
            try:
                out = resolve(value, res.get)
            except RefError as e:
                assert "step" in str(e) or "nested" in str(e), f"unclear RefError: {e}"
                return
            if isinstance(out, str):
                assert not has_refs(out) or has_refs(json.dumps(list(res.values()))), \
                    "a reference left unresolved"

        run()


# -- 5. scratchpad read arguments ----------------------------------------------------------------------------------
def test_fuzz_scratchpad_read_arguments(tmp_path: Path) -> None:
    from app.memory.scratchpad import Scratchpad
    from app.tools.registry import ToolError

    store = Scratchpad(tmp_path / "scratchpad.db")
    text = "".join(f"{i:05d} {'ERROR' if i % 7 == 0 else 'info'} riga con è e \x1b[31m colore\n" for i in range(3000))
    t_entry = store.put({"path": "/tmp/log.txt", "content": text}, owner="u", turn_id="t", step_num=1,
                        executor="read_files")
    b_entry = store.put({"path": "/tmp/b.bin", "encoding": "binary",
                         "content_b64": __import__("base64").b64encode(bytes(range(256)) * 200).decode()},
                        owner="u", turn_id="t", step_num=2, executor="read_files")
    anything = st.one_of(json_scalar, st.text(max_size=8), st.integers(-10 ** 12, 10 ** 12),
                         st.sampled_from(["5", " 12 ", "-1", "1e3", "0x10", "", "∞"]))
    args = st.fixed_dictionaries({}, optional={
        "mode": st.one_of(st.sampled_from(["full", "head", "tail", "range", "lines", "grep", "HEAD", " grep ", "x"]),
                          anything),
        "n": anything, "start": anything, "end": anything, "context": anything, "max_matches": anything,
        "from_end": anything, "ignore_case": anything,
        "pattern": st.one_of(st.sampled_from(["ERROR", "(", "[a-", "(?P<x>", "a{99999}", "\\", "è", "(?i)error",
                                              "x" * 600, ".*", "^0000[0-9]$"]), st.text(max_size=20)),
    })
    ids = st.one_of(st.sampled_from([t_entry.id, b_entry.id, t_entry.id.upper(), " " + t_entry.id]), anything,
                    st.text(alphabet="0123456789abcdef", min_size=16, max_size=16))
    cap = 8192
    with Counter("scratchpad read arguments") as c:
        @FUZZ
        @given(sid=ids, a=args, owner=st.sampled_from(["u", "u", "u", "intruder"]))
        def run(sid: Any, a: dict[str, Any], owner: str) -> None:
            c.n += 1
            try:
                out = store.read(sid, owner=owner, turn_id="t", args=a, cap=cap)
            except ToolError as e:
                assert str(e).startswith("scratchpad_read:") and len(str(e)) > 25, f"unclear: {e}"
                return
            assert owner == "u", "another owner read this owner's entry"
            assert out["ok"] and out["returned_size"] <= cap + 1000, "a read returned more than the cap"
            body = out.get("content", out.get("content_b64", ""))
            assert len(body) <= cap * 2, "a read returned more than the cap"

        try:
            run()
        finally:
            store.close()


# -- 6. memo import lines --------------------------------------------------------------------------------------
def test_fuzz_memo_import_lines() -> None:
    from app.routing.memo import MemoError, parse_import

    line = st.one_of(
        json_value.map(json.dumps),
        st.text(max_size=80),
        st.builds(lambda q, t, a, u: json.dumps({"query": q, "tool": t, "args": a, "uses": u}),
                  st.text(max_size=20), st.one_of(st.text(max_size=10), json_scalar), json_value, json_scalar),
        st.builds(lambda q, s: json.dumps({"query": q, "steps": s}), st.text(max_size=20), json_value),
    )
    with Counter("memo import lines") as c:
        @FUZZ
        @given(lines=st.lists(line, max_size=6))
        @example(lines=["[" * 100_000])
        @example(lines=['{"query": "a", "tool": "read_files", "args": ' + "{\"a\": " * 5000 + "1" + "}" * 5001])
        def run(lines: list[str]) -> None:
            c.n += 1
            try:
                items = parse_import(lines)
            except MemoError as e:
                assert "line" in str(e) and "nothing imported" in str(e), f"unclear: {e}"
                return
            for it in items:
                assert isinstance(it["query"], str) and it["query"].strip()

        run()


def test_fuzz_ids_are_not_guessable_across_owners(tmp_path: Path) -> None:
    """A side property of the scratchpad fuzz: ids of another owner read as 'not found', same text as unknown."""
    from app.memory.scratchpad import Scratchpad, not_found
    from app.tools.registry import ToolError

    store = Scratchpad(tmp_path / "sp.db")
    try:
        e = store.put({"content": "x" * 5000}, owner="alice", turn_id="t", step_num=1, executor="read_files")
        msgs = []
        for owner, sid in (("bob", e.id), ("alice", uuid.uuid4().hex[:16])):
            with pytest.raises(ToolError) as err:
                store.read(sid, owner=owner, turn_id="t", args={"mode": "head"})
            msgs.append(str(err.value).replace(sid, "<id>"))
        assert msgs[0] == msgs[1] == not_found("<id>")
        TALLY.add("fuzz", trials=2)
    finally:
        store.close()
