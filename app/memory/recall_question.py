"""An explicit question about what the memory holds, and its topic ("cosa ricordi del dentista?" → "dentista").

Kept apart from facts.py (what to keep) because it reads questions, not statements; both share the words that
may come first (app/lang/lead.py) and the thanks at the end. The words and forms are data with their examples
(app/lang/rules/recall.py, recall_topic.py); this module applies them in order.
"""
from __future__ import annotations

from app.lang.lead import after_lead
from app.lang.path_shape import looks_like_path_or_address
from app.lang.rules.recall import RECALL
from app.lang.rules.recall_topic import CLAUSE, RECALL_TOPIC
from app.lang.tokens import has_word_char
from app.lang.when import DAY_WORDS as WEEKDAYS
from app.lang.when import MONTH_NAMES as MONTHS

from .facts import _THANKS

# -- "cosa ricordi di X?" ----------------------------------------------------------------
# An explicit question about what the memory holds names its topic: "what do you remember about the dentist",
# "cosa ti ho detto di mia sorella", "do you remember my doctor's name". The cues are app/lang/rules/recall.py,
# tried in this order; True where the topic must be the person's own ("know" and "who is" ask the memory only
# about something of theirs: "what do you know about Python" is not about them).
_RECALL_CUES: tuple[tuple[str, bool], ...] = (
    ("remember_about", False), ("know_about", True), ("told_about", False), ("told_anything", False),
    ("remember_anything", False), ("ricordi_qualcosa", False), ("remember_what_said", False),
    ("ricordi_cosa_detto", False), ("do_you_remember", False), ("cosa_ricordi", False), ("cosa_sai", True),
    ("cosa_ti_ho_detto", False), ("cosa_ho_salvato", False), ("cosa_hai_in_memoria", False),
    ("hai_qualcosa", False), ("had_told", False), ("anything_saved", False), ("have_anything_saved", False),
    ("qual_era", False), ("comera", False), ("what_was_again", False), ("what_is_again", False),
    ("who_again", False), ("who_is", True),
    ("code_of", False), ("ricordi", False),
)
_RECALL_RES = [(after_lead(RECALL.rule(cue)), own) for cue, own in _RECALL_CUES]
# How the topic is read after the cue: app/lang/rules/recall_topic.py
_YOU = RECALL_TOPIC.pattern("texting_you")
_OWN = RECALL_TOPIC.pattern("own")
_DETERMINER = RECALL_TOPIC.pattern("determiner")
_OWNER_OF = RECALL_TOPIC.pattern("owner_of")
_CLAUSE_WORD = RECALL_TOPIC.word_of(*CLAUSE)
_TWO_TOPICS = RECALL_TOPIC.pattern("two_topics")
_POSSESSIVE = RECALL_TOPIC.pattern("possessive")
_GENERIC_HEAD = RECALL_TOPIC.pattern("generic_head")
_CODE_FOR = RECALL_TOPIC.pattern("code_for")
_RECALL_MAX_WORDS = 4
_PRONOUNS = frozenset(RECALL_TOPIC.rule("pronoun").words)
_ANYTHING = RECALL_TOPIC.pattern("anything")
_WHEN_THING = RECALL_TOPIC.pattern("when_thing")
_WHEN_SAID = RECALL_TOPIC.pattern("said_when")


def recall_topic(text: str) -> str | None:
    """The topic of an explicit question about what is remembered ("cosa ricordi del dentista?" → "dentista").

    The owner is the topic ("my doctor's name", "il compleanno di mia sorella" → "doctor", "sorella"): the recall
    of the owner finds the fact. None when the question is not such a question, or asks a clause ("ti ricordi
    quando ho il dentista?", left to the other levels)."""
    t = _THANKS.sub("", " ".join(text.replace("’", "'").split())).rstrip(" ?!.")
    t = _YOU.sub("you", t)  # "what did i tell u about the wifi"
    for rx, own in _RECALL_RES:
        m = rx.match(t)
        if m is None:
            continue
        x = m.group("x").strip()
        when = _WHEN_THING.match(x)  # "do you remember when the party is", "ti ricordi quand'è il meccanico"
        if when:
            x = when.group("x") or when.group("y") or when.group("z")
        if own and not _OWN.search(x):
            return None
        if _CLAUSE_WORD.search(x) or _TWO_TOPICS.search(x) or _WHEN_SAID.search(x):
            # a clause, two topics, or when it was said ("del dentista la settimana scorsa"): the planner
            return None
        x = _POSSESSIVE.sub(r"\1", x)  # "my doctor's name" -> "my doctor"
        owner = _OWNER_OF.match(x)
        if owner and set(owner.group("owner").lower().split()[:1]) & (WEEKDAYS | MONTHS):
            x = x[:owner.start("owner")].rsplit(None, 1)[0]  # "il ristorante di sabato": the thing, not its day
        elif owner:
            x = owner.group("owner")
            inner = _OWNER_OF.match(x)  # "il codice dell'armadio dei reagenti": the owner's head, "armadio"
            if inner:
                x = x[:inner.start("owner")].rsplit(None, 1)[0]
        prev = None
        while prev != x:
            prev, x = x, _DETERMINER.sub("", x, count=1).strip()
        # "the dentist appointment", "my locker code", "the wifi password": the thing, not its generic head
        x = _GENERIC_HEAD.sub(r"\1", x)
        x = _CODE_FOR.sub("", x)
        words = x.split()
        if x.lower() in _PRONOUNS or _ANYTHING.match(x):
            return None  # "cosa ricordi di me?": everything about the person, no topic to search for; "do you
            # remember things for me?": whether it keeps things at all
        if not words or len(words) > _RECALL_MAX_WORDS or not has_word_char(x) or looks_like_path_or_address(x):
            return None  # a path, an address or a file name ("what's the code for ~/x.py") is no remembered topic
        return x
    return None
