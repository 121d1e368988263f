"""A path outside the allowed folders offers "Consenti questa cartella": the refusal names the
settings page, the answer ends with the offer; "sì" asks for approval like any write, writes the folder into the
real runtime.toml the way Settings does, then runs the request again. A "no", or a denied card, changes nothing and
says so; the disk's root is refused with a sentence and never offered; `metnos ask` asks the offer on the terminal.

A real Engine over real encrypted SQLite files (journal, route log) and a real runtime.toml in the test's home; the
listing is routed by a test phrase in the real Router's L0 table, so no model is loaded.
"""
from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest
from support import write_runtime

from app.config import ConfigManager
from app.config.toml_edit import get_value
from app.engine.engine import Engine
from app.tools.allow import allow_folder
from app.tools.registry import ToolContext, ToolError
from app.turn import events as ev

LIST_IT, LIST_EN, LIST_ROOT = "elenca la cartella di prova", "list the test folder", "elenca la radice"


def routed_engine(manager: ConfigManager, outside: Path, tmp: Path) -> Engine:
    from app.engine.catalog import build_registry
    from app.engine.model_loader import ModelLoader
    from app.routing.l0 import L0Table
    from app.routing.memo import Memo
    from app.routing.router import Router

    models, registry = ModelLoader(manager), build_registry()
    table = L0Table(path=tmp / "test_l0.toml", data={"intent": [
        {"id": "ls", "executor": "list_dir", "args": {"path": str(outside)}, "reply_it": "", "reply_en": "",
         "it": [LIST_IT], "en": [LIST_EN]},
        {"id": "ls_root", "executor": "list_dir", "args": {"path": "/"}, "reply_it": "", "reply_en": "",
         "it": [LIST_ROOT]}]})
    router = Router(manager, models.embedder, Memo(), registry, l0_table=table)
    return Engine(manager, models=models, registry=registry, router=router)


@pytest.fixture
def world(metnos_home: Path, keystore: object, tmp_path: Path) -> Any:
    inside, outside = tmp_path / "lavoro", tmp_path / "altrove" / "foto"
    inside.mkdir()
    outside.mkdir(parents=True)
    (outside / "mare.jpg").write_bytes(b"\xff\xd8")
    toml = write_runtime(metnos_home, f'# my settings\n[tools]\nallowed_roots = ["{inside}"]  # mine\n'
                                      '[ui]\npause_learning = true\n')
    manager = ConfigManager()
    engine = routed_engine(manager, outside, tmp_path)
    yield engine, manager, toml, inside, outside
    engine.close()


def turn(engine: Engine, text: str, approve: bool = True) -> tuple[list[ev.Event], list[ev.ApprovalNeeded]]:
    asked: list[ev.ApprovalNeeded] = []
    events: list[ev.Event] = []

    def emit(e: ev.Event) -> None:
        events.append(e)
        if isinstance(e, ev.ApprovalNeeded):
            asked.append(e)

    engine.run_turn_sync(text, emit, approve=lambda *_: approve)
    return events, asked


def answer(events: list[ev.Event]) -> str:
    return next(e.text for e in events if isinstance(e, ev.Answer))


def offers(events: list[ev.Event]) -> list[ev.Offer]:
    return [e for e in events if isinstance(e, ev.Offer)]


def test_outside_offers_the_folder_then_allows_it_after_approval_and_runs_the_request_again(world: Any) -> None:
    engine, manager, toml, inside, outside = world
    events, asked = turn(engine, LIST_IT)
    said = answer(events)
    assert said.startswith(f"Non ci sono riuscito: {outside} non è nella cartella consentita, {inside}")
    assert "Impostazioni → «Cartelle consentite»" in said and "allowed_roots" not in said and "runtime" not in said
    assert said.endswith(f"Vuoi aggiungere {outside} alle «Cartelle consentite»?") and not asked
    (offer,) = offers(events)
    assert (offer.tool, offer.args, offer.label, offer.then) == (
        "allow_folder", {"path": str(outside)}, "Consenti questa cartella", LIST_IT)

    events, asked = turn(engine, "sì")
    (card,) = asked  # one approval, like any write
    assert card.tool == "allow_folder" and card.question.startswith(f"Aggiungere {outside} alle «Cartelle consentite»?")
    assert [str(p) for p in manager.config.tools.allowed_roots] == [str(inside), str(outside)]
    assert get_value(toml, "tools.allowed_roots") == [str(inside), str(outside)]
    text = toml.read_text(encoding="utf-8")
    assert "# my settings" in text and "# mine" in text  # written as Settings writes it: comments kept
    assert [e.tool for e in events if isinstance(e, ev.ToolCall)] == ["allow_folder", "list_dir"]
    assert answer(events) == (f"Fatto: {outside} ora è tra le 2 «Cartelle consentite».\n\n"
                              f"1 elemento in {outside}:\n- mare.jpg")
    assert not offers(events)
    again, _ = turn(engine, LIST_IT)  # allowed from now on, with no offer
    assert answer(again).startswith(f"1 elemento in {outside}") and not offers(again)
    rows = engine.journal.recent("local")
    assert [r["text"] for r in rows][-2:] == ["sì", LIST_IT]  # the history says what was typed


