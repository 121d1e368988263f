"""The answer stage of a planner turn: render data at once, or have a writing model write judgement.

Kept apart from the decision loop (planner.py) because it decides nothing about tools: it only turns the
turn's steps into the words the person reads, and replaces a model answer that is not usable.
"""
from __future__ import annotations

import time
from dataclasses import replace
from typing import Any, Callable

from app.lang.asked_actions import asked_actions, asks_plainly
from app.lang.clauses import asks_a_question
from app.lang.detect import detect_lang
from app.lang.messages import say
from app.lang.quotes import quoted_texts
from app.lang.reported import told_before
from app.lang.rules.recall_topic import RECALL_TOPIC
from app.lang.stated import when_backed
from app.tools.registry import risky
from app.tools.runner import TurnContext
from app.turn import events as ev
from app.turn.services import provide

from . import answer as ans
from . import compose, live, past_actions
from . import turn_inputs as parts
from .stats import PlannerStats, StepStats

Prime = Callable[[TurnContext, Any, str, str], StepStats]  # evaluate a prompt, measured and cancellable


def after_lead(emit: Callable[[str], None]) -> Callable[[str], None]:
    """The model's first words after a lead lose their leading space: streamed text equals the final answer."""
    started = False

    def send(tok: str) -> None:
        nonlocal started
        if not started:
            tok = tok.lstrip()
            started = bool(tok)
        if tok:
            emit(tok)
    return send


def token_emitter(ctx: TurnContext) -> Callable[[str], None]:
    def emit(tok: str) -> None:
        ctx.emit(ev.Token(ctx.turn_id, ctx.next_step, text=tok))
    return emit


def finish(ctx: TurnContext, info: Any, text: str, gen: ans.Generated | None) -> str:
    """Stream a deterministic answer; tell front ends to drop model text already shown."""
    if gen is not None:
        info.answer_replaced = gen.reason
        what = "answer_reset" if gen.streamed else "answer_fallback"
        why = ("the model repeated itself; its answer is cut before the repetition" if gen.partial else
               f"the model's answer was not usable ({gen.reason}); answering from the result")
        ctx.emit(ev.Progress(ctx.turn_id, ctx.next_step, what=f"{what}: {why}"))
    ans.stream_text(text, token_emitter(ctx))
    return text


def _written(ctx: TurnContext, llm: Any, prompt: str, lead: str, g: ans.Grounding, max_tokens: int, fallback: str,
             sources: str | None) -> ans.Generated:
    """The model's answer, streamed after the lead; after a loop with nothing to keep, one more attempt with
    repeating made less likely (ans.LOOP_RETRY_PENALTY), the first draft dropped from the screen."""
    gen = None
    for penalty in (1.0, ans.LOOP_RETRY_PENALTY):
        if gen is not None and gen.streamed:
            ctx.emit(ev.Progress(ctx.turn_id, ctx.next_step,
                                 what="answer_reset: the model repeated itself; one more attempt"))
        emit = token_emitter(ctx)
        if lead:
            emit(lead + " ")
            emit = after_lead(emit)
        gen = ans.generate(llm, prompt, grounding=g, prompt_text=prompt, cancel=ctx.cancel, emit_token=emit,
                           max_tokens=max_tokens, fallback=fallback, sources=sources, repeat_penalty=penalty)
        if gen.usable or gen.reason != "a loop":
            break
    assert gen is not None
    return gen


