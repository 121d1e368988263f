"""Where a multi-verb request can be cut into clauses ("scarica X e poi mandamelo" -> two)."""
from __future__ import annotations

import re

from .actions import action_of
from .context import CONTEXT
from .rules import ASKING
from .rules.clauses import CLAUSES
from .rules.context_reason import CONTEXT_REASON
from .rules.question import QUESTION

_SEQUENCE = CLAUSES.rule("sequence").alternation()  # "e poi", "and thereafter": always a new clause
_SPLIT = re.compile(r"\s*(?:,\s*)?\b(?:" + _SEQUENCE + r"|and also|quindi|e|ed|and|&)\b\s+|\s*[;,?!]\s+|"
                    r"(?<=\w)\.\s+", re.I)
_MAY_SPLIT = re.compile(r"(?i)[,;&?!]|\w\.\s|\b(?:e|ed|and|quindi|" + _SEQUENCE + ")")
_PARTICIPLE = re.compile(r"(?i)^\w+(?:ed|at[oaie]|it[oaie]|ut[oaie])\s*[.!?]*$")
_ELIDED_C = CLAUSES.pattern("elided_c")
_QUESTION = CLAUSES.pattern("question_opens")
_TELL = CLAUSES.pattern("tell_me_opens")
# "…? voglio chiamare mia mamma", "…? ho il telefono scarico": why the question is asked
_WISH = CONTEXT_REASON.any_of("wish_after_question", "state_after_question")
# "…, I want to call my mother": after a comma only a wish says why (a state there, "…, ho fretta", is left alone)
_WANT = CONTEXT_REASON.pattern("wish_after_question")
_BACK = CLAUSES.any_of("back_to_before_it", "back_to_before_en")
_ALWAYS = re.compile(r"(?i)^\s*(?:,\s*)?(?:" + _SEQUENCE + r"|;)")


_OPENS_QUESTION = QUESTION.opening("opens_it", "opens_en")
_ABOUT = ASKING.pattern("about_action")  # "perché…", "how…", "e come lo cancello"
_OPINION = QUESTION.pattern("opinion")  # "secondo te…", "…tu che ne pensi"
_PIECES = re.compile(r"[,;:.!]\s*")  # where a question may open inside a request typed without "?"


def asked_as_question(text: str, clause: str) -> bool:
    """Does `clause` (a clause of `text`, cut without its mark) ask a question — its own words, or the "?" that
    ended it in `text` ("giulia quando fa gli anni? | vorrei…")?"""
    if asks_a_question(clause):
        return True
    at = text.find(clause)
    return at >= 0 and text[at + len(clause):].lstrip().startswith("?")


def wish_after_question(text: str, clause: str) -> bool:
    """Is `clause` (a clause of `text`) a wish of the person's own said right after a question or a request ("che
    ore sono a Karachi? | voglio chiamare mia mamma", "Nairobi time now please, | I want to call my mother")? Then
    it says why they ask: no request of its own (everyday10-12, 14-49)."""
    if not _WISH.match(clause):
        return False
    at = text.find(clause[:24])  # (clauses come without the marks that cut them)
    before = text[:at].rstrip() if at > 0 else ""
    return before.endswith("?") or (before.endswith(",") and _WANT.match(clause) is not None)


def points_back(clause: str) -> bool:
    """Is the object of `clause` only a pronoun for what the clause before it named or made ("… e salvalo in X",
    "… and save it in X")? Then it acts on that clause's result, and has none when that clause is refused."""
    return _BACK.match(clause) is not None


def asks_a_question(text: str) -> bool:
    """Does `text` ask a question — a "?", or a clause that opens with a question word ("what is that file format
    called", "quel file è troppo grande, cosa faccio", "whats the last thing i changed in X")? Telling something to
    be done is not asking; a question is asked whatever else the text tells (planner/veto.py asking_only)."""
    return "?" in text or _OPINION.search(text) is not None or \
        any(_OPENS_QUESTION.match(c.strip()) or _ABOUT.match(c.strip()) for c in _PIECES.split(text))


def split_continuation(text: str) -> list[str]:
    """Cut a request into clauses that each start with an action: "scarica X e poi mandamelo" -> two.

    A bare "e"/"and"/"," cuts only when an action verb follows ("leggi a.txt e b.txt" stays whole);
    "e poi", "and then", "poi", "then" always cut.
    """
    if not isinstance(text, str) or not text.strip():
        return []
    if not _MAY_SPLIT.search(text):
        return [text.strip()]  # no joining word or mark at all: one clause (this runs before every request)
    parts: list[str] = []
    start = 0
    for m in _SPLIT.finditer(text):
        rest = text[m.end():]
        if not rest.strip() or m.start() <= start:
            continue
        joined = m.group(0).strip(" ,").lower() in ("e", "ed", "and")
        question = joined and ("?" in rest and _QUESTION.match(rest) or _TELL.match(rest.strip()))
        sep = m.group(0).strip()
        why = (sep == "?" and _WISH.match(rest)) or (sep == "," and _WANT.match(rest))  # "…? ho il phone scarico"
        plan = m.group(0).strip() == "," and (CONTEXT.match(rest) or CONTEXT.match(text[start:m.start()]))
        if not _ALWAYS.match(m.group(0)) and not action_of(" ".join(rest.split()[:3])).known and not question and \
                not plan and not why:
            continue  # (", devo stamparle", "might copy them later, but…": the person's plan is a clause of its own)
        if m.group(0).strip() in ("?", "!", ".") and not CONTEXT.match(rest) and not why:
            continue  # a sentence ends: a new clause only for the person's own plan ("… ? devo mandarlo a X")
        if m.group(0).strip().lower() == "e" and _ELIDED_C.search(text[start:m.start()]):
            continue  # "che c e scritto": c'è without its apostrophe, not "che c" and "scritto…"
        if _PARTICIPLE.match(rest.strip()):
            continue  # "copy X to Y, compressed": a word that says how, not a second request
        parts.append(text[start:m.start()].strip())
        start = m.end()
    parts.append(text[start:].strip())
    return _joined_connectives([p for p in parts if p])


def _joined_connectives(parts: list[str]) -> list[str]:
    """A lone word that asks nothing ("e, successivamente, la copia…" cut as "successivamente") opens the clause
    after it: as a clause of its own it was the pending one after the first step, and the planner answered
    instead of copying (everyday5-65, everyday4-67)."""
    out: list[str] = []
    carry = ""
    for i, p in enumerate(parts):
        if i < len(parts) - 1 and len(p.split()) == 1 and not action_of(p).known:
            carry = f"{carry} {p}".strip()
            continue
        out.append(f"{carry} {p}".strip() if carry else p)
        carry = ""
    return out
