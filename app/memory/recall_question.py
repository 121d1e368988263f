"""An explicit question about what the memory holds, and its topic ("cosa ricordi del dentista?" → "dentista").

Kept apart from facts.py (what to keep) because it reads questions, not statements; both share the words that
may come first (`_LEAD`) and the thanks at the end.
"""
from __future__ import annotations

import re

from app.lang.when import DAY_WORDS as WEEKDAYS
from app.lang.when import MONTH_NAMES as MONTHS

from .facts import _LEAD, _THANKS

# -- "cosa ricordi di X?" ----------------------------------------------------------------
# An explicit question about what the memory holds names its topic: "what do you remember about the dentist",
# "cosa ti ho detto di mia sorella", "do you remember my doctor's name". "Know" asks about the memory only for
# something of the person's own ("cosa sai di mia sorella"); "what do you know about Python" is not about them.
_ABOUT_END = r"(?:\s+|(?<='))"  # "su" is not the start of "sulla"
_ABOUT = (r"(?:about|of|regarding|on|di|del|della|dello|dei|degli|delle|dell'|su|sul|sulla|sullo|sui|sugli|sulle|"
          r"sull'|riguardo a|riguardo al|riguardo alla|riguardo all'|riguardo ai|riguardo agli|riguardo alle|"
          r"a proposito di|a proposito del|a proposito della)" + _ABOUT_END)
