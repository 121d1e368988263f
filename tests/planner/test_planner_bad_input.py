"""Bad input on the planner path: every case is a clear event and a clean end, never a crash."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from app.config import parse_text
from app.engine.catalog import build_registry
from app.models.bundle import ModelError
from app.planner import Planner
from app.planner.choose import parse_action
from app.planner.fill import ArgsError, parse_model_args
from app.planner.vote import vote_from_text
from app.tools.registry import Tool, ToolError
from app.turn.services import TurnServices

pytestmark = pytest.mark.slow


def _boom(args: dict[str, Any], ctx: Any) -> dict[str, Any]:
    raise RuntimeError("boom: the detonator is broken")


EXPLODE = Tool("explode", "Detonate the test bomb. Fai esplodere la bomba di prova.", {"type": "object",
               "properties": {}}, _boom, examples=("fai esplodere la bomba di prova", "detonate the test bomb"))


def _volume(args: dict[str, Any], ctx: Any) -> dict[str, Any]:
    return {"level": args["level"]}


SET_VOLUME = Tool("set_volume", "Set the speaker volume to a level from 0 to 100. Imposta il volume.",
                  {"type": "object", "properties": {"level": {"type": "integer"}}, "required": ["level"]},
                  _volume, examples=("imposta il volume", "set the volume", "alza il volume"))


class GrammarlessBackend:
    """The real bundled model behind an interface like a plain completion server's: no log-likelihood
    scoring and no grammar support, so decisions come back as free text (stands for a server that
    cannot constrain its output)."""

    name = "grammarless"

    def __init__(self, llm: Any):
        self._llm = llm
        self.n_ctx = llm.n_ctx

    def render(self, messages: Any, add_generation_prompt: bool = True) -> str:
        return self._llm.render(messages, add_generation_prompt)

    def count_tokens(self, text: str) -> int:
        return self._llm.count_tokens(text)

    def complete(self, prompt: str, **kw: Any) -> Any:
        kw.pop("grammar", None)
        kw.pop("json_schema", None)
        return self._llm.complete(prompt, **kw)


def test_empty_request(make_ctx: Callable[..., Any]) -> None:
    for text in ("", "   \n\t "):
        run = make_ctx(text)
        assert Planner().run(run.ctx, []) == ""
        errors = run.of("error")
        assert errors and errors[0].message == "la richiesta è vuota"  # no words: the default language
        assert not run.of("tool_call")


def test_100kb_request_is_shortened_not_fatal(make_ctx: Callable[..., Any]) -> None:
    run = make_ctx("parola " * 15000)
    answer = Planner().run(run.ctx, [])
    assert len(run.ctx.turn.text) > 100_000
    assert any("request shortened" in p.what for p in run.of("progress"))
    assert answer and run.streamed == answer


def test_a_tool_that_raises(make_ctx: Callable[..., Any]) -> None:
    run = make_ctx("fai esplodere la bomba di prova", reg=build_registry(extra=[EXPLODE]))
    answer = Planner().run(run.ctx, [])
    obs = run.of("observation")
    assert [c.tool for c in run.of("tool_call")] == ["explode"]
    assert obs and not obs[0].ok and "boom" in obs[0].error
    assert "boom" in answer


def test_unknown_tool_or_garbage_from_the_model_is_an_error_event(make_ctx: Callable[..., Any]) -> None:
    run = make_ctx("che ore sono?")
    opts, struct = ["get_now", "answer"], {"get_now": 0.9, "answer": 0.8}
    assert vote_from_text(run.ctx, "launch_rockets now", list(opts), dict(struct)) is None
    assert vote_from_text(run.ctx, " ¿¿ <unk>", list(opts), dict(struct)) is None
    said = [e.message for e in run.of("error")]  # in the request's language
    assert [m.startswith("la scelta del modello non è uno strumento noto") for m in said] == [True] * 2
    vote = vote_from_text(run.ctx, " get_now\n", list(opts), dict(struct))
    assert vote is not None and max(vote, key=vote.get) == "get_now"


def test_real_grammar_free_decision_is_read_safely(make_ctx: Callable[..., Any], llm: Any) -> None:
    planner = Planner()
    run = make_ctx("che ore sono?")
    planner.decide(run.ctx, [])
    text = llm.complete(planner.last.prompt, max_tokens=12).text  # no grammar: whatever the model says
    opts = ["get_now", "get_date", "answer"]
    before = len(run.of("error"))
    vote = vote_from_text(run.ctx, text, list(opts), {o: 0.0 for o in opts})
    if vote is None:
        assert len(run.of("error")) == before + 1
    else:
        assert parse_action(text) in opts


def test_a_model_without_grammar_cannot_break_the_turn(make_ctx: Callable[..., Any], llm: Any, root: Path) -> None:
    cfg = parse_text(f'[tools]\nallowed_roots = ["{root}"]\n'
                     '[llm]\nchoice_weight = 1.0\nmax_steps = 2\nmax_answer_tokens = 32\n', env={})
    run = make_ctx("leggi il file {root}/a.txt", config=cfg, extra_services={"llm": lambda: GrammarlessBackend(llm)})
    answer = Planner().run(run.ctx, [])
    assert answer and run.streamed == answer
    for e in run.of("error"):  # free text where a name or JSON was due: said, and the turn goes on or ends
        assert "non è uno strumento noto" in e.message or "ricavare dalla richiesta" in e.message, e.message
    assert all(c.tool in build_registry() for c in run.of("tool_call"))


def test_arguments_that_fail_the_grammar() -> None:
    with pytest.raises(ArgsError, match="not valid JSON"):
        parse_model_args('{"fact": "my sister', ["fact"])
    with pytest.raises(ArgsError, match="left out"):
        parse_model_args('{"other": 1}', ["fact"])
    with pytest.raises(ArgsError, match="JSON object"):
        parse_model_args('["fact"]', ["fact"])
    # the model continuing its prompt into a value: it was written over a person's todo.txt (everyday8-46)
    with pytest.raises(ArgsError, match="copied the prompt"):
        parse_model_args('{"content": "ok\\nFacts: path: /tmp/x\\nSuggested answer: I created it"}', ["content"])
    assert parse_model_args('{"content": "latte\\nFacts and figures"}', ["content"]) == {
        "content": "latte\nFacts and figures"}
    # a reference to a step that has not run (the 1.5B model's content for "aggiungi a todo.txt una riga che dice
    # …" on the turn's first step, everyday13-21): the person was told "step 1 has no result in this turn"
    with pytest.raises(ArgsError, match="has not run") as e:
        parse_model_args('{"content": "{{step1.content}}"}', ["content"])
    assert e.value.missing == ["content"]
    with pytest.raises(ArgsError, match="has not run"):  # the template itself, written into the file in a clean run
        parse_model_args('{"content": "prenotare la revisione {{stepN.content}}"}', ["content"], done=[1])
    assert parse_model_args('{"content": "{{step1.content}}"}', ["content"], done=[1]) == {
        "content": "{{step1.content}}"}  # the whole result of a step that ran, passed on (scratchpad note)


def test_missing_argument_without_a_model_ends_cleanly(make_ctx: Callable[..., Any]) -> None:
    def no_model() -> Any:
        raise ModelError("bundled planner model: it is missing. Fix: run `metnos models install`")
    run = make_ctx("imposta il volume", reg=build_registry(extra=[SET_VOLUME]), extra_services={"llm": no_model})
    answer = Planner().run(run.ctx, [])
    messages = [e.message for e in run.of("error")]
    assert any(m.startswith("il modello locale non è disponibile") for m in messages), messages  # request's language
    assert any("ricavare dalla richiesta tutti i valori" in m for m in messages)
    assert not any("set_volume" in m for m in messages), messages  # the tool's name is for the details view
    assert not run.of("tool_call") and "manca un valore" in answer and "set_volume" not in answer  # words, no tool id


def test_without_the_model_the_planner_still_answers(make_ctx: Callable[..., Any]) -> None:
    def no_model() -> Any:
        raise ModelError("bundled planner model: missing")
    run = make_ctx("mi dici l'ora esatta?", extra_services={"llm": no_model})
    answer = Planner().run(run.ctx, [])
    assert [c.tool for c in run.of("tool_call")] == ["get_now"]
    assert answer.startswith("Sono le ") and run.streamed == answer


@pytest.mark.parametrize("name,data,expect", [
    ("outside", None, "outside the allowed folders"),
    ("missing.txt", None, "no such file"),
])
def test_unreadable_paths(make_ctx: Callable[..., Any], root: Path, name: str, data: Any, expect: str) -> None:
    path = "/etc/hostname" if name == "outside" else f"{root}/{name}"
    run = make_ctx(f"leggi il file {path}")
    answer = Planner().run(run.ctx, [])
    obs = run.of("observation")
    assert [c.tool for c in run.of("tool_call")] == ["read_files"]
    assert obs and not obs[0].ok and expect in obs[0].error
    assert answer and run.streamed == answer


def test_binary_file(make_ctx: Callable[..., Any], root: Path) -> None:
    (root / "blob.dat").write_bytes(b"\x00\x01\x02PK\x00" * 100)
    run = make_ctx("leggi il file {root}/blob.dat")
    answer = Planner().run(run.ctx, [])
    step = run.ctx.turn.steps[0]
    assert step.ok and step.result["encoding"] == "binary"
    assert "binar" in answer.lower()


def test_non_utf8_file(make_ctx: Callable[..., Any], root: Path) -> None:
    (root / "latin.txt").write_bytes("perché il caffè è buono\n".encode("latin-1"))
    run = make_ctx("leggi il file {root}/latin.txt")
    answer = Planner().run(run.ctx, [])
    step = run.ctx.turn.steps[0]
    assert step.ok and step.result["encoding"] == "utf-8 (invalid bytes replaced)"
    assert "caff" in answer


def test_describe_needs_a_model(make_ctx: Callable[..., Any]) -> None:
    from app.tools.describe import describe_entries
    from app.tools.registry import ToolContext

    def no_model() -> Any:
        raise ModelError("bundled planner model: missing")
    ctx = ToolContext(owner="t", turn_id="x", config=None, services=TurnServices(llm=no_model))
    with pytest.raises(ToolError, match="model is not available"):
        describe_entries({"content": "some text"}, ctx)


def test_a_value_followed_by_a_loop_of_blank_lines_is_kept_and_other_loops_fail() -> None:
    from app.planner.fill import _value_before_blank_loop

    loop = '{"content":"ciao' + "\\n" * 20
    assert _value_before_blank_loop(loop, ["content"]) == {"content": "ciao"}
    assert _value_before_blank_loop('{"content":"' + "\\n" * 20, ["content"]) is None  # no value said
    assert _value_before_blank_loop('{"content":"' + "ab" * 20, ["content"]) is None  # a loop of words
    assert _value_before_blank_loop(loop, ["path", "content"]) is None  # another key was still due


def test_arguments_the_model_could_not_give_are_said_in_words_never_the_parsers() -> None:
    from app.planner.answer import missing_args_text
    from app.planner.fill import ArgsError, parse_model_args

    try:
        parse_model_args('{"fact": "my bike lock combi', ["fact"])  # a generation cut at its token budget
    except ArgsError as e:
        cut = e
    text = missing_args_text("store this for me: my bike lock combination is 0717", "remember", cut)
    assert text.startswith("I couldn't prepare that action") and "JSON" not in text
    left_out = missing_args_text("ricordati questa cosa", "remember", ArgsError("left out", missing=["fact"]))
    assert "la cosa da ricordare" in left_out and "«ricordati che …»" in left_out
    # no key named, one required: that one, with how to say it — a calculation was told to give a file's path
    calc = missing_args_text("quanto fa 18 metri per un po'?", "calculate", ArgsError("unusable"), ["expression"])
    assert "manca il calcolo" in calc and "quanto fa 18 × 3,5" in calc and "percorso" not in calc
    page = missing_args_text("fetch that page", "get_urls", ArgsError("left out", missing=["urls"]))
    assert "the page's address is missing" in page and "https://" in page
