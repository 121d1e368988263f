"""The write veto: a tool that changes something runs only when the part of the request that asks, asks for it.

Measured on requests nobody tuned for: "se lo cancello, posso recuperarlo?" deleted the file, "non aprirlo,
leggimelo" opened it, "devo mandarlo al commercialista, dimmi il totale" was refused as an e-mail. A model
weighing tools by the words of the whole request cannot be trusted with that: the words of the action are there,
only the asking is not. So before any choice, each tool that writes, moves, deletes, opens or remembers
(risk "write" or "send") stays among the options only when an action it performs is asked for — in a clause
that is not negated ("non cancellare niente"), conditional ("se lo cancello…"), a reason ("devo mandarlo a…"),
already done ("ho già spostato…"), a how-to or a report ("come faccio a…", "did you move…"). The action
classes a tool performs are read from its own examples (ToolIndex.affinity), so a tool added later is vetoed
the same way with no edit here. This is a rule, not a model opinion: the model can still choose `answer`, or
any read tool, but it is never offered a write the person did not ask for.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from app.lang.actions import action_of, put_into_text
from app.lang.asked_actions import CONDITION, asked_actions, asks_plainly
from app.lang.clauses import asked_as_question, asks_a_question, wish_after_question
from app.lang.context import CONTEXT, for_now_at
from app.lang.lexicon import READ_ONLY, TEXT_ACTIONS
from app.lang.normalize import split_words
from app.lang.placeholders import CARRIED_VALUES
from app.lang.rules import ASKING
from app.lang.rules.remember import REMEMBER
from app.lang.signature import TELL
from app.tools.calculate import numbers_unsaid
from app.tools.registry import Tool, risky
from app.tools.slots import paths_given

from .head_vote import model_refuses_write

WHERE_IT_IS = ASKING.pattern("where_it_is")
MIN_AFFINITY = 0.5  # a tool that declares no `acts` performs the classes most of its examples name


# How sure the learned intent head (app/lang/heads.py) must be that a clause asks for a write the word rules do
# not know ("fammi una cartella nuova in X", "I need one new directory in X", "appunta in X che…") before that
# write may be offered. The veto's verbs are a closed list, so a new phrasing of a write lost its tool and a
# read of the same object ran in its place (a substitute action); the head reads the meaning. The rules stay the
# authority on *whether* the clause asks at all (asks_plainly): a negated, conditional, reported or reason clause
# unlocks nothing, however sure the head is. The write still asks for approval. 0.5: on the fresh set's tune half
# "fammi una cartela nuova in X che si chiama scuola" read 0.55 (make_folder); the two first decisions of that half
# where the head read ≥ 0.5 for a write nobody asked ("ho già creato io la cartella…" 0.50 copy_files, "I've never
# really understood how this works and I don't want to mess anything up…" 0.62) the rules read as not asking.
HEAD_UNLOCK = 0.5


def head_sure(tools: Mapping[str, Any], head: Mapping[str, float] | None, names: Iterable[str]) -> list[str]:
    """The risky tools among `names` the head is sure of (≥ HEAD_UNLOCK): the planner shows them to the model
    even when the structure ranks them low ("fammi una cartella nuova" looks like a listing of that folder)."""
    return [n for n in names if head and head.get(n, 0.0) >= HEAD_UNLOCK and n in tools and risky(tools[n])]


# When the word rules read no action at all in a clause ("bin X, nobody needs it", "chiama Y la foto X", "appunta
# in X che…"), the head is the only reader of what it asks. Then its likeliest class, if it is a write, is what the
# clause asks even below HEAD_UNLOCK: offering the other tools let a read of the same object run in its place (a
# substitute action — "bin X" read X out). Chosen on the tune halves of the request and tool sets (about 700
# requests): of the clauses that ask plainly, read no action and whose likeliest class is a write at 0.20–0.50,
# the five at ≥ 0.25 all asked for that write (open 0.44, write 0.40 and 0.38, move 0.34, undo 0.38); the one below
# ("morning! hope you're doing well", remember 0.21) asked nothing. The write still asks for approval.
HEAD_LEAN = 0.25


def head_leans(tools: Mapping[str, Any], head: Mapping[str, float] | None, text: str) -> str | None:
    """The risky tool the head leans to (its likeliest class, answer included, ≥ HEAD_LEAN) for a clause `text` in
    which the rules read no action, when the clause asks plainly; None otherwise."""
    if not head or action_of(text).actions or not asks_plainly(text):
        return None
    top = max(head, key=head.__getitem__)
    return top if top in tools and risky(tools[top]) and head[top] >= HEAD_LEAN else None


def head_unlocked(tools: Mapping[str, Any], head: Mapping[str, float] | None, text: str) -> frozenset[str]:
    """The risky tools the intent head is sure `text` asks for, when the rules read it as asking something now,
    and the one it leans to when the rules read no action (head_leans). By name, not by action class: "fammi una
    cartella nuova" unlocks make_folder, not every tool that writes."""
    if not asks_plainly(text):
        return frozenset()
    acts = action_of(text).actions
    if acts and set(acts) <= READ_ONLY:
        return frozenset()  # the rules read a read ("apri X e dimmi cosa contiene": open made a read): no write
    lean = head_leans(tools, head, text)
    return frozenset(head_sure(tools, head, list(head or ()))) | ({lean} if lean else frozenset())


