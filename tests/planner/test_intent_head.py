"""The learned intent head as the structure's prior (head_vote.head_prior) and its held-out score.

The head says which action a request asks for first (a tool, or `answer`); it is one opinion among the
structure's and the model's, so these tests pin how it enters the scores, and that the shipped weights still
judge the half of their data they were not trained on as well as their manifest records.
"""
from __future__ import annotations

import math
from typing import Any

from support import shipped_head_holds

from app.lang import heads
from app.lang.heads import INTENT_HEAD
from app.planner.choose import ANSWER, TEMPERATURE, softmax
from app.planner.head_vote import head_prior

SAMPLE_EVERY = 8  # a fixed sample of the held rows (every 8th, file order): the full half is `metnos bench heads`


def test_the_prior_multiplies_the_structure_by_the_head() -> None:
    scores = {"search_in_files": 0.92, "find_files": 0.93, ANSWER: 0.87, "update_plan": 0.80}
    head = {"search_in_files": 0.7, "find_files": 0.1, ANSWER: 0.2}
    before = softmax(scores, TEMPERATURE)
    out = dict(scores)
    head_prior(out, head, 1.0)
    after = softmax(out, TEMPERATURE)
    ratio = (after["search_in_files"] / after["find_files"]) / (before["search_in_files"] / before["find_files"])
    assert math.isclose(ratio, 7.0, rel_tol=1e-6)  # P_s · P_head: the head's 0.7 / 0.1
    assert max(after, key=after.__getitem__) == "search_in_files"
    assert math.isclose(out["update_plan"] - scores["update_plan"], TEMPERATURE * math.log(0.1))  # no class: the least
    same = dict(scores)
    head_prior(same, head, 0.0)
    head_prior(same, None, 1.0)
    assert same == scores


def test_the_shipped_intent_head_holds_its_held_out_score(bundled_embedder: Any) -> None:
    head = shipped_head_holds(INTENT_HEAD, bundled_embedder, SAMPLE_EVERY, 500)
    assert ANSWER in head.classes and "search_in_files" in head.classes


def test_a_note_for_the_rest_of_the_request_is_never_the_first_step() -> None:
    """save_note keeps what a step found; offered first, it took a fact the person wanted remembered."""
    from types import SimpleNamespace

    from app.engine.catalog import all_tools
    from app.planner.choose import Situation
    from app.planner.planner import Planner

    tools = {t.name: t for t in all_tools()}
    two = SimpleNamespace(clauses=["crea la cartella X", "spostaci dentro Y"])
    t = SimpleNamespace(tools=tools, sit=Situation(), last_sid=None, ctx=None, surface=None, evd=two)
    first = Planner._pool(t, 0.65)  # type: ignore[arg-type]
    assert "save_note" not in first and "remember" in first and "update_plan" not in first
    t.sit.steps_done = 1
    assert {"save_note", "update_plan"} <= set(Planner._pool(t, 0.65))  # type: ignore[arg-type]


def test_a_plan_is_offered_only_to_a_request_of_several_clauses() -> None:
    """update_plan offered first took "segnati che il casaro nuovo si chiama Battista e che comincia lunedì" from
    `remember` (everyday15-26: the fact lost, "ok: True" said): never first, and only to several clauses."""
    from types import SimpleNamespace

    from app.engine.catalog import all_tools
    from app.planner.choose import Situation
    from app.planner.planner import Planner

    tools = {t.name: t for t in all_tools()}
    one = SimpleNamespace(clauses=["segnati che il casaro nuovo si chiama Battista"])
    t = SimpleNamespace(tools=tools, sit=Situation(), last_sid=None, ctx=None, surface=None, evd=one)
    t.sit.steps_done = 1
    pool = Planner._pool(t, 0.65)  # type: ignore[arg-type]
    assert "update_plan" not in pool and "remember" in pool


def test_the_head_names_a_tool_only_when_sure_and_offered() -> None:
    from app.planner.head_vote import HEAD_ASKS, head_asks

    head = {"recall": 0.8, ANSWER: 0.15, "get_date": 0.05}
    assert head_asks(head, ["recall", "get_date"]) == "recall"
    assert head_asks(head, ["get_date"]) is None  # vetoed or not offered: never added here
    assert head_asks({ANSWER: 0.9, "recall": 0.1}, ["recall"]) is None
    assert head_asks({"recall": HEAD_ASKS - 0.01, ANSWER: 0.3}, ["recall"]) is None
    assert head_asks(None, ["recall"]) is None
    # nothing to compute: the head's calculate does not overrule an answer (everyday8-41), a number or a
    # conversion said does
    sure_calc = {"calculate": 0.8, ANSWER: 0.2}
    assert head_asks(sure_calc, ["calculate"], "normal resting heart rate for an adult? brain's gone") is None
    assert head_asks(sure_calc, ["calculate"], "18 lads chip in for a 35 quid keg, each?") == "calculate"
    assert head_asks(sure_calc, ["calculate"], "how many feet in a mile") == "calculate"


