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

from app.lang.rules import ASKING, COURTESY
from app.lang.when import DAY_WORDS as WEEKDAYS
from app.lang.when import MONTH_NAMES as MONTHS
from app.lang.words import STOPWORDS

from .categories import normalize

MAX_FACT_CHARS = 500

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


# -- "ricordati che X" ------------------------------------------------------------
# "tu ricorda che …", "ehm allora ricordati che …", "ok remember that …": a word or two in front changes nothing
_LEAD = r"(?:" + COURTESY.rule("lead").alternation() + r"[\s,?!]+)*"  # app/lang/rules/courtesy.py
_TRIGGERS = [
    (r"(?:per favore\s+|please\s+)?(?:ricordati|ricorda|ricordatelo|memorizza|tieni a mente|segnati|annotati|annota|"
     # the formal forms: "la prego di ricordarsi che …", "si ricordi che …", "tenga a mente che …"
     r"ricordami|ricordarsi|ricordare|si ricordi|memorizzare|memorizzi|tenere a mente|tenga a mente|si segni|"
     r"prenda nota|prendi nota)\s*(?:che|:|,)\s*(?P<x>.+)", None),
    (r"(?:per favore\s+|please\s+)?(?:ricordati|ricordami|ricorda)\s+di\s+(?P<x>.+)", "todo"),
    (r"(?:per favore\s+)?(?:non dimenticare|non dimenticarti|non scordare|non scordarti)\s*(?:che|:|,)\s*(?P<x>.+)",
     None),
    (r"(?:please\s+)?(?:remember|memori[sz]e|keep in mind|note down|don'?t forget|do not forget|make a note|"
     r"take note|note|jot down)\s*"
     r"(?:that|che|:|,)\s*(?P<x>.+)", None),  # "remember che …": a mixed request is still a fact to keep
    (r"(?:please\s+)?(?:remember|remind me)\s+to\s+(?P<x>.+)", "todo"),
]
_TRIGGER_RES = [(re.compile(r"^\s*" + _LEAD + p + r"$", re.IGNORECASE | re.DOTALL), c) for p, c in _TRIGGERS]


