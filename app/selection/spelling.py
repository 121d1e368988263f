"""Correggi/Fix, second rule pass: a misspelled word that no error table names, corrected by a dictionary.

Why: the error tables (app/lang/rules/errors_*.py) hold the frequent errors, and the bundled 1.5B model leaves
most others alone ("aqua" → "acqua" stayed). A word the dictionary of the text's language does not know, with one
frequent word a single edit away, is almost always that word misspelled; anything less sure is left to the table
and the model.

The dictionaries are pyspellchecker's word-frequency lists (MIT; resources/it.json.gz, en.json.gz inside the
package, bundled by installer/spec_config.py). They are built from subtitles, so their tail holds misspellings
too ("aqua" is there, 72 times in 445 M words): a word counts as known from KNOWN_PER_M occurrences per million.

A word is corrected only when all of these hold:
- it is lowercase letters only, at least MIN_LEN of them (no capital: names and sentence openings are not read;
  no digit, dot, slash, underscore or @: numbers, codes, paths and links), not elided ("dell'", "don'"), and not
  inside a link, path, file name or code that app/selection/keep.py reads in the text;
- it is not known in the text's language nor in the other of IT/EN (jargon: "meeting" in an Italian text);
- an Italian word whose final vowel with its accent is a frequent word ("potra" → "potrà") takes it; otherwise
  it has no accent (accents are the tables'), and is not a form of a known word: the lists miss inflections
  ("spegnete", "segano", "texted") and verbs with clitics ("aggiungerne", "rivolgervi"), so a word whose stem
  takes another ending of ENDINGS as a known word is taken as a word, and so is a repetition verb ("ridai": "ri" +
  "dai");
- one frequent word (FREQUENT_PER_M) of the text's language is one edit away, with the same first letter (the
  first letter is rarely the wrong one: "aqua" is "acqua", not "qua"), DOMINANT times likelier than the next
  such word and OVER_ITSELF times likelier than the word itself;
- in Italian, a word shorter than DOUBLE_FROM letters has no neighbour that is the word with one of its letters
  doubled (tuta/tutta: the list misses some short single forms, "tuta" among them); a longer one takes its
  doubled form ("messagio" → "messaggio", "machina" → "macchina"); the other way is always a correction
  ("stazzione" → "stazione": a doubled form missing from a list of 445 M words is a misspelling);
- the change looks like a correction by correct.py's own rule (`_is_correction`).

Loaded once, on the first correction (~0.1 s and ~20–30 MB each): the selection hotkey never imports it.
"""
from __future__ import annotations

import re
import threading
from typing import Any

from app.selection import keep

KNOWN_PER_M = 1.0  # a word seen at least this often per million words is a word of the language
FREQUENT_PER_M = 2.0  # a replacement must be at least this frequent
DOMINANT = 20.0  # ... and this many times likelier than the next candidate (and than the word itself, x50)
OVER_ITSELF = 50.0
# From this length a letter to double is corrected: over 560 Italian texts (the request sets, the selection texts
# of the other actions) 7 adds "sopratutto" and "machina", both right, and no false fix; three held-out
# corrections over two sessions were letters to double ("messagio", "setaciata": declared, the motive)
DOUBLE_FROM = 7
MIN_LEN = 4  # shorter words (the word and its replacement) have too many neighbours ("ok" → "o", "euro" → "ero")
LANGS = ("it", "en")
# Inflections the lists miss ("spegnete", "segano", "texted"): a word whose stem takes another of these endings
# as a known word is a form of that word; Italian verbs also take clitics ("aggiungerne" = "aggiungere" + "ne").
ENDINGS = {
    "it": ("are", "ere", "ire", "ano", "ono", "ete", "ate", "ite", "iamo", "ava", "avano", "eva", "evano", "ato",
           "ata", "ati", "ate", "uto", "uta", "ito", "ita", "ando", "endo", "ino", "o", "a", "e", "i"),
    "en": ("ed", "ing", "es", "s", "er", "ers", "ly", "e", ""),
}
# A repetition prefix makes a verb of its own out of any verb ("ridai" = "ri" + "dai", "reupload"): the lists miss
# most of these, and "ridai" → "ridi" was a false fix on a tune text.
PREFIXES = {"it": ("ri",), "en": ("re",)}
CLITICS = ("ne", "lo", "la", "li", "le", "mi", "ti", "ci", "vi", "si", "gli", "glielo", "gliela", "glieli",
           "gliele", "gliene", "melo", "mela", "telo", "tela", "celo", "cela", "sene")
_WORD = re.compile(r"(?<![\w@./\\#-])[^\W\d_]+(?![\w@/\\#-]|\.\w|['’]\w)")
_lock = threading.Lock()
_loaded: dict[str, Any] = {}


def dictionary(lang: str) -> Any:
    """pyspellchecker's SpellChecker for `lang`, loaded on first use and kept."""
    with _lock:
        if lang not in _loaded:
            from spellchecker import SpellChecker  # imported here: a correction is the only user
            _loaded[lang] = SpellChecker(language=lang, distance=1, case_sensitive=False)
        return _loaded[lang]


def _per_m(sc: Any, word: str) -> float:
    freq = sc.word_frequency
    return float(freq[word]) * 1e6 / max(1, int(freq.total_words))


