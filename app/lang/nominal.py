"""An action said by its noun inside a formal request is read as its verb ("procedere alla compressione di X" is
"comprimi X"), so the veto, the capability stage and the planner see the action a formal voice asks for.

Why a token rewrite before the signature: every reader of actions (the lexicon's verb classes, the memory place
that turns a delete into a forget, "cannot compress") then applies unchanged. The nouns and the frames are the
table app/lang/rules/action_nouns.py; a noun outside a frame names no action ("la cancellazione è reversibile?").
"""
from __future__ import annotations

from functools import lru_cache

from .lexicon import IT_VERBS
from .rules.action_nouns import ACTION_NOUNS

_FRAME = ACTION_NOUNS.pattern("frame")


@lru_cache(maxsize=1)
def _verb_of_noun() -> dict[str, str]:
    """noun -> a verb of its class that the lexicon reads (the class's first Italian infinitive)."""
    out: dict[str, str] = {}
    for rule in ACTION_NOUNS.rules:
        if rule.id != "frame" and IT_VERBS.get(rule.id):
            out.update({w.lower(): IT_VERBS[rule.id][0] for w in rule.words})
    return out


def verbs_for_nouns(toks: list[str]) -> list[str]:
    """`toks` with each action noun that a request frame governs replaced by a verb of its action."""
    verbs = _verb_of_noun()
    if not any(t in verbs for t in toks):
        return toks
    out = list(toks)
    at, pos = {}, 0  # the token starting at each character offset of the joined text
    for i, t in enumerate(toks):
        at[pos] = i
        pos += len(t) + 1
    for m in _FRAME.finditer(" ".join(toks)):
        noun = m.group("noun").lower()
        if noun in verbs and m.start("noun") in at:
            out[at[m.start("noun")]] = verbs[noun]
    return out