MEMORY_WRITER = "remember"
MAX_KEEP_WORDS = 8
FACT_OPENS = REMEMBER.pattern("fact_opens")


def fact_unlocked(tools: Mapping[str, Any], head: Mapping[str, float] | None, text: str) -> frozenset[str]:
    """`remember`, when the head is sure of it (≥ HEAD_UNLOCK) and the words before the fact ("please keep it in
    your head", before "that I work nights Tuesday to Thursday, so mornings after those are no good") ask plainly:
    the fact may hold a negation or a question of its own, which made the whole request read as not plain and the
    write stayed vetoed though the head read remember 0.78 (everyday22-10, answered "I'll keep that in mind")."""
    m = FACT_OPENS.search(text)
    if not head or m is None or head.get(MEMORY_WRITER, 0.0) < HEAD_UNLOCK or MEMORY_WRITER not in tools or \
            asks_a_question(text):  # "secondo te conviene…, io dico che…, tu che ne pensi": an opinion asked
        return frozenset()
    before = text[:m.start()]
    # the words that ask to keep are few ("please keep it in your head", "would you kindly make a note"); a long
    # run before the first "che" is a story or a question typed without marks, not the asking part
    if not before.strip() or len(before.split()) > MAX_KEEP_WORDS:
        return frozenset()
    return frozenset({MEMORY_WRITER}) if asks_plainly(before) else frozenset()


def tool_actions(tool: Any, affinity: Mapping[str, float] | None) -> frozenset[str]:
    """The classes `tool` performs: its declared `acts`, else those most of its examples name."""
    acts = tuple(getattr(tool, "acts", ()) or ())
    if acts:
        return frozenset(acts)
    return frozenset(a for a, v in (affinity or {}).items() if v >= MIN_AFFINITY)


def allowed(tool: Any, asked: frozenset[str], affinity: Mapping[str, float] | None = None,
            named: frozenset[str] | None = None) -> bool:
    """May `tool` be offered for a request that asks `asked` and names the objects `named`? Read tools always; a
    risky tool only when it performs an asked action — and, when it declares `objects`, on an object the
    request names ("cancellalo stu file" asks to delete, not to cancel a reminder)."""
    if not risky(tool):
        return True
    objects = frozenset(getattr(tool, "objects", ()) or ())
    if objects and named is not None and not objects & named:
        return False
    return bool(tool_actions(tool, affinity) & asked)


