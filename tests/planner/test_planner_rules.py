"""The planner's deterministic parts, without models: evidence, arguments, choice arithmetic, prompt layout."""
from __future__ import annotations

import types
from datetime import datetime
from typing import Any

import pytest

from app.engine.catalog import build_registry
from app.models.templates import render_chatml, render_gemma
from app.planner import answer as ans
from app.planner import prompt as pr
from app.planner.choose import combine, generated_vote, model_weight, names_grammar, parse_action
from app.planner.evidence import analyze, quoted_texts, split_inline
from app.planner.fill import model_schema, rule_args
from app.turn.events import Step

REG = build_registry()
NOW = datetime(2025, 3, 12, 15, 30)


def test_two_clauses_each_with_its_path() -> None:
    ev = analyze("leggi /tmp/t/a.txt e scrivilo in /tmp/t/b.txt", NOW)
    assert [c.paths for c in ev.clauses] == [["/tmp/t/a.txt"], ["/tmp/t/b.txt"]]
    assert [c.sig.actions for c in ev.clauses] == [("read",), ("write",)]


def test_inline_content_is_split_from_the_request() -> None:
    head, body = split_inline("riassumi questo testo: la riunione ha deciso di spostare il lancio a marzo.")
    assert head == "riassumi questo testo" and body.startswith("la riunione")
    for text in ("alle 14:05 ho una riunione importante con il capo", "apri https://example.org/pagina/lunga",
                 "che ore sono: dimmelo per favore adesso"):
        assert split_inline(text)[1] is None or text.startswith("che ore")


def test_quotes_are_not_apostrophes() -> None:
    assert quoted_texts("scrivi 'ciao mondo' nel file /tmp/a.txt") == ["ciao mondo"]
    assert quoted_texts("c'è l'ora giusta nell'orologio") == []
    assert quoted_texts("leggimi X e poi aggiungici 'chiamare l'ormeggiatore'") == ["chiamare l'ormeggiatore"]


def test_rule_args_for_a_read_then_write() -> None:
    ev = analyze("leggi /tmp/t/a.txt e scrivilo in /tmp/t/b.txt", NOW)
    args, src = rule_args(REG.get("read_files"), ev.clause(0), ev, [])
    assert args == {"paths": ["/tmp/t/a.txt"]} and src == {"paths": "rules"}
    step = Step(1, "read_files", args, {"path": "/tmp/t/a.txt", "content": "x\n", "lines": 1})
    args, src = rule_args(REG.get("write_files"), ev.clause(1), ev, [step])
    assert args == {"path": "/tmp/t/b.txt", "content": "{{step1.content}}"}
    assert src == {"path": "rules", "content": "ref"}


def test_a_fact_to_remember_is_the_persons_words_even_with_a_writing_model() -> None:
    """The instruct model, asked to copy the fact into JSON, appended its schema's category list to it; remember
    declares its fact verbatim, so rules fill it whatever the model (free_text_by_rules=False: a writing model)."""
    remember = REG.get("remember")
    for text, fact in (("don't let me forget that the boiler service is due in October",
                        "the boiler service is due in October"),
                       ("non farmi dimenticare che il bollo scade a maggio", "il bollo scade a maggio")):
        ev = analyze(text, NOW)
        assert rule_args(remember, ev.clause(0), ev, [], free_text_by_rules=False) == ({"fact": fact},
                                                                                       {"fact": "rules"})
    ev = analyze("trova /tmp/t/a.txt", NOW)  # a free-text query that is not verbatim stays the model's to word
    assert "query" not in rule_args(REG.get("recall"), ev.clause(0), ev, [], free_text_by_rules=False)[0]


def test_a_path_argument_the_tool_declares_is_filled_by_rules() -> None:
    """open_path's `target` is a path it declares (slots.path_args), not one of the common names: the model filled
    it and dropped the leading "/" ("tmp/metnos-requests-…/spese.csv", tune half of the request suite)."""
    ev = analyze("could you pull up the spreadsheet /tmp/t/spese.csv in its default app", NOW)
    assert rule_args(REG.get("open_path"), ev.clause(0), ev, []) == ({"target": "/tmp/t/spese.csv"},
                                                                   {"target": "rules"})
    ev = analyze("apri firefox", NOW)  # an application's name is no path: left to the tool's other readings
    assert rule_args(REG.get("open_path"), ev.clause(0), ev, []) == ({}, {})


