"""The part of a request that asks, without the clause around it that only says why.

"devo consegnare le slide, trovami i pptx in ~/università", "sono in ritardo!! che ore sono",
"ho un casino nella cartella X, mi fai vedere cosa contiene?": people put a reason or a feeling in a
sentence of its own next to the request. Such a sentence names no action, no value (path, number, time,
quoted text), no object kind, and asks nothing; the action guard then compares only the sentence that asks.

Anything that could change what is asked keeps its sentence: a condition or a time ("se è vuota, …",
"dopo pranzo, …"), a negation ("non ho tempo, …" — never replayed), a filter ("…, ma solo i pdf"), a second
action ("io dimentico sempre, ricordati che …"), a question word.
"""
from __future__ import annotations

import re
from typing import Callable

from .args_extractor import SLOT_KINDS
from .lexicon import NEGATIONS, OBJECTS
from .normalize import split_words

# sentence breaks: punctuation followed by a space (a dot inside "a.txt" or a URL is no break), or a dash
_BREAK = re.compile(r"(?<=[,;:!?…])\s+|(?<=\.)\s+(?=[^\W\d_])|\s+[-–—]\s+")
# a sentence that starts like these is part of the request: a condition, a time, a filter, a continuation
_BOUND = re.compile(r"(?i)^\W*(?:se|if|quando|when|whenever|solo|soltanto|only|just|unless|a meno|dopo|after|"
                    r"prima|before|appena|as soon|finché|finche|until|till|entro|by|ma|but|però|pero|tranne|except|"
                    r"senza|without|e|ed|and|poi|then|anche|also|oppure|or|o|anzi|invece|instead|tra|fra|in|within|"
                    r"domani|tomorrow|stasera|tonight|oggi|today|ogni|every|sempre|always|mai|never)\b")
_ASKS = frozenset({"che", "cosa", "cos'", "quando", "quand'", "quand'è", "dove", "dov'", "come", "quanto", "quanti",
                   "quanta", "quante", "quale", "quali", "qual", "chi", "what", "what's", "whats", "when", "where",
                   "how", "which", "who", "whose", "why", "perché", "tell", "dimmi", "dammi", "give"})
# A clause that tells what the person is doing or has to do, around a request for the assistant: "devo mandare le
# foto a mia sorella, trovami i jpg", "cerca i pdf, mi servono le domande da stampare", "…, I need to see what's new".
# ("voglio"/"I want" stay requests: "voglio che tu li cancelli".)
# ("tra poco devo accendere le luci", "later I have to lock up": when the person has to do it is still their plan)
_SOON = (r"(?:(?:tra|fra)\s+(?:poco|un po'?|un attimo|mezz'ora|un'ora|\d+\s+minuti)|più tardi|piu tardi|dopo|"
         r"stasera|stamattina|oggi|domani|in a (?:bit|minute|while|few minutes)|soon|later|tonight|today|tomorrow|"
         r"this (?:morning|afternoon|evening))\s*,?\s*")
CONTEXT = re.compile(r"(?i)^\s*(?:" + _SOON + r")?(?:(?:(?:lo|la|li|le|ce|ne|me|te|gliel[oaie])\s+|l')?"
                     r"(?:devo|dovrei|dobbiamo)|"
                     r"sto\s+\w+(?:ando|endo)|(?:i\s+)?need to|(?:i\s+)?have to|"
                     r"i must|gotta|mi serve per|mi serv[eo]\w*|i'm going to|i am going to|i'm\s+\w+ing|sto per|"
                     r"so (?:that )?i can|così (?:posso|da)|per poter|"
                     # "…, così non me lo scordo", "…, so I don't forget": a purpose, its "non" negates nothing asked
                     r"(?:così|cosi)\s+non\s+(?:me\s+)?(?:l[oaie]\s+|l')?(?:scord|dimentic)\w*|"
                     # "…, così me lo ricordo", "…, so I remember": the same purpose said the other way round
                     r"(?:così|cosi)\s+(?:me\s+)?(?:l[oaie]\s+|l')?ricord\w*|so\s+(?:that\s+)?i\s+remember|"
                     # "…, I lost track", "…, me lo sono scordato": what the person lost, not a request ("non
                     # ricordo" keeps its "non": never replayed)
                     r"i\s+(?:lost\s+track|forgot)|(?:me\s+)?(?:l[oaie]\s+|l')?(?:sono|ho)\s+(?:dimenticat|scordat)\w*|"
                     r"(?:ho\s+perso|perdo)\s+il\s+conto|mi\s+sono\s+pers[oa]|"
                     # "…, così ci metto dentro le ricette": what the person will do then ("così non lo vedo più"
                     # keeps its "non")
                     r"(?:così|cosi)\s+(?:(?:ci|ce|ne|lo|la|li|le|gli|me|te|mi|ti|l')\s*)*(?!non\b)[a-zà-ù]+o\b|"
                     r"per\s+non\s+(?:scordar|dimenticar)\w*|so\s+(?:that\s+)?i\s+(?:don't|dont|do not|won't)\s+forget|"
                     # "…, I need it for the delivery slip", "…, it's for the boss"
                     r"i need (?:it|this|that|them|these|those)|(?:it's|it is|this is) for|"
                     # the person busy with something ("…, filling out a form", "…, taking it to the meeting"): a
                     # few gerunds only; "excluding", "ignoring", "sorting" are how the request is to be done
                     r"(?:filling|working on|taking (?:it|them|this|these)|bringing|preparing|heading|leaving|packing|"
                     r"running (?:late|behind)|"
                     r"waiting|getting ready|compilando|preparando|lavorando|aspettando))\b")
