"""The learned intent head's votes in the first decision: when it overrules a combined choice, when the structure
and the model outvote it, and its (unused) prior on the structural scores.

Why apart from choose.py: the head is a third judge beside the structure and the model, with its own measured
thresholds; choose.py combines the two opinions every decision has.
"""
from __future__ import annotations

import math
from typing import Mapping, Sequence

from app.lang.actions import action_of
from app.lang.reported import told_before
from app.tools.calculate import has_expression, said_numbers
from app.tools.registry import Tool, risky

from .choose import ANSWER, TEMPERATURE

# How many times the head's log-probability counts against the structure's (head_prior). 0: not used yet. On the
# first decisions recorded on the tune half of resources/eval/requests/fresh.jsonl (124, re-chosen offline with
# the model's scores as recorded) it helped: weight 0 → 81, 2 → 91, 4 → 93, 6 → 94, 8–20 → 95 (and afterwards on
# the 64 recorded first decisions of the held everyday set 47 → 53 at 6: three substitutes gone). But at 6 the
# 46-request planner suite fell from 45 to 40 with either model: the head is sure of the wrong class off its
# data ("where am I?" → recall 0.78: where_am_i has 3 training rows, describe_entries 7; "mostrami il contenuto
# della cartella X" → read_files 0.71). Retrained with 300 rare-tool rows (3852068) and swept again on first
# decisions recorded with the instruct model (2026-12-03, re-chosen offline): planner suite 43/46 at 0, 45 at 1–2,
# 44 at 3–4, 43 at 6; the fresh set's tune half (121 first decisions with a known first action) 80 at 0, 84 at
# 1, 89 at 2, 93 at 3, 94 at 4–6. But with the lite model (weight 0.15: structure decides) weight 1 already
# turned "mostrami il contenuto della cartella X" into read_files (planner suite 45 → 44), and the head's
# judgement where it counts — a tool where structure and model would answer — is taken whole by head_asks
# (fresh tune 80 → 99 at weight 0, 102 with any weight 1–4): the prior stays 0.
HEAD_WEIGHT = 0.0
# How sure the head must be that a clause asks for a tool before it overrules a combined choice of `answer`
# (head_asks). Structure and model agree too often on answering what only a tool can tell: the model does not
# know what the person saved, so "come si chiama il mio idraulico?" scored recall 3.7 nats under answer, and
# "tieni presente che sono vegetariana" remember 1.7 under it; the head, trained on labelled requests, read recall
# 0.91 and remember 0.80. On the first decisions of the fresh set's tune half it overruled 19 answers, all 19
# for the wanted tool (recall 13, remember 5 — each still behind the write veto —, where_am_i, calculate,
# get_date); the planner suite had none to overrule. Raised to 0.55 on 2026-12-06 (twenty-fifth session) after the
# intent head was retrained with memory said loosely: on a third of the fresh tune half re-run with the new head (103
# requests) the 11 overrules were all right and all at ≥ 0.61, so that half cannot tell 0.5 from 0.6; everyday15
# (held, declared) had two wrong ones at 0.52 ("how often should you stop for a break on a long drive…" → recall,
# a hypothetical about deleting a file → find_files) and its right ones at ≥ 0.59. The middle of what the tune half
# allows.
HEAD_ASKS = 0.55


# How sure the head must be that a clause asks only for words before it and the model, agreeing, overrule the
# structure's tool on the turn's first decision (answered_by_both). The structure scores tools by the words of the
# request's objects, so a question that quotes a figure ("come si dice in tedesco 'la cassa malati rimborsa il
# novanta per cento'?", everyday11-8) ranked calculate 0.96 over the answer's 0.84 while the head read answer 0.94
# and the model preferred the answer by 3.7 nats — and "90% fa 0,9." was the reply. Two independent readers of
# the meaning against one of the words. Chosen on everyday11's recorded first decisions (all held out: declared in
# resources/eval/requests/README.md): where head and model agreed against the choice, the head's answer was 0.94
# for the translation and 0.50–0.55 for two requests that did want their tool (a recap, a second clause's folder).
HEAD_ANSWERS = 0.8