def test_argument_fit_reads_what_a_tool_declares_and_what_the_request_looks_for(tmp_path: Any) -> None:
    """open_path's declared `target` takes a path (it scored as a tool with no place for one, and "open X" was read
    out: everyday4-20); a place described as "a file or folder" fits a folder; a request that names a text to look
    for inside files fits the tool that searches their text, not the one that finds names or lists."""
    from app.planner.choose import Situation, arg_fit

    (tmp_path / "Foto").mkdir()
    (tmp_path / "a.md").write_text("x\n", encoding="utf-8")
    sit = Situation()

    def fit(tool: str, text: str) -> float:
        return arg_fit(REG.get(tool), analyze(text, NOW).clause(0), sit)

    assert fit("open_path", f"open {tmp_path}/a.md") > 0 and fit("open_path", f"apri la cartella {tmp_path}/Foto") > 0
    asks = f"in quali file dentro {tmp_path} c'è la parola commercialista?"
    assert fit("search_in_files", asks) > fit("find_files", asks)
    assert fit("search_in_files", asks) > fit("list_dir", asks)
    plain = f"trova i file md in {tmp_path}"
    assert fit("find_files", plain) >= fit("search_in_files", plain)


def test_rule_args_quoted_content_ext_and_window() -> None:
    ev = analyze("scrivi 'ciao mondo' nel file /tmp/t/s.txt", NOW)
    assert rule_args(REG.get("write_files"), ev.clause(0), ev, [])[0] == {"path": "/tmp/t/s.txt",
                                                                          "content": "ciao mondo"}
    ev = analyze("trova i pdf modificati nelle ultime 48 ore", NOW)
    args, src = rule_args(REG.get("find_files"), ev.clause(0), ev, [])
    assert args == {"root": "~", "ext": "*.pdf", "modified_within_hours": 48.0}
    assert src["root"] == "default" and src["ext"] == "rules"


def test_model_schema_is_restricted_and_bounded() -> None:
    tool = REG.get("write_files")
    s = model_schema(tool, ["content"])
    assert list(s["properties"]) == ["content"] and s["required"] == ["content"]
    assert s["properties"]["content"]["maxLength"] <= 160 and s["additionalProperties"] is False
    s = model_schema(REG.get("read_files"), ["paths"])
    assert s["properties"]["paths"]["maxItems"] <= 5 and s["properties"]["paths"]["items"]["maxLength"] <= 160


def test_a_tiny_model_cannot_override_strong_structure_but_a_big_one_can() -> None:
    struct = {"read_files": 0.95, "get_now": 0.90, "answer": 0.87}
    model_prefers_get_now = {"read_files": -9.0, "get_now": -0.1, "answer": -9.0}
    tiny = combine(struct, model_prefers_get_now, 0.15)
    big = combine(struct, model_prefers_get_now, 0.8)
    assert max(tiny, key=tiny.get) == "read_files"
    assert max(big, key=big.get) == "get_now"
    tie = {"read_files": 0.90, "get_now": 0.90, "answer": 0.80}
    t = combine(tie, model_prefers_get_now, 0.15)
    assert max(t, key=t.get) == "get_now"  # on a tie even the tiny model decides


def test_the_instruct_model_overrules_a_clear_structural_margin_when_it_is_sure() -> None:
    """"ciao! come va oggi?": the words lean to get_date by 0.04 cosine; the model is sure it is chat. A mixture
    could never let it win (it moves a probability by at most w); the product of experts does."""
    struct = {"get_date": 0.914, "get_now": 0.881, "answer": 0.87}
    model = {"get_date": -6.0, "get_now": -7.0, "answer": -0.01}
    sure = combine(struct, model, 0.65)
    assert max(sure, key=sure.get) == "answer"
    unsure = {"get_date": -0.9, "get_now": -4.0, "answer": -0.6}  # a shrug does not overturn the structure
    shrug = combine(struct, unsure, 0.65)
    assert max(shrug, key=shrug.get) == "get_date"


def test_a_generated_choice_is_a_bounded_vote_not_a_certainty() -> None:
    """A server that can only choose (llama_cpp.server: no cheap prompt log-probs) gives a ranking. Read as
    0 against -1000 it decided alone under any weight: the 270M model behind a server fell to 14/46 on the
    planner suite. As a bounded vote the small model cannot overturn a clear structure, the 1.5B one can."""
    struct = {"read_files": 0.95, "get_now": 0.90, "answer": 0.87}
    vote = generated_vote("get_now", list(struct))
    assert vote["get_now"] == 0.0 and vote["read_files"] == vote["answer"] < -1
    small, big = combine(struct, vote, 0.15), combine(struct, vote, 0.65)
    assert max(small, key=small.get) == "read_files"
    assert max(big, key=big.get) == "get_now"