def test_a_question_about_what_the_person_told_before_is_the_memorys() -> None:
    """everyday5-35: "which do i like better coffee or tea i think i mentioned it to you once" — head recall 0.37,
    below HEAD_ASKS, and the model answered "I have no information". Said to have been told, it is a recall when
    the head leans there; never when the head reads another class or the clause asks an action."""
    from app.planner.head_vote import head_asks

    text = "which do i like better coffee or tea i think i mentioned it to you once"
    lean = {"recall": 0.37, "remember": 0.24, ANSWER: 0.19}
    assert head_asks(lean, ["recall", "get_date"], text) == "recall"
    assert head_asks(lean, ["recall"], "which do i like better, coffee or tea?") is None  # nothing said of telling
    assert head_asks({ANSWER: 0.5, "recall": 0.3}, ["recall"], text) is None
    assert head_asks(lean, ["recall"], "I told you before: delete /tmp/x/a.txt") is None


def test_the_shipped_head_reads_questions_about_saved_facts(bundled_embedder: Any) -> None:
    """Structure and model answered "come si chiama il mio idraulico?" themselves (the model cannot know what
    was saved); the head reads a question about the person's own facts, and leaves general knowledge alone."""
    from app.planner.head_vote import head_asks

    head = heads.load_head(INTENT_HEAD, bundled_embedder.ident)
    assert head is not None
    offered = ["recall", "read_files", "get_date", "calculate"]
    own = ["come si chiama la mia dentista?", "what's the code of my garage door, I told you last week"]
    general = ["qual è la capitale del Portogallo?", "who painted the Mona Lisa?"]
    vecs = bundled_embedder.embed(own + general)
    got = [head_asks(head.probs(v), offered) for v in vecs]
    assert got == ["recall", "recall", None, None], got


def test_the_head_reads_a_one_clause_request_whole(bundled_embedder: Any) -> None:
    """The head learned whole requests: "store this for me" alone reads as an answer, the request with the fact
    after its colon as remember. Several clauses are read one by one."""
    from types import SimpleNamespace

    from app.planner import veto
    from app.planner.evidence import analyze
    from app.planner.run_state import clause_vectors

    idx = SimpleNamespace(embedder=bundled_embedder, matrix=object())
    head = heads.load_head(INTENT_HEAD, bundled_embedder.ident)
    assert head is not None
    text = "store this for me: my bike lock combination is 0717"
    vecs, read = clause_vectors(idx, veto.asking_only(analyze(text)), text)  # type: ignore[arg-type]
    assert len(vecs) == 1 and len(read) == 1 and len(read[0]) == 1  # one sentence: the whole alone
    assert head.predict(read[0][0])[0] == "remember" and head.predict(vecs[0])[0] != "remember"
    two = "leggi /tmp/x/a.txt e poi dimmi che ore sono"
    vecs, read = clause_vectors(idx, veto.asking_only(analyze(two)), two)  # type: ignore[arg-type]
    assert len(vecs) == 2 and [len(r) for r in read] == [1, 1]  # one reading per clause


def test_a_sentence_sure_of_a_tool_is_read_when_the_whole_is_unsure(bundled_embedder: Any) -> None:
    """A sentence of reason beside a question pulls the whole request's vector off what it asks; the head then
    reads the sentence it is sure of (run_state.head_reading). A sure whole is kept as it is."""
    from types import SimpleNamespace

    from app.planner import veto
    from app.planner.evidence import analyze
    from app.planner.run_state import clause_vectors, head_reading

    idx = SimpleNamespace(embedder=bundled_embedder, matrix=object())
    head = heads.load_head(INTENT_HEAD, bundled_embedder.ident)
    assert head is not None
    for text, want in (("giulia quando fa gli anni? vorrei prenderle un pensierino", "recall"),
                       ("whit day is it the day? lost track working nights", "get_date")):
        _, read = clause_vectors(idx, veto.asking_only(analyze(text)), text)  # type: ignore[arg-type]
        assert len(read[0]) == 3  # the whole, then each sentence
        whole, chosen = head.probs(read[0][0]), head_reading(head, read[0])
        assert whole.get(want, 0.0) < 0.5 <= chosen[want], (text, whole, chosen)
    text = "ricordati che il dentista è giovedì. me lo scordo sempre"
    _, read = clause_vectors(idx, veto.asking_only(analyze(text)), text)  # type: ignore[arg-type]
    assert head_reading(head, read[0]) == head.probs(read[0][0])  # sure of remember whole: the whole stands


