"""Text normalisation shared by every routing level.

Two forms:
* `normalize(text)` — what L0 matches exactly: lowercase, straight apostrophes,
  punctuation removed, whitespace folded, accents made consistent ("e'" and
  "é" both become "è", so "che ora e'" == "che ora è").
* `canonical(text)` — the lemma-ish form L1/L2 store and embed: normalized,
  argument values (paths, URLs, dates...) replaced by placeholders such as
  `{path}`, and politeness fillers/articles dropped. Deterministic and
  conservative: only words that never change what is asked are dropped.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Curly quotes, backticks and primes that people (and phones) type for an apostrophe.
_APOS = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u00b4": "'", "\u2032": "'"})
# One accented form per vowel: Italian keyboards, phones and "e'" typing disagree on acute/grave.
_ACCENT = str.maketrans({"á": "à", "é": "è", "í": "ì", "ó": "ò", "ú": "ù",
                         "â": "à", "ê": "è", "î": "ì", "ô": "ò", "û": "ù"})
_GRAVE = {"a": "à", "e": "è", "i": "ì", "o": "ò", "u": "ù"}
# A vowel followed by an apostrophe at the end of a word: "e'", "perche'", "citta'".
_FINAL_APOS = re.compile(r"([aeiou])'(?!\w)")
# 'quoted words' lose their quotes first, so "'home'" does not become "homè".
_QUOTED = re.compile(r"(?<!\w)'([^'\n]{1,200})'(?!\w)")
_KEEP = re.compile(r"[^\w\s'{}-]", re.UNICODE)  # everything that is not a word char, space, apostrophe, hyphen
_LONE_HYPHEN = re.compile(r"(?<!\w)-+|-+(?!\w)")  # "wi-fi" and "e-mail" stay words; " - " goes
_LONE_APOS = re.compile(r"(?<!\w)'|'(?!\w)")
_SPACES = re.compile(r"\s+")
_TIMES = re.compile(r"(?<![\w/.])(\d+)[x×](\d+)(?![\w/.])")  # "9x13", "9×13": a product, typed without spaces


def _final_apostrophe(m: re.Match[str]) -> str:
    return _GRAVE[m.group(1)]


def normalize(text: str) -> str:
    """Lowercase, straight apostrophes, consistent accents, no punctuation, single spaces.

    Never raises: non-text input gives "".
    """
    if not isinstance(text, str):
        return ""
    t = unicodedata.normalize("NFC", text).translate(_APOS).lower().translate(_ACCENT)
    t = _QUOTED.sub(r" \1 ", t)
    t = _TIMES.sub(r"\1 x \2", t)
    t = _FINAL_APOS.sub(_final_apostrophe, t)
    t = _KEEP.sub(" ", t).replace("_", " ")
    t = _LONE_APOS.sub(" ", t)
    t = _LONE_HYPHEN.sub(" ", t)
    return _SPACES.sub(" ", t).strip()


@lru_cache(maxsize=4096)
def normalize_cached(text: str) -> str:
    return normalize(text)


_ELIDED = frozenset({"l", "un", "dell", "nell", "all", "dall", "sull", "coll", "quest", "quell", "c", "d", "m", "t",
                     "s", "v", "n", "tutt", "bell", "sant", "com", "dov", "cos", "qual"})


def split_words(norm: str) -> list[str]:
    """Split normalized text into words; Italian elisions split off ("dell'anno" -> "dell'", "anno")."""
    out: list[str] = []
    for w in norm.split():
        if "'" in w[:-1]:
            head, _, tail = w.partition("'")
            if head in _ELIDED and tail:
                out.append(head + "'")
                out.append("è" if tail == "e" else tail)  # "c'e", "dov'e": typed without the accent, never "and"
                continue
        out.append(w)
    return out


def bare_words(text: str) -> list[str]:
    """The words of `text` in lower case, without the punctuation that ends them ("dimmi," -> "dimmi")."""
    return [w.strip("?!.,;:") for w in split_words(text.lower())]


def tokens(text: str) -> list[str]:
    """Normalized words of raw text (see split_words)."""
    return split_words(normalize(text))


# Fillers that never change the request: politeness, "can you", articles.
# Multi-word fillers are removed first (longest first), then single words.
FILLER_PHRASES: tuple[str, ...] = tuple(sorted((
    "per favore", "per piacere", "per cortesia", "x favore", "x piacere", "x cortesia", "se puoi", "se possibile",
    "grazie mille",
    "can you", "could you", "would you", "will you", "can u", "please could you", "i want you to",
    "would you mind", "i would like you to", "i'd like you to", "thank you", "thanks a lot",
    "ti prego", "ti chiedo di", "potresti per favore", "hey metnos", "ciao metnos",
    # formal courtesy: "Le chiedo cortesemente di leggere…", "Would you be so kind as to copy…"
    "le chiedo cortesemente di", "le chiedo gentilmente di", "le chiedo di", "le chiederei di", "la prego di",
    "would you be so kind as to", "would you be so kind to", "would you kindly", "could you please",
    "be so kind as to", "be so kind to", "sia così gentile da", "sia cosi gentile da", "might you", "saprebbe dirmi",
    "mi saprebbe dire", "sapresti dirmi", "mi sapresti dire",
    "sarebbe così gentile da", "sarebbe cosi gentile da", "sarebbe tanto gentile da", "sarebbe così cortese da",
    "sarebbe cosi cortese da", "voglia", "vogliate", "provveda a", "provveda ad", "si prega di",
    "if you'd be so kind", "if you would be so kind", "if you'd be so good", "be so good as to", "much obliged",
    "i'd be much obliged", "i would be much obliged",
    "i would be grateful if you could", "i'd be grateful if you could", "ok so", "so basically", "basically",
    "un attimo", "un attimino", "un momento", "go ahead and", "real quick", "quick one", "al volo",
), key=len, reverse=True))
FILLER_WORDS: frozenset[str] = frozenset({
    # politeness / interjections
    "please", "pls", "plz", "thanks", "thank", "grazie", "perfavore", "ciao", "hey", "hi", "ok", "okay",
    "allora", "dai", "ehm", "um", "uh", "just", "kindly", "comunque", "cmq", "anyway", "anyways", "senti", "beh",
    "quickly", "velocemente", "rapidamente", "quick", "asap",  # "quick, what time is it?": hurry asks nothing
    # slang interjections and the learner's "io volere" (want)
    "yo", "bro", "lol", "lmao", "omg", "ugh", "dude", "raga", "volere",
    # "can you" family
    "puoi", "potresti", "riesci", "sapresti", "vorrei", "voglio", "mi", "ti",
    # articles
    "il", "lo", "la", "i", "gli", "le", "l'", "un", "uno", "una", "un'", "the", "a", "an",
})


def _drop_fillers(norm: str) -> str:
    padded = f" {norm} "
    for p in FILLER_PHRASES:
        if f" {p} " in padded:
            padded = padded.replace(f" {p} ", " ")
    words = [w for w in split_words(padded) if w not in FILLER_WORDS]
    return " ".join(words)


def canonical_of_normalized(norm: str) -> str:
    """Drop fillers from already-normalized text (placeholders such as {path} pass through), and a word said
    twice in a row ("sposta sposta X")."""
    words = norm.split()
    norm = " ".join(w for i, w in enumerate(words) if i == 0 or w != words[i - 1] or not w.isalpha())
    out = _drop_fillers(norm)
    if not out:  # a request made only of fillers keeps its words: never map it to ""
        return norm
    return out


def canonical(text: str, mask: bool = True) -> str:
    """Canonical lemma form: normalized, argument values masked as {slot}, fillers dropped.

    "Per favore, puoi leggere il file /tmp/a.txt?" -> "leggere file {path}".
    """
    if not isinstance(text, str):
        return ""
    if mask:
        from .args_extractor import masked_text  # local import: the extractor imports this module

        text = masked_text(text)
    return canonical_of_normalized(normalize(text))