def test_model_weight_by_size() -> None:
    assert model_weight(None) == 0.0
    fake_12b = types.SimpleNamespace(name="llama_cpp", metadata={"general.size_label": "12B"})  # cannot exist here
    fake_270m = types.SimpleNamespace(name="llama_cpp", metadata={"general.size_label": "270M"})
    fake_1_5b = types.SimpleNamespace(name="llama_cpp", metadata={"general.size_label": "1.5B"})
    assert model_weight(fake_270m) == 0.15 and model_weight(fake_12b) == 0.85 and model_weight(fake_1_5b) == 0.65
    assert model_weight(fake_270m, 0.6) == 0.6


def test_decision_grammar_and_parsing() -> None:
    assert names_grammar(["get_now", "answer"]) == 'root ::= " "? ("get_now" | "answer")'
    assert parse_action(" read_files\nArgs: {}") == "read_files"
    assert parse_action("Action: answer") == "answer"
    assert parse_action("¿¿") == ""


@pytest.mark.parametrize("render", [render_gemma, render_chatml])
def test_prompt_only_grows_at_the_end(render: object) -> None:
    ps = pr.start([REG.get("get_now")], "leggi /tmp/a.txt", memory="- fact", tools=[REG.get("read_files")],
                  history=[("ciao", "ciao!")], state="Plan:\n- [doing] read")
    first = pr.decision_prompt(render, ps)
    ps.add("assistant", 'Action: read_files\nArgs: {"paths":["/tmp/a.txt"]}')
    ps.add("user", pr.observation_text(1, "read_files", {"lines": 3}, facts=["lines: 3"],
                                       new_tools=[REG.get("write_files")]))
    second = pr.decision_prompt(render, ps)
    assert second.startswith(first)
    assert ps.messages[0]["content"].startswith(pr.INSTRUCTIONS)  # the stable part comes first


def test_a_decision_after_a_step_is_not_told_the_path_its_call_named() -> None:
    """Each token of the decision after a step costs ~30 ms: the result's path is left out when the call line
    just named it; what the call did not say (a path a search found, the counts) stays."""
    call = 'Action: read_files\nArgs: {"paths":["/home/anna/Documenti/lista spesa.txt"]}'
    facts = ["path: /home/anna/Documenti/lista spesa.txt", "lines: 4", "bytes: 90"]
    assert pr.new_facts(facts, call) == ["lines: 4", "bytes: 90"]
    found = ["path: /home/anna/Documenti/altro.txt", "count: 2"]
    assert pr.new_facts(found, call) == found
    assert pr.new_facts(["path: /home/anna/Documenti"], call) == ["path: /home/anna/Documenti"]  # a part only
    assert pr.new_facts(["path: a.md"], 'Action: read_files\nArgs: {"paths":["a.md"]}') == ["path: a.md"]  # short


def test_answer_guard() -> None:
    prompt = "You are Metnos, an assistant that runs offline. che ore sono?"
    assert ans.problem("Args: {\"x\": 1}", prompt, "", False) == "template or role markers"
    assert ans.problem("la la la la la la la la la la", prompt, "", False) == "a loop"
    assert ans.problem("You are Metnos, an assistant that runs offline", prompt, "", True) == "an echo of the prompt"
    assert ans.problem("che ore sono? Sono le", prompt, "", False) is None  # restating the question is fine
    assert ans.problem("Мне answer", prompt, "", False) == "a script the conversation does not use"
    assert ans.problem("Sono le 14:05.", prompt, "Sono le 14:05.", True) is None


# Two answers the instruct model wrote (everyday4-8, everyday4-4 on 2026-12-05) up to where the guard stopped them
STD_DEV = ("Ciao! Sì, devi capire la deviazione standard. La deviazione standard è una misura di come le variabili di "
           "una popolazione sono distribuite. La sua formula è:\n\nDeviazione standard = √(Σ((x - media)^2) / N)\n\n"
           " dove:\n- x è ogni singola variabile della popolazione\n- media è la media di tutte le variabili\n"
           "- Σ è la somma\n- N è il numero di variabili\n\nLa deviazione standard")
CAPTION = ("\"Un'esperienza di bellezza e eleganza, con un'immagine che ti fa volare in un mondo di bellezza e "
           "eleganza. Non hai bisogno di hashtag, solo un'immagine che ti fa volare in un mondo di bellezza e")


def test_an_answer_that_starts_repeating_keeps_what_came_before() -> None:
    kept = ans.before_loop(STD_DEV)
    assert kept.startswith("Ciao! Sì") and kept.endswith("- N è il numero di variabili")
    caption = ans.before_loop(CAPTION)
    assert caption.endswith("mondo di bellezza e eleganza.") and "hashtag" not in caption
    assert ans.before_loop("Sì. Sì. Sì. Sì. la la la la la la la la") == ""  # too little before it: no answer
    said_twice = ("Il gatto dorme tutto il giorno sul divano. Il gatto dorme tutto il giorno sul divano. "
                  "Poi mangia la pappa. mangia la pappa, mangia la pappa")
    assert ans.before_loop(said_twice) == "Il gatto dorme tutto il giorno sul divano. Poi mangia la pappa."