def answered_by_both(head: Mapping[str, float] | None, llm_ll: Mapping[str, float] | None, chosen: str) -> bool:
    """Do the head (sure: ≥ HEAD_ANSWERS) and the model (its likeliest option) both read the clause as asking for
    words, not the `chosen` tool? A write chosen against both was never asked; a read chosen against both answers
    what was not asked (the veto already keeps what is asked among the options). Only for a tool the head has a
    class for: of a tool it never learned (a plugin's, "fai esplodere la bomba di prova") it knows nothing."""
    if not head or not llm_ll or ANSWER not in llm_ll or chosen not in head:
        return False
    return max(head, key=head.__getitem__) == ANSWER and head[ANSWER] >= HEAD_ANSWERS and \
        max(llm_ll, key=llm_ll.__getitem__) == ANSWER


# How sure the head must be of a reading tool before it and the model, agreeing, overrule the structure's other
# tool on the turn's first decision (read_by_both). The structure weighs the words a tool's examples share with the
# request, so "search every file in X for the name Sara" ranked find_files (names) 0.05 over search_in_files (text)
# while the head read search_in_files 0.50 and the model preferred it by 0.6 nats: the file's name was never asked
# (everyday14-13, the third set with this family). Replayed on the recorded first decisions of everyday10-14
# (~440, held sets, declared in resources/eval/requests/README.md): at 0.4 it changes that one decision and no
# other; at 0.3 the same; at 0.5 none. Only a tool that reads: two readers of the meaning may choose what to look
# at, never a write.
HEAD_READS = 0.4


def read_by_both(head: Mapping[str, float] | None, llm_ll: Mapping[str, float] | None, chosen: str,
                 tools: Mapping[str, Tool]) -> str | None:
    """The reading tool that the head (sure: ≥ HEAD_READS) and the model (its likeliest option) both read as the
    clause's action, when the combined choice is another tool; None when they disagree or it would write."""
    if not head or not llm_ll:
        return None
    best = max(head, key=head.__getitem__)
    tool = tools.get(best)
    if best in (chosen, ANSWER) or tool is None or risky(tool) or head[best] < HEAD_READS or best not in llm_ll:
        return None
    return best if max(llm_ll, key=llm_ll.__getitem__) == best else None


# How sure the head must be of a write the veto keeps out before its reading counts as what the clause is about
# (about_a_write_not_asked): veto.HEAD_LEAN's value, where the head's top write was measured to mean the clause.
HEAD_ABOUT = 0.25


def about_a_write_not_asked(head: Mapping[str, float] | None, llm_ll: Mapping[str, float] | None,
                            offered: Sequence[str], tools: Mapping[str, Tool], asked: frozenset[str]) -> bool:
    """Does the head read the clause as a write the veto keeps out (its top class, ≥ HEAD_ABOUT, not offered)
    while the model prefers the answer? Then the request is about that write — a hypothetical, a question about
    it — and a read the structure ranks because the object is named answers what was not asked: "se buto via X
    dopo poso tirarlo indrio?" read X out (head delete_files 0.40, the model 3.5 nats for the answer,
    everyday22-63). Two readers of the meaning against the object's words. On the recorded first decisions of
    everyday19–22 and the fresh tune half (declared) it changes that one decision and no other. Only where the
    rules read nothing `asked`: "devo spostare X in archivio domani, intanto leggimelo" asks its read (the head read
    the move, and the read was dropped on review)."""
    if not head or not llm_ll or ANSWER not in llm_ll or asked:
        return False
    top = max(head, key=head.__getitem__)
    tool = tools.get(top)
    return top not in offered and tool is not None and risky(tool) and head[top] >= HEAD_ABOUT and \
        max(llm_ll, key=llm_ll.__getitem__) == ANSWER


MEMORY_READER = "recall"  # the tool that reads what the person told the assistant
CALCULATOR = "calculate"  # computes only what the request says: the head's read of it needs a number said


