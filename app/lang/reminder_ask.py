"""A request to be reminded, read once: is it one, when (lang/reminder_when.py), and of what.

"ricordami domani alle 9 di pagare l'F24" → ("pagare l'F24", tomorrow 9:00, it). Read by the reminders' routing
stage, their tool (a `when` said in words) and the request suite; the words are rules with examples in
app/lang/rules/reminder_when.py.

What is *not* a reminder, so that memory keeps its requests: "ricordati che il dentista è giovedì" (a fact:
'che/that' right after the verb), "ricordami di comprare il latte" (no moment: a todo to remember), "mi ricordi
cosa devo fare domani?" (a question), "non ricordarmelo" (negated), "se piove ricordami…" (a condition no clock
can tell). A request with a remind verb and a vague moment ("più tardi", "later") is `vague`: the person is asked
when, rather than told that reminders do not exist.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import partial

from app.lang.detect import detect_lang
from app.lang.lexicon import TEXTING
from app.lang.reminder_when import When, read_when
from app.lang.rules.courtesy import COURTESY
from app.lang.rules.month_words import DAY_WORDS, MONTH_WORDS
from app.lang.rules.reminder import DAY_RULES, REMINDER, TIME_RULES
from app.lang.rules.reminder_list import REMINDER_LIST
from app.lang.rules.reminder_request import REMINDER_REQUEST
from app.lang.rules.weekday_words import WEEKDAY_WORDS, WEEKDAYS_EN, WEEKDAYS_EN_SHORT, WEEKDAYS_IT, WEEKDAYS_IT_SHORT
from app.lang.words import one_slip

_CUE = REMINDER_REQUEST.pattern("cue")
_ASKS = (REMINDER_REQUEST.pattern("ask"), REMINDER_REQUEST.pattern("ask_formal"), REMINDER_REQUEST.pattern("ask_idiom"))
_NEEDS_TO = REMINDER_REQUEST.pattern("ask_needs_to")
_ITALIAN = REMINDER_REQUEST.pattern("ask_italian")
_FACT = REMINDER_REQUEST.pattern("fact_after")
_QUESTION = REMINDER_REQUEST.pattern("question_after")
_NEGATED = REMINDER_REQUEST.pattern("negated")
_CONDITION = REMINDER_REQUEST.pattern("condition_before")
_LEADS = (REMINDER_REQUEST.pattern("lead_courtesy"), REMINDER_REQUEST.pattern("lead"),
          REMINDER_REQUEST.pattern("lead_modal"))
_TAIL = REMINDER_REQUEST.pattern("tail")
_END_WORDS = (COURTESY.pattern("thanks_end"), COURTESY.pattern("fillers_end"))  # "…, thank you dear", "… lol"
_TO = REMINDER.pattern("remind_to")  # " di …", " to …"
_VAGUE = re.compile(REMINDER.joined(*TIME_RULES) + "|" + REMINDER.either(*DAY_RULES), re.IGNORECASE)
_CANCEL = REMINDER_LIST.pattern("cancel")
_CANCEL_LEAD = REMINDER_LIST.pattern("cancel_lead")
_LIST = REMINDER_LIST.pattern("list")
_NOUNS = ("promemoria", "reminder")  # a noun asks only at the start: "promemoria: dentista alle 9"
_WORD = re.compile(r"[^\W\d_]+")
# short weekdays where a weekday stands, spelled out: "sat at 10" → "saturday at 10", "sab alle 11" → "sabato alle 11"
_SHORT_DAYS = ((WEEKDAY_WORDS.pattern("weekday_en_short"), WEEKDAYS_EN_SHORT, WEEKDAYS_EN),
               (WEEKDAY_WORDS.pattern("weekday_it_short"), WEEKDAYS_IT_SHORT, WEEKDAYS_IT))
# "il due di novembre" -> "il 2 novembre", "the third of March" -> "the 3 March"
_DAYS_IN_WORDS = (MONTH_WORDS.pattern("day_in_words_it"), MONTH_WORDS.pattern("day_in_words_en"))
_BOUNDARY = re.compile(r".*(?:[.!?;,]|\s[-–—])\s", re.DOTALL)  # greedy: the last boundary before the verb
_TYPO_TARGETS = {"it": (*REMINDER_REQUEST.rule("typo_it").words, *WEEKDAY_WORDS.rule("weekday_slip_it").words),
                 "en": (*REMINDER_REQUEST.rule("typo_en").words, *WEEKDAY_WORDS.rule("weekday_slip_en").words)}


def _by_first_letter(words: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """`words` grouped by their first letter: a slip (words.one_slip) keeps the first letter, so a word is compared
    only with the targets it could be — the first look runs on every request L0 does not answer."""
    out: dict[str, tuple[str, ...]] = {}
    for w in words:
        out[w[0]] = (*out.get(w[0], ()), w)
    return out


# the remind verbs and nouns of both languages, for the cheap first look at a request typed with a slip ("remnd me"),
# and the words that could be one of them: a letter run of 5-11 letters opening with one of their first letters
_CUE_SLIPS = _by_first_letter(tuple(w for w in REMINDER_REQUEST.words("typo_it", "typo_en") if _CUE.search(w)))
_MAYBE_SLIP = re.compile(r"(?<![^\W\d_])[" + "".join(_CUE_SLIPS) + r"][^\W\d_]{4,10}(?![^\W\d_])")


@dataclass(frozen=True)
class ReminderAsk:
    text: str  # what to be reminded of, in the person's words ("" when only the moment was said)
    when: When | None  # None when the moment is vague ("più tardi"): ask when
    lang: str
    verb: str

    @property
    def vague(self) -> bool:
        return self.when is None



def fix_slips(text: str) -> str:
    """The time words and remind verbs of the request's language typed with one slip, read as meant
    ('domnai' → 'domani', 'tomorow' → 'tomorrow'); a word near two targets, or near none, is left alone. Short
    weekdays where a weekday stands are spelled out ('sat at 10' → 'saturday at 10', 'sab alle 11'); a date's day
    said in words is written in digits ('il due di novembre' → 'il 2 novembre')."""
    targets = _TYPO_TARGETS["it" if detect_lang(text) == "it" else "en"]

    def fix(m: re.Match[str]) -> str:
        w = m.group(0).lower()
        if len(w) < 5 or w in targets:
            return m.group(0)
        near = [t for t in targets if one_slip(w, t)]
        return near[0] if len(near) == 1 else m.group(0)

    text = _WORD.sub(fix, text)
    for pattern in _DAYS_IN_WORDS:
        text = pattern.sub(_day_in_digits, text)
    for pattern, short, names in _SHORT_DAYS:
        text = pattern.sub(partial(_spelled_day, short, names), text)
    return text


def _day_in_digits(m: re.Match[str]) -> str:
    n = DAY_WORDS.get(" ".join(m.group("n").lower().split()))
    return f"{n} " if n else m.group(0)


def _spelled_day(short: dict[str, int], names: tuple[str, ...], m: re.Match[str]) -> str:
    return names[short[(m.group("d") or m.group("d2")).lower()]]


def _what(text: str) -> str:
    """What is left once the verb and the moment are blanked: the words between, trimmed of 'di/to/per…'."""
    t = " ".join(text.replace("\x00", " ").split())
    trimmed = True
    while trimmed:  # "che devo …", "to me to …": the lead words, the modal's, then the lead words again
        trimmed = False
        for lead in _LEADS:
            m = lead.match(t)
            if m and m.end():
                t, trimmed = t[m.end():], True
    while True:  # "ring Margaret. Thank you dear", "get off xbox lol": the courtesy table's words at the end
        cut = _TAIL.sub("", t)
        for p in _END_WORDS:
            cut = p.sub("", cut)
        if cut == t:
            return t.strip()
        t = cut


def _moment_leads(when: When | None, start: int, verb_at: int) -> bool:
    """Is a moment said in the asking sentence before the verb ("il 2 settembre ricordami che viene il ragioniere",
    reminders 632)? Then "che …" is what to be told at that moment, not a fact to keep: the person put the time
    first, as one sets a reminder. After the verb ("ricordami che il dentista è giovedì") the moment belongs to the
    fact."""
    return when is not None and any(start <= a and b <= verb_at for a, b in when.spans)


def _asking_sentence(before: str) -> int:
    """Where the sentence (or comma clause) that holds the remind verb begins: just after the last stop, comma
    or dash before the verb; 0 when the verb's sentence is the first."""
    cut = _BOUNDARY.search(before)
    return cut.end() if cut else 0