class _Scripted:
    """Streams a text the model wrote, piece by piece (the guard is under test here, not the model)."""

    def __init__(self, text: str):
        self.text = text

    def complete(self, prompt: str, *, on_token: Any, cancel: Any, **_: Any) -> None:
        for piece in self.text.split(" "):
            if cancel.cancelled:
                return
            on_token(piece + " ")


def test_generate_returns_the_part_before_a_loop_as_the_models_answer() -> None:
    from app.turn.cancel import CancelToken

    shown: list[str] = []
    gen = ans.generate(_Scripted(STD_DEV + " è importante " * 3), "spiegami la deviazione standard",
                       grounding=ans.Grounding(), prompt_text="spiegami la deviazione standard", max_tokens=200,
                       cancel=CancelToken(), emit_token=shown.append, fallback="FALLBACK")
    assert gen.replaced and gen.partial and gen.usable and gen.text.endswith("numero di variabili")
    assert gen.streamed and "".join(shown).startswith("Ciao!")  # the front end is told to show the cut text
    loop = ans.generate(_Scripted("la la la la la la la la la la la"), "canta", grounding=ans.Grounding(),
                        prompt_text="canta", max_tokens=50, cancel=CancelToken(), emit_token=shown.append,
                        fallback="FALLBACK")
    assert loop.text == "FALLBACK" and not loop.usable


def test_a_loop_with_nothing_to_keep_gets_one_more_attempt_with_repeating_made_less_likely() -> None:
    """Greedy decoding fell into "…per le sue tue tue tue" on a dictated card (everyday21-4) and the person got the
    stock "no reliable answer": the writer tries once more with a repeat penalty, and the screen drops the first
    draft. (A scripted stand-in for the model: the bundled one loops on that prompt, but a minute of CI for it.)"""
    import types

    from app.planner.writing import _written
    from app.turn.cancel import CancelToken

    class _LoopsOnce(_Scripted):
        def __init__(self) -> None:
            super().__init__("")
            self.penalties: list[float] = []

        def complete(self, prompt: str, *, on_token: Any, cancel: Any, **kw: Any) -> None:
            self.penalties.append(kw.get("repeat_penalty", 1.0))
            self.text = ("Auguri tue tue tue tue tue tue tue tue tue" if len(self.penalties) == 1 else
                         "Tanti auguri per la pensione, dopo quarant'anni di scavi te la sei proprio meritata!")
            super().complete(prompt, on_token=on_token, cancel=cancel)

    events: list[Any] = []
    ctx = types.SimpleNamespace(emit=events.append, turn_id="t", next_step=1, cancel=CancelToken())
    model = _LoopsOnce()
    gen = _written(ctx, model, "scrivimi un biglietto", "", ans.Grounding(), 80, "FALLBACK", None)  # type: ignore[arg-type]
    assert model.penalties == [1.0, ans.LOOP_RETRY_PENALTY]
    assert gen.usable and gen.text.startswith("Tanti auguri")
    assert any(getattr(e, "what", "").startswith("answer_reset") for e in events)  # the looping draft is dropped


def test_grounding_answers_the_question_asked() -> None:
    res = {"path": "/tmp/a.log", "bytes": 40, "lines": 3, "encoding": "utf-8",
           "content": "INFO a\nERROR disk full\nERROR db down\n"}
    g = ans.ground("quante righe ha /tmp/a.log?", "read_files", res)
    assert g.draft == "Il file /tmp/a.log ha 3 righe." and g.must_contain == ["3"]
    g = ans.ground("what are the errors in /tmp/a.log?", "read_files", res)
    assert g.draft == "/tmp/a.log has 2 error lines:\nERROR disk full\nERROR db down"
    g = ans.ground("mostrami le ultime 2 righe di /tmp/a.log", "read_files", res)
    assert g.draft == "Le ultime 2 righe di /tmp/a.log:\nERROR disk full\nERROR db down"
    g = ans.ground("print the first line of /tmp/a.log", "read_files", res)
    assert g.draft == "The first line of /tmp/a.log:\nINFO a"
    g = ans.ground("che ore sono?", "get_now", {"time": "14:05", "iso": "x", "timezone": "CET"})
    assert g.draft == "Sono le 14:05." and "14:05" in g.must_contain
    g = ans.ground("leggi x", "read_files", {"ok": False, "error": "x: no such file"}, ok=False)
    assert "no such file" in g.draft


