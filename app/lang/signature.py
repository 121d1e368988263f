"""The signature of a request's words: its actions, whether it is negated, its objects, content words and roles.

`signature_of_tokens` reads tokens that `actions.action_of` has already cut to the part that asks and masked
(argument values are placeholders); it is kept apart from the comparisons in actions.py because it is the one
place that knows how IT/EN verbs, clitics, particles and negations look in a token list (reported speech and
because-clauses: reported.py). Each word is read by the first of a few readers that knows it (`_WORD_READERS`:
negations and values, verbs, nouns and objects, misspellings); what the whole request says is settled after.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from app.lang.words import stem

from .lexicon import (
    AMBIGUOUS,
    CLAUSE_BREAK,
    DEMONSTRATIVES,
    MANNER,
    NEGATION_PHRASES,
    NEGATIONS,
    NOUN_ACTIONS,
    READ_ONLY,
    STOPWORDS,
    SUBORDINATORS,
    TEXTING,
)
from .nominal import verbs_for_nouns
from .normalize import FILLER_WORDS
from .reported import adjectival, reported, without_reason
from .rules.possessives import POSSESSIVES
from .vocabulary import (
    MAX_PHRASE,
    OBJECT_OF,
    THING_OF,
    VERB_PHRASES,
    phrase_class,
    slip_in_clause,
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
_POSSESSIVE = frozenset(w for rid in ("determiner_en", "determiner_it", "quantifier")
                        for w in POSSESSIVES.rule(rid).words)
_GENITIVE = POSSESSIVES.pattern("genitive")


def _is_clause_start(toks: list[str], i: int) -> bool:
    if i >= 2 and toks[i - 1] in _OBJ_CLITICS and verb_class(toks[i - 2]):
        return False  # "show me (the) text": after a verb and its "me" comes the object, not a second verb
    j = i - 1
    while j > 0 and toks[j].startswith("{") and toks[j - 1].startswith("{"):
        j -= 1  # "{path} {path}": a name with a space read as two values
    after_value = toks[i - 1].startswith("{") and not (j >= 1 and toks[j - 1] in SUBORDINATORS)
    return i == 0 or toks[i - 1] in CLAUSE_BREAK or after_value


def _after_possessive(toks: list[str], i: int) -> bool:
    """"the crew's share", "my copy": a possessive stands only before a noun (rules/possessives.py)."""
    if i == 0:
        return False
    before = toks[i - 1]
    return before in _POSSESSIVE or _GENITIVE.fullmatch(before) is not None


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


# "a che ora è la riunione?": a time, but of something else (actions._EVENT_TIME); the memory may know it, the
# clock does not
EVENT = "~event"


HOW_MANY_VALUES = frozenset({"due", "tre", "quattro", "cinque", "two", "three", "four", "five", "both", "entrambi",
                             "entrambe"})
def _reads_at(toks: list[str], j: int) -> bool:
    """A phrase of reading starts at toks[j] ("dimmi cosa c'è scritto", "tell me what it says")."""
    if toks[j:j + 1] in (["me"], ["us"]):
        j += 1
    return any(VERB_PHRASES.get(tuple(toks[j:j + n])) == "read" for n in range(2, min(MAX_PHRASE, len(toks) - j) + 1))


def negation_at(toks: list[str], i: int) -> bool:
    """Does a negation ("non", "nn", "don't", "lascia stare") start at token `i`?"""
    t = TEXTING.get(toks[i], toks[i])
    return t in NEGATIONS or (i + 1 < len(toks) and (t, toks[i + 1]) in NEGATION_PHRASES)


@dataclass
class _Reading:
    """What a request's words have said so far, read left to right by `signature_of_tokens`."""

    toks: list[str]
    used: set[int]  # tokens already read as part of something else: arithmetic, a verb's particle
    values: int  # how many paths and addresses the request carries
    actions: list[str] = field(default_factory=list)
    noun_actions: list[str] = field(default_factory=list)  # "il contenuto di X": a noun that asks an action
    leading_nouns: list[str] = field(default_factory=list)  # ...said before any verb
    objects: set[str] = field(default_factory=set)
    content: set[str] = field(default_factory=set)
    negated: bool = False
    descriptor_only: bool = True  # every folder word stands right before a path ("la cartella /tmp/t")
    roles: list[str] = field(default_factory=list)


def signature_of_tokens(toks: list[str]) -> ActionSig:
    """The request's signature: its tokens read one by one (`_read_at`), then what the whole says about them
    (`_mark_content`, `_settled_actions`, `_drop_plain_objects`)."""
    toks = without_reason(verbs_for_nouns(toks))
    r = _Reading(toks, _between_numbers(toks), sum(t in ("{path}", "{url}") for t in toks))
    i = 0
    while i < len(toks):
        i = _read_at(r, i)
    _mark_content(r)
    if reported(toks):
        r.negated = True  # "ho già cancellato X?", "did you copy X?", "which app opens X": not asked to be done
    actions = _settled_actions(r)
    _drop_plain_objects(r, actions)
    if "open" in actions and ("read" in actions[actions.index("open"):] or TELL & set(toks)):
        # "apri X e mostrami il contenuto", "open X and tell me the last error": opened to be read
        actions = ["read" if a == "open" else a for a in actions]
    return ActionSig(tuple(dict.fromkeys(actions)), r.negated, frozenset(r.objects), frozenset(r.content),
                     tuple(r.roles))