def vetoed(tools: Mapping[str, Any], names: Iterable[str], asked: frozenset[str],
           affinity: Mapping[str, Mapping[str, float]], named: frozenset[str] | None = None) -> set[str]:
    """The names among `names` the veto removes (for the planner's pool and for the details view); `named`: the
    objects the request names (None: not checked)."""
    return {n for n in names if n in tools and not allowed(tools[n], asked, affinity.get(n), named)}


def named_objects(text: str) -> frozenset[str]:
    """The object classes `text` names anywhere ("il promemoria del dentista" → reminder)."""
    return frozenset(action_of(text).objects)


_SAID_OF = ASKING.pattern("said_of_a_thing")  # "…, she gets grumpy if I wake her": tells, asks nothing


def asking_only(evd: Any) -> Any:
    """`evd` without the clauses that ask nothing — negated or conditional ones ("non aprirlo, leggimelo",
    "se lo cancello, …"), and the person's reasons ("devo chiudere la nota spese, …", "I'm flying out tomorrow")
    — when another clause remains to be done; the request's text is kept whole.

    Whether a clause asks is read as the veto reads it (`asked_actions`, sentence by sentence): a clause the
    splitter left whole can hold an account and a request ("ho salvato il file chissà dove, ci sono dei csv
    sotto X? trovameli") — its account marks it negated, yet it asks, so it stays; a reason clause beside it
    used to be the only one left, and the planner answered the reason. On the tune halves of the request sets
    9 of 461 requests read differently, each now keeping the clause that asks. Reading each clause's asks within
    the whole request's changed 4 tune and 4 held requests of the four sets, each now dropping a reason the
    planner used to answer first ("devo mandarlo al commercialista, leggimi X": the answer, and X never read)."""
    whole = asked_actions(evd.text)
    # a clause read alone can seem to ask ("devo mandarlo al capo" → send) what the whole request reads as a reason
    # ("devo mandarlo al capo, intanto leggimi X" asks a read): the whole request is the authority, as in the veto
    # — and a clause that reads as the person's reason or plan asks only what the whole request asks ("devo mandarlo
    # al commercialista, dimmi il totale…", cut in two now that a plan before a comma is a clause of its own)
    # a wish said after a question ("che ore sono a Karachi? voglio chiamarla") is why it is asked: it asks nothing
    wishes = [len(evd.clauses) > 1 and wish_after_question(evd.text, c.text) for c in evd.clauses]
    # "…, she gets grumpy if I wake her": what a thing is or someone else does (a place of its own may be where to
    # put something: "…, che si trova in X, dentro Y" keeps its Y)
    said_of = [len(evd.clauses) > 1 and _SAID_OF.match(c.text) is not None and not c.paths for c in evd.clauses]
    asks = [frozenset() if wish or said else asked_actions(c.text) & whole if whole or CONTEXT.match(c.text)
            else asked_actions(c.text) for c, wish, said in zip(evd.clauses, wishes, said_of)]
    keep: list[Any] = []
    carried: list[str] = []
    first_ask = next((i for i, a in enumerate(asks) if a), len(asks))
    # something is asked: an action, a question ("might copy them later, but for now how many pics…?"), or a
    # clause that names what to act on ("I'll delete it later, first show me X": "show" after "first" is unread)
    questions = [asked_as_question(evd.text, c.text) for c in evd.clauses]  # (a clause comes without its "?")
    asking = any(asks) or any(wishes) or any(q or c.paths for c, q in zip(evd.clauses, questions))
    # "poi la stampo in reparto, intanto fammi vedere X": before "for now / intanto", the person's plan
    now_at = for_now_at([c.text for c in evd.clauses])
    for i, (c, a) in enumerate(zip(evd.clauses, asks)):
        # a question is asked whatever it tells ("whats the last thing i changed in X?" reads as an account)
        told = (c.sig.negated or CONDITION.match(c.text) or said_of[i]) and not a and not questions[i]
        reason = asking and not a and not c.paths and (CONTEXT.match(c.text) is not None or i < now_at or wishes[i])
        # a story told before what is asked, or after it ("…London right now? | she gets grumpy if I wake her" was
        # planned as a step of its own, and the clock's time here answered; everyday10-48)
        if told or reason or (i != first_ask and _an_account(c) and not questions[i]):
            carried += c.paths  # "il file X non me lo aprire, leggimelo": X is what the next clause acts on
            continue
        if keep and not a and WHERE_IT_IS.match(c.text):
            continue  # "…leggimi note.md, che si trova in /x": where the thing before is, not a listing of /x
        if carried and not c.paths:
            c.slots = {**c.slots, "path": carried}
        carried = []
        keep.append(c)
    if keep and len(keep) < len(evd.clauses):
        evd.clauses = keep
    return evd