def test_optional_enum_values_from_words() -> None:
    ev = analyze("leggi il file /tmp/t/big.log e mostrami la fine", NOW)
    args, src = rule_args(REG.get("scratchpad_read"), ev.clause(1), ev, [], scratchpad_id="0123456789abcdef")
    assert args == {"scratchpad_id": "0123456789abcdef", "mode": "tail"} and src["mode"] == "rules"
    ev = analyze("aggiungi 'latte' al file /tmp/t/spesa.txt", NOW)
    assert rule_args(REG.get("write_files"), ev.clause(0), ev, [])[0]["mode"] == "append"
    # "a new line" is no new file (everyday4-13 wrote with mode=create and failed); quoted words pick nothing
    ev = analyze("Please pop 'laminate the charts' on a new line at the bottom of /tmp/t/todo.txt.", NOW)
    assert rule_args(REG.get("write_files"), ev.clause(0), ev, [])[0]["mode"] == "append"
    ev = analyze("scrivi 'a new day' in /tmp/t/x.txt", NOW)
    assert "mode" not in rule_args(REG.get("write_files"), ev.clause(0), ev, [])[0]
    ev = analyze("cerca \"timeout\" nel risultato", NOW)
    args, _ = rule_args(REG.get("scratchpad_read"), ev.clause(0), ev, [], scratchpad_id="0123456789abcdef")
    assert args["mode"] == "grep" and args["pattern"] == "timeout"
    ev = analyze("cerca l'ultimo errore", NOW)  # grep and tail both fit: ambiguous, so left to the model
    assert "mode" not in rule_args(REG.get("scratchpad_read"), ev.clause(0), ev, [], scratchpad_id="x")[0]


def test_where_the_models_word_counts_less() -> None:
    from app.planner.choose import pick

    tools = {t.name: t for t in REG}
    clock = {"get_now": 0.93, "get_date": 0.88, "answer": 0.87}
    invents = {"get_now": -3.0, "get_date": -6.0, "answer": -0.2}  # "The current time is 10:30 AM."
    assert combine(clock, invents, 0.65)["answer"] > combine(clock, invents, 0.65)["get_now"]
    assert pick(clock, invents, 0.65, tools)[0] == "get_now"  # a read of facts is not overruled by a shrug
    # ... when the learned head reads the clock as the request's action too; when it reads an answer (the
    # clock only named: "ciao, come va oggi?"; "already copied X myself, no worries"), the model's answer stands
    assert pick(clock, invents, 0.65, tools, head={"get_now": 0.7, "answer": 0.2})[0] == "get_now"
    assert pick(clock, invents, 0.65, tools, head={"get_now": 0.2, "answer": 0.7})[0] == "answer"
    told = {"read_files": 0.925, "list_dir": 0.853, "answer": 0.82}  # fresh-B300's recorded scores
    shrug = {"read_files": -6.38, "list_dir": -5.89, "answer": -0.08}
    assert pick(told, shrug, 0.65, tools)[0] == "read_files"
    assert pick(told, shrug, 0.65, tools, head={"copy_files": 0.68, "answer": 0.13, "read_files": 0.09})[0] == "answer"
    chat = {"get_date": 0.914, "get_now": 0.881, "answer": 0.87}
    sure = {"get_date": -9.0, "get_now": -9.0, "answer": -0.01}
    assert pick(chat, sure, 0.65, tools)[0] == "answer"  # a sure model still answers chat
    second = {"move_files": 0.95, "answer": 0.90}
    stops = {"move_files": -3.0, "answer": -0.2}
    assert pick(second, stops, 0.65, tools)[0] == "answer"
    assert pick(second, stops, 0.65, tools, after_step=True)[0] == "move_files"
    summary = {"describe_entries": 0.93, "read_files": 0.96, "answer": 0.87}
    assert pick(summary, {"describe_entries": -0.1, "read_files": -5.0, "answer": -6.0}, 0.65, tools,
                prereq="describe_entries")[0] == "read_files"


def test_the_text_after_a_colon_is_the_fact_even_for_a_model_that_writes() -> None:
    from app.memory.tools import memory_tools
    from app.planner import veto
    from app.planner.evidence import analyze
    from app.planner.fill import rule_args

    remember = next(t for t in memory_tools() if t.name == "remember")
    said = veto.asking_only(analyze("store this for me: my bike lock combination is 0717"))
    args, sources = rule_args(remember, said.clause(0), said, [], free_text_by_rules=False)
    assert args == {"fact": "my bike lock combination is 0717"} and sources == {"fact": "rules"}
    plain = veto.asking_only(analyze("ricordati che mia madre si chiama Rosa"))
    # a fact is the person's words (remember declares it verbatim): rules fill it for a writing model too
    assert rule_args(remember, plain.clause(0), plain, [], free_text_by_rules=False)[0] == {
        "fact": "mia madre si chiama Rosa"}