# "ricordami di chiamare mamma tra 10 minuti", "remind me at 5pm to call bob": a reminder that should go off at a
# time. No tool rings or notifies later, so it is neither stored nor run: the person is told so, and that the
# fact itself can be kept ("ricordati che …"). A plain todo ("ricordati di comprare il latte", even with a day:
# "… lunedì") stays a fact to recall; what makes a reminder timed is a clock time, an offset or a later moment.
_REMIND = re.compile(r"^\s*" + _LEAD + r"(?P<w>ricordami|ricordati|ricorda|rammentami|avvisami|"
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


# A day after today ("domani", "giovedì", "next week", "il 12"): today itself is no later day
_ON_A_DAY = re.compile(r"(?i)\b(?:" + "|".join(sorted(WEEKDAYS - {"oggi", "today"})) + r"|next week|"
                       r"la prossima settimana|settimana prossima|on the \d{1,2}(?:st|nd|rd|th)?|il \d{1,2})\b")


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
    if w in ("remember", "ricorda", "ricordati") and not re.match(r"\s+(?:di|to)\b", m.group("rest"), re.I):
        return None  # "ricordati il compleanno alle 9"? not a reminder form; left to the other rules
    return "it" if w.startswith(("ricord", "rammentami", "avvisami")) else "en"


# "remember my doctor is Dr. Rossi", "ricordati mia sorella si chiama Anna": no "che/that", but what follows is a
# statement (a copula or a naming verb), not a todo ("di/to"), a question ("where …") or a thing ("il compleanno").
_BARE_TRIGGER = re.compile(r"^\s*(?:per favore\s+|please\s+)?(?:ricordati|ricorda|memorizza|tieni a mente|segnati|"
                           r"annota|annotati|remember|memori[sz]e|keep in mind|note down|don't forget|do not forget)"
                           r"\s+(?P<x>.+)$", re.IGNORECASE | re.DOTALL)
_NOT_A_STATEMENT = re.compile(r"^(?:che|that|di|to|me|mi|ti|a|ad|al|alla|allo|ai|agli|alle|se|if|whether|what|which|"
                              r"fino|until|till|for|per|"  # "ricordati fino a domenica che …": for a while
                              r"where|when|who|whom|how|why|"
                              r"cosa|come|dove|quando|quale|quali|chi|perché|perche|quanto|quanti|this|questo|questa|"
                              r"it|lo|la)\b", re.IGNORECASE)
_STATEMENT_VERB = re.compile(r"\s(?:is|are|was|were|è|e'|sono|era|erano|si chiama|si chiamano|lives|abita|abitano|"
                             r"works|lavora|lavorano|has|have|ha|hanno)\s", re.IGNORECASE)


# "remember I can't stand oaky chardonnay", "ricorda che odio…" without "che": the person says what they like
_FIRST_PERSON = re.compile(r"(?i)^(?:i\s+(?:really\s+)?(?:like|love|hate|prefer|enjoy|can't stand|cannot stand|"
                           r"don't like|do not like|don't eat|don't drink|never eat|never drink)|i'm allergic|"
                           r"i am allergic|(?:io\s+)?(?:odio|adoro|preferisco|detesto|non sopporto)|"
                           r"(?:a me\s+)?(?:non\s+)?mi\s+piace|(?:non\s+)?mi\s+piacciono|sono allergic[oa])\b")


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


_KE = re.compile(r"(?i)(?<=\s)ke(?=\s)")


_THANKS = COURTESY.pattern("thanks_end")


_TRIGGER_WORDS = ("ricordati", "ricorda", "ricordami", "memorizza", "remember", "memorize", "memorise")
_FIRST = re.compile(r"^(\s*" + _LEAD + r")([^\W\d_]+)", re.IGNORECASE)


# "… e mettilo nel calendario", "… and send it to Paul": a second request, not part of the fact
_SECOND_REQUEST = re.compile(r"(?i)(?:,\s*|\s)(?:e|ed|and|poi|then|e poi|and then)\s+(?:(?:metti|manda|aggiungi|segna|"
                             r"invia|avvisa|chiama|scrivi|salva|fissa|prenota|sposta|inoltra|condividi|dimmi|dammi|"
                             r"mostrami|leggimi|trovami|cercami|aprimi|apri|cancella|elimina|copia|crea|calcola)\w*|"
                             r"(?:add|put|send|set|tell|call|email|text|book|schedule|save|share|show|give|read|find|"
                             r"open|delete|copy|create)\s+(?:it|me|them|this|that|the|a|my)\b|"
                             r"what(?:'s| is| time)\b)")  # "… e dimmi che ore sono", "… and tell me the time"
# "ricordati che X, anzi no, lascia perdere": asked, then taken back
_TAKEN_BACK = re.compile(ASKING.rule("taken_back").source() + "|" + ASKING.rule("no_matter").source(), re.I)
# "…, ma solo fino a venerdì", "… solo se non ho altri impegni": a fact kept for a while or on a condition, which
# memory cannot do; "… e che Paul mi deve 20 euro": two facts. The planner answers these.
_QUALIFIED = re.compile(r"(?i)\b(?:(?:ma|but)\s+)?(?:solo|soltanto|only|just)\s+(?:fino a|fino al|fino alla|finché|"
                        r"until|till|per|for|se|if|quando|when|in case)\b|\s(?:se non|if not|unless|a meno che|"
                        r"salvo che)\s|\b(?:per (?:le|i) prossim[ei]|for the next|fino alla fine)\b|"
                        r"(?:,\s*|\s)(?:e|and)\s+(?:che|that)\s|"
                        # "the dentist is Thursday and the plumber is Friday", "… and Marco's party is on Saturday": a
                        # second subject (up to three words) with its own verb, a second fact
                        r"\b(?:is|are|è|sono)\b.*?\s(?:e|ed|and)\s+(?:[\w'’]+\s+){0,2}[\w'’]+\s+(?:is|are|è|sono)\b|"
                        # "… è il 14 maggio alle 11, il notaio è pignolo": after a comma, a second subject and verb
                        r"\b(?:is|are|è|sono)\b[^,]*,\s*(?:il|lo|la|l'|i|gli|le|the|my|mio|mia)\s*[\w'’]+\s+"
                        r"(?:is|are|è|sono)\b")


# "remember that until Friday the code is 1234", "… che per questa settimana lavoro da casa": the fact opens with
# its time limit — kept only for a while, which memory cannot do ("la palestra è chiusa fino a lunedì" is a fact
# about the gym, and "se piove la partita è annullata" a fact with its condition: both kept)
_LIMITED = re.compile(r"(?i)^(?:(?:ma|but|and|e)\s+)?(?:fino a|fino al|fino alla|fino all'|finché|until|till|"
                      r"per questa settimana|per questo mese|"
                      r"per oggi|per stasera|per ora|per adesso|per il momento|per qualche giorno|for this week|"
                      r"for this month|for today|for tonight|for now|for the time being|for a few days|"
                      r"this week only|only this week|solo (?:per )?questa settimana|temporaneamente|temporarily)\b")


def _one_typo(w: str, word: str) -> bool:
    """`w` is `word` with one letter missing, doubled or two neighbours swapped (same first letter)."""
    if w[:1] != word[:1] or w == word:
        return False
    if len(w) == len(word) - 1:
        return any(word[:i] + word[i + 1:] == w for i in range(1, len(word)))
    if len(w) == len(word) + 1:
        return any(w[:i] + w[i + 1:] == word for i in range(1, len(w)))
    return len(w) == len(word) and any(word[:i] + word[i + 1] + word[i] + word[i + 2:] == w
                                       for i in range(1, len(word) - 1))


def _fix_trigger(t: str) -> str:
    """"remeber that …", "ricoradti che …": the remember verb typed with one slip is still the verb."""
    m = _FIRST.match(t)
    if m is None or len(m.group(2)) < 6:
        return t
    w = m.group(2).lower()
    near = [v for v in _TRIGGER_WORDS if _one_typo(w, v)]
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
_STOP = STOPWORDS | {"l", "s", "ore", "have", "has", "was", "il"}  # "ore": "alle 9" and "at 9" are one subject
_COPULA = re.compile(r"\s(?:è|e'|sono|sarà|era|is|are|was|will be|=|:)\s")


def _tokens(text: str) -> list[str]:
    return re.findall(r"[\w@.:+-]+", normalize(text).replace("'", " "))


def _content(tokens: list[str]) -> list[str]:
    return [t for t in tokens if t not in _STOP]


def _value_like(tok: str) -> bool:
    return bool(re.fullmatch(r"[\d.:,/+-]+(am|pm|h)?", tok)) or tok in WEEKDAYS or tok in MONTHS


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