def answer(ctx: TurnContext, llm: Any, info: Any, question: str, weight: float,
           history: list[tuple[str, str]], prime: Prime) -> str:
    """Render data at once; have a writing model write judgement from short excerpts (compose.py)."""
    steps = ctx.turn.steps
    max_tokens = int(ctx.config.llm.max_answer_tokens)
    writer = compose.writes(llm, weight)
    facts = known_facts(ctx, question) if writer and not steps else []
    how = compose.plan(question, steps, writer, max_tokens, history, facts=facts)
    if steps:
        last = steps[-1]
        g = ans.ground(question, last.tool, last.result, last.ok)
        fallback = g.draft
        if how.mode == "write" and how.shape.kind == "summary":
            fallback = compose.summary_fallback(question, steps)
        elif how.mode == "render" and last.ok:  # "leggi X e poi elenca Y": both, not only Y
            fallback = compose.each_step(question, steps, fallback, lambda *a: ans.ground(*a).draft)
    else:
        g = ans.Grounding()
        fallback = ans.unsure_text(question) if how.mode == "write" else ans.no_tool_fallback(question)
        if how.mode == "write" and (offline := live.refusal(question, getattr(info, "live", 0.0))):
            return finish(ctx, info, offline, None)  # the world's state now: never written from nothing
        if (record := past_actions.record_answer(ctx.owner, question)) is not None:
            return finish(ctx, info, record, None)  # "did you delete X?": from the record of changes, not a guess
    if how.mode != "write" or llm is None:
        return finish(ctx, info, fallback, None)
    parts.warm_writer(ctx, llm, how.messages[:1])
    prompt = llm.render(how.messages, True) + how.lead
    t0 = time.perf_counter()
    st = prime(ctx, llm, prompt, "answer")
    sources = compose.sources_of(question, steps) + "\n" + fallback if steps else None
    gen = _written(ctx, llm, prompt, how.lead, g, how.max_tokens or max_tokens, fallback, sources)
    st.ms = (time.perf_counter() - t0) * 1000
    st.completion_tokens = gen.model_tokens
    info.stats.append(st)
    ctx.emit(PlannerStats(ctx.turn_id, ctx.next_step, phase="answer", prompt_tokens=st.prompt_tokens,
                          reused_tokens=st.reused_tokens, evaluated_tokens=st.evaluated_tokens,
                          completion_tokens=st.completion_tokens, ms=round(st.ms, 1)))
    if how.lead:  # the lead went out as a token: it is part of the answer, or dropped with it
        gen = replace(gen, streamed=True) if gen.replaced else gen
        gen = replace(gen, text=f"{how.lead} {gen.text.lstrip()}") if gen.usable else gen
    if gen.usable and how.shape.kind == "summary" and steps and compose.copied(gen.text, steps):
        gen = ans.Generated(fallback, True, "the summary copies the text", gen.completion, True, gen.model_tokens)
    quoted = None if not gen.usable else compose.errors_unquoted(gen.text, question, steps)
    if quoted is not None:
        fallback = quoted
        gen = ans.Generated(quoted, True, "the answer quotes none of the error lines", gen.completion, True,
                            gen.model_tokens)
    gen = _about_actions(ctx, info, question, steps, gen)
    if gen.usable and not steps and (now := ans.clock_text(gen.text, question)):
        gen = ans.Generated(now, True, "the answer states the clock from nothing", gen.completion, gen.streamed,
                            gen.model_tokens)
    elif gen.usable and not steps and about_the_person(question) and not asked_actions(question) and \
            not when_backed(gen.text, facts, question):  # (a draft asked of the model may propose its own dates)
        gen = ans.Generated(from_memory(ctx, question), True, "the answer states a date of the person's from "
                            "nothing", gen.completion, gen.streamed, gen.model_tokens)
    if not gen.replaced:
        return gen.text
    return finish(ctx, info, gen.text, gen)  # the fallback, or the model's answer cut before a loop


# A saved fact this near the question (cosine of e5-small, the recall's own) is put before the model that answers
# from nothing; the model judges whether it answers the question. Measured on the five facts of the request suite:
# questions about them 0.82–0.95 ("who handles my tax filings?" 0.85, the model had answered "your tax
# preparer"), unrelated questions 0.79–0.87 — the model, not this number, tells them apart.
FACT_MIN = 0.83
FACTS_SHOWN = 2


_OWN = RECALL_TOPIC.pattern("own")  # "my", "mio", "nostra"…


def about_the_person(question: str) -> bool:
    """A question with a word of the person's own ("my accountant", "il mio consulente") or that says it was told
    before ("che a suo tempo Le avevo comunicato"): only there may a saved fact answer it. "who is the best
    accountant in Milan?" was answered "Mark Bianchi is the best accountant in Milan." with the fact shown."""
    return bool(_OWN.search(question)) or told_before(question)