_RECALL_CUES = [
    (r"(?:and\s+|e\s+)?(?:what|anything|what else)\s+do\s+you\s+(?:remember|recall)\s+" + _ABOUT +
     r"(?P<x>.+)", False),
    (r"(?:and\s+|e\s+)?(?:what|anything|what else)\s+do\s+you\s+know\s+" + _ABOUT + r"(?P<x>.+)", True),
    (r"what\s+(?:did|have)\s+i\s+(?:told|tell|said|say|mention|mentioned)\s+(?:(?:to\s+)?you\s+)?" + _ABOUT +
     r"(?P<x>.+)", False),
    (r"(?:did|have)\s+i\s+(?:told|tell|said|say)\s+(?:to\s+)?you\s+(?:anything|something)\s+" + _ABOUT +
     r"(?P<x>.+)", False),
    (r"(?:do|did)\s+you\s+(?:still\s+)?(?:remember|recall)\s+(?:anything|something|much)\s+" + _ABOUT +
     r"(?P<x>.+)", False),
    (r"(?:ti\s+)?ricordi\s+(?:qualcosa|niente|nulla)\s+" + _ABOUT + r"(?P<x>.+)", False),
    # "do you remember what I said about peonies?", "ti ricordi cosa ti ho detto della caldaia?"
    (r"(?:do|did)\s+you\s+(?:still\s+)?(?:remember|recall)\s+what\s+i\s+(?:said|told\s+you|mentioned|wrote)\s+" +
     _ABOUT + r"(?P<x>.+)", False),
    (r"(?:ti\s+)?ricordi\s+(?:che\s+)?cosa\s+ti\s+(?:ho|avevo)\s+(?:detto|raccontato|scritto)\s+" + _ABOUT +
     r"(?P<x>.+)", False),
    (r"do\s+you\s+(?:still\s+)?(?:remember|recall)\s+(?P<x>.+)", False),
    (r"(?:che\s+)?cosa\s+(?:ti\s+)?(?:ricordi|hai memorizzato|hai in memoria)\s+" + _ABOUT + r"(?P<x>.+)", False),
    (r"(?:che\s+)?cosa\s+sai\s+" + _ABOUT + r"(?P<x>.+)", True),
    (r"(?:che\s+cosa|cosa|che)\s+ti\s+(?:ho|avevo|avevamo)\s+(?:detto|raccontato)\s+" + _ABOUT + r"(?P<x>.+)",
     False),
    (r"(?:che\s+cosa|cosa|che)\s+(?:ti\s+)?(?:ho|avevo)\s+(?:salvato|segnato|memorizzato|annotato)\s+" + _ABOUT +
     r"(?P<x>.+)", False),
    (r"(?:che\s+cosa|cosa|che)\s+(?:hai|ha|ricordi|ricorda)\s+(?:in\s+memoria|memorizzato|salvato)\s+" + _ABOUT +
     r"(?P<x>.+)", False),
    (r"hai\s+(?:in\s+memoria|memorizzato|salvato|segnato)\s+(?:qualcosa|qualcos'|niente|nulla)\s*" + _ABOUT +
     r"(?P<x>.+)", False),
    (r"what\s+had\s+i\s+(?:told|said\s+to)\s+you\s+" + _ABOUT + r"(?P<x>.+)", False),
    (r"(?:anything|something)\s+(?:saved|stored|noted)\s+" + _ABOUT + r"(?P<x>.+)", False),
    (r"(?:do\s+)?you\s+(?:have|got)\s+anything\s+(?:saved|stored|noted|in\s+memory)\s+" + _ABOUT +
     r"(?P<x>.+)", False),
    # "com'era il numero del fornitore?", "what was the gate code again?": something told before, asked back
    # ("com'era il film?" asks how it was: "com'era" recalls only a number, code, name, address…)
    (r"(?:qual\s+era|quali\s+erano)\s+(?P<x>.+)", False),
    (r"(?:com'era|com'erano)\s+(?P<x>(?:il|la|l'|i|le)\s*(?:numer|codic|password|pin|nom|cognom|indirizz|targ|"
     r"telefon|mail|email|combinazion|sigl|orari)\w*\b.*)", False),
    (r"what\s+was\s+(?P<x>.+?)\s+again", False),
    # "who's my accountant?", "chi è il mio commercialista?": only the memory knows the person's own people
    # "who's Dr. Okafor again?": asked again, so told before
    (r"(?:who's|whos|who\s+is|who\s+was)\s+(?P<x>.+?)\s+again", False),
    (r"(?:who's|whos|who\s+is|chi\s+è|chi\s+e'|chi\s+era)\s+(?P<x>.+)", True),
    # "qual è il codice dell'allarme?", "what's the wifi password?": a code only the person's memory holds
    (r"(?:qual\s+è|qual\s+e'|qual'è|quale\s+è|what's|whats|what\s+is)\s+(?P<x>(?:il|la|l'|the|my|il mio|la mia)\s*"
     r"(?:(?:codic|password|pin|combinazion)\w*\b.*|\S+\s+(?:code|password|pin|combination)|"
     r"(?:code|password|pin|combination)\s+(?:for|of|to)\b.*))", False),
    (r"(?:ti\s+)?ricordi\s+(?P<x>.+)", False),
]
_RECALL_RES = [(re.compile(r"^\s*" + _LEAD + p + r"$", re.IGNORECASE | re.DOTALL), own) for p, own in _RECALL_CUES]
_OWN = re.compile(r"\b(?:my|mine|our|ours|mio|mia|miei|mie|nostro|nostra|nostri|nostre|me|myself)\b", re.IGNORECASE)
_DETERMINER = re.compile(r"^(?:(?:the|my|our|a|an|il|lo|la|i|gli|le|un|una|mio|mia|miei|mie|nostro|nostra|"
                         r"nostri|nostre)\s+|(?:l'|un')\s*|"  # "assicurazione" keeps its "a"
                         # a title before a name: "Dr. Okafor", "il dottor Bianchi" → the name
                         r"(?:dr|dott|prof|mr|mrs|ms|sig|dottor|dottoressa|professor|signor|signora)\.?\s+(?=(?-i:[A-ZÀ-Ý])))",
                         re.IGNORECASE)
# the preposition is a whole word: "the delivery" is not "the" + "del" + "ivery"
_OWNER_OF = re.compile(r"^(?:(?:il|lo|la|l'|i|gli|le)\s*)?\w+\s+(?:(?:di|del|della|dello|dei|degli|delle)\s+|"
                       r"dell'\s*)(?P<owner>.+)$", re.IGNORECASE)
# ("everything I say", "tutto quello che dico": a pronoun subject makes a clause, and "everything" is no topic)
_CLAUSE_WORD = re.compile(r"\b(?:i|you|we|io|tu|noi|everything|anything|nothing|something|tutto|niente|nulla|"
                          r"is|are|was|were|do|does|did|have|has|had|è|e'|sono|era|ho|hai|ha|abbiamo|hanno|"
                          r"when|where|what|which|who|how|why|if|whether|quando|dove|cosa|quale|chi|come|perché|se|"
                          r"to|di fare|that|che)\b", re.IGNORECASE)
