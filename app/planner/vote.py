"""The model's vote in a decision: the log-likelihood of each option, or the one name it generated, read back.

A local model scores every option on the cached prompt (a real distribution). A server that cannot score
cheaply, or a backend without scoring, makes one constrained choice instead; a choice is a ranking, not a
probability, so it becomes a bounded vote (choose.generated_vote) that the structure can still outweigh.
"""
from __future__ import annotations

import logging
from typing import Any, Callable, Collection

from app.lang.messages import say
from app.tools.runner import TurnContext
from app.turn import events as ev

from .choose import generated_vote, names_grammar, parse_action

log = logging.getLogger(__name__)


def model_vote(ctx: TurnContext, llm: Any, prompt: str, opts: list[str], struct: dict[str, float],
               allowed: Callable[[], Collection[str]]) -> dict[str, float] | None:
    """Log-likelihoods of `opts` after `prompt`; by constrained generation when the backend cannot score.
    `allowed()`: the tools a generated name may add (the surface after the write veto)."""
    scorer = getattr(llm, "score_options", None)
    if callable(scorer):
        try:
            options = [f" {o}" for o in opts]
            means = scorer(prompt, options)
            if getattr(llm, "ranked", False):  # a server that can only choose: a bounded vote
                chosen = [o for o, m in zip(opts, means) if m == max(means)]
                return generated_vote(chosen[0], opts) if len(chosen) == 1 else None
            return {o: m * max(1, llm.count_tokens(opt)) for o, m, opt in zip(opts, means, options)}
        except NotImplementedError:
            pass
    comp = llm.complete(prompt, max_tokens=12, temperature=0.0, cancel=ctx.cancel, grammar=names_grammar(opts))
    return vote_from_text(ctx, comp.text, opts, struct, allowed())


def vote_from_text(ctx: TurnContext, text: str, opts: list[str], struct: dict[str, float],
                   allowed: Collection[str] = ()) -> dict[str, float] | None:
    """Read a generated decision. A tool the surface allows is accepted (callable by name);
    any other name or text is an Error event, and the choice falls back to the request's structure."""
    name = parse_action(text)
    if name not in opts:
        if name and name in allowed:
            ctx.deferred_loaded.setdefault(name, "named by the model")
            opts.append(name)
            struct[name] = min(struct.values())
        else:
            log.info("the model's decision is no option: %r", text[:80])
            ctx.emit(ev.Error(ctx.turn_id, ctx.next_step, message=say("planner.bad_decision", ctx.lang),
                              hint=say("planner.bad_decision_hint", ctx.lang)))
            return None
    return generated_vote(name, opts)
