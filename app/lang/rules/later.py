"""When a request asks for its action at a later moment, which no tool can wait for.

Read by lang/later.py (a replay or a file tool acts now: "cancella X domani alle 8" cannot be scheduled) and
by the planner's write veto (the person's own plan, "lo cancello dopo", is not a request).
"""
from __future__ import annotations

from .table import Rule, Table
from .weekday_words import WEEKDAY_NUMBERS, WEEKDAYS_EN, WEEKDAYS_IT

# "ogni sera", "every monday": again and again, never now
_EVERY = (r"ogni\s+(?:giorno|sera|notte|mattina|ora|settimana|mese|\w+d[iì]|sabato|domenica)|"
          r"every\s+(?:day|night|morning|evening|hour|week|month|\w+day)")


def _offset(it_units: str, en_units: str) -> str:
    """"tra un'ora", "fra 10 minuti", "in two hours": an amount of time from now, in the given units."""
    return (r"(?:tra|fra)\s+(?:un|una|mezz|mezza|mezzo|qualche|\d+|due|tre|cinque|dieci|venti|trenta)['’]?\s*"
            rf"(?:\w+\s+)?(?:{it_units})|in\s+(?:an?|one|two|five|ten|half an|\d+)\s+(?:{en_units})")


# the Italian weekdays as typed, with or without the accent (the one weekday table's names)
_WEEKDAYS_IT_TYPED = tuple(w for w in WEEKDAY_NUMBERS if w not in WEEKDAYS_EN)

LATER = Table("later", __doc__ or "", (
    Rule(
        id="later",
        effect="a time or a later moment for the action: the file tools act now, so such a request is refused "
               "or left to the planner, never replayed",
        pattern=(r"\b(?:{words}|" + _offset(r"minut\w*|or[ae]|giorn[oi]|settiman[ae]", r"minutes?|hours?|days?|weeks?")
                 + "|" + _EVERY + r")\b"),
        words=("stasera", "stanotte", "stamattina", "stamani", "più tardi", "piu tardi", "tonight", "later",
               "domani", "dopodomani", "tomorrow", r"(?:la\s+)?prossima\s+settimana", r"next\s+(?:week|month)"),
        match=("cancella X domani alle 8", "sposta i file stasera", "elenca la cartella fra un'ora",
               "copy it to /tmp in two hours", "backup ogni sera", "do it next week"),
        # "dopo" is no later moment: "copia X in Y, dopo ci penso io" is a copy now (the word broke it once)
        no_match=("copia X in Y, dopo ci penso io", "leggi il file e dopo dimmi quante righe ha",
                  "sposta report.pdf in /tmp", "what did I do lately", "cancella i file di ieri"),
    ),
    Rule(
        id="deadline",
        effect="a time given as a deadline ('due tonight', 'entro domani', 'by 5pm', 'per stasera') asks for the "
               "action before then, which doing it now is: the span is not a later moment (asks_later drops it)",
        pattern=r"\b(?:(?:due|by|before|deadline(?:'s|\s+is)?|entro|prima\s+di|scade)\s+(?:(?:at|alle|le|the)\s+)?"
                r"(?:{words}|\d{1,2}(?:[:.]\d{2})?(?:\s*[ap]\.?m\b)?)|per\s+(?:{words}))\b",
        words=("stasera", "stanotte", "domani", "dopodomani", "tonight", "tomorrow", *WEEKDAYS_IT, r"\w+day", "noon",
               "mezzogiorno"),
        match=("rename X to Y pls, due tonight", "sposta X in Y, mi serve entro domani", "copy it by 5pm",
               "leggimi X, devo finirlo per stasera"),
        no_match=("cancella X domani alle 8", "sposta i file stasera", "moltiplica 5 per 3", "due file da copiare"),
    ),
    Rule(
        id="event_then",
        effect="something that happens at a later moment, said after 'che'/'perché'/'because' ('crea la cartella X "
               "che domani arriva il legname', '…, the timber comes tomorrow'): why the person asks now, not when to "
               "act (asks_later drops it; routing batch 48's tune half was refused as 'later')",
        pattern=r"\b(?:che|perch[eé]|xk[eé]|since|because|cause|cuz)\s+(?:{words})\s+(?:(?:mi|ci|ti)\s+)?"
                r"(?:arriv\w*|vien\w*|veng\w*|part\w*|inizi\w*|comincia\w*|chiud\w*|apr\w*|c['’]\s?è|"
                r"c['’]\s?sono|come|comes|arrives?|starts?|opens?|closes?|is|are)\b",
        words=("domani", "dopodomani", "stasera", "stanotte", "oggi", "tomorrow", "tonight", "today",
               *_WEEKDAYS_IT_TYPED),
        match=("crea la cartella /home/b/gozzo che domani arriva il legname", "copia X in Y perché domani c'è l'audit",
               "make the folder X because tomorrow is the audit"),
        no_match=("crea la cartella X domani", "cancella X domani alle 8", "che domani ho da fare",
                  "copia X in Y domani che arriva il legname"),
    ),
    Rule(
        id="in_a_while",
        effect="a later moment that can only be when to act, whatever the action ('domani' may be what a "
               "question is about, so it is only in `later`)",
        pattern=r"\b(?:{words}|" + _offset(r"minut\w*|or[ae]", r"minutes?|hours?") + "|" + _EVERY + r")\b",
        words=("più tardi", "piu tardi", "later on"),
        match=("elenca X fra un'ora", "ogni sera leggimi le note", "list the folder in 10 minutes",
               "più tardi sposta X"),
        no_match=("quando ho il dentista domani?", "sposta X ora", "cos'ho fatto ieri", "copia X, dopo ci penso io"),
    ),
))
