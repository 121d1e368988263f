"""After the combined choice: where one judge's reading overrules it, in a fixed order, each measured where it
was added (head_vote.py and veto.py say on what). Kept apart from the planner's loop so the order is read in one
place: the head for a tool where structure and model would answer; head and model together for a read where the
structure would answer; head and model together for words; the head's write not asked with the model's answer; the
model's refusal of a first write; head and model together for another read; a clause still owed its action."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from . import veto
from .choose import ANSWER, CAREFUL_WEIGHT
from .head_vote import about_a_write_not_asked, answered_by_both, head_outvoted, model_declines_write, read_by_both


def overrule(t: Any, name: str, probs: Mapping[str, float], struct: Mapping[str, float],
             ll: Mapping[str, float] | None, opts: Sequence[str]) -> tuple[str, str]:
    """The option that runs and why, from pick()'s `name` (`t`: the planner's turn; `ll`: the model's scores)."""
    plan, first = t.plan, not t.sit.steps_done
    # _plan reads `asked` only for a clause's first decision; an unsure head does not outvote the other two
    if name == ANSWER and plan.asked is not None and \
            not head_outvoted(plan.head, plan.asked, struct, ll, t.tools.get(plan.asked)):
        return plan.asked, "intent head over answer"  # the head reads a request for a tool; the others, words
    if name == ANSWER and first and t.weight > CAREFUL_WEIGHT and \
            (read := read_by_both(plan.head, ll, name, t.tools)) and read in opts:
        return read, "intent head and model: a read"  # the structure's answer against two readers of the meaning:
        # "se vendo 1200 chili a 0,85 al chilo quanto incasso" (head calculate 0.53, the model 0.8 nats for it;
        # everyday20-6). On ~280 recorded first decisions of everyday19-20 (held, declared) it changes only that one
    why = "structure decided" if ll is None else "structure + model"
    if name != ANSWER and first and answered_by_both(plan.head, ll, name):
        name, why = ANSWER, "intent head and model: answer"  # a question for words; the structure, a tool it names
    elif name != ANSWER and first and about_a_write_not_asked(plan.head, ll, opts, t.tools, t.asked_all):
        name, why = ANSWER, "intent head: a write not asked; model: answer"  # a question about the write
    elif name != ANSWER and first and model_declines_write(ll, name, t.tools.get(name)):
        name, why = ANSWER, "the model declines the write"  # the structure only matched the write's words
    elif name != ANSWER and first and t.weight > CAREFUL_WEIGHT and \
            (read := read_by_both(plan.head, ll, name, t.tools)) and read in opts:  # (not the lite model's vote)
        name, why = read, "intent head and model: another read"  # the structure, the tool whose words matched
    owed = veto.owed(t, opts, ll) if name == ANSWER else []
    if owed:
        return max(owed, key=lambda o: probs.get(o, 0.0)), "the next clause's action"
    return name, why
