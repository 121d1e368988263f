"""Text rules about facts, deterministic and model-free (IT + EN).

* `looks_like_instruction` — the injection guard: a "fact" that tells the
  assistant what to do ("approva sempre...", "ignore previous instructions")
  is not a fact, and only the user may store it, by hand.
* `extract_fact` — "ricordati che X" / "remember that X" → X, so the fast path
  can call remember without the model; `timed_reminder` tells a reminder at a
  time ("ricordami di chiamare mamma tra 10 minuti"), which no tool can honour.
* `same_subject` — whether a new fact replaces an old one. Embeddings cannot
  tell "il dentista è giovedì" from "il parrucchiere è giovedì" (cosine
  ~0.95, measured), so the embedding only proposes a candidate and these
  rules decide: same subject before the copula, or a shared head with only
  the tail changed, or only values (days, times, numbers) changed.

The words these rules read are tables with their examples under app/lang/rules (instruction, remember, reminder,
fact_limits, subject, question); this module says in which order they apply and what follows.
"""
from __future__ import annotations

import datetime as dt

from app.lang.detect import detect_lang
from app.lang.lead import FIRST_WORD, after_lead
from app.lang.rules import ASKING, COURTESY
from app.lang.rules.fact_limits import FACT_LIMITS, LIMITED, QUALIFIED, SECOND_REQUEST
from app.lang.rules.instruction import INSTRUCTION
from app.lang.rules.remember import REMEMBER
from app.lang.rules.reminder import DAY_RULES, REMINDER, TIME_RULES
from app.lang.rules.subject import SUBJECT
from app.lang.tokens import value_tokens
from app.lang.values import numeric_token
from app.lang.when import DAY_WORDS as WEEKDAYS
from app.lang.when import MONTH_NAMES as MONTHS
from app.lang.words import STOPWORDS, one_slip

from .categories import normalize

MAX_FACT_CHARS = 500


# -- injection guard --------------------------------------------------------------
# the rules are app/lang/rules/instruction.py; here, what the person is told for each
_INSTRUCTION_WHY: tuple[tuple[str, str], ...] = (
    ("always_do", "tells the assistant to always do something"),
    ("do_always", "tells the assistant to always do something"),
    ("ignore_rules", "tells the assistant to ignore its instructions"),
    ("standing_order", "gives the assistant a standing order"),
    ("never_ask", "tells the assistant to stop asking for approval"),
    ("without_asking", "tells the assistant to act without approval"),
    ("addresses_assistant", "addresses the assistant with an order"),
    ("new_instructions", "tries to change the assistant's instructions"),
)
_INSTRUCTION_RES = [(INSTRUCTION.pattern(rule_id), why) for rule_id, why in _INSTRUCTION_WHY]


def looks_like_instruction(text: str) -> str | None:
    """Why `text` reads as an instruction to the assistant rather than a fact (None when it does not)."""
    t = " ".join(text.replace("’", "'").split())
    for rx, why in _INSTRUCTION_RES:
        if rx.search(t):
            return why
    return None


# -- "ricordati che X" ------------------------------------------------------------
# "tu ricorda che …", "ehm allora ricordati che …", "ok remember that …": a word or two in front changes nothing
# (app/lang/lead.py)
# the trigger forms (app/lang/rules/remember.py), tried in this order; the category only when the form says it
_TRIGGERS = (("keep_it", None), ("todo_it", "todo"), ("dont_forget_it", None), ("keep_en", None),
             ("todo_en", "todo"), ("keep_save", None))
_TRIGGER_RES = [(after_lead(REMEMBER.rule(rule_id)), c) for rule_id, c in _TRIGGERS]