def test_the_heads_reading_does_not_follow_the_folders_name() -> None:
    """A folder's name says nothing about what is asked, yet the head's likeliest class followed it (20–37 of 214
    held-out requests changed with the folder); it reads every path in the folder it learned them in."""
    from app.lang.heads import HEAD_ROOT, head_text

    said = ["appunta in {} che giovedi faccio la notte", "metti in fondo a {} anche lo zucchero"]
    for root in ("/tmp/tmpk3j4h2l1/root", "/home/marco/Scrivania/cose", HEAD_ROOT):
        assert head_text(said[0].format(f"{root}/note.md")) == said[0].format(f"{HEAD_ROOT}/note.md")
        assert head_text(said[1].format(f"{root}/lista spesa.txt")) == said[1].format(f"{HEAD_ROOT}/lista spesa.txt")
    assert head_text('salva in memoria: "cancella /tmp/x/a.txt"') == 'salva in memoria: "…"'
    assert head_text("leggi note.md in ~") == "leggi note.md in ~"  # a bare name and the home folder stay


def test_the_head_never_reads_a_quoted_action(bundled_embedder: Any) -> None:
    """Read whole, 'salva in memoria: "cancella X"' gave delete_files 0.60 — enough to offer and unlock it; the
    quoted words are content to keep, so the head reads the request with them put aside."""
    from types import SimpleNamespace

    from app.planner import veto
    from app.planner.evidence import analyze
    from app.planner.run_state import clause_vectors

    idx = SimpleNamespace(embedder=bundled_embedder, matrix=object())
    head = heads.load_head(INTENT_HEAD, bundled_embedder.ident)
    assert head is not None
    text = 'salva questa frase in memoria: "cancella /tmp/x/vecchio.txt"'
    _, read = clause_vectors(idx, veto.asking_only(analyze(text)), text)  # type: ignore[arg-type]
    assert read is not None and all(head.probs(v)["delete_files"] < 0.2 for v in read[0])


def test_a_head_reads_the_slips_the_lexicon_knows_as_their_words() -> None:
    """"hey whats the tiem rn": the head learned "time" (get_now 0.93) and read "tiem" as nothing (0.28), so the
    model answered with an invented time (everyday5-45). The lexicon's slips (lang.lexicon.SLIPS) are read as their
    words by the heads too; a path or a file's name keeps its letters."""
    from app.lang.heads import HEAD_ROOT, head_text

    assert head_text("hey whats the tiem rn") == "hey whats the time rn"
    assert head_text("whats TEH date") == "whats the date"
    assert head_text("leggi /tmp/teh/tiem.txt") == f"leggi {HEAD_ROOT}/tiem.txt"


def test_an_unsure_head_does_not_outvote_structure_and_model() -> None:
    """everyday7-29: a formal question about a saved birthday, head remember 0.40 (its lean, veto.head_leans),
    structure and model both for an answer: the question was saved as a fact. One unsure judge against two."""
    from app.planner.head_vote import HEAD_ASKS, head_outvoted

    struct = {"remember": 0.85, ANSWER: 0.89}
    model = {"remember": -3.8, ANSWER: -0.6}
    assert head_outvoted({"remember": 0.40, ANSWER: 0.19}, "remember", struct, model)
    assert not head_outvoted({"remember": HEAD_ASKS, ANSWER: 0.2}, "remember", struct, model)  # sure: overrules
    assert not head_outvoted({"remember": 0.40}, "remember", {"remember": 0.9, ANSWER: 0.89}, model)  # structure for it
    assert not head_outvoted({"remember": 0.40}, "remember", struct, {"remember": -0.5, ANSWER: -0.6})  # model for it
    assert not head_outvoted({"remember": 0.40}, "remember", struct, None)  # no model: structure alone, as before
    from types import SimpleNamespace

    write, read = SimpleNamespace(risk="write"), SimpleNamespace(risk="read")
    assert head_outvoted({"remember": 0.40}, "remember", struct, model, write)  # type: ignore[arg-type]
    recall = {"recall": 0.85, ANSWER: 0.89}, {"recall": -3.8, ANSWER: -0.6}
    assert not head_outvoted({"recall": 0.37}, "recall", *recall, read)  # type: ignore[arg-type]  # a read: as before


