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
"""
from __future__ import annotations

import re
import unicodedata

from app.lang.words import STOPWORDS

MAX_FACT_CHARS = 500
MAX_CATEGORY_CHARS = 40

# -- injection guard --------------------------------------------------------------
_INSTRUCTION_PATTERNS: list[tuple[str, str]] = [
    (r"\b(always|sempre)\b.{0,40}\b(approv\w*|accept\w*|accett\w*|allow\w*|consent\w*|autorizz\w*|authori[sz]\w*"
     r"|esegu\w*|execute|trust|fidati|fidarti|obbedisc\w*|obey|send|invia\w*|click|clicca\w*|installa\w*|install)",
     "tells the assistant to always do something"),
    (r"\b(approv\w*|accett\w*|accept\w*|allow|consenti\w*|autorizz\w*|esegui|execute|trust|fidati)\b.{0,40}"
     r"\b(always|sempre|automatically|automaticamente|senza chiedere|without asking)\b",
     "tells the assistant to always do something"),
    (r"\b(ignore|ignora\w*|disregard|forget|dimentica\w*|override|bypass|aggira\w*)\b.{0,40}"
     r"\b(instruction\w*|istruzion\w*|rules?|regol\w*|prompt|guard\w*|safety|sicurezza|previous|precedent\w*|system)",
     "tells the assistant to ignore its instructions"),
    (r"\b(from now on|d['’ ]?ora in poi|da ora in poi|da adesso in poi|da oggi in poi|henceforth|going forward)\b",
     "gives the assistant a standing order"),
    (r"\b(never|mai)\b.{0,30}\b(ask\w*|chied\w*|confirm\w*|conferm\w*|approv\w*|warn\w*|avvis\w*)\b",
     "tells the assistant to stop asking for approval"),
    (r"\b(without|senza)\s+(asking|chiedere|approval|approvazione|conferma|confirmation)\b",
     "tells the assistant to act without approval"),
    (r"\b(you are now|you must|you will|sei ora|ora sei|devi sempre|dovrai|act as|comportati|fingi di|pretend)\b",
     "addresses the assistant with an order"),
    (r"\b(system prompt|new instructions|nuove istruzioni|developer mode|jailbreak)\b",
     "tries to change the assistant's instructions"),
]
_INSTRUCTION_RES = [(re.compile(p, re.IGNORECASE), why) for p, why in _INSTRUCTION_PATTERNS]


def looks_like_instruction(text: str) -> str | None:
    """Why `text` reads as an instruction to the assistant rather than a fact (None when it does not)."""
    t = " ".join(text.replace("’", "'").split())
    for rx, why in _INSTRUCTION_RES:
        if rx.search(t):
            return why
    return None


# -- normalisation ----------------------------------------------------------------
def normalize(text: str) -> str:
    """Lowercase, straight apostrophes, no accents-insensitive tricks, no punctuation at the ends."""
    t = unicodedata.normalize("NFC", text).replace("’", "'").replace("`", "'").lower()
    return " ".join(t.split()).strip(" .,;:!?")


_CATEGORY_ALIASES = {
    "appointment": "appointments", "appuntamento": "appointments", "appuntamenti": "appointments",
    "calendar": "appointments", "agenda": "appointments", "meeting": "appointments", "meetings": "appointments",
    "preference": "preferences", "preferenza": "preferences", "preferenze": "preferences",
    "contact": "contacts", "contatto": "contacts", "contatti": "contacts",
    "task": "todo", "tasks": "todo", "da fare": "todo", "promemoria": "todo", "reminder": "todo",
    "reminders": "todo", "fact": "general", "facts": "general", "fatto": "general", "fatti": "general",
    "generale": "general", "misc": "general", "other": "general", "note": "general", "notes": "general",
    "person": "people", "persona": "people", "persone": "people", "family": "people", "famiglia": "people",
}


def normalize_category(category: str | None) -> str:
    c = normalize(category or "") or "general"
    c = re.sub(r"[^\w -]", "", c)[:MAX_CATEGORY_CHARS].strip() or "general"
    return _CATEGORY_ALIASES.get(c, c)


_WEEKDAYS = {"lunedì", "lunedi", "martedì", "martedi", "mercoledì", "mercoledi", "giovedì", "giovedi", "venerdì",
             "venerdi", "sabato", "domenica", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
             "sunday", "oggi", "domani", "dopodomani", "today", "tomorrow"}
_MONTHS = {"gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre",
           "novembre", "dicembre", "january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december"}


def guess_category(fact: str) -> str:
    t = normalize(fact)
    words = set(re.findall(r"\w+", t))
    if re.search(r"\b(compleann\w*|birthday|sorella|fratello|sister|brother|madre|padre|mother|father|figli\w*|"
                 r"moglie|marito|wife|husband)\b", t):
        return "people"
    if words & _WEEKDAYS or words & _MONTHS or re.search(r"\b(alle|at|ore)\s+\d{1,2}([:.]\d{2})?\b", t) or \
            re.search(r"\b(dentist\w*|appuntament\w*|appointment|meeting|riunione|visita|medico|doctor)\b", t):
        return "appointments"
    if re.search(r"\b(prefer\w*|favou?rite|preferit\w*|mi piace|i like|non mi piace|i don't like|odio|i hate)\b", t):
        return "preferences"
    if re.search(r"(@|\b(telefono|phone|cellulare|email|e-mail|indirizzo|address|numero)\b)", t):
        return "contacts"
    return "general"


# -- "ricordati che X" ------------------------------------------------------------
_TRIGGERS = [
    (r"(?:per favore\s+|please\s+)?(?:ricordati|ricorda|ricordatelo|memorizza|tieni a mente|segnati|annota|"
     r"ricordami)\s*(?:che|:|,)\s*(?P<x>.+)", None),
    (r"(?:per favore\s+|please\s+)?(?:ricordati|ricordami|ricorda)\s+di\s+(?P<x>.+)", "todo"),
    (r"(?:please\s+)?(?:remember|memori[sz]e|keep in mind|note down|don't forget|do not forget)\s*"
     r"(?:that|:|,)\s*(?P<x>.+)", None),
    (r"(?:please\s+)?(?:remember|remind me)\s+to\s+(?P<x>.+)", "todo"),
]
_TRIGGER_RES = [(re.compile(r"^\s*" + p + r"$", re.IGNORECASE | re.DOTALL), c) for p, c in _TRIGGERS]


# "ricordami di chiamare mamma tra 10 minuti", "remind me at 5pm to call bob": a reminder that should go off at a
# time. No tool rings or notifies later, so it is neither stored nor run: the person is told so, and that the
# fact itself can be kept ("ricordati che …"). A plain todo ("ricordati di comprare il latte", even with a day:
# "… lunedì") stays a fact to recall; what makes a reminder timed is a clock time, an offset or a later moment.
_REMIND = re.compile(r"^\s*(?:per favore\s+|please\s+)?(?P<w>ricordami|ricordati|ricorda|rammentami|avvisami|"
                     r"remind me|remember|alert me|ping me)\b(?P<rest>.*)$", re.IGNORECASE | re.DOTALL)
_REMIND_FACT = re.compile(r"^\s*(?:che|that|:|,)", re.IGNORECASE)  # "ricordami che …": a fact, whatever its time
_TIMED = re.compile(
    r"\b(?:tra|fra|entro|in|within|after|dopo)\s+(?:(?:un|una|un'|\d+|mezz'?|mezza|a|an|half an?|one|two|three|"
    r"five|ten|fifteen|twenty|thirty|due|tre|cinque|dieci|quindici|venti|trenta)\s*'?\s*)?"
    r"(?:minut\w*|min|ora|ore|oretta|secondi|quarto d'ora|minutes?|mins?|hours?|hrs?|seconds?|secs?)\b"
    r"|\b(?:alle|all'|at|ore|by|verso le|dopo le|prima delle|around|after|before)\s*\d{1,2}(?:[:.]\d{2})?"
    r"|\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)\b"
    r"|\b(?:a|at)\s+(?:mezzogiorno|mezzanotte|noon|midnight)\b"
    r"|\b(?:tra|fra) (?:poco|un po')"
    r"|\b(?:stasera|stanotte|stamattina|stamani|domattina|più tardi|piu tardi|dopo pranzo|dopo cena|tonight|"
    r"this (?:evening|afternoon|morning)|later(?: today| on)?|in a (?:bit|while|moment)|"
    r"tomorrow (?:morning|evening|night|afternoon)|domani (?:mattina|sera|pomeriggio)|oggi pomeriggio|"
    r"ogni (?:giorno|mattina|sera) alle|every (?:day|morning))\b",
    re.IGNORECASE)


def timed_reminder(text: str) -> str | None:
    """The language ("it"/"en") of a request to be reminded at a time, which no tool can do; None otherwise."""
    t = " ".join(text.replace("’", "'").split())
    m = _REMIND.match(t)
    if m is None or _REMIND_FACT.match(m.group("rest")) or not _TIMED.search(m.group("rest")):
        return None
    w = m.group("w").lower()
    if w in ("remember", "ricorda", "ricordati") and not re.match(r"\s+(?:di|to)\b", m.group("rest"), re.I):
        return None  # "ricordati il compleanno alle 9"? not a reminder form; left to the other rules
    return "it" if w.startswith(("ricord", "rammentami", "avvisami")) else "en"


def extract_fact(text: str) -> tuple[str, str] | None:
    """'ricordati che il dentista è giovedì alle 10' → ('il dentista è giovedì alle 10', 'appointments')."""
    if timed_reminder(text):
        return None  # to be reminded at a time: nothing to store (the remember stage says why)
    t = " ".join(text.replace("’", "'").split())
    for rx, category in _TRIGGER_RES:
        m = rx.match(t)
        if m:
            fact = m.group("x").strip().rstrip(".!").strip()
            if fact.endswith("?") or len(fact) < 3:
                return None
            return fact, category or guess_category(fact)
    return None


# -- same subject ------------------------------------------------------------------
_STOP = STOPWORDS | {"l", "s", "ore", "have", "has", "was", "il"}  # "ore": "alle 9" and "at 9" are one subject
_COPULA = re.compile(r"\s(?:è|e'|sono|sarà|era|is|are|was|will be|=|:)\s")


def _tokens(text: str) -> list[str]:
    return re.findall(r"[\w@.:+-]+", normalize(text).replace("'", " "))


def _content(tokens: list[str]) -> list[str]:
    return [t for t in tokens if t not in _STOP]


def _value_like(tok: str) -> bool:
    return bool(re.fullmatch(r"[\d.:,/+-]+(am|pm|h)?", tok)) or tok in _WEEKDAYS or tok in _MONTHS


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
_IT_HINTS = re.compile(r"\b(quando|quale|qual|cosa|chi|dove|come|ho|il|la|mio|mia|ricordi|sai)\b", re.IGNORECASE)


def quote_answer(question: str, fact_text: str, date: str, source: str) -> str:
    """A deterministic reply that quotes a remembered fact in the question's language."""
    if _IT_HINTS.search(question):
        return f"Dalla memoria ({date}, {source}): {fact_text}"
    return f"From memory ({date}, {source}): {fact_text}"
