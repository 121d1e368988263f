"""Which category a fact belongs to, by rules (IT + EN): appointments, people, preferences, contacts, general.

The category only groups facts for the person ("cosa ricordi dei miei appuntamenti?"); a wrong one loses
nothing, so the rules are plain word cues, tried from the firmest (a relative, a day and an hour) down.
"""
from __future__ import annotations

import re
import unicodedata

from app.lang.when import DAY_WORDS, MONTH_NAMES

MAX_CATEGORY_CHARS = 40


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


WEEKDAYS = DAY_WORDS  # the day words and month names are read in one place (app/lang/when.py)
MONTHS = MONTH_NAMES


_NAMED_SUBJECT = re.compile(r"^(?:[A-ZÀ-Ý][a-zà-ÿ]+"
                            # "Marco from the gym is…", "Luca della palestra è…": a name and where they are from
                            r"(?:\s+(?:from|at|of|di|del|della|dello|dalla|dal|dell')\s*(?:the\s+|la\s+|il\s+|lo\s+|l')?"
                            r"[\wà-ÿ]+(?:\s+[\wà-ÿ]+){0,2}?)?"  # ("Marco from the fleet office works at…")
                            r"\s+(?:è|e'|is|ha|has|abita|vive|lives|lavora|works|si chiama|"
                            # "Paolo fa il geometra": a job said with "fare"
                            r"fa\s+(?:il|la|lo|l')|preferisce|prefers|odia|hates|ama|loves|likes)|"
                            # Italian names a common noun with its article ("il latte è finito"): a bare word
                            # before a verb is a name ("marco è allergico alle noci")
                            r"(?!(?:il|lo|la|l'|i|gli|le|un|una|uno|mio|mia|questo|questa|quel|quella)\b)[a-zà-ÿ]+\s+"
                            r"(?:è|e'|ha|abita|vive|lavora|si chiama|preferisce|odia|ama)|"
                            # English lowercase: only verbs a person does ("sarah works at…"; "coffee is…" is not)
                            r"(?!(?:the|a|an|my|your|our|his|her|its|their|this|that|these|those|it|there|he|she|"
                            r"they|we|i|you|everyone|someone|nobody)\b)[a-z]+\s+(?:works|lives|studies|teaches|likes|"
                            r"loves|hates|prefers|is allergic|was born)|"
                            # "a Giulia piacciono i tulipani": what someone else likes (not "a me piace")
                            r"(?i:ad?\s+(?!(?:me|te|noi|voi|lui|lei|loro|tutti|nessuno|mio|mia)\b)[a-zà-ÿ]+\s+"
                            r"(?:non\s+)?(?:piace|piacciono|piaceva|piacevano)))\b")


_OPENING_HOURS = re.compile(r"\b(?:apre|aprono|chiude|chiudono|è aperto|è aperta|sono aperti|opens|closes|"
                            r"open|close|is open|are open)\s+(?:alle|all'|dalle|fino alle|at|from|until|till)\s*\d")


# "Sarah's favourite colour is green": someone else's, so about them (before the person's own preferences)
_WHOSE = re.compile(r"^[A-ZÀ-Ý][a-zà-ÿ]+'s\s")
# things and animals: what they are called, or what is said of them, is no fact about a person
_THINGS = (r"wifi|wi-fi|rete|network|router|password|file|cartella|folder|app|pc|computer|laptop|telefono|phone|cane|"
           r"gatto|gatta|dog|cat|cavallo|horse|pesce|fish|criceto|coniglio|pappagallo|parrot|cucciolo|puppy|kitten|"
           r"barca|boat|auto|macchina|car|negozio|shop|ristorante|restaurant|bar|hotel|via|street|progetto|project|"
           r"gruppo|group|squadra|team|canale|channel|server|azienda|company|ditta")
# "il gatto della signora Rossi è allergico…", "my dog hates the vet": about the animal or the thing, whoever owns it
_THING_SUBJECT = re.compile(r"^(?:(?:il|lo|la|i|gli|le|the|my|our|your)\s+|l')?(?:(?:mio|mia|nostro|nostra)\s+)?"
                            r"(?:" + _THINGS + r")\b")
# "X si chiama Sergio", "X is called Anna": a name, unless X is a thing or an animal ("la rete wifi si chiama Casa")
_NAMED_AS = re.compile(r"^(?!.*\b(?:" + _THINGS + r")\b.*\b(?:si chiama|is called|is named))"
                       r".*\b(?:si chiama|si chiamano|is called|is named)\s+(?:(?:il|la|dott\.?|dr\.?)\s+)?"
                       r"(?-i:[A-ZÀ-Ý][a-zà-ÿ]+)", re.IGNORECASE)