def _ask_verb(text: str) -> re.Match[str] | None:
    """The first verb (or noun) that asks to be reminded, of any form the rules know."""
    found = [m for rx in _ASKS if (m := rx.search(text)) is not None]
    return min(found, key=lambda m: m.start()) if found else None


def might_ask(text: str) -> bool:
    """A cheap look: could `text` ask for a reminder at all? (False for nearly every other request.)"""
    if not isinstance(text, str):
        return False
    if _CUE.search(text) is not None:
        return True  # a remind verb typed with one slip ("remnd me", "ricodami") is mended by fix_slips below
    return any(one_slip(w, t) for w in _MAYBE_SLIP.findall(text.lower()) for t in _CUE_SLIPS[w[0]])


def read_reminder(text: str, now: datetime) -> ReminderAsk | None:
    """The reminder `text` asks for, or None when it asks for none (see the module's docstring)."""
    if not might_ask(text):
        return None
    t = fix_slips(" ".join(text.replace("’", "'").split()))
    m = _ask_verb(t)
    if m is None:
        return None
    verb = " ".join(m.group("w").lower().split())
    before, after = t[:m.start()], t[m.end():]
    if _NEGATED.search(before) or _CONDITION.search(before) or _QUESTION.match(after):
        return None
    if verb in _NOUNS and before.strip(" ,.!:;-"):
        return None  # "cancella il promemoria di domani" names a reminder, it asks for none
    lang = "it" if _ITALIAN.match(verb) else "en"
    start = _asking_sentence(before)
    when = read_when(t, now, start)
    if _FACT.match(after) and not _moment_leads(when, start, m.start()):
        return None  # "ricordami che il dentista è giovedì": a fact to keep, memory's
    blanked = t[:m.start()] + "\x00" * (m.end() - m.start()) + t[m.end():]
    if when is not None:
        for a, b in when.spans:
            blanked = blanked[:a] + "\x00" * (b - a) + blanked[b:]
    rest = blanked[m.end():]
    if _NEEDS_TO.match(verb) and not _TO.match(" " + rest.replace("\x00", " ").strip()):
        return None  # "ricorda: il codice è 1234 alle 9"? the fact form; memory's
    if when is None:
        if _VAGUE.search(after) is None:
            return None
        return ReminderAsk(_what(_VAGUE.sub(lambda v: "\x00" * len(v.group(0)), rest)), None, lang, verb)
    # a question mark ends the request: what follows is another sentence ("Could you remind me on Sunday at 7 to
    # charge the batteries? The wedding is that afternoon", reminders batch 15 kept "?" and the reason in it)
    what = _what(rest.split("?")[0]) or _what(blanked[:m.start()])
    return ReminderAsk(what, when, lang, verb)