def test_a_change_outside_is_refused_before_its_approval_then_asked_once_after_the_folder_is_allowed(
        world: Any) -> None:
    engine, manager, _toml, inside, outside = world
    made = outside / "estate"
    events, asked = turn(engine, f"crea la cartella {made}")  # a write, done by rules
    assert not asked and not made.exists()  # never "Creare la cartella …?" for what would be refused anyway
    assert answer(events).endswith(f"Vuoi aggiungere {outside} alle «Cartelle consentite»?")
    events, asked = turn(engine, "sì")
    assert [a.tool for a in asked] == ["allow_folder", "make_folder"]  # the folder, then the request's own change
    assert made.is_dir() and answer(events).startswith(f"Fatto: {outside} ora è tra le 2 «Cartelle consentite».")
    assert [str(p) for p in manager.config.tools.allowed_roots] == [str(inside), str(outside)]


def test_a_denied_card_or_a_no_leaves_the_folders_as_they_were_and_says_so(world: Any) -> None:
    engine, manager, toml, inside, outside = world
    before = toml.read_text(encoding="utf-8")
    turn(engine, LIST_IT)
    events, asked = turn(engine, "sì", approve=False)
    assert len(asked) == 1
    assert answer(events) == f"Va bene, le «Cartelle consentite» restano come sono: {outside} non è stata aggiunta."
    assert [e.tool for e in events if isinstance(e, ev.ToolCall)] == ["allow_folder"]  # not run again
    turn(engine, LIST_IT)
    events, asked = turn(engine, "no")
    assert not asked and answer(events).startswith("Va bene, le «Cartelle consentite» restano come sono")
    assert toml.read_text(encoding="utf-8") == before
    assert [str(p) for p in manager.config.tools.allowed_roots] == [str(inside)]


def test_the_disk_root_is_refused_with_a_sentence_and_never_offered(world: Any) -> None:
    engine, manager, _toml, inside, _outside = world
    events, _ = turn(engine, LIST_ROOT)
    assert not offers(events)
    assert "la radice / non si può consentire" in answer(events)
    assert "Impostazioni → «Cartelle consentite»" in answer(events)
    ctx = ToolContext(owner="local", turn_id="t", config=manager.config)
    ctx.services.engine = engine
    with pytest.raises(ToolError) as refused:  # the tool refuses it too, whoever asks
        allow_folder({"path": "/"}, ctx)
    assert refused.value.text("it").startswith("Non posso consentire /: è la radice del disco")
    assert [str(p) for p in manager.config.tools.allowed_roots] == [str(inside)]


def test_the_planner_is_never_offered_allow_folder() -> None:
    """A builtin with no examples, whose action class no request reading produces: the write veto keeps it out of
    every request's options; only the person's yes to the offer runs it."""
    from app.lang.actions import action_of
    from app.planner.surface import ToolIndex
    from app.planner.veto import allowed
    from app.tools.allow import ALLOW_FOLDER

    affinity = ToolIndex([ALLOW_FOLDER]).affinity_by_name()["allow_folder"]  # as the planner reads it
    said = ("aggiungi la cartella /x alle cartelle consentite", "consenti la cartella /x", "allow the folder /x",
            "dai accesso a /x", "let Metnos read /x")
    asked = frozenset(a for t in said for a in action_of(t).actions) | {
        "write", "create", "copy", "move", "rename", "delete", "empty", "open", "remember", "send", "append"}
    assert ALLOW_FOLDER.builtin and ALLOW_FOLDER.risk == "write" and not ALLOW_FOLDER.examples
    assert "allow" not in asked and not allowed(ALLOW_FOLDER, asked, affinity)


def test_english_request_gets_the_offer_in_english(world: Any) -> None:
    engine, _manager, _toml, _inside, outside = world
    events, _ = turn(engine, LIST_EN)
    said = answer(events)
    assert "is outside the allowed folders: the only one is" in said
    assert 'Settings → “Allowed folders”' in said
    assert said.endswith(f"Do you want to add {outside} to the allowed folders?")
    (offer,) = offers(events)
    assert offer.label == "Allow this folder" and offer.lang == "en"
    events, _ = turn(engine, "yes")
    assert answer(events).startswith(f"Done: {outside} is now one of the 2 allowed folders.\n\n1 entry in {outside}:")