_EXPIRES = re.compile(r"\b(?:scade|scadono|scadenza|expires?|expiry|expiration)\b")
_I_LIKE = re.compile(r"^(?:(?:io|i)\s+)?(?:non\s+)?(?:odio|amo|adoro|detesto|preferisco|mi piace|mi piacciono|"
                     r"non sopporto|hate|love|like|prefer|don't like|can't stand|enjoy)\b")
# "il dottor Bianchi riceve solo su appuntamento", "Mrs. Conti lives at…": a title (any case) and a name are a person
_TITLED = re.compile(r"\b(?i:sig\.ra|sig\.na|dott\.ssa|prof\.ssa|dottor|dottoressa|dott|dr|doctor|prof|professor|"
                     r"professoressa|avvocato|avv|ingegner|"
                     r"signor|signora|sig|mr|mrs|ms)\.?\s+[A-ZÀ-Ý][a-zà-ÿ]+")


# "il bimbo Luca Ferri è allergico…", "the kid Tom hates…": a word for a person, then their name
_PERSON_NAMED = re.compile(r"\b(?i:bimb[oa]|bambin[oa]|ragazz[oa]|alunn[oa]|allievo|allieva|student[ei]|studentessa|"
                           r"pazient[ei]|client[ei]|signore|kid|boy|girl|child|baby|pupil|student|patient|client|"
                           r"customer)\s+[A-ZÀ-Ý][a-zà-ÿ]+")
# "se piove la festa si fa in palestra", "if the alarm beeps twice…": a rule that holds whenever, not an event
_CONDITIONAL = re.compile(r"^(?:se|if|in caso di|nel caso (?:in cui|che))\b")


# "il furgone va in revisione alle nove", "the vet is at nine thirty": an hour said in words
_HOUR_IN_WORDS = re.compile(r"\b(?:alle|at)\s+(?:una|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|"
                            r"mezzogiorno|mezzanotte|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                            r"noon|midnight)\b(?!\s+(?:of|persone|people|volte|times)\b)")


# a phone number: a run of at least six digits, said as a number to call ("is on 555 0199", "il numero è 333…"), not
# the number of a file, an order or a code
_PHONE = re.compile(r"(?<![\w.])\+?\d[\d .-]{4,}\d(?!\w)")
_PHONE_CUE = re.compile(r"\b(?:telefono|tel|cell|cellulare|phone|mobile|whatsapp|numero|number|is on|chiamare|call|"
                        r"reach)\b")
_NOT_PHONE = re.compile(r"\b(?:pratica|ordine|fattura|conto|serie|protocollo|tessera|polizza|order|invoice|account|"
                        r"policy|ticket|case|codice|code|pin|password|combinazione|combination|iban|targa|plate|"
                        r"matricola|serial|patente|licen[cs]e|partita|vat)\b")
# "il veterinario di turno la domenica", "every Monday": a day that recurs is no event on a day
_DAY_NAMES = sorted(WEEKDAYS - {"oggi", "domani", "dopodomani", "today", "tomorrow"})  # the named days only
_HABITUAL_DAY = re.compile(r"\b(?:il|la|ogni|tutti i|tutte le|di|every)\s+(?:" + "|".join(_DAY_NAMES) + r")\b(?!\s+\d)")


def _phone_or_mail(t: str) -> bool:
    if re.search(r"[\w.+-]+@[\w-]+\.\w+", t):
        return True
    phone = any(sum(c.isdigit() for c in m.group(0)) >= 6 for m in _PHONE.finditer(t))
    return phone and bool(_PHONE_CUE.search(t)) and not _NOT_PHONE.search(t)