_OBJECT_WORDS = frozenset(w for words in OBJECTS.values() for w in words)
# a reason is said with a verb of being, having, needing ("sono in ritardo", "il pc è lento", "I forgot…" is an
# action: kept); a sentence without one ("case sensitive", "whole words only") is a modifier of the request
_STATES = frozenset({"è", "e'", "sono", "sei", "siamo", "siete", "ho", "hai", "ha", "abbiamo", "hanno", "devo",
                     "dobbiamo", "deve", "voglio", "vogliamo", "vorrei", "sto", "stiamo", "era", "ero", "erano", "c'è",
                     "is", "are", "am", "i'm", "im", "was", "were", "have", "has", "had", "i've", "ive", "need",
                     "needs", "want", "wanna", "gotta", "it's", "its", "that's", "thats"})


def request_part(text: str, has_action: Callable[[str], bool], values: Callable[[str], dict[str, object]]) -> str:
    """`text` without its sentences that only give a reason; `text` itself when nothing is that clear.

    `has_action(sentence)` tells a sentence that names an action; `values(sentence)` its argument slots."""
    parts = [p for p in _BREAK.split(text) if p and p.strip(" ,;:!?.…-–—")]
    if len(parts) < 2:
        return text
    found: dict[str, dict[str, object]] = {}

    def slots(sentence: str) -> dict[str, object]:  # each sentence's slots are read once
        if sentence not in found:
            found[sentence] = values(sentence)
        return found[sentence]

    kept = [p for i, p in enumerate(parts) if not _only_says_why(p, has_action, slots)
            and not (CONTEXT.match(p) and not slots(p).get("path") and not slots(p).get("url")
                     # said first, it is why only when a request follows: after a colon an action ("mi serve per X:
                     # leggi Y", not "mi serve una cartella nuova: ~/x"), after a comma a sentence that asks by its
                     # first word ("devo mandarlo al commercialista, dimmi il totale")
                     and (i or (p.rstrip().endswith(":") and any(has_action(q) for q in parts[1:]))
                          or (len(parts) > 1 and _opens_asking(parts[1]))))]
    if not kept or len(kept) == len(parts):
        return text
    rest = " ".join(kept)
    asks = any(w.strip("?!.,;:") in _ASKS for w in split_words(rest.lower()))
    return rest if asks or has_action(rest) or any(values(rest).get(k) for k in SLOT_KINDS) else text


def _opens_asking(sentence: str) -> bool:
    """A sentence whose first word asks: "dimmi…", "tell me…", "quanto…", "what…"."""
    words = split_words(sentence.lower())
    return bool(words) and words[0].strip("?!.,;:") in _ASKS


# "…, domani ho il sopralluogo", "…, tomorrow I have the inspection": a day and what the person has then is their
# schedule, a reason; "domani, leggi X" and "tomorrow delete X" set when to act (kept)
_SCHEDULE = re.compile(r"(?i)^\W*(?:domani|tomorrow|stasera|tonight|oggi|today|dopodomani)\s+"
                       r"(?:(?:io\s+|i\s+)?(?:ho|abbiamo|have|'ve got|have got)|c'è|c'e|there's|there is|è|e'|is|sono|"
                       r"are|we have)\b")


def _only_says_why(sentence: str, has_action: Callable[[str], bool],
                   values: Callable[[str], dict[str, object]]) -> bool:
    schedule = _SCHEDULE.match(sentence) is not None
    if _BOUND.match(sentence) and not schedule:
        return False
    words = [w.strip("?!.,;:") for w in split_words(sentence.lower())]
    if not words or any(w in _ASKS | NEGATIONS | _OBJECT_WORDS for w in words) or not _STATES & set(words):
        return False
    slots = values(sentence)
    if any(slots.get(k) for k in SLOT_KINDS if not (schedule and k in ("date", "window"))):
        return False  # (the day of the person's schedule is not a value of the request)
    return not has_action(sentence)
