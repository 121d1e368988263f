"""The router's own first stage: what the request asks to do, clause by clause, after L0, before L1/L2.

Each clause is either something no tool does (answered "I cannot …", capability.py), a clear file action
(its tool call by rules, file_stage.py), or something for the rest of the router and the planner.
- every clause unsupported: the answer is the "cannot" sentence, no tool runs;
- some unsupported: the supported clauses are done (by rules, or the planner gets exactly them) and the
  answer starts with what could not be done;
- every clause a file action: their calls, in order;
- otherwise: None, and the request goes on (L0, L1, L2, planner) untouched.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from app.lang.actions import action_of, asked_part
from app.lang.args_extractor import OBJECT_KINDS, extract
from app.lang.asked_actions import without_purpose
from app.lang.clauses import points_back, split_continuation, wish_after_question
from app.lang.context import CONTEXT
from app.lang.detect import detect_lang
from app.lang.later import asks_later
from app.lang.lexicon import STOPWORDS
from app.lang.messages import Message
from app.lang.normalize import normalize, split_words
from app.lang.rules.clauses import CLAUSES
from app.lang.typos import fix_verb_typo
from app.lang.vocabulary import verb_langs
from app.turn.decision import RouteResult

from .capability import RESTORE_CUE, CoverageCache, Verdict, asks_live, thing_of, unsupported
from .file_clause import Plan
from .file_stage import plan_clause
from .l0 import EDGE_FILLERS
from .refusal_check import IntentReader, SecondOpinion

# The courtesy edge words (app/lang/rules/courtesy.py) one by one, and greetings said alone (clauses.py)
_COURTESY = frozenset(w for f in EDGE_FILLERS for w in f.split()) | frozenset(CLAUSES.rule("greeting_words").words)


def _courtesy(clause: str, sig: Any) -> bool:
    """A clause that is only a greeting or a thank-you ("ciao,", "grazie mille")."""
    if sig.actions or sig.objects or any(v for k, v in extract(clause).items() if not k.startswith("_")):
        return False
    words = split_words(normalize(clause))
    return bool(words) and all(w in _COURTESY or w in STOPWORDS for w in words)


VERB_LANG_WORDS = 4  # "per favore mandalo a Luca": the command's verb is among a request's first words


def request_lang(text: str) -> str:
    """The request's language; a short command is told by its verb ("mandalo a Luca" is Italian) — a verb near the
    start only: "Si chiede di procedere alla compressione in formato zip…" was English by its "zip"."""
    for tok in split_words(normalize(fix_verb_typo(text)))[:VERB_LANG_WORDS]:
        forms = verb_langs(tok)
        if forms == {"it"} or forms == {"en"}:
            return next(iter(forms))
        if forms:
            break
    return detect_lang(text)


_THAT = CLAUSES.pattern("remember_that")


def _remember_that(clause: str, sig: Any) -> bool:
    """"ricordati che …", "remember that …": the rest is a fact to keep, its verbs are not requests."""
    return sig.actions[:1] == ("remember",) and _THAT.search(clause) is not None


class ActionStage:
    name = "actions"

    def __init__(self, tools: Callable[[], Iterable[Any]], has_tool: Callable[[str], bool],
                 intent: IntentReader | None = None):
        self._coverage = CoverageCache(tools)
        self._has_tool = has_tool
        self._intent = intent  # the intent head's reading of a request, for a refusal's second opinion
        self._last: tuple[str, str | None] = ("", None)  # (text, held) of the last decide: the router asks next

    def held(self, text: str) -> str | None:
        """Why no fast path may serve `text`: a clause asks a file action (delete, empty, move, rename, copy) that
        the rules declined ("rinomina /a/x in /b", "svuota il file X"). The planner decides it, with approval;
        a remembered call that looks alike must not replay it. None when nothing is held."""
        last = self._last
        if last[0] == text:
            return last[1]
        return self._decide(text)[1]

    def decide(self, text: str, owner: str | None = None) -> RouteResult | None:
        res, held = self._decide(text)
        self._last = (text, held)
        return res

    def _decide(self, text: str) -> tuple[RouteResult | None, str | None]:
        """Each clause read in order (`_read_clause`), then the stage's answer, or None when the rest of the
        router and the planner should have the request; and why a fast path is held, if one is."""
        clauses = split_continuation(text) or [text]
        d = _Decision(text, clauses, SecondOpinion(text, self._intent))
        for clause in clauses:
            self._read_clause(d, fix_verb_typo(clause))
        if d.cannot and d.steps:  # "sposta X in Y e poi comprimi la cartella": nothing half-done by rules; the
            # planner gets the part that can be done (with its approval) and the answer says what cannot
            d.rest = [c for c in d.read if c in d.done_by_rules or c in d.rest]  # (read: "spsota" was mended)
            d.steps = []
        if not d.cannot and not d.steps and not d.questions:
            return None, d.held
        if not d.cannot and d.rest:
            return None, d.held  # a file action inside a longer request: the planner plans the whole of it
        return _route_result(d), d.held

    def _read_clause(self, d: _Decision, clause: str) -> None:
        """One clause: a fact or the person's own plan (left as it is), something no tool does, or a file
        action by rules (its calls, its question, or held for the planner)."""
        d.read.append(clause)
        sig = action_of(clause)
        if _remember_that(clause, sig):
            d.rest.append(clause)  # "ricordati che mia sorella si chiama Giulia": what follows is the fact
            return
        if len(d.clauses) > 1 and (CONTEXT.match(clause) or _goes_on(d, clause, sig) or _why_asked(d, clause)):
            d.rest.append(clause)  # "devo mandare le foto a mia sorella, trovami i jpg": the person's own plan
            d.context.append(clause)
            return
        if d.refused and d.read[-2:-1] == d.refused[-1:] and (points_back(clause) or _of_its_result(clause, d)):
            d.refused.append(clause)  # "fai uno screenshot e salvalo in X": "lo" is the refused screenshot; "fai
            return  # una googlata su … e dimmi cosa esce": what the refused search would find
        verdict, plan = self._verdict(d, clause, sig)
        if verdict is not None:
            key = f"cannot.{verdict.cannot}"
            if key not in d.cannot:
                d.cannot.append(key)
            d.refused.append(clause)
            return
        if plan is None or plan.hold:
            if plan is not None and d.held is None:
                d.held = f"actions: {plan.hold}: left to the planner"
            if (d.cannot or d.steps or d.questions or clause is not d.clauses[-1]) and not _courtesy(clause, sig):
                d.rest.append(clause)  # "ciao," or "grazie" around a request is not a part of it
            return
        if plan.question is None:
            d.steps += plan.steps
            d.done_by_rules.append(clause)
        elif sum(not _courtesy(c, action_of(c)) for c in d.clauses) > 1:
            d.rest.append(clause)  # "scarica la pagina e cancellala": the planner knows what "la" is (but in "go
            # on then, bin it" nothing else could name it: everyday12-68 was answered "Sure, I'll help you")
        else:
            d.questions.append(plan.question)

    def _verdict(self, d: _Decision, clause: str, sig: Any) -> tuple[Verdict | None, Plan | None]:
        """What no tool does in the clause (a Verdict), else its file action by rules (a Plan, or None)."""
        verdict = None
        if sig.actions or RESTORE_CUE.search(clause) or asks_live(clause) or thing_of(clause):
            if d.covered is None:  # what the tools can do: only looked up for a clause with a verb
                d.covered = self._coverage.get()
            asked = without_purpose(clause)  # "per organizzare una videochiamata, che ore sono ad Atene?"
            verdict = unsupported(asked, d.covered, sig if asked == clause else None)
            if verdict is not None and verdict.cannot == "download" and extract(d.text).get("url"):
                verdict = None  # "mi serve il contenuto di <url>, me lo scarichi?": the page, said before
        if verdict is not None and not d.opinion.stands(verdict):
            verdict = None  # "I'm sending this to Sara tomorrow - can you find…": the send is not asked
        if verdict is not None:
            return verdict, None
        plan = plan_clause(clause, self._has_tool, sig)
        if plan is not None and (plan.steps or plan.question) and asks_later(asked_part(clause)):
            return Verdict("later", sig.actions[0] if sig.actions else "", guard=True), plan  # it would run now
        return None, plan


def _why_asked(d: _Decision, clause: str) -> bool:
    """A wish of the person's own right after a question ("che ore sono a Karachi? | voglio chiamare mia mamma"):
    why they ask, not a request (rules/context_reason.py, wish_after_question)."""
    return len(d.read) > 1 and wish_after_question(d.text, clause)


def _goes_on(d: _Decision, clause: str, sig: Any) -> bool:
    """Does a clause with no verb and no question carry on the person's plan told just before it ("Dovrei girare a
    Luca, | il mio enologo, gli appunti che ho in X")? Then it is part of that plan, not a request."""
    return bool(d.context) and d.read[-2:-1] == d.context[-1:] and not sig.actions and "?" not in clause