def test_folders_set_by_the_environment_are_not_offered(metnos_home: Path, keystore: object, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    outside = tmp_path / "altrove"
    outside.mkdir()
    monkeypatch.setenv("METNOS_TOOLS_ALLOWED_ROOTS", str(tmp_path / "lavoro"))
    engine = routed_engine(ConfigManager(), outside, tmp_path)
    try:
        events, _ = turn(engine, LIST_IT)
        assert not offers(events) and "Cartelle consentite" in answer(events)
    finally:
        engine.close()


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_metnos_ask_asks_the_offer_on_the_terminal(world: Any, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from app.cli import ask as cli

    engine, manager, _toml, inside, outside = world
    monkeypatch.setattr(cli, "_engine", lambda: engine)
    args = type("Args", (), {"yes": False, "owner": "local", "json": False, "verbose_trace": False})()
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # not a terminal: the offer is printed, not taken
    ok, offer = cli._run_one(engine, args, LIST_IT)
    assert offer is not None and cli._offer_here(offer) is None
    out = capsys.readouterr()
    assert out.out.strip().endswith("alle «Cartelle consentite»?") and "metnos chat" in out.err
    monkeypatch.setattr(sys, "stdin", Terminal("s\ns\n"))  # yes to the offer, yes to its approval
    assert cli._offer_here(offer) == "sì"
    ok, _ = cli._run_one(engine, args, "sì", "it")
    err = capsys.readouterr().err
    assert ok and "Consenti questa cartella? [s/N]" in err and "Aggiungere" in err
    assert [str(p) for p in manager.config.tools.allowed_roots] == [str(inside), str(outside)]


def test_an_open_outside_is_refused_before_its_approval_like_any_file_change(world: Any) -> None:
    from app.engine.catalog import build_registry
    from app.tools.confine import path_arguments

    engine, _manager, _toml, _inside, outside = world
    photo = outside / "mare.jpg"
    events, asked = turn(engine, f"apri {photo} con il programma predefinito")
    assert [(e.tool, e.args) for e in events if isinstance(e, ev.ToolCall)] == [("open_path", {"target": str(photo)})]
    assert not asked  # never "Aprire … con il programma predefinito?" for what would be refused anyway
    said = answer(events)
    assert f"{photo} non è nella cartella consentita" in said
    assert said.endswith(f"Vuoi aggiungere {outside} alle «Cartelle consentite»?")
    reg = build_registry()
    assert path_arguments(reg.get("open_path")) == ("target",)
    assert path_arguments(reg.get("move_files")) == ("paths", "dest")
    _, asked = turn(engine, "apri https://example.org nel browser", approve=False)
    assert [a.tool for a in asked] == ["open_path"]  # a web address is no path of ours: asked as before


class Recorder:
    """A planner that answers at once and keeps the texts it was given."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def run(self, ctx: Any, history: list[tuple[str, str]]) -> str:
        self.texts.append(ctx.turn.text)
        return "Certo! Come posso aiutarti oggi?"  # what the instruct model answered to a bare "sì"


def test_a_yes_in_a_new_process_is_told_there_is_nothing_to_answer(world: Any) -> None:
    """`metnos ask "sì"` after an offer made by another `metnos ask`: each is a request of its own, so the offer
    is not there (the first process said how to accept it). A bare yes or no with nothing pending and no
    conversation is answered by rules, saying so, instead of the model's "Certo! Come posso aiutarti oggi?"
    after a model load; in a conversation it stays the planner's (the history may give it a meaning)."""
    engine, manager, _toml, inside, _outside = world
    assert offers(turn(engine, LIST_IT)[0])  # this process keeps it; a new one does not
    planner = Recorder()
    again = Engine(manager, planner=planner)  # a new process: no offer in memory
    try:
        said = answer(turn(again, "sì")[0])
        assert said == "Non ho nessuna proposta in sospeso a cui rispondere: dimmi cosa vuoi che faccia."
        assert answer(turn(again, "yes")[0]) == "I have no offer waiting for an answer: tell me what you want me to do."
        assert planner.texts == [] and not again.models.llm_loaded
        in_chat = list(again.run_turn("sì", session="chat"))
        assert planner.texts == ["sì"] and answer(in_chat) == "Certo! Come posso aiutarti oggi?"
    finally:
        again.close()
    assert [str(p) for p in manager.config.tools.allowed_roots] == [str(inside)]