_RECALL_MAX_WORDS = 4
_PRONOUNS = frozenset({"me", "myself", "te", "you", "yourself", "us", "noi", "voi", "lui", "lei", "him", "her", "them",
                       "loro", "mi", "ti", "se stesso", "me stesso", "me stessa"})
# "when is the party", "quando ho il dentista": a question about when one thing is, whose topic is that thing (a
# clause with any other verb, "when I deleted X", "dove ho messo le chiavi", stays a clause: not recalled by rule).
_DET = r"(?:the|my|our|a|an|il|lo|la|l'|i|gli|le|un|una|un'|mio|mia|miei|mie|nostro|nostra)"
_WHEN_THING = re.compile(r"(?i)^(?:when|quando|quand')\s*(?:"
                         r"(?:is|'s|was|will be|are|è|e'|sarà|c'è|c'e|scade|scadono|expires|expire)\s+(?P<x>.+)|"
                         r"(?:ho|abbiamo|i have|do i have|have i got|we have)\s+(?P<y>" + _DET + r"\s*.+)|"
                         r"(?P<z>" + _DET + r"\s*.+?)\s+(?:is|are|was|will be))$")


_WHEN_SAID = re.compile(r"(?i)\b(?:settimana|mese|anno|ieri|l'altro giorno|scors[oa]|last|yesterday|ago|fa)\b")


def recall_topic(text: str) -> str | None:
    """The topic of an explicit question about what is remembered ("cosa ricordi del dentista?" → "dentista").

    The owner is the topic ("my doctor's name", "il compleanno di mia sorella" → "doctor", "sorella"): the recall
    of the owner finds the fact. None when the question is not such a question, or asks a clause ("ti ricordi
    quando ho il dentista?", left to the other levels)."""
    t = _THANKS.sub("", " ".join(text.replace("’", "'").split())).rstrip(" ?!.")
    t = re.sub(r"(?i)\bu\b", "you", t)  # "what did i tell u about the wifi"
    for rx, own in _RECALL_RES:
        m = rx.match(t)
        if m is None:
            continue
        x = m.group("x").strip()
        when = _WHEN_THING.match(x)  # "do you remember when the party is", "ti ricordi quand'è il meccanico"
        if when:
            x = when.group("x") or when.group("y") or when.group("z")
        if own and not _OWN.search(x):
            return None
        if _CLAUSE_WORD.search(x) or re.search(r"(?i)\s(?:e|ed|and|o|or)\s", x) or _WHEN_SAID.search(x):
            # a clause, two topics, or when it was said ("del dentista la settimana scorsa"): the planner
            return None
        x = re.sub(r"(?i)^(\S+(?:\s+\S+)*?)'s\s+\w+$", r"\1", x)  # "my doctor's name" -> "my doctor"
        owner = _OWNER_OF.match(x)
        if owner and set(owner.group("owner").lower().split()[:1]) & (WEEKDAYS | MONTHS):
            x = x[:owner.start("owner")].rsplit(None, 1)[0]  # "il ristorante di sabato": the thing, not its day
        elif owner:
            x = owner.group("owner")
            inner = _OWNER_OF.match(x)  # "il codice dell'armadio dei reagenti": the owner's head, "armadio"
            if inner:
                x = x[:inner.start("owner")].rsplit(None, 1)[0]
        prev = None
        while prev != x:
            prev, x = x, _DETERMINER.sub("", x, count=1).strip()
        # "the dentist appointment", "my locker code", "the wifi password": the thing, not its generic head
        x = re.sub(r"(?i)^(\S+)\s+(?:appointments?|appuntament[oi]|code|codes|number|password|address|combination|"
                   r"pin)$", r"\1", x)
        x = re.sub(r"(?i)^(?:code|password|pin|combination)\s+(?:for|of|to)\s+(?:the\s+|my\s+)?", "", x)
        words = x.split()
        if x.lower() in _PRONOUNS:
            return None  # "cosa ricordi di me?": everything about the person, no topic to search for
        if not words or len(words) > _RECALL_MAX_WORDS or not re.search(r"\w", x) or re.search(r"[/~\\@]|\w\.\w", x):
            return None  # a path, an address or a file name ("what's the code for ~/x.py") is no remembered topic
        return x
    return None
