"""A slip in a request's first verb ("elimna /x/a.txt"), mended before the request is read.

Reading a request's text belongs here, below the router that asks for it: a typo in a verb of an action that
changes or sends something must not hide that action (the request would go on as a read, or as nothing), so the
first long word one slip away from such a verb is read as that verb. Only these classes are mended — a slip
that lands on "leggi" changes no risk — and only when the clause has no verb spelled right.
"""
from __future__ import annotations

import difflib
from functools import lru_cache

from . import real_words
from .lexicon import STOPWORDS
from .normalize import canonical, normalize_cached, split_words
from .tokens import FIRST_LONG_WORD
from .vocabulary import VERB_FORMS, slip_in_clause, verb_class

# The action classes whose verbs a slip is mended to: the file changes, sending, and what no tool does (so the
# answer says "I cannot …" instead of missing the request), and finding.
TYPO_CLASSES = frozenset({"delete", "move", "rename", "copy", "install", "uninstall", "print", "send", "compress",
                          "extract", "encrypt", "upload", "find"})


@lru_cache(maxsize=1)
def _typo_vocab() -> dict[str, str]:
    return {f: c for f, c in VERB_FORMS.items() if c in TYPO_CLASSES and len(f) >= 5}


def fix_verb_typo(clause: str) -> str:
    """"elimna /x/a.txt" -> "elimina /x/a.txt": a first word one slip away from an action verb, when the clause
    has no action at all. Only the verbs of actions that change or send something: a typo must not hide them."""
    m = FIRST_LONG_WORD.match(clause)
    if not m or m.group(2).lower() in STOPWORDS:
        return clause
    word = m.group(2).lower()
    if word in real_words.REAL_WORDS and not slip_in_clause(word, canonical(clause).split()):
        return clause  # a common word of its own ("brutta", "spesa") with nothing to act on, not a slip (the clause
        # is masked only for such a word: this runs on every request)
    if any(verb_class(w) for w in split_words(normalize_cached(clause))):
        return clause  # a verb spelled right is there: nothing to mend ("typo_verb" readings do not count)
    hit = difflib.get_close_matches(word, list(_typo_vocab()), n=1, cutoff=0.85)
    if not hit or not _one_slip(word, hit[0]):
        return clause  # "undelete" is not a slip of "delete": a letter or two in front is another word
    return clause[: m.start(2)] + str(hit[0]) + clause[m.end(2):]


def _one_slip(a: str, b: str) -> bool:
    """One letter missing, one too many, one changed, or two neighbours swapped."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
                                  and a[diff[1]] == b[diff[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))