@dataclass
class _Decision:
    """What the clauses of one request have said so far, as `ActionStage._decide` reads them in order."""

    text: str
    clauses: list[str]
    opinion: SecondOpinion  # whether a refusal stands (refusal_check.py)
    covered: set[str] | None = None  # what the tools can do, once a clause needs it
    held: str | None = None
    cannot: list[str] = field(default_factory=list)  # "cannot.<what>" keys, each once
    refused: list[str] = field(default_factory=list)  # the clauses refused, and those acting on their result
    steps: list[dict[str, Any]] = field(default_factory=list)
    questions: list[Message] = field(default_factory=list)
    rest: list[str] = field(default_factory=list)  # the clauses left to the planner
    done_by_rules: list[str] = field(default_factory=list)  # the clauses whose calls the rules made
    read: list[str] = field(default_factory=list)  # every clause as read (typos mended), in order
    context: list[str] = field(default_factory=list)  # the clauses that tell the person's own plan (CONTEXT)


def _of_its_result(clause: str, d: _Decision) -> bool:
    """Does a clause that names no value and no thing of its own (a time, a date, a count: "e dimmi che ore sono"
    stays a question) follow a refused clause that named no file either? Then it asks about what the refused action
    would have given ("fai una googlata su … e dimmi cosa esce"), not about something that exists."""
    if any(v for k, v in extract(clause).items() if not k.startswith("_")) or \
            any(c.startswith("~") for c in action_of(clause).content):
        return False
    refused = extract(d.refused[-1])
    return not any(refused.get(k) for k in OBJECT_KINDS)