# How sure the head must be of a read before it is shown to the model when the structure did not rank it (head_shown).
# Without it the model never scored that tool, and the head's choice went unchecked both ways: "se vendo 1200 chili
# a 0,85 al chilo quanto incasso" (head calculate 0.53, under HEAD_ASKS) was answered without the calculator, and
# "explain the difference between a literature review and a systematic review?" (head recall 0.56) ran recall with
# no judge against it (everyday20-6, -43). Of 140 recorded first decisions (everyday19, 20) six had the head's top
# tool unranked at ≥ 0.40; a write among them (remember 0.82 for an explanation) stays behind the veto's own rules.
HEAD_SHOWN = 0.45


def head_shown(tools: Mapping[str, Tool], head: Mapping[str, float] | None, offered: Sequence[str]) -> str | None:
    """The read the head leans to (its top class, ≥ HEAD_SHOWN, not a write) among the offered tools: shown to the
    model with the structure's candidates, so that it weighs every decision, not only those the structure ranks."""
    if not head:
        return None
    top = max(head, key=head.__getitem__)
    tool = tools.get(top)
    if top == ANSWER or head[top] < HEAD_SHOWN or top not in offered or tool is None or risky(tool):
        return None
    return top


def head_asks(head: Mapping[str, float] | None, offered: Sequence[str], text: str = "") -> str | None:
    """The tool the head is sure (≥ HEAD_ASKS) the clause asks for, when it is among the offered options (the
    write veto has already removed what is not asked); None when the head is unsure or says `answer`.

    A question that says the person told the assistant before ("which do I like better, coffee or tea? I think I
    mentioned it to you once", everyday5-35: head recall 0.37, answered "I have no information") is the memory's
    whatever the head's certainty, when the head too leans to the memory and the clause asks no action."""
    if not head:
        return None
    top = max(head, key=head.__getitem__)
    if top == CALCULATOR and text and not said_numbers(text) and not has_expression(text):
        return None  # nothing to compute: "normal resting heart rate for an adult?" read calculate (everyday8-41)
    if top == MEMORY_READER and MEMORY_READER in offered and text and told_before(text) and \
            not action_of(text).actions:
        return MEMORY_READER
    return top if top != ANSWER and head[top] >= HEAD_ASKS and top in offered else None


# The model's preference for an answer over the head's tool (log-likelihood, nats) that outvotes even a head sure of a
# read, with the structure preferring the answer too. Measured on the head's overrules (2026-12-05): the good ones
# had margins of 2.8 ("whit day is it the day?", get_date) and 6.8 (the told-before coffee-or-tea recall, everyday5-35);
# "what does CPU stand for?" → where_am_i ("You are on vm, time zone Etc/UTC.") 10.0. Below it the head stands
# (a needless read is truthful; "remind me, when did the Second World War end?" → recall, 5.0, is left as it was).
HEAD_OUTVOTED_NATS = 8.0


def answer_far_ahead(llm_ll: Mapping[str, float] | None, name: str, nats: float = HEAD_OUTVOTED_NATS) -> bool:
    """Does the model prefer the answer to `name` by `nats` or more? (A tool it was not shown: no.)"""
    return llm_ll is not None and name in llm_ll and llm_ll.get(ANSWER, -math.inf) - llm_ll[name] >= nats


# The model's preference for the answer over a write (nats) that keeps the write from running on a clause's first
# decision, whatever the structure's margin. Structure is a prior; a write must be asked for in the model's reading
# too. Measured on the recorded first decisions of everyday11-13 (five runs, 41 writes chosen, declared in
# resources/eval/requests/README.md): of the writes the requests asked for, the model preferred the answer by at most
# 1.2 nats ("Shift todo.txt out of X and into Y for me, boss"); of those they did not, by 3.2 ("screenshot my screen
# real quick n save it in X" → a folder) and 4.2 ("A purely hypothetical question: were I to ask you to delete X,
# would it vanish for good…?" → X deleted). The structure had won both by its cosine margin (0.17 × its weight ≈ 4
# nats against the model's 2.7). After a step the model's usual slip is stopping early (asked writes at 2.2 and 3.9):
# there the clause still owed its action decides (veto.owed, with HEAD_OUTVOTED_NATS).
WRITE_DECLINED_NATS = 2.5