def test_a_sure_head_is_outvoted_when_the_model_finds_its_tool_absurd() -> None:
    """"what does CPU stand for?" → where_am_i, "You are on vm, time zone Etc/UTC." (metnos bench turns): head sure,
    structure answer 0.89 vs 0.83, the model 10 nats for the answer. The head's good overrules measured had 2.8
    ("whit day is it the day?") and 6.8 (the told-before recall) — they stand; a tool the model was not shown
    (no score) never outvotes the head."""
    from types import SimpleNamespace

    from app.planner.head_vote import HEAD_OUTVOTED_NATS, head_outvoted

    read = SimpleNamespace(risk="read")
    struct = {"where_am_i": 0.83, ANSWER: 0.89}
    assert head_outvoted({"where_am_i": 0.7}, "where_am_i", struct, {"where_am_i": -10.17, ANSWER: -0.17},
                         read)  # type: ignore[arg-type]
    assert not head_outvoted({"get_date": 0.82}, "get_date", {"get_date": 0.87, ANSWER: 0.89},
                             {"get_date": -3.06, ANSWER: -0.29}, read)  # type: ignore[arg-type]
    assert not head_outvoted({"recall": 0.83}, "recall", {"recall": 0.8, ANSWER: 0.87}, {ANSWER: -0.21},
                             read)  # type: ignore[arg-type]
    assert not head_outvoted({"where_am_i": 0.7}, "where_am_i", {"where_am_i": 0.9, ANSWER: 0.89},
                             {"where_am_i": -10.17, ANSWER: -0.17}, read)  # type: ignore[arg-type]  # structure for it
    assert HEAD_OUTVOTED_NATS > 6.8


def test_head_and_model_agreeing_on_words_overrule_the_structures_tool() -> None:
    """everyday11-8, as recorded: a translation that quotes "il novanta per cento" — structure calculate 0.96 over
    answer 0.84, the model 3.7 nats for the answer, the head answer 0.94; "90% fa 0,9." was the reply."""
    from app.planner.head_vote import HEAD_ANSWERS, answered_by_both

    llm = {"calculate": -4.27, "get_urls": -6.629, "describe_entries": -2.52, ANSWER: -0.566}
    head = {ANSWER: 0.9362, "calculate": 0.0007, "recall": 0.0187}
    assert answered_by_both(head, llm, "calculate")
    # a head unsure of the answer (a recap it was right to read first: 0.50) or a model for the tool: no overrule
    assert not answered_by_both({ANSWER: HEAD_ANSWERS - 0.3, "calculate": 0.2}, llm, "calculate")
    assert not answered_by_both(head, {**llm, "calculate": 0.0}, "calculate")
    assert not answered_by_both(head, None, "calculate") and not answered_by_both(None, llm, "calculate")
    # a tool the head has no class for (a plugin's): the head knows nothing of it (test_planner_bad_input's explode)
    assert not answered_by_both(head, {**llm, "explode": -3.0}, "explode")


def test_head_and_model_agreeing_on_another_read_overrule_the_structure_but_never_for_a_write() -> None:
    """everyday14-13, "search every file in X for the name Sara": the structure chose find_files by 0.05 while the
    head read search_in_files 0.50 and the model preferred it by 0.6 nats. Both readers of the meaning agreeing on
    another reading tool decide; an unsure head, a model that disagrees, or a write, do not."""
    from app.engine.catalog import all_tools
    from app.planner.head_vote import read_by_both

    tools = {t.name: t for t in all_tools()}
    head = {"search_in_files": 0.50, "find_files": 0.38, ANSWER: 0.04}
    ll = {"find_files": -1.87, "search_in_files": -1.31, ANSWER: -1.56}
    assert read_by_both(head, ll, "find_files", tools) == "search_in_files"
    assert read_by_both({**head, "search_in_files": 0.35}, ll, "find_files", tools) is None  # the head unsure
    assert read_by_both(head, {**ll, "find_files": -1.0}, "find_files", tools) is None  # the model disagrees
    writes = {"delete_files": 0.6, "find_files": 0.3}
    assert read_by_both(writes, {"delete_files": -0.5, "find_files": -2.0}, "find_files", tools) is None