def _a_form(word: str, lang: str) -> bool:
    """Is `word` an inflection, a verb with a clitic or a verb with a repetition prefix of a word the dictionary
    knows?"""
    freq = dictionary(lang).word_frequency
    for p in PREFIXES[lang]:
        rest = word[len(p):]
        if word.startswith(p) and len(rest) >= 3 and _per_m(dictionary(lang), rest) >= FREQUENT_PER_M:
            return True
    if lang == "it":
        for c in CLITICS:  # "aggiungerne": the verb known; "rivolgervi": the verb with another clitic known
            stem = word[:-len(c)]
            if word.endswith(c) and len(word) > len(c) + 3 and (
                    freq[stem] or freq[stem + "e"] or
                    (stem.endswith(("ar", "er", "ir")) and any(freq[stem + o] for o in CLITICS if o != c))):
                return True
    for end in ENDINGS[lang]:
        if not word.endswith(end):
            continue
        stem = word[:len(word) - len(end)]
        if len(stem) >= 3 and any(freq[stem + e] for e in ENDINGS[lang] if e != end):
            return True
    return False


_ACCENTED = {"a": "à", "e": "èé", "i": "ì", "o": "ò", "u": "ù"}


def _final_accent(word: str, lang: str) -> str | None:
    """An Italian word typed without its final accent ("potra", "andra", "liberta"): the one form with the accent
    that the dictionary knows as frequent. Asked only of a word neither list knows: the future tense and the
    nouns in -tà are the commonest missing accents, too many for a table ("potra" was left by the model and by
    _a_form, which read it as a form of "potrete"); a word that is also a word unaccented ("papa", "meta", "cosi",
    which subtitles write for "così" as often as not) is the table's."""
    if lang != "it" or word[-1] not in _ACCENTED:
        return None
    sc = dictionary(lang)
    forms = [word[:-1] + a for a in _ACCENTED[word[-1]] if _per_m(sc, word[:-1] + a) >= FREQUENT_PER_M]
    return forms[0] if len(forms) == 1 else None


def _doubled(single: str, double: str) -> bool:
    """Is `double` `single` with one of its letters written twice?"""
    return len(double) == len(single) + 1 and any(
        double[i] == double[i - 1] and double[:i] + double[i + 1:] == single for i in range(1, len(double)))


def suggest(word: str, lang: str) -> str | None:
    """The one word `word` stands for when it is a misspelling the dictionary is sure of, else None."""
    if len(word) < MIN_LEN or not word.islower() or not word.isalpha():
        return None
    other = "en" if lang == "it" else "it"
    sc = dictionary(lang)
    if _per_m(sc, word) >= KNOWN_PER_M or _per_m(dictionary(other), word) >= KNOWN_PER_M:
        return None
    accented = _final_accent(word, lang)
    if accented:
        return accented  # "potra", "sara", "andra": unknown as typed, frequent with the accent
    if any(ord(ch) > 127 for ch in word) or _a_form(word, lang):
        return None  # accents are the tables' ("papà" is not "papa"); a form of a known word is a word
    freq = sc.word_frequency
    near = sorted(((freq[w], w) for w in sc.known(sc.edit_distance_1(word))
                   if w != word and w.isalpha() and w[0] == word[0] and len(w) >= MIN_LEN), reverse=True)
    if not near:
        return None
    best_n, best = near[0]
    if _per_m(sc, best) < FREQUENT_PER_M or best_n < OVER_ITSELF * freq[word]:
        return None
    if len(near) > 1 and best_n < DOMINANT * near[1][0]:
        return None
    if lang == "it" and len(word) < DOUBLE_FROM and any(_doubled(word, w) for _n, w in near):
        return None  # a letter to double: Italian has many such pairs (tuta/tutta), the list lacks some of their
        # single forms ("tuta"), so a single letter is the tables' call; a letter written twice that the frequent
        # word writes once ("stazzione", "eccezzionale") is corrected: the doubled form is not in the list
    return str(best)


def fix(text: str, lang: str) -> tuple[str, list[tuple[str, str]]]:
    """`text` with the misspellings `suggest` is sure of corrected; the changes as (wrong, right)."""
    if lang not in LANGS:
        return text, []
    from app.selection.correct import _is_correction

    taken = [(s.start, s.start + len(s.text)) for s in _spans(text)]
    out, done, shift = text, [], 0
    for m in _WORD.finditer(text):
        if any(lo < m.end() and m.start() < hi for lo, hi in taken):
            continue
        word = m.group(0)
        right = suggest(word, lang)
        if right is None or not _is_correction([word], [right], False, lang):
            continue
        out = out[:m.start() + shift] + right + out[m.end() + shift:]
        shift += len(right) - len(word)
        done.append((word, right))
    return out, done


class _Span:
    def __init__(self, start: int, text: str) -> None:
        self.start, self.text = start, text


def _spans(text: str) -> list[_Span]:
    """Where the links, paths, file names and codes of `text` are (keep.py's reading)."""
    out: list[_Span] = []
    for it in keep.items(text):
        if it.kind in ("link", "path", "code", "name"):
            at = text.find(it.text)
            while at >= 0:
                out.append(_Span(at, it.text))
                at = text.find(it.text, at + 1)
    return out


__all__ = ["dictionary", "fix", "suggest"]