def model_declines_write(llm_ll: Mapping[str, float] | None, name: str, tool: Tool | None) -> bool:
    """Does the model prefer the answer to the write `name` by WRITE_DECLINED_NATS or more (a clause's first
    decision: then the write does not run and the answer says what was and was not done)?"""
    return tool is not None and risky(tool) and answer_far_ahead(llm_ll, name, WRITE_DECLINED_NATS)


def model_refuses_write(llm_ll: Mapping[str, float] | None, name: str, tool: Tool | None) -> bool:
    """Does the model prefer the answer to the write `name` by HEAD_OUTVOTED_NATS or more? Then no rule forces
    that write over the answer the model and structure chose (a clause "still owed" its action, veto.owed).
    everyday13 (clean): "search the name Sara in … and revert back to me" ran `undo` (the reply idiom read as
    the verb; the model 9.4 nats for the answer), "give me a quick rundown of X, like 2 lines max, my shift
    starts in 10" opened X ("starts": the model 8.9 nats) — a rule read a word, the model read the request."""
    return tool is not None and risky(tool) and answer_far_ahead(llm_ll, name)


def head_outvoted(head: Mapping[str, float] | None, asked: str | None, structural: Mapping[str, float],
                  llm_ll: Mapping[str, float] | None, tool: Tool | None = None) -> bool:
    """Is a write the head only leans to (below HEAD_ASKS) outvoted by structure and model both preferring an
    answer? Then it does not overrule the answer: one unsure judge against two. everyday7-29, "Le sarei grato se
    potesse indicarmi la data in cui Giulia festeggia gli anni, che a suo tempo Le avevo comunicato" (a question):
    head remember 0.40 (veto.head_leans), structure answer 0.89 vs 0.85, model answer by 3.3 nats — and the
    question was saved as a fact. A head sure of its tool (≥ HEAD_ASKS) still overrules as measured, and so does
    one leaning to a read (a needless read is truthful: "which do i like better coffee or tea i think i mentioned
    it to you once" is the memory's, everyday5-35) — unless the model prefers the answer by HEAD_OUTVOTED_NATS or
    more, with the structure on its side: then even a sure head is outvoted."""
    if not head or asked is None or llm_ll is None or structural.get(ANSWER, 0.0) <= structural.get(asked, 0.0):
        return False
    if answer_far_ahead(llm_ll, asked):
        return True  # "what does CPU stand for?": head where_am_i, the model 10.0 nats for the answer
    if head.get(asked, 0.0) >= HEAD_ASKS or (tool is not None and not risky(tool)):
        return False
    return llm_ll.get(ANSWER, -math.inf) > llm_ll.get(asked, -math.inf)


def head_prior(scores: dict[str, float], head: Mapping[str, float] | None, weight: float = HEAD_WEIGHT) -> None:
    """Add the learned intent head's opinion to the structural scores, in place: P_s ∝ P_s · P_head^weight.

    The head (app/lang/heads.py, `intent`) was trained on labelled requests to say which action a request asks
    for first, `answer` included; the structure's cosine to tool descriptions cannot tell "which files contain
    ERROR" (a search inside files) from "which files are called …" (a search by name), nor a question about a
    saved fact from general knowledge. A tool the head has no class for (the planner's own builtins: update_plan,
    save_note…) counts as its least likely class: a uniform share made them a request's likeliest tool whenever
    the head was sure of one class ("don't let me forget…" became update_plan on the tune half)."""
    if not head or weight <= 0:
        return
    floor = min(head.values())
    for k in scores:
        scores[k] += TEMPERATURE * weight * math.log(max(head.get(k, floor), 1e-4))