# "ricordami di chiamare mamma tra 10 minuti", "remind me at 5pm to call bob": a reminder that should go off at a
# time. No tool rings or notifies later, so it is neither stored nor run: the person is told so, and that the
# fact itself can be kept ("ricordati che …"). A plain todo ("ricordati di comprare il latte", even with a day:
# "… lunedì") stays a fact to recall; what makes a reminder timed is a clock time, an offset or a later moment.
_REMIND = after_lead(REMINDER.rule("remind"))
_REMIND_FACT = REMINDER.pattern("remind_fact")  # "ricordami che …": a fact, whatever its time
_REMIND_TO = REMINDER.pattern("remind_to")  # "ricordati di …", "remember to …": the reminder form
_NEEDS_TO = REMINDER.pattern("remind_needs_to")  # "remember" alone is no reminder form
_ITALIAN_VERB = REMINDER.pattern("remind_italian")
_TIMED = REMINDER.any_of(*TIME_RULES)
# A day after today ("domani", "giovedì", "next week", "il 12"): today itself is no later day
_ON_A_DAY = REMINDER.word_of(*DAY_RULES)


def timed_reminder(text: str) -> str | None:
    """The language ("it"/"en") of a request to be reminded at a time, which no tool can do; None otherwise."""
    t = " ".join(text.replace("’", "'").split())
    m = _REMIND.match(t)
    if m is None or _REMIND_FACT.match(m.group("rest")):
        return None
    w = m.group("w").lower()
    if not (_TIMED.search(m.group("rest")) or _ON_A_DAY.search(m.group("rest"))):
        return None  # "ricordati di comprare il latte" is a todo to recall; "… domani" would ring then, and a
    #                 stored "domani" is wrong the day after
    if _NEEDS_TO.match(w) and not _REMIND_TO.match(m.group("rest")):
        return None  # "ricordati il compleanno alle 9"? not a reminder form; left to the other rules
    return "it" if _ITALIAN_VERB.match(w) else "en"


# "remember my doctor is Dr. Rossi", "ricordati mia sorella si chiama Anna": no "che/that", but what follows is a
# statement (a copula or a naming verb), not a todo ("di/to"), a question ("where …") or a thing ("il compleanno").
_BARE_TRIGGER = REMEMBER.pattern("bare")
_NOT_A_STATEMENT = REMEMBER.opening("not_statement_link", "not_statement_question", "not_statement_pointer")
_STATEMENT_VERB = REMEMBER.pattern("statement_verb")
# "remember I can't stand oaky chardonnay", "ricorda che odio…" without "che": the person says what they like
_FIRST_PERSON = REMEMBER.pattern("first_person")


def _bare_fact(t: str) -> str | None:
    m = _BARE_TRIGGER.match(t)
    if m is None:
        return None
    x = m.group("x").strip()
    if _FIRST_PERSON.match(x):
        return x
    if _NOT_A_STATEMENT.match(x) or not _STATEMENT_VERB.search(" " + x + " ") or _STATEMENT_VERB.match(" " + x):
        return None
    return x


_KE = REMEMBER.pattern("texting_che")


_THANKS = COURTESY.pattern("thanks_end")


_TRIGGER_WORDS = REMEMBER.rule("typo_target").words
# the first word after the lead (lang/lead.FIRST_WORD): where a slip in the remember verb is looked for


# "… e mettilo nel calendario", "… and send it to Paul": a second request, not part of the fact
_SECOND_REQUEST = FACT_LIMITS.any_of(*SECOND_REQUEST)
# "ricordati che X, anzi no, lascia perdere": asked, then taken back
_TAKEN_BACK = ASKING.any_of("taken_back", "no_matter")
# "…, ma solo fino a venerdì", "… solo se non ho altri impegni": a fact kept for a while or on a condition, which
# memory cannot do; "… e che Paul mi deve 20 euro": two facts. The planner answers these.
_QUALIFIED = FACT_LIMITS.any_of(*QUALIFIED)
# "remember that until Friday the code is 1234", "… che per questa settimana lavoro da casa": the fact opens with
# its time limit — kept only for a while, which memory cannot do ("la palestra è chiusa fino a lunedì" is a fact
# about the gym, and "se piove la partita è annullata" a fact with its condition: both kept)
_LIMITED = FACT_LIMITS.any_of(*LIMITED)