def test_a_bare_place_the_model_wrote_is_found_in_a_folder_the_request_names(tmp_path: Any) -> None:
    """"porta app.log da X in archivio": the model wrote dest "archivio", the tool refused a relative path and the
    move failed (fresh tune half). It is X/archivio when that exists; nothing is joined that is not on disk, and
    what the rules filled is left alone."""
    from app.planner.anchor import anchor_bare_paths

    (tmp_path / "archivio").mkdir()
    (tmp_path / "app.log").write_text("x\n", encoding="utf-8")
    ev = analyze(f"porta app.log da {tmp_path} in archivio", NOW)
    move = REG.get("move_files")
    args = {"paths": [f"{tmp_path}/app.log"], "dest": "archivio"}
    got, _ = anchor_bare_paths(move, args, {"paths": "rules", "dest": "model"}, ev)
    assert got["dest"] == f"{tmp_path}/archivio"
    got, _ = anchor_bare_paths(move, {**args, "dest": "altrove"}, {"paths": "rules", "dest": "model"}, ev)
    assert got["dest"] == "altrove"  # not on disk: left for the tool to refuse, with its clear message
    got, _ = anchor_bare_paths(move, args, {"paths": "rules", "dest": "rules"}, ev)
    assert got["dest"] == "archivio"


def test_a_folder_the_model_named_in_the_other_language_is_the_one_in_the_place_said(tmp_path: Any) -> None:
    """"move contratto affitto.txt out of X and into the Documenti folder in there": the model wrote dest
    "Documents/contratto affitto.txt", read as the home's Documents, outside the allowed folders (everyday21-23).
    It is X/Documenti when X has it and the request says its name; a folder the request never names is not."""
    from app.planner.anchor import anchor_bare_paths

    (tmp_path / "Documenti").mkdir()
    (tmp_path / "contratto affitto.txt").write_text("x\n", encoding="utf-8")
    move = REG.get("move_files")
    src = [f"{tmp_path}/contratto affitto.txt"]
    ev = analyze(f"move contratto affitto.txt out of {tmp_path} and into the Documenti folder in there", NOW)
    for dest in ("Documents/contratto affitto.txt", "documenti/contratto affitto.txt", "Documents"):
        got, _ = anchor_bare_paths(move, {"paths": src, "dest": dest}, {"paths": "rules", "dest": "model"}, ev)
        want = f"{tmp_path}/Documenti" + dest[dest.find("/"):] if "/" in dest else f"{tmp_path}/Documenti"
        assert got["dest"] == want
    # a home the model made up around the name said ("/home/user/Documenti/…"): the name in the place said
    got, _ = anchor_bare_paths(move, {"paths": src, "dest": "/home/nobody-here/Documenti/contratto affitto.txt"},
                               {"paths": "rules", "dest": "model"}, ev)
    assert got["dest"] == f"{tmp_path}/Documenti/contratto affitto.txt"
    ev = analyze(f"move contratto affitto.txt out of {tmp_path} and into my Documents", NOW)
    got, _ = anchor_bare_paths(move, {"paths": src, "dest": "Documents"}, {"paths": "rules", "dest": "model"}, ev)
    assert got["dest"] == "Documents"  # the request never says "Documenti": the home's folder, as before


