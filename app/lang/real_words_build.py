"""Build app/lang/real_words.py: the common Italian and English words one slip away from a verb or object word.

A developer's tool, run by hand when the vocabulary changes (it needs `wordfreq`, which the app does not ship):

    pip install wordfreq && python -m app.lang.real_words_build > app/lang/real_words.py

Why: the slip readers (vocabulary.typo_verb, typo_object, typos.fix_verb_typo) read a word one letter away from a
known verb or object as that word misspelt, and many such words are just other words — "brutta" (ugly) read as
"butta" (throw away: a delete), "spesa" and "a mano" as sending, "canone" (rent) as music, "gradi" as a size. The
list is every word of either language at Zipf frequency ≥ 3.0 (about one in a million words of running text) that
a slip reader would mend, other than the known verb and object words themselves.
"""
from __future__ import annotations

import textwrap

MIN_ZIPF = 3.0
TOP_N = 60_000


def build() -> list[str]:
    """The words, sorted (the slip readers are asked with no list in force)."""
    from wordfreq import top_n_list, zipf_frequency  # a developer's dependency, never the app's

    from app.lang import real_words, typos, vocabulary

    real_words.REAL_WORDS = frozenset()  # the readers as they are without the list
    vocabulary.typo_verb.cache_clear()
    vocabulary.typo_object.cache_clear()
    out: set[str] = set()
    for lang in ("it", "en"):
        for w in top_n_list(lang, TOP_N):
            if not w.isalpha() or zipf_frequency(w, lang) < MIN_ZIPF:
                continue
            if w in vocabulary.VERB_FORMS or w in vocabulary.OBJECT_OF:
                continue
            if vocabulary.typo_verb(w) or vocabulary.typo_object(w) or typos.fix_verb_typo(w) != w:
                out.add(w)
    return sorted(out)


def module_text(words: list[str]) -> str:
    body = textwrap.fill(" ".join(words), width=112, break_long_words=False, break_on_hyphens=False)
    lines = "\n".join(f"    {line + ' '!r}" for line in body.splitlines())  # the pieces join with a space
    return (f'"""Common words that are not slips of a verb or object word ({len(words)}; built by '
            f'app/lang/real_words_build.py,\nwhich says why and how — do not edit by hand)."""\n'
            f"from __future__ import annotations\n\nREAL_WORDS: frozenset[str] = frozenset((\n{lines}\n).split())\n")


if __name__ == "__main__":
    print(module_text(build()), end="")