def guess_category(fact: str) -> str:
    t = normalize(fact)
    words = set(re.findall(r"\w+", _HABITUAL_DAY.sub(" ", t)))
    if re.search(r"\b(compleann\w*|birthday|compie (?:gli )?(?:anni|\d+ anni)|turns \d+)\b", t):
        return "people"
    if _phone_or_mail(t):
        return "contacts"  # "la signora Neri ha il numero 333 1234567": how to reach someone, whoever they are
    thing = _THING_SUBJECT.match(t) is not None
    if _OPENING_HOURS.search(t) or _EXPIRES.search(t):
        return "general"  # "la palestra chiude alle 22", "il passaporto scade a giugno": standing facts, not events
    if _CONDITIONAL.match(t):
        return "general"
    if _I_LIKE.match(t):
        return "preferences"  # "odio le riunioni il lunedì mattina": a dislike, whatever day it names
    if words & WEEKDAYS or re.search(r"\b(alle|at|ore)\s+\d{1,2}([:.]\d{2})?\s*(am|pm)?\b", t) or \
            _HOUR_IN_WORDS.search(t) or \
            re.search(r"(?<!su )(?<!by )(?<!previo )\b(appuntament\w*|appointment|meeting|riunione|visita)\b", t):
        return "appointments"  # "la cena da zia Lucia è sabato alle 20": an event on a day, whoever is in it
    if not thing and re.search(r"\b(sorella|fratello|sister|brother|madre|padre|mother|father|figli\w*|moglie|"
                 r"marito|wife|mamma|papà|papa'|babbo|mum|mom|dad|mummy|daddy|"
                 r"husband|cugin[oaie]|zi[oaie]|nonn[oaie]|nipot[ei]|suocer[oaie]|cognat[oaie]|cousin|uncle|aunt|"
                 r"grandma|grandpa|grandmother|grandfather|nephew|niece|in-laws?|daughter|son|children|kids|"
                 r"boyfriend|girlfriend|fidanzat[oaie]|compagn[oa] di|partner)\b", t):
        return "people"
    if not thing and re.search(r"\b(?!(?:wifi|network|router|computer|laptop|pc|phone|car|server)'s)\w+'s name is\b|"
                 r"\b(commercialista|avvocat[oa]|dentista|dentist|veterinari[oa]|editor|"
                 r"medico|dottor[e]?|dottoressa|idraulico|elettricista|insegnante|maestr[oa]|professor[e]?|"
                 r"professoressa|padrone di casa|landlord|landlady|accountant|lawyer|attorney|plumber|electrician|"
                 r"teacher|doctor|babysitter|nanny|tata|hairdresser|barber)\b", t):
        return "people"  # "my accountant's name is Paul Green": the people the person deals with
    if words & MONTHS:
        return "appointments"  # "my doctor is Dr. Rossi" names a person; "l'esame è a giugno" has its month
    # someone the person knows ("il mio vicino"), not a place by them ("le chiavi sono dal vicino": general)
    if not thing and re.search(r"(?<!\bda )(?<!\bdal )(?<!\bdalla )(?<!\bdai )(?<!\bal )(?<!\balla )"
                 r"(?<!\bat the )(?<!\bat my )(?<!\bto the )(?<!\bto my )(?<!\bfrom the )(?<!\bfrom my )"
                 r"(?<!\bwith the )(?<!\bwith my )"
                 r"\b(capo|boss|collega|colleghi|colleague|amic[oa]|amici|friend|vicin[oa]|neighbou?r)\b", t):
        return "people"  # someone the person knows, when no day or hour makes it an appointment
    if _NAMED_AS.search(fact):
        return "people"  # "il custode del magazzino si chiama Sergio": someone, by the name they go by
    plain = re.sub(r",[^,]{1,40},\s*", " ", fact.strip())  # "Marco, l'istruttore di spinning, abita …"
    if not thing and (_NAMED_SUBJECT.match(plain) or _TITLED.search(fact) or _PERSON_NAMED.search(fact) or
                      _WHOSE.match(plain)):
        return "people"  # "Paolo è vegetariano", "Anna lives in Rome": a fact about someone by name
    if not thing and re.search(r"\b(prefers|preferisce|preferiscono|likes|loves|hates|gli piace|le piace|gli piacciono|"
                 r"le piacciono)\b", t):
        return "people"  # "my landlord Paolo prefers bank transfers": someone else's liking is a fact about them
    if re.search(r"\b(prefer\w*|favou?rite|preferit\w*|mi piace|mi piacciono|a me (?:non )?piace\w*|i like|"
                 r"non mi piace|i don't like|odio|i hate|i love|i really like|i enjoy|i can't stand|i cannot stand|"
                 r"i dislike|adoro|amo|detesto|non sopporto|i don't eat|i do not eat|i never eat|i don't drink|"
                 r"non mangio|non bevo|sono vegetarian[oa]|sono vegan[oa]|i'm vegetarian|i'm vegan|i am vegetarian|"
                 r"i am vegan)\b", t):
        return "preferences"
    if re.search(r"(@|\b(telefono|phone|cellulare|email|e-mail|indirizzo|address|numero)\b)", t):
        return "contacts"
    return "general"