def _read_at(r: _Reading, i: int) -> int:
    """Read the words at toks[i] (a phrase, a verb with its particle, or one word); the index after them."""
    toks = r.toks
    if i in r.used:
        return i + 1
    for L in range(min(MAX_PHRASE, len(toks) - i), 1, -1):
        cls = phrase_class(tuple(toks[i:i + L]))
        if cls:
            r.actions.append(cls)
            return i + L
    t = TEXTING.get(toks[i], toks[i])
    if t in PHRASAL_HEADS:
        _particle(r, i)
        return i + 1
    for read in _WORD_READERS:
        if read(r, i, t):
            return i + 1
    st = stem(t)
    r.content.add(THING_OF.get(st, st))  # "day" and "giorno" are one thing
    return i + 1


def _particle(r: _Reading, i: int) -> None:
    """"turn the volume up": the particle a few words after the head says the action."""
    for j in range(i + 1, min(len(r.toks), i + 1 + _PARTICLE_WINDOW)):
        if r.toks[j] in PHRASAL and j not in r.used:
            r.actions.append(PHRASAL[r.toks[j]])
            r.used.add(j)
            return


def _negation_or_value(r: _Reading, i: int, t: str) -> bool:
    """A negation, a value (its placeholder), or the words that introduce a value."""
    toks = r.toks
    if negation_at(toks, i):
        r.negated = True
    elif t.startswith("{"):
        if t == "{url}":
            r.objects.add("web")  # a URL names its object: "apri https://..." = "apri la pagina https://..."
        elif t == "{path}":
            r.roles.append(_role(toks, i))
    elif (t in NAMING or t in INTRODUCES_TEXT) and i + 1 < len(toks) and (toks[i + 1] in ("{path}", "{quoted}") or (
            t in NAMING and ("folder" in r.objects or "{path}" in toks[:i]))):
        pass  # "called X", "con scritto 'X'", "una cartella in X chiamata Y": the words that introduce a value
    else:
        return False
    return True


def _action_word(r: _Reading, i: int, t: str) -> bool:
    """A verb, or words that ask for a reading or the hour without one."""
    toks = r.toks
    if t == "ora" and i > 0 and toks[i - 1] in ("che", "l", "l'", "quale", "dell'", "all'", "dimmi", "dirmi",
                                                   "dici", "sai", "sapere"):  # (the article is dropped)
        r.content.add("~time")  # "che ora è", "dimmi l'ora": the hour, not "now"
    elif t in ("say", "says") and {"what", "does", "do"} & set(toks[:i]):
        r.actions.append("read")  # "what does the file X say?"
    elif (cls := verb_class(t)) and (t not in AMBIGUOUS or _is_clause_start(toks, i)) and not adjectival(toks, i) \
            and not _after_possessive(toks, i):
        if not _named_not_called(toks, i, cls):
            r.actions.append(cls)
    else:
        return False
    return True


def _noun_word(r: _Reading, i: int, t: str) -> bool:
    """A noun that asks an action, a word that names an object, or a word that says nothing here."""
    if t in NOUN_ACTIONS and i and r.toks[i - 1] in DEMONSTRATIVES:
        pass  # "quella lista non mi serve più": a thing pointed at, no action asked (fresh tune half)
    elif t in NOUN_ACTIONS and MANNER & set(r.toks[max(0, i - 2):i]):
        pass  # "in duplice copia": how something is done, no action asked
    elif t in NOUN_ACTIONS and _beside_a_folder_word(r.toks, i):
        r.content.add(t)  # "fammi una cartella backup", "a backup folder": the folder's name (everyday11-28 copied)
    elif t in NOUN_ACTIONS:
        r.noun_actions.append(NOUN_ACTIONS[t])
        if not r.actions:  # "contenuto di X e poi cancellalo": the noun asks first, the verb after
            r.leading_nouns.append(NOUN_ACTIONS[t])
    elif t in OBJECT_OF:
        _add_object(r, i, OBJECT_OF[t])
    elif t in STOPWORDS or t in FILLER_WORDS or t in PHRASAL:
        pass
    elif t.endswith("'") or t.isdigit() or _times_sign(r.toks, i):
        pass
    else:
        return False
    return True


_OF = frozenset({"of", "di", "del", "della", "dei", "delle", "dello", "degli"})