def _an_account(clause: Any) -> bool:
    """A clause that only tells — no action, no path or other value, no question ("eja, allora, stamattina mi sono
    accorto che mi manca sempre qualcosa quando vado all'ingrosso", before "quindi scrivimi in X anche farina"):
    beside a clause that asks an action it is the person's story, and the planner answered it instead of
    writing (everyday5-12). The request's text stays whole for the model."""
    text = clause.text
    values = any(clause.slots.get(k) for k in CARRIED_VALUES)  # what a later clause may use
    tells = TELL & set(split_words(text.lower()))  # "dimmi che ore sono" asks to be told
    return not clause.paths and not values and not tells and not asks_a_question(text) and not clause.sig.actions


def restated_call(tool: Tool, args: Mapping[str, Any], steps: Sequence[Any], tools: Mapping[str, Tool]) -> bool:
    """Does this call only repeat what this turn already did? A write: the same tool on the same target with the
    same text ("vorrei aggiungere in fondo a todo.txt 'comprare il pane', me lo scrivi tu per piacere?" appended
    the line, then the courtesy clause ran write_files again as an overwrite and todo.txt held only the new line).
    A read: the same call with the same arguments that succeeded, with no write after it that could have changed
    what it reads ("devo spostare X in archivio domani, intanto leggimelo" read X by the rules, then the model
    asked the same read again and the answer showed the file twice). A clause that restates what was just done
    asks nothing more. `tools`: the turn's tools by name, to tell a later write (an unknown name counts as one)."""
    if risky(tool):
        key = _write_key(args)
        return bool(key) and any(s.ok and s.tool == tool.name and _write_key(s.args) == key for s in steps)
    for i, s in enumerate(steps):
        if s.ok and s.tool == tool.name and dict(s.args) == dict(args):
            later = steps[i + 1:]
            if not any(s2.tool not in tools or risky(tools[s2.tool]) for s2 in later):
                return True
    return False


def _write_key(args: Mapping[str, Any]) -> tuple[str, ...]:
    """The target and the text of a write (paths sorted), or () when the call names no target. The paths are read
    as the tools read them (one path as a string is a list of one: a repeated write of it was not caught)."""
    paths = paths_given(args)
    if not paths:
        return ()
    text = args.get("content") or args.get("fact") or ""
    return (*sorted(str(p) for p in paths), str(args.get("dest") or ""), str(text).strip())


def made_up_figures(args: Mapping[str, Any], sources: Mapping[str, str], text: str) -> bool:
    """Did the model write a calculation with numbers the request does not give ("how long is a football match?"
    became "30 × 45 ÷ 60")? A calculator's exact result from made-up figures is a wrong answer said with
    certainty; the question is the answer stage's. Only a model-written expression: the rules copy the request's."""
    expr = args.get("expression")
    return sources.get("expression") == "model" and isinstance(expr, str) and bool(numbers_unsaid(expr, text))