def test_a_bare_file_to_act_on_is_the_one_of_that_name_under_the_folder_said(tmp_path: Any) -> None:
    """everyday14-20, "make us a copy of cv.txt, it's in the Documenti folder under X, and pop the copy into
    X/archivio": the rules read a bare "cv.txt" and the copy was refused ("relative paths are ambiguous"). It is the
    cv.txt in a folder the request names, else the one within two levels under it; with two of them, or none, the
    name stays for the tool to refuse."""
    from app.planner.anchor import anchor_bare_paths

    (tmp_path / "Documenti").mkdir()
    (tmp_path / "archivio").mkdir()
    (tmp_path / "Documenti" / "cv.txt").write_text("cv\n", encoding="utf-8")
    text = f"make us a copy of cv.txt, it's in the Documenti folder under {tmp_path}, and pop the copy into " \
           f"{tmp_path}/archivio"
    ev = analyze(text, NOW)
    copy = REG.get("copy_files")
    args = {"paths": ["cv.txt"], "dest": f"{tmp_path}/archivio"}
    got, _ = anchor_bare_paths(copy, args, {"paths": "rules", "dest": "rules"}, ev)
    assert got == {"paths": [f"{tmp_path}/Documenti/cv.txt"], "dest": f"{tmp_path}/archivio"}
    somewhere = analyze(f"copia cv.txt, è da qualche parte sotto {tmp_path}, in {tmp_path}/archivio", NOW)
    assert anchor_bare_paths(copy, args, {"paths": "rules", "dest": "rules"}, somewhere)[0]["paths"] == [
        f"{tmp_path}/Documenti/cv.txt"]  # found below the folder said
    (tmp_path / "vecchi").mkdir()
    (tmp_path / "vecchi" / "cv.txt").write_text("old cv\n", encoding="utf-8")  # two of them: not a guess
    assert anchor_bare_paths(copy, args, {"paths": "rules", "dest": "rules"}, somewhere)[0]["paths"] == ["cv.txt"]
    missing = {"paths": ["lettera.txt"], "dest": f"{tmp_path}/archivio"}
    assert anchor_bare_paths(copy, missing, {"paths": "rules", "dest": "rules"}, ev)[0] == missing


def test_a_new_file_named_bare_is_written_in_the_one_folder_the_request_names(tmp_path: Any) -> None:
    """everyday20-35, "crea X/ticket come folder e poi scrivici dentro un file note_ticket.txt con la riga …": the
    write got the bare name and failed as a relative path. A file to be written is not on disk yet; it goes in the
    one folder the request names (made by then). With two folders named it stays as said."""
    from app.planner.anchor import anchor_bare_paths

    (tmp_path / "ticket").mkdir()  # the first clause made it
    ev = analyze(f"crea {tmp_path}/ticket come folder e poi scrivici dentro un file note_ticket.txt con la riga "
                 "'reboot fatto'", NOW)
    write = REG.get("write_files")
    args = {"path": "note_ticket.txt", "content": "reboot fatto"}
    got, _ = anchor_bare_paths(write, args, {"path": "model", "content": "rules"}, ev)
    assert got["path"] == f"{tmp_path}/ticket/note_ticket.txt"
    (tmp_path / "altro").mkdir()
    two = analyze(f"crea {tmp_path}/ticket e {tmp_path}/altro e poi scrivi un file note_ticket.txt con 'x'", NOW)
    assert anchor_bare_paths(write, args, {"path": "model", "content": "rules"}, two)[0]["path"] == "note_ticket.txt"


def test_a_file_of_a_later_clause_is_in_the_place_of_the_folder_made_first(tmp_path: Any) -> None:
    """everyday15-54, "fammi una cartella che si chiama stagionatura dentro X e poi copiaci dentro il file lista
    spesa.txt": the second clause said a bare "spesa.txt" (the name cut at its space) and X only as the new
    folder's place — the copy was refused as a relative path. The file is X's "lista spesa.txt", which is on disk;
    a name that is not there stays as said."""
    from app.planner.anchor import anchor_bare_paths

    (tmp_path / "lista spesa.txt").write_text("pane\n", encoding="utf-8")
    ev = analyze(f"fammi una cartella che si chiama stagionatura dentro {tmp_path} e poi copiaci dentro il file "
                 "lista spesa.txt", NOW)
    copy = REG.get("copy_files")
    args = {"paths": ["spesa.txt"], "dest": f"{tmp_path}/stagionatura"}
    got, _ = anchor_bare_paths(copy, args, {"paths": "rules", "dest": "ref"}, ev)
    assert got["paths"] == [f"{tmp_path}/lista spesa.txt"]
    (tmp_path / "stagionatura").mkdir()  # by the second clause the first has made the folder
    got, _ = anchor_bare_paths(copy, args, {"paths": "rules", "dest": "ref"}, ev)
    assert got["paths"] == [f"{tmp_path}/lista spesa.txt"]
    other = {"paths": ["pane.txt"], "dest": f"{tmp_path}/stagionatura"}
    assert anchor_bare_paths(copy, other, {"paths": "rules", "dest": "ref"}, ev)[0] == other