def _beside_a_folder_word(toks: list[str], i: int) -> bool:
    """Is the word a folder's name: right after a folder noun ("una cartella backup", not "folder contents of X"),
    or right before one that no path follows ("make me a backup folder in X", not "leggi contenuto cartella X")?"""
    def folder(j: int) -> bool:
        return 0 <= j < len(toks) and OBJECT_OF.get(toks[j]) == "folder"

    after = folder(i - 1) and (i + 1 >= len(toks) or toks[i + 1] not in _OF)
    before = folder(i + 1) and i > 0 and (i + 2 >= len(toks) or not toks[i + 2].startswith("{"))
    return after or before


def _misspelt_word(r: _Reading, i: int, t: str) -> bool:
    """A verb, a known word or an object word, one slip away."""
    if (cls := typo_verb(t)) and _is_clause_start(r.toks, i) and slip_in_clause(t, r.toks):
        r.actions.append(cls)
    elif typo_word(t) is not None:
        pass
    elif (obj := typo_object(t)) is not None:
        _add_object(r, i, obj)
    else:
        return False
    return True


def _restated_count(r: _Reading, i: int, t: str) -> bool:
    """"scarica queste due pagine: X e Y": the count restates the values."""
    return t in HOW_MANY_VALUES and r.values >= 2


# Tried in order on each word that is not part of a phrase; a word none of them reads is content.
_WORD_READERS = (_negation_or_value, _action_word, _noun_word, _misspelt_word, _restated_count)


def _add_object(r: _Reading, i: int, obj: str) -> None:
    r.objects.add(obj)
    if obj == "folder" and not (i + 1 < len(r.toks) and r.toks[i + 1] in ("{path}", "home")):
        r.descriptor_only = False


def _mark_content(r: _Reading) -> None:
    """What the whole request adds to its content: a filter, a question about the thing, a count."""
    toks, n = r.toks, len(r.toks)
    if any(t in ONLY and k + 1 < n and not toks[k + 1].startswith("{") for k, t in enumerate(toks)):
        r.content.add("~only")  # "elenca solo le cartelle in X", "all files except the pdfs": a filter
    first_value = next((k for k, t in enumerate(toks) if t in ("{path}", "{url}")), None)
    if first_value is not None and any(t in TELL and not (t in ("contiene", "contains") and toks[k - 1] in (
            "cosa", "what", "che")) and not _reads_at(toks, k + 1) for k, t in enumerate(toks) if k > first_value):
        # "X, cosa contiene?", "… e dimmi cosa c'è scritto": what it holds, which is what reading gives
        r.content.add("~tell")  # "leggi X e dimmi quante righe ha": a question about it, not only the thing
    if any(t in COUNT_WORDS for t in toks) or ("calculate" in r.actions and (r.roles or "{url}" in toks)):
        # "quanti pdf in X", "conta le righe di X": a number, not what the remembered call gives
        r.content.add("~count")


def _settled_actions(r: _Reading) -> list[str]:
    """The actions as the whole request asks them: nouns when no verb asks, a noun said first first, and the
    requests whose words name another action than they ask."""
    actions = r.actions
    if not actions:
        actions = r.noun_actions
    elif r.leading_nouns:
        actions = r.leading_nouns + [a for a in actions if a not in r.leading_nouns]
    if not actions and not r.content and "{ext}" in r.toks and r.roles and set(r.roles) <= {"loc", "of"}:
        actions = ["find"]  # "any mp4 files in ~/Videos?": files of a kind in a place, nothing else asked
    if actions == ["append"] and not r.roles and not r.content and r.toks.count("{number}") >= 2:
        actions = ["calculate"]  # "add 17 and 26", "aggiungi 5 a 12": numbers added to numbers are a sum
    return actions


def _drop_plain_objects(r: _Reading, actions: list[str]) -> None:
    """Object words that only name what is read: reading "la cartella X" is reading X."""
    reads = bool(actions) and set(actions) <= READ_ONLY | {"open"} and bool(r.roles)
    if "folder" in r.objects and r.descriptor_only and reads:
        r.objects.discard("folder")  # reading "la cartella X" is reading X; creating or deleting one is not
    if "note" in r.objects and reads:
        r.objects.discard("note")  # "leggimi gli appunti in X": the path is the notes, no notes app is meant


def _role(toks: list[str], i: int) -> str:
    j = i - 1
    # "nel fle X" = "nel file X", "nela cartela X" = "nella cartella X": a slip in the noun or the preposition
    # before a path must not make the place the thing acted on (routing batch 48: a text written "into" a folder)
    while j >= 0 and (toks[j] in ROLE_SKIP or typo_word(toks[j]) in ROLE_SKIP or typo_object(toks[j]) == "folder"):
        j -= 1
    if j < 0:
        return "obj"
    prep = toks[j] if toks[j] in LOC_PREPS | OF_PREPS else typo_word(toks[j])
    if prep in LOC_PREPS:
        return "loc"
    if prep in OF_PREPS:
        return "of"
    return "obj"