def owed(t: Any, opts: Sequence[str], llm_ll: Mapping[str, float] | None = None) -> list[str]:
    """The offered tools that perform the action a clause still waiting after a step asks for ("read X then
    add 'Y' at the end of it", "aggiungi 'Y' a X e poi fammi vedere com'è venuto"): the request said it in
    words, so stopping is not the model's call. Measured clean: structure and model answered there on four
    of the everyday4/everyday5 two-clause requests (the model's usual slip, pick()'s after_step); the write
    veto has already kept what the request does not ask for out of `opts`. A write the model refuses outright
    (head_vote.model_refuses_write: `llm_ll`, the decision's scores) is not owed: the words were misread."""
    sit, clause = t.sit, t.evd.clause(t.clause_i)
    if not sit.steps_done or not sit.pending_clause or clause is None:
        return []
    asked = asked_actions(clause.text) & t.asked_all
    if not asked:
        return []
    affinity = t.idx.affinity_by_name()
    if any(n not in t.tools or tool_actions(t.tools[n], affinity.get(n)) & asked for n in sit.clause_tools):
        return []  # a tool that ran for the clause did what it asks (a read before its write: write_still_owed)
    # a tool that already ran, for a clause that names nothing of its own, would only run again on the same thing:
    # "apri la cartella X, che devo guardare una cosa" listed X twice (everyday10-16, 14-22: the model had the answer
    # 4.8 and 7.1 nats ahead); "leggi a.txt e poi leggi b.txt" names its own file and is still owed
    ran = {s.tool for s in t.ctx.turn.steps} if not clause.paths else set()
    return [o for o in opts if o in t.tools and not t.tools[o].builtin  # (a note or a plan is the model's)
            and o not in ran
            and tool_actions(t.tools[o], affinity.get(o)) & asked and not model_refuses_write(llm_ll, o, t.tools[o])]


def write_still_owed(t: Any, name: str) -> bool:
    """Did the read `name`, run for the pending clause, leave the change the clause asks for undone? Then the
    clause stays pending and its write is owed (`owed`): "metti anche detersivo piatti nella lista spesa.txt" read
    the list (the model 3.22 nats for the read, 3.38 for the write) and answered it, the item never added
    (everyday22-16 on its second look). Only a change a tool of the turn performs; a read clause served by a read
    is served."""
    clause, tool = t.evd.clause(t.clause_i), t.tools.get(name)
    if clause is None or tool is None or risky(tool):
        return False
    asked = asked_actions(clause.text) & t.asked_all
    affinity = t.idx.affinity_by_name()
    if not asked or tool_actions(tool, affinity.get(name)) & asked:
        return False
    if asked & TEXT_ACTIONS and not (clause.slots.get("quoted") or t.evd.inline or put_into_text(clause.text)):
        return False  # a text to write that the request does not carry would be the model's, from what was read
    return any(risky(x) and not x.builtin and tool_actions(x, affinity.get(n)) & asked for n, x in t.tools.items())


def pushing_actions(clause: Any, asked_all: frozenset[str]) -> tuple[str, ...]:
    """The clause's actions that count for the tools that perform them: none in a hypothetical that asks none of
    them (a plain question asks no action either, yet its verb says what to read: "cosa c'è in X?").
    "If I rename X, would you still be able to find it afterwards?" names a rename and a find, and asks neither —
    yet "find" ranked the searches over the answer the model preferred by 4.8 nats, and X's text was searched
    (everyday21-64, a substitute). A read is still offered; it is not pushed."""
    if clause is None:
        return ()
    acts: tuple[str, ...] = clause.sig.actions
    asked = asked_actions(clause.text) & asked_all
    if asked and not asked & set(acts):
        # what the clause asks, when its words' signature reads another action: "apri la cartella X che le voglio
        # far vedere al collega" signs a read (the goal's "far vedere"), asks an open (everyday22-30: listed)
        return tuple(sorted(asked))
    if not acts or not CONDITION.match(clause.text) or asked:
        return acts
    return ()
