"""Live information is never written from nothing: the `live` head (planner/live.py) and where it acts.

The head judges whether a request asks for the world's state now (weather, prices, results, opening hours); the
answer stage then says it cannot know it offline instead of letting the model invent "Sì, domani piove.". The
requests below are not in the head's data (resources/eval/heads/live.jsonl), written for this test.
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from support import shipped_head_holds

from app.lang import heads
from app.lang.heads import LIVE_HEAD, head_text
from app.planner import live

SAMPLE_EVERY = 3  # a fixed sample of the held rows: the full half is `metnos bench heads`

LIVE_ASKS = ["quanto sta l'oro oggi al grammo?", "is the A4 motorway jammed near Brescia right now?",
             "who won the Inter match last night?", "what's the temperature in Dublin at the moment",
             "domani c'è sciopero dei treni?", "is the Ikea in Bologna open this sunday"]
NOT_LIVE = ["che ore sono?", "leggi il file previsioni.txt in /home/me", "perché d'inverno fa più freddo?",
            "how do I keep bread fresh for longer", "ciao, come va?", "translate 'it will rain tomorrow' into italian",
            "ricordati che il meteo lo guardo io", "quanto fa 1,85 per 40?"]


@pytest.fixture(scope="module")
def live_head(bundled_embedder: Any) -> Any:
    head = heads.load_head(LIVE_HEAD, bundled_embedder.ident)
    assert head is not None, "run `metnos bench heads --train live`"
    return head


def test_the_shipped_head_holds_its_held_out_score(bundled_embedder: Any, live_head: Any) -> None:
    shipped_head_holds(LIVE_HEAD, bundled_embedder, SAMPLE_EVERY, 200)


def test_new_requests_are_read_live_or_not(bundled_embedder: Any, live_head: Any) -> None:
    emb = SimpleNamespace(ident=bundled_embedder.ident)
    p = {t: live.live_probability(emb, [[v]]) for t, v in
         zip(LIVE_ASKS + NOT_LIVE, bundled_embedder.embed([head_text(t) for t in LIVE_ASKS + NOT_LIVE]))}
    read_live = [t for t in LIVE_ASKS if p[t] >= live.LIVE_MIN]
    assert len(read_live) >= len(LIVE_ASKS) - 2, p  # the head's held-out recall is ~80 %
    assert [t for t in NOT_LIVE if p[t] >= live.LIVE_MIN] == [], p


def test_the_refusal_is_in_the_request_language() -> None:
    assert live.refusal("domani piove a Bari?", live.LIVE_MIN) .startswith("Non ho accesso a internet")
    assert "internet" in (live.refusal("will it rain in Leeds tomorrow?", 0.99) or "")
    assert live.refusal("domani piove a Bari?", live.LIVE_MIN - 0.01) is None
    assert live.live_probability(None, [[0.0]]) == 0.0  # no embedder: no judgement, the model answers as before


@pytest.mark.parametrize("text,start", [
    ("a che ora chiude stasera la farmacia sotto casa mia?", "Non ho accesso a internet"),
    ("how much is a litre of diesel today?", "I can't tell today's weather"),
])
def test_a_live_question_is_not_answered_from_nothing(make_ctx: Any, instruct_llm: Any, text: str,
                                                      start: str) -> None:
    """The instruct model answered these "alle 18:00", "circa 1,50 euro" (invented); the words the person reads are
    the offline sentence, and nothing ran."""
    from app.planner.planner import Planner

    run = make_ctx(text, extra_services={"llm": lambda: instruct_llm})
    planner = Planner()
    answer = planner.run(run.ctx, [])
    assert run.of("tool_call") == [] and answer.startswith(start), answer
    assert planner.last.live >= live.LIVE_MIN


def test_an_answerable_question_is_still_written(make_ctx: Any, instruct_llm: Any) -> None:
    from app.planner.planner import Planner

    run = make_ctx("what is the capital of France?", extra_services={"llm": lambda: instruct_llm})
    answer = Planner().run(run.ctx, [])
    assert "Paris" in answer
