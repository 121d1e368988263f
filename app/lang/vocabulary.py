"""The lexicon compiled for matching: every verb form (IT/EN, with clitics), object nouns, and typo readings.

lexicon.py holds the words as data; this module turns them into lookups once at import: the forms people
type ("leggimelo", "cancellato", "deleting"), verb phrases, and the one-edit typo indexes ("legi", "spsota",
"fike", "cartela") that read a slip as the word it was meant to be only when exactly one reading fits.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from app.lang.units import unit_words
from app.lang.words import stem

from . import real_words
from .lexicon import CLITICS, EN_VERBS, IT_EXTRA, IT_VERBS, OBJECTS, SAME_THING, STOPWORDS
from .normalize import FILLER_WORDS, normalize, split_words
from .rules.function_words import FUNCTION_WORDS


def _it_forms(inf: str) -> set[str]:
    """Forms of a regular Italian verb people type in requests (imperative, Lei, voi, infinitive, gerund)."""
    if " " in inf or len(inf) < 5:
        return {inf}
    forms = {inf, inf[:-1]}  # "leggere", "legger" (+ clitic: "leggerlo")
    stem, end = inf[:-3], inf[-3:]
    if end == "are":
        hard = stem + "h" if stem.endswith(("c", "g")) else stem
        soft = stem[:-1] if stem.endswith("i") else stem
        forms |= {stem + "a", stem + "ate", hard + "i", stem + "o", soft + "iamo" if not stem.endswith("i") else
                  stem + "amo", stem + "ando", stem + "ato", stem + "ata", stem + "ati"}
        if stem.endswith("i") and stem not in real_words.REAL_WORDS:
            # the Lei imperative of "copiare" is "copi" ("vi copi il file", everyday22-7: the formal request had no
            # copy), not when the form is a common word of its own ("archivi", "inizi", "cambi": nouns)
            forms.add(stem)
        cond = (stem[:-1] if stem.endswith("i") and stem[-2:-1] in ("c", "g") else hard) + "er"
    elif end in ("ere", "ire"):
        forms |= {stem + "i", stem + ("ete" if end == "ere" else "ite"), stem + "a", stem + "o", stem + "iamo",
                  stem + "endo"}
        cond = stem + end[0] + "r"
    else:
        return forms
    # the polite conditional: "mi creerebbe la cartella X?", "mi apriresti X?", "potrebbe cercare…" (Lei, tu, voi);
    # the subjunctive a formal wish takes: "vorrei che stampasse il documento", "gradirei che cercassi…" (Lei, tu)
    wish = stem + end[0] + "ss"
    return forms | {cond + "ebbe", cond + "esti", cond + "este", wish + "e", wish + "i"}


def _en_forms(base: str) -> set[str]:
    words = base.split()
    head, rest = words[0], words[1:]
    heads = {head, head + "s", head + "es", head + "ing", head + "ed", head + "d"}
    if head.endswith("e"):
        heads |= {head[:-1] + "ing"}
    if re.fullmatch(r"[^aeiou]*[aeiou][^aeiouwxy]", head):
        heads |= {head + head[-1] + "ing", head + head[-1] + "ed"}
    if head.endswith("y"):
        heads |= {head[:-1] + "ies", head[:-1] + "ied"}
    return {" ".join([h, *rest]) for h in heads}


def _build() -> tuple[dict[str, str], dict[tuple[str, ...], str]]:
    single: dict[str, str] = {}
    phrases: dict[tuple[str, ...], str] = {}

    def add(form: str, cls: str) -> None:
        words = split_words(normalize(form))
        toks = tuple(w for w in words if w not in FILLER_WORDS) or tuple(words)  # as in canonical text
        if not toks:
            return
        if len(toks) == 1:
            single.setdefault(toks[0], cls)
        else:
            phrases.setdefault(toks, cls)

    for cls, forms in IT_EXTRA.items():
        for f in forms:
            add(f, cls)
            if "c'è" in f:
                for typed in ("ce", "c e", "c è"):  # "cosa ce scritto": typed without the apostrophe
                    add(f.replace("c'è", typed), cls)
    for cls, infs in IT_VERBS.items():
        for inf in infs:
            for f in _it_forms(inf):
                add(f, cls)
    for cls, bases in EN_VERBS.items():
        for b in bases:
            for f in _en_forms(b):
                add(f, cls)
    return single, phrases


VERB_FORMS, VERB_PHRASES = _build()
_IT_WORDS = frozenset(f for infs in IT_VERBS.values() for inf in infs for f in _it_forms(inf)) | frozenset(
    f for forms in IT_EXTRA.values() for f in forms if " " not in f)
_EN_WORDS = frozenset(f for bases in EN_VERBS.values() for b in bases for f in _en_forms(b) if " " not in f)


def clitic_bases(tok: str) -> list[str]:
    """`tok` without each Italian clitic it may end with, longest clitic first ("tienilo" -> "tieni")."""
    return [tok[: -len(cl)] for cl in CLITICS if len(tok) > len(cl) + 3 and tok.endswith(cl)]


def verb_langs(tok: str) -> set[str]:
    """Which languages a verb form belongs to ({"it"}, {"en"}, both, or none); Italian clitics allowed."""
    out = set()
    cands = {tok, *clitic_bases(tok)}
    cands |= {c + "e" for c in cands if c.endswith("r")}
    if cands & _IT_WORDS:
        out.add("it")
    if tok in _EN_WORDS:
        out.add("en")
    return out
MAX_PHRASE = max((len(p) for p in VERB_PHRASES), default=1)
OBJECT_OF: dict[str, str] = {w: cls for cls, words in OBJECTS.items() for w in words}
THING_OF: dict[str, str] = {stem(w): "~" + cls for cls, words in SAME_THING.items() for w in words}
_TYPO_MIN = 4  # shorter words are one edit away from too many others


def _deletes(w: str) -> set[str]:
    return {w[:i] + w[i + 1:] for i in range(len(w))}


def _typo_index(words: Iterable[str]) -> tuple[frozenset[str], dict[str, set[str]]]:
    """The words themselves, and each of them by every one-letter-shorter spelling."""
    exact = frozenset(w for w in words if len(w) >= _TYPO_MIN and w.isalpha())
    shorter: dict[str, set[str]] = {}
    for w in exact:
        for k in _deletes(w):
            shorter.setdefault(k, set()).add(w)
    return exact, shorter


_VERB_TYPOS = _typo_index(VERB_FORMS)
_WORD_TYPOS = _typo_index(STOPWORDS)  # not the short object nouns: "time" is a word, not a mistyped "timer"
_NOUN_TYPOS = _typo_index(w for w in OBJECT_OF if len(w) >= 6)


_QWERTY = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_NEAR_KEYS: dict[str, str] = {
    ch: "".join(row[j] for j in (i - 1, i + 1) if 0 <= j < len(row)) for row in _QWERTY for i, ch in enumerate(row)}


def _one_edit(tok: str, idx: tuple[frozenset[str], dict[str, set[str]]], missing_only: bool = False) -> set[str]:
    """Known words one typo away, same first letter: a letter missing ("legi"); for longer words also a letter
    too many ("coppy") or two letters swapped ("spsota"). Never a letter changed: "costa" is not "conta"."""
    exact, shorter = idx
    if not tok.isalpha() or len(tok) < _TYPO_MIN - 1:
        return set()
    found = set(shorter.get(tok, ()))
    if len(tok) >= _TYPO_MIN:  # "lsit", "opne", "fiel": two neighbours swapped
        found |= {tok[:i] + tok[i + 1] + tok[i] + tok[i + 2:] for i in range(1, len(tok) - 1)} & exact
    if not missing_only and len(tok) >= _TYPO_MIN + 1:
        found |= _deletes(tok) & exact
    if len(tok) >= _TYPO_MIN:  # "fike", "copu", "oprn": one key hit next to the right one (never the first)
        found |= {tok[:i] + c + tok[i + 1:] for i in range(1, len(tok)) for c in _NEAR_KEYS.get(tok[i], "")} & exact
    return {w for w in found if w[0] == tok[0] and w != tok}


# What a clause acts on, once masked: beside one of these, a common word in a verb's place is that verb misspelt
# ("coppia {path} in {path}", "ceca parola {quoted}"); without one it is the word it is ("fare brutta figura").
ACTED_ON = ("{path}", "{quoted}", "{url}")


def slip_in_clause(tok: str, toks: Iterable[str]) -> bool:
    """May `tok`, one slip from a verb, be read as that verb in a clause of these (masked) words? Not a common word
    of its own (real_words.py) unless the clause names something to act on."""
    return tok not in real_words.REAL_WORDS or any(t in ACTED_ON for t in toks)


@lru_cache(maxsize=8192)
def typo_verb(tok: str) -> str | None:
    """The action class of a mistyped verb ("spsota", "cpia", "legi"), when every near form agrees."""
    if len(tok) < _TYPO_MIN - 1 or tok in STOPWORDS or tok in OBJECT_OF or tok in unit_words():
        return None  # a word the app knows is no typo ("miles" is not "mails"); a common word: slip_in_clause
    classes = {VERB_FORMS[w] for w in _one_edit(tok, _VERB_TYPOS)}
    return classes.pop() if len(classes) == 1 else None


def typo_word(tok: str) -> str | None:
    """A function word with a letter missing or two swapped ("fle", "fiel" for "file"), when exactly one is near."""
    near = _one_edit(tok, _WORD_TYPOS, missing_only=True)
    return near.pop() if len(near) == 1 else None


@lru_cache(maxsize=4096)
def typo_object(tok: str) -> str | None:
    """The object class of a long object noun with a letter missing or two swapped ("cartela", "cartlela")."""
    if tok in real_words.REAL_WORDS:
        return None  # "canone" (rent) is not a mistyped "canzone"
    near = _one_edit(tok, _NOUN_TYPOS, missing_only=True)
    if len(tok) >= 8:  # "carttella": a letter typed twice, in a long word ("contratto" is a word, not "contatto")
        near |= {tok[:i] + tok[i + 1:] for i in range(1, len(tok)) if tok[i] == tok[i - 1]} & _NOUN_TYPOS[0]
    classes = {OBJECT_OF[w] for w in near}
    return classes.pop() if len(classes) == 1 else None


def phrase_class(toks: tuple[str, ...]) -> str | None:
    """Action class of a multi-word verb phrase, its head allowing an Italian clitic as single verbs do:
    "tieni a mente" and "tienilo a mente", "tienimelo a mente"."""
    cls = VERB_PHRASES.get(toks)
    if cls or not toks:
        return cls
    for base in clitic_bases(toks[0]):
        cls = VERB_PHRASES.get((base, *toks[1:]))
        if cls:
            return cls
    return None


def verb_class(tok: str) -> str | None:
    """Action class of one word, allowing Italian clitics ("mostrami", "cancellalo", "leggerlo")."""
    cls = VERB_FORMS.get(tok)
    if cls:
        return cls
    for base in clitic_bases(tok):
        cls = VERB_FORMS.get(base) or (VERB_FORMS.get(base + "e") if base.endswith("r") else None)
        if cls:
            return cls
    return _dialect_clitic_verb(tok)


_DIALECT_CLITICS = FUNCTION_WORDS.words("dialect_clitic")  # "-me", "-ghe": rules/function_words.py


def _dialect_clitic_verb(tok: str) -> str | None:
    """ "leggime", "trovime", "mettighe": the dialects' "-me"/"-ghe" for "-mi"/"-ci" after an Italian verb form the
    lexicon knows ("leggi", "trovi"); four letters at least before the ending ("dime", "come" stay words)."""
    for cl in _DIALECT_CLITICS:
        base = tok[: -len(cl)]
        if tok.endswith(cl) and len(base) >= 4 and base in VERB_FORMS and base in _IT_WORDS:
            return VERB_FORMS[base]
    return None
