"""The signature of a request's words: its actions, whether it is negated, its objects, content words and roles.

`signature_of_tokens` reads tokens that `actions.action_of` has already cut to the part that asks and masked
(argument values are placeholders); it is kept apart from the comparisons in actions.py because it is the one
place that knows how IT/EN verbs, clitics, particles, negations and reported speech look in a token list.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from app.lang.words import stem

from .lexicon import (
    AMBIGUOUS,
    CLAUSE_BREAK,
    EN_VERBS,
    NEGATION_PHRASES,
    NEGATIONS,
    NOUN_ACTIONS,
    READ_ONLY,
    STOPWORDS,
    TEXTING,
)
from .normalize import FILLER_WORDS
from .vocabulary import (
    MAX_PHRASE,
    OBJECT_OF,
    THING_OF,
    VERB_PHRASES,
    phrase_class,
    typo_object,
    typo_verb,
    typo_word,
    verb_class,
)

PHRASAL_HEADS = frozenset({"turn", "switch", "shut", "power", "crank", "bump", "turned", "turning", "switched",
                           "turns", "switching"})
PHRASAL = {"up": "up", "down": "down", "on": "on", "off": "off"}
# What stands before a path says its role: "cancella X" (the object) vs "cancella i file in X" (a place).
LOC_PREPS = frozenset({"in", "nel", "nella", "nello", "nei", "negli", "nelle", "nell'", "dentro", "inside", "into",
                       "from", "da", "dal", "dalla", "dallo", "dai", "dagli", "dalle", "dall'", "to", "a", "al",
                       "alla", "allo", "ai", "agli", "alle", "all'", "verso", "under", "sotto", "on", "su", "sul",
                       "sulla", "at", "within", "tra", "fra", "onto"})
OF_PREPS = frozenset({"di", "del", "della", "dello", "dei", "degli", "delle", "dell'", "of"})  # fits both roles
ROLE_SKIP = frozenset({"file", "files", "cartella", "cartelle", "folder", "folders", "directory", "dir", "documento",
                       "document", "documents", "documenti", "my", "mio", "mia", "miei", "mie", "this", "questo",
                       "questa", "that", "quel", "quella", "your", "tuo", "tua", "the", "il", "lo", "la", "i", "gli",
                       "le", "l'", "home"})
_PARTICLE_WINDOW = 4


@dataclass(frozen=True)
class ActionSig:
    actions: tuple[str, ...]  # distinct action classes in order of appearance; () = unknown
    negated: bool
    objects: frozenset[str]  # object classes: "image", "volume", "lang:en", ...
    content: frozenset[str]  # remaining content words, stemmed (argument values excluded)
    roles: tuple[str, ...] = ()  # per path: "obj" (acted on), "loc" (a place: "in X"), "of" (either)

    @property
    def known(self) -> bool:
        return bool(self.actions)

    def to_dict(self) -> dict[str, object]:
        return {"actions": list(self.actions), "negated": self.negated, "objects": sorted(self.objects),
                "content": sorted(self.content), "roles": list(self.roles)}


_OBJ_CLITICS = frozenset({"me", "mi", "ti", "te", "ci", "ce", "us", "him", "her", "them"})


def _is_clause_start(toks: list[str], i: int) -> bool:
    if i >= 2 and toks[i - 1] in _OBJ_CLITICS and verb_class(toks[i - 2]):
        return False  # "show me (the) text": after a verb and its "me" comes the object, not a second verb
    return i == 0 or toks[i - 1] in CLAUSE_BREAK or toks[i - 1].startswith("{")


def _times_sign(toks: list[str], i: int) -> bool:
    """"12 x 7": the letter between two numbers is the multiplication sign, not a word."""
    def num(t: str) -> bool:
        return t.isdigit() or t == "{number}"

    return toks[i] in ("x", "×") and 0 < i < len(toks) - 1 and num(toks[i - 1]) and num(toks[i + 1])


def _named_not_called(toks: list[str], i: int, cls: str) -> bool:
    """"si chiama Giulia" is a name ("is called"), not a phone call."""
    if cls != "call":
        return False
    return (i > 0 and toks[i - 1] == "si") or (i + 1 < len(toks) and toks[i + 1] in ("{path}", "{quoted}"))


COUNT_WORDS = frozenset({"quanti", "quante", "many"})
# Words that restrict what a request acts on: the remembered call, made without them, would do more.
ONLY = frozenset({"solo", "soltanto", "solamente", "unicamente", "esclusivamente", "only", "tranne", "eccetto",
                  "escluso", "esclusi", "except", "excluding", "but", "apart", "salvo", "fuorché", "fuorche"})
# Asking to be told what is inside makes an "open" a read ("apri X e dimmi cosa contiene").
TELL = frozenset({"dimmi", "dimmelo", "dicci", "tell", "riassumi", "spiegami", "contiene", "contains"})
ARITH_WORDS = frozenset({"più", "piu", "meno", "per", "diviso", "fratto", "elevato", "alla", "x", "×", "*", "/", "+",
                         "-", "plus", "minus", "times", "divided", "by", "over", "multiplied", "to", "the", "power",
                         "of", "di", "mod", "modulo", "percent", "percento", "cento", "%"})
ROOT_WORDS = frozenset({"square", "root", "sqrt", "radice", "quadrata", "of", "di", "del", "√"})
# "una cartella chiamata X", "a folder called X": a name follows, not a phone call.
INTRODUCES_TEXT = frozenset({"scritto", "scritta", "written", "saying", "dicendo", "testo", "text"})
NAMING = frozenset({"called", "named", "chiamato", "chiamata", "chiamati", "chiamate", "denominato", "denominata",
                    "nominato", "nominata"})


def _between_numbers(toks: list[str]) -> set[int]:
    """"1000 meno 387", "2 to the power of 10": the words between two numbers are the arithmetic itself,
    an argument (the calculator reads it), not what the request is about."""
    def num(t: str) -> bool:
        return t.isdigit() or t == "{number}"

    out: set[int] = set()
    nums = [i for i, t in enumerate(toks) if num(t)]
    for a, b in zip(nums, nums[1:]):
        run = range(a + 1, b)
        if 0 < len(run) <= 4 and all(toks[j] in ARITH_WORDS for j in run):
            out.update(run)
    for b in nums:  # "square root of 225", "la radice quadrata di 144": an operator written before its number
        j = b - 1
        while j >= 0 and toks[j] in ROOT_WORDS:
            j -= 1
        if any(toks[k] in ("root", "radice", "sqrt", "√") for k in range(j + 1, b)):
            out.update(range(j + 1, b))
    return out


_AUX = frozenset({"ho", "hai", "ha", "abbiamo", "avete", "hanno", "avevo", "aveva", "sei", "sono", "siamo", "siete",
                  "è", "have", "has", "had", "did",
                  "i've", "ive", "you've", "we've"})
_BETWEEN_AUX = frozenset({"già", "gia", "mai", "ancora", "already", "you", "i", "we", "tu", "io", "it", "just", "ever",
                          "not", "non", "u"})  # no articles: "quando ho la visita?" is a noun, not "visitato"
_THIRD_PERSON = frozenset(f for b in EN_VERBS.get("read", []) + EN_VERBS.get("open", []) + EN_VERBS.get("delete", [])
                          + EN_VERBS.get("copy", []) + EN_VERBS.get("move", []) + EN_VERBS.get("write", [])
                          + EN_VERBS.get("append", [])
                          + EN_VERBS.get("list", []) + EN_VERBS.get("find", [])
                          if " " not in b for f in (b + "s", b + "es"))


# "a che ora è la riunione?": a time, but of something else (actions._EVENT_TIME); the memory may know it, the
# clock does not
EVENT = "~event"


_PAST = frozenset({"found", "made", "wrote", "sent", "put", "took", "saw", "did", "ran", "got", "kept", "threw"})
_SUBJECT_VERB = re.compile(r"(?i)\b(?:i|we)\s+(?:just\s+|already\s+|also\s+|finally\s+)?([a-z]+)\b")


_PAST_TIME = re.compile(r"(?i)\b(?:this morning|yesterday|earlier|last night|already|ago|before lunch|"
                        r"this afternoon)\b")


def told_done(text: str) -> bool:
    """ "I opened X already", "we moved X last night", "I read X this morning": the person says what they did (the
    tokens have lost the pronoun, so the raw text is read; "read" and "put" are past only with a past time)."""
    past_time = bool(_PAST_TIME.search(text))
    return any(verb_class(w.lower()) and (w.lower().endswith(("ed", "en")) or w.lower() in _PAST or past_time)
               for w in _SUBJECT_VERB.findall(text))


def _reported(toks: list[str]) -> bool:
    """An action told or asked about rather than asked for: "ho già cancellato X?", "have you moved X",
    "did you copy X?", "which app opens X by default?"."""
    for i, t in enumerate(toks):
        if t in _THIRD_PERSON and i > 0 and toks[i - 1] not in ("it", "lo"):
            return True
        if t in ("already", "già", "gia") and i + 1 < len(toks) and verb_class(toks[i + 1]):
            return True  # "I already read X this morning"
        if t not in _AUX:
            continue
        j = i + 1
        while j < len(toks) and toks[j] in _BETWEEN_AUX:
            j += 1
        if j < len(toks) and verb_class(toks[j]) and (t == "did" or toks[j].endswith(
                ("ato", "ati", "ito", "iti", "uto", "uti", "ed", "en", "itto", "otto"))):  # not "ho la visita"
            return True
    return False


HOW_MANY_VALUES = frozenset({"due", "tre", "quattro", "cinque", "two", "three", "four", "five", "both", "entrambi",
                             "entrambe"})
CAUSAL = frozenset({"perché", "perchè", "perche", "xké", "xkè", "xke", "xché", "xchè", "xche", "because", "cause",
                    "cuz", "coz"})


def _without_reason(toks: list[str]) -> list[str]:
    """"elenca /mnt/usb perché non mi ricordo cosa c'è": after the action, a because-clause is why, not what."""
    for k, t in enumerate(toks):
        reason = TEXTING.get(t, t) in CAUSAL or (
            # "elenca i file di X che devo ritrovare la verifica": a spoken "because" right after the value
            t == "che" and k > 0 and toks[k - 1] in ("{path}", "{url}") and k + 1 < len(toks)
            and toks[k + 1] in ("devo", "dobbiamo", "voglio", "vogliamo", "sto", "serve")) or (
            # "elimina X, non serve più": why it can go, not a "don't" ("mi" is a filler, gone already)
            t == "non" and (toks[k + 1:k + 2] in (["serve"], ["servono"]) or toks[k + 1:k + 3] in (
                ["ci", "serve"], ["ci", "servono"])))
        if reason and any(verb_class(w) for w in toks[:k]):
            # the reason ends where a next request starts: "… perché X, e poi cancellalo" keeps the delete
            end = next((j for j in range(k + 1, len(toks)) if toks[j] in ("poi", "then") or (
                toks[j] in ("e", "ed", "and") and j + 1 < len(toks) and verb_class(toks[j + 1]))), len(toks))
            return toks[:k] + toks[end:]
    return toks


def _reads_at(toks: list[str], j: int) -> bool:
    """A phrase of reading starts at toks[j] ("dimmi cosa c'è scritto", "tell me what it says")."""
    if toks[j:j + 1] in (["me"], ["us"]):
        j += 1
    return any(VERB_PHRASES.get(tuple(toks[j:j + n])) == "read" for n in range(2, min(MAX_PHRASE, len(toks) - j) + 1))


def negation_at(toks: list[str], i: int) -> bool:
    """Does a negation ("non", "nn", "don't", "lascia stare") start at token `i`?"""
    t = TEXTING.get(toks[i], toks[i])
    return t in NEGATIONS or (i + 1 < len(toks) and (t, toks[i + 1]) in NEGATION_PHRASES)


def signature_of_tokens(toks: list[str]) -> ActionSig:
    toks = _without_reason(toks)
    actions: list[str] = []
    noun_actions: list[str] = []
    leading_nouns: list[str] = []
    objects: set[str] = set()
    content: set[str] = set()
    negated = False
    descriptor_only = True  # every folder word stands right before a path ("la cartella /tmp/t")
    roles: list[str] = []
    used: set[int] = _between_numbers(toks)
    values = sum(t in ("{path}", "{url}") for t in toks)
    i = 0
    n = len(toks)
    while i < n:
        if i in used:
            i += 1
            continue
        matched = False
        for L in range(min(MAX_PHRASE, n - i), 1, -1):
            cls = phrase_class(tuple(toks[i:i + L]))
            if cls:
                actions.append(cls)
                i += L
                matched = True
                break
        if matched:
            continue
        t = TEXTING.get(toks[i], toks[i])
        if t in PHRASAL_HEADS:
            for j in range(i + 1, min(n, i + 1 + _PARTICLE_WINDOW)):
                if toks[j] in PHRASAL and j not in used:
                    actions.append(PHRASAL[toks[j]])
                    used.add(j)
                    break
            i += 1
            continue
        if negation_at(toks, i):
            negated = True
        elif t.startswith("{"):
            if t == "{url}":
                objects.add("web")  # a URL names its object: "apri https://..." = "apri la pagina https://..."
            elif t == "{path}":
                roles.append(_role(toks, i))
        elif (t in NAMING or t in INTRODUCES_TEXT) and i + 1 < n and (toks[i + 1] in ("{path}", "{quoted}") or (
                t in NAMING and ("folder" in objects or "{path}" in toks[:i]))):
            pass  # "called X", "con scritto 'X'", "una cartella in X chiamata Y": the words that introduce a value
        elif t == "ora" and i > 0 and toks[i - 1] in ("che", "l", "l'", "quale", "dell'", "all'", "dimmi", "dirmi",
                                                         "dici", "sai", "sapere"):  # (the article is dropped)
            content.add("~time")  # "che ora è", "dimmi l'ora": the hour, not "now"
        elif t in ("say", "says") and {"what", "does", "do"} & set(toks[:i]):
            actions.append("read")  # "what does the file X say?"
        elif (cls := verb_class(t)) and (t not in AMBIGUOUS or _is_clause_start(toks, i)):
            if not _named_not_called(toks, i, cls):
                actions.append(cls)
        elif t in NOUN_ACTIONS:
            noun_actions.append(NOUN_ACTIONS[t])
            if not actions:  # "contenuto di X e poi cancellalo": the noun asks first, the verb after
                leading_nouns.append(NOUN_ACTIONS[t])
        elif t in OBJECT_OF:
            objects.add(OBJECT_OF[t])
            if OBJECT_OF[t] == "folder" and not (i + 1 < n and toks[i + 1] in ("{path}", "home")):
                descriptor_only = False
        elif t in STOPWORDS or t in FILLER_WORDS or t in PHRASAL:
            pass
        elif t.endswith("'") or t.isdigit() or _times_sign(toks, i):
            pass
        elif (cls := typo_verb(t)) and _is_clause_start(toks, i):
            actions.append(cls)
        elif typo_word(t) is not None:
            pass
        elif (obj := typo_object(t)) is not None:
            objects.add(obj)
            if obj == "folder" and not (i + 1 < n and toks[i + 1] in ("{path}", "home")):
                descriptor_only = False
        elif t in HOW_MANY_VALUES and values >= 2:
            pass  # "scarica queste due pagine: X e Y": the count restates the values
        else:
            st = stem(t)
            content.add(THING_OF.get(st, st))  # "day" and "giorno" are one thing
        i += 1
    if any(t in ONLY and k + 1 < n and not toks[k + 1].startswith("{") for k, t in enumerate(toks)):
        content.add("~only")  # "elenca solo le cartelle in X", "all files except the pdfs": a filter
    first_value = next((k for k, t in enumerate(toks) if t in ("{path}", "{url}")), None)
    if first_value is not None and any(t in TELL and not (t in ("contiene", "contains") and toks[k - 1] in (
            "cosa", "what", "che")) and not _reads_at(toks, k + 1) for k, t in enumerate(toks) if k > first_value):
        # "X, cosa contiene?", "… e dimmi cosa c'è scritto": what it holds, which is what reading gives
        content.add("~tell")  # "leggi X e dimmi quante righe ha": a question about it, not only the thing
    if any(t in COUNT_WORDS for t in toks) or ("calculate" in actions and (roles or "{url}" in toks)):
        content.add("~count")  # "quanti pdf in X", "conta le righe di X": a number, not what the remembered call gives
    if _reported(toks):
        negated = True  # "ho già cancellato X?", "did you copy X?", "which app opens X": not asked to be done
    if not actions:
        actions = noun_actions
    elif leading_nouns:
        actions = leading_nouns + [a for a in actions if a not in leading_nouns]
    if not actions and not content and "{ext}" in toks and roles and set(roles) <= {"loc", "of"}:
        actions = ["find"]  # "any mp4 files in ~/Videos?": files of a kind in a place, nothing else asked
    if actions == ["append"] and not roles and not content and toks.count("{number}") >= 2:
        actions = ["calculate"]  # "add 17 and 26", "aggiungi 5 a 12": numbers added to numbers are a sum
    if "folder" in objects and descriptor_only and actions and set(actions) <= READ_ONLY | {"open"} and roles:
        objects.discard("folder")  # reading "la cartella X" is reading X; creating or deleting one is not
    if "note" in objects and actions and set(actions) <= READ_ONLY | {"open"} and roles:
        objects.discard("note")  # "leggimi gli appunti in X": the path is the notes, no notes app is meant
    if "open" in actions and ("read" in actions[actions.index("open"):] or TELL & set(toks)):
        # "apri X e mostrami il contenuto", "open X and tell me the last error": opened to be read
        actions = ["read" if a == "open" else a for a in actions]
    seen: list[str] = []
    for a in actions:
        if a not in seen:
            seen.append(a)
    return ActionSig(tuple(seen), negated, frozenset(objects), frozenset(content), tuple(roles))


def _role(toks: list[str], i: int) -> str:
    j = i - 1
    while j >= 0 and (toks[j] in ROLE_SKIP or typo_word(toks[j]) in ROLE_SKIP):  # "nel fle X" = "nel file X"
        j -= 1
    if j < 0:
        return "obj"
    if toks[j] in LOC_PREPS:
        return "loc"
    if toks[j] in OF_PREPS:
        return "of"
    return "obj"