@dataclass(frozen=True)
class ReminderCommand:
    """"quali promemoria ho?" → ("list", None, None); "cancella il promemoria del dentista" → ("cancel", "dentista",
    None); "togli il promemoria 2" → ("cancel", None, 2)."""

    action: str  # "list" | "cancel"
    words: str | None
    number: int | None
    lang: str


def read_command(text: str) -> ReminderCommand | None:
    """A request about the reminders already set, or None (a cancel that names none is the planner's)."""
    if not isinstance(text, str) or ("promemoria" not in text.lower() and "reminder" not in text.lower()):
        return None
    t = _WORD.sub(lambda w: TEXTING.get(w.group(0).lower(), w.group(0)), " ".join(text.replace("’", "'").split()))
    lang = detect_lang(t)  # texting spelled out first: "ke promemoria ho attivi? nn me li ricordo" (everyday9-35)
    m = _CANCEL.search(t)
    if m is not None:
        if _NEGATED.search(t[:m.start()]):
            return None
        rest = m.group("what")
        lead = _CANCEL_LEAD.match(rest)
        what = _TAIL.sub("", rest[lead.end():] if lead else rest).strip()
        if not what:
            return None
        return ReminderCommand("cancel", None if what.isdigit() else what, int(what) if what.isdigit() else None,
                               lang)
    m = _LIST.search(t)
    if m is not None and not _NEGATED.search(t[:m.start()]):
        return ReminderCommand("list", None, None, lang)
    return None