def _with_its_object(clause: str, refused: list[str]) -> str:
    """A clause left to the planner that names no file of its own, after a refused clause that named one: that file
    is what it asks about ("manda X al commercialista | e dimmi quante righe ha" — alone, the planner had nothing to
    count and said it had no file)."""
    own = extract(clause)
    if any(own.get(k) for k in OBJECT_KINDS):
        return clause
    named = [str(p) for c in refused for p in extract(c).get("path") or []]
    if len(set(named)) != 1:
        return clause
    return f'{clause} "{named[0]}"' if " " in named[0] else f"{clause} {named[0]}"  # a name with spaces, whole


def _route_result(d: _Decision) -> RouteResult:
    """The stage's answer: what cannot be done, the calls by rules, the question back, or the part left to
    the planner with the "cannot" said first."""
    lang = request_lang(d.text)
    said = " ".join(Message(k).text(lang) for k in d.cannot)
    asked = " ".join(q.text(lang) for q in d.questions)
    reason_bits = []
    if d.cannot:
        reason_bits.append("no tool performs: " + ", ".join(k.split(".", 1)[1] for k in d.cannot))
    if d.steps:
        reason_bits.append("file action by rules: " + ", ".join(s["tool"] for s in d.steps))
    if d.questions:
        reason_bits.append("a file action without a usable path: asked which one")
    if d.opinion.dropped:
        reason_bits.append("not refused, not asked: " + ", ".join(d.opinion.dropped))
    reason = "actions: " + "; ".join(reason_bits)
    notice = " ".join(x for x in (said, asked) if x) or None
    steps = d.steps
    res = RouteResult("L0", steps[0]["tool"] if len(steps) == 1 else None,
                      dict(steps[0]["args"]) if len(steps) == 1 else {},
                      steps=steps if len(steps) > 1 else None,
                      arg_sources=dict(steps[0]["arg_sources"]) if len(steps) == 1 else {},
                      reason=reason, lang=lang, stage="capability" if d.cannot else "files")
    if d.rest and not (d.cannot and not steps and all(c in d.context for c in d.rest)):
        # the person's own plan around a refused request is no request of its own: "Dovrei girare a Luca … gli
        # appunti in X, riesci a mandarglieli su WhatsApp?" read X out after the refusal (everyday9-40)
        res.planner_text = " ".join(_with_its_object(c, d.refused) for c in d.rest)
        res.notice = notice
    elif steps:
        res.notice = notice
    else:
        res.reply = notice
    return res