def _fix_trigger(t: str) -> str:
    """"remeber that …", "ricoradti che …": the remember verb typed with one slip is still the verb."""
    m = FIRST_WORD.match(t)
    if m is None or len(m.group(2)) < 6:
        return t
    w = m.group(2).lower()
    near = [v for v in _TRIGGER_WORDS if one_slip(w, v)]
    return t[:m.start(2)] + near[0] + t[m.end(2):] if len(near) == 1 else t


def extract_fact(text: str) -> tuple[str, str | None] | None:
    """'ricordati che il dentista è giovedì alle 10' → ('il dentista è giovedì alle 10', None): the category only
    when the trigger says it ('ricordati di comprare il latte' → 'todo'); memory files the rest by meaning."""
    if timed_reminder(text):
        return None  # to be reminded at a time: nothing to store (the remember stage says why)
    t = _KE.sub("che", " ".join(text.replace("’", "'").split()))  # "ricordati ke …": texting for "che"
    t = _fix_trigger(t)
    if _QUALIFIED.search(t) or _SECOND_REQUEST.search(t) or _TAKEN_BACK.search(t):
        return None
    t = _THANKS.sub("", t)  # "segnati che la palestra è alle 18, grazie": the thanks is not part of the fact
    for rx, category in _TRIGGER_RES:
        m = rx.match(t)
        if m:
            fact = m.group("x").strip().rstrip(".!").strip()
            if fact.endswith("?") or len(fact) < 3 or _LIMITED.search(fact):
                return None
            return fact, category
    bare = _bare_fact(t)
    if bare is not None:
        fact = bare.rstrip(".!").strip()
        if fact.endswith("?") or len(fact) < 3 or _LIMITED.search(fact):
            return None
        return fact, None
    return None


# -- same subject ------------------------------------------------------------------
_STOP = STOPWORDS | set(SUBJECT.rule("filler").words)  # "ore": "alle 9" and "at 9" are one subject
_COPULA = SUBJECT.pattern("copula")


def _tokens(text: str) -> list[str]:
    return value_tokens(normalize(text).replace("'", " "))


def _content(tokens: list[str]) -> list[str]:
    return [t for t in tokens if t not in _STOP]


def _value_like(tok: str) -> bool:
    return numeric_token(tok) or tok in WEEKDAYS or tok in MONTHS


def _subject(text: str) -> str | None:
    m = _COPULA.search(" " + normalize(text) + " ")
    if not m or m.start() == 0:
        return None
    return " ".join(_content(_tokens(normalize(text)[: m.start()])))


def same_subject(old: str, new: str) -> bool:
    """True when `new` is about the same thing as `old` with a different value (so it replaces it)."""
    a, b = normalize(old), normalize(new)
    if a == b:
        return True
    sa, sb = _subject(a), _subject(b)
    if sa and sb:
        return sa == sb
    ta, tb = _tokens(a), _tokens(b)
    shared = 0
    for x, y in zip(ta, tb):
        if x != y:
            break
        shared += 1
    if len(_content(ta[:shared])) >= 2:
        return True
    ca, cb = set(_content(ta)), set(_content(tb))
    changed = ca ^ cb
    return bool(ca & cb) and bool(changed) and all(_value_like(t) for t in changed)


# -- a model-free answer for recall questions ---------------------------------------


def quote_answer(question: str, fact_text: str, date: str, source: str) -> str:
    """A deterministic reply that quotes a remembered fact in the question's language, saying where it came from
    and when in words: "Dalla memoria, detto da te il 2 dicembre: …" (never "(2026-12-02, user)")."""
    from app.lang.messages import say
    from app.turn.describe import day_words, source_name

    from . import messages as _messages  # noqa: F401  (registers the sentences)

    lang = detect_lang(question)  # the app's reading of a request's language ("quand'è che compie gli anni Giulia?")
    said = source_name(source, lang)
    try:
        day = dt.date.fromisoformat(str(date)[:10])
    except ValueError:
        return say("memory.quoted", lang, source=said, fact=fact_text)
    return say("memory.quoted_on", lang, source=said, day=day_words(day, lang), fact=fact_text)