def test_a_folder_or_file_said_with_the_folder_it_is_in(tmp_path: Any) -> None:
    """everyday15-13 and -23: "il contenuto della cartella Documenti, collocata in X" listed X, "my old cv.txt in
    the Documenti folder of X" gave the delete X itself (refused: an allowed folder). The place words are the
    table's (rules/place_names.py `where`); a folder that is not there stays as said."""
    (tmp_path / "Documenti").mkdir()
    (tmp_path / "Documenti" / "cv.txt").write_text("cv\n", encoding="utf-8")
    listed = analyze(f"La pregherei di elencarmi il contenuto della cartella Documenti, collocata in {tmp_path}.", NOW)
    assert listed.slots["path"] == [f"{tmp_path}/Documenti"]
    thrown = analyze(f"Please throw away my old cv.txt in the Documenti folder of {tmp_path}, I have a new one", NOW)
    assert thrown.slots["path"] == [f"{tmp_path}/Documenti/cv.txt"]
    missing = analyze(f"elenca la cartella Bozze, collocata in {tmp_path}", NOW)
    assert missing.slots["path"] == [str(tmp_path)]


def test_a_clause_that_only_says_where_the_thing_is_asks_nothing(tmp_path: Any) -> None:
    """everyday7-55: "…leggermi il contenuto del file note.md, che si trova in X." read the file, then listed X —
    the relative clause was a clause of its own with a folder. It says where note.md is; the read is all."""
    from app.planner import veto
    from app.planner.evidence import analyze

    (tmp_path / "note.md").write_text("x")
    text = (f"Senza aprire alcun programma, La prego di leggermi il contenuto del file note.md, che si trova in "
            f"{tmp_path}.")
    evd = veto.asking_only(analyze(text))
    assert [c.paths for c in evd.clauses] == [[str(tmp_path / "note.md")]]
    # a clause with a place of its own still counts ("…, che si trova in X, dentro Y": Y is where to copy)
    two = veto.asking_only(analyze(f"copia il documento note.md, che si trova nella cartella {tmp_path}, dentro /tmp"))
    assert len(two.clauses) == 2


def test_before_for_now_a_clause_that_names_nothing_is_the_persons_plan() -> None:
    """everyday7-59, "poi la stampo in reparto, intanto fammi vedere X": once "intanto" opened what is asked now,
    the print was the planner's first clause and the model answered about printing; X was never shown."""
    from app.planner import veto
    from app.planner.evidence import analyze

    evd = veto.asking_only(analyze("poi la stampo in reparto, intanto fammi vedere /tmp/x/lettera.txt"))
    assert [c.text for c in evd.clauses] == ["intanto fammi vedere /tmp/x/lettera.txt"]
    # a later action that names what it acts on stays (and is refused as "for later" by the router)
    two = veto.asking_only(analyze("sposta /tmp/x/a.txt in /tmp/x/b stasera, intanto leggimi /tmp/x/c.txt"))
    assert len(two.clauses) == 2


def test_a_describing_clause_with_its_own_file_reads_it_first() -> None:
    """everyday12-66, "Have a look at X first, then give me a summary of Y": Y's summary was written from X."""
    from app.planner.choose import Situation, content_at_hand, read_paths
    from app.planner.compose import writes_instead

    reg = build_registry()
    describe = reg.get("describe_entries")
    first, then = analyze("Have a look at /tmp/x/readme.md first, then give me a summary of /tmp/x/note.md").clauses
    sit = Situation(has_content_source=True, read_paths=read_paths({"paths": ["/tmp/x/readme.md"]}))
    assert not content_at_hand(describe, then, sit)  # note.md is not what was read
    sit.read_paths |= read_paths({"paths": ["/tmp/x/note.md"]})
    assert content_at_hand(describe, then, sit)
    assert content_at_hand(describe, analyze("riassumilo").clauses[0], Situation(has_content_source=True))
    read = Step(1, "read_files", {"paths": ["/tmp/x/readme.md"]}, {"path": "/tmp/x/readme.md", "content": "# x"})
    question = "then give me a summary of /tmp/x/note.md"
    assert not writes_instead(question, [read], then.paths)
    assert writes_instead("give me a summary of /tmp/x/readme.md", [read], first.paths)


def test_a_hypothetical_pushes_no_tool_by_the_actions_it_only_names() -> None:
    """"If I rename X, would you still be able to find it afterwards?" names a rename and a find and asks neither:
    its "find" ranked the searches over the answer (everyday21-64). A plain question's verb still says what to read,
    and a condition before a request ("if you can, read X") is no hypothetical."""
    from app.planner.veto import pushing_actions

    def acts(text: str) -> tuple[str, ...]:
        from app.lang.asked_actions import asked_actions

        ev = analyze(text, NOW)
        return pushing_actions(ev.clauses[-1], asked_actions(text))

    assert acts("If I rename /tmp/x/note.md, would you still be able to find it afterwards?") == ()
    assert acts("se lo rinomino /tmp/x/note.md, riesci ancora a trovarlo?") == ()
    assert acts("cosa c'è nel file /tmp/x/a.txt?") == ("read",)
    assert acts("if you can, read /tmp/x/note.md") == ("read",)