def from_memory(ctx: TurnContext, question: str) -> str:
    """What the memory says to a question about the person, in its own words ("Dalla memoria, detto da te il 2
    dicembre: il compleanno di Giulia è il 14 marzo"), or that it is not there — never a date the model made up."""
    try:
        mem = provide(ctx.services.memory) if ctx.services.memory is not None else None
        found = mem.answer_from_memory(question) if mem is not None and hasattr(mem, "answer_from_memory") else None
    except Exception:  # noqa: BLE001 — a locked or failing memory: it is said not to be known
        found = None
    return found[0] if found else say("answer.not_in_memory", detect_lang(question))


def known_facts(ctx: TurnContext, question: str) -> list[str]:
    """The person's saved facts nearest the question (at most FACTS_SHOWN, each ≥ FACT_MIN); [] without a memory."""
    if ctx.services.memory is None or not about_the_person(question):
        return []
    try:
        mem = provide(ctx.services.memory)
        found = mem.relevant_facts(question, k=FACTS_SHOWN) if hasattr(mem, "relevant_facts") else []
    except Exception:  # noqa: BLE001 — a locked or failing memory: the answer is written without it, as before
        return []
    return [f.text for f in found if (f.similarity or 0.0) >= FACT_MIN][:FACTS_SHOWN]


CLAIM_GATE = 0.5  # the intent head's `answer` below this: the request asks for something to be done


def _about_actions(ctx: TurnContext, info: Any, question: str, steps: Any, gen: ans.Generated) -> ans.Generated:
    """An answer about an action that did not run is replaced by what was (not) done: a file never named gets a
    question back, a claimed action "nothing was done", a refusal of a request for an action how to ask for it."""
    if gen.usable and not steps and ans.tells_of_unnamed(question):
        # "nuke that file", "just bin that file" with nothing before: whatever the verb, the answer is which file
        fallback = ans.nothing_done_text(question)  # (the model had refused, or asked for "the file path")
        gen = ans.Generated(fallback, True, "the request points at a file it never names", gen.completion,
                            gen.streamed, gen.model_tokens)
    elif gen.usable and (asked_to_act(info, question) or ans.points_at_unnamed(question)) and \
            ans.claims_undone(gen.text, wrote(ctx)):
        fallback = ans.nothing_done_text(question)
        gen = ans.Generated(fallback, True, "the answer claims an action that did not run", gen.completion,
                            gen.streamed, gen.model_tokens)
    elif gen.usable and not steps and (ans.refused(gen.text) or ans.by_hand(gen.text)) and \
            asked_to_act(info, question):
        fallback = ans.not_touched_text(question)  # "chuck X in the bin, done with it": the model declined the
        # delete, then wrote "I'm sorry, but I can't assist with that."; or it told how to do it with `cp`
        gen = ans.Generated(fallback, True, "the model refused a request for an action, or told how to do it by "
                            "hand", gen.completion, gen.streamed, gen.model_tokens)
    return gen


def asked_to_act(info: Any, question: str) -> bool:
    """Does the request ask for something to be done, so that an answer saying it was done must be backed? Read
    by the intent head on the first decision (`answer` < CLAIM_GATE): a request to write words ("scrivimi una mail
    per dire che ho inviato il report", "traduci: ho spedito il pacco" — `answer` 0.94–0.96) gets text in which
    "ho inviato" is the person's voice, not a claim; "store this for me: …" (`answer` 0.10, remember 0.77) does
    not; below it with `answer` still the likeliest class, only a plain request the rules read an action in (not
    a question). Without a head (no embedder), the rules' reading of what is asked."""
    if quoted_texts(question) and asks_a_question(question) and not asked_actions(question):
        return False  # "sul post-it c'è scritto 'sposta X in archivio', che vuol dire?": the action is the quote's
    head = next((c.head for c in getattr(info, "choices", ()) if c.head), None)
    if head is None:
        return bool(asked_actions(question))
    if float(head.get("answer", 0.0)) >= CLAIM_GATE:
        return False
    # unsure, yet `answer` its likeliest class: a question, unless the rules read an action asked ("secondo te ha
    # senso fare la magistrale…?" at 0.38 had its opinion replaced by "Non l'ho fatto…", fresh tune half)
    return max(head, key=head.__getitem__) != "answer" or (asks_plainly(question) and bool(asked_actions(question)))


def wrote(ctx: TurnContext) -> bool:
    """Did a tool that changes something run in this turn (what an answer may say it did)?"""
    return any(s.ok and risky(ctx.registry.get(s.tool)) for s in ctx.turn.steps)
