"""The action guard: what a request asks to *do*, and to *what*.

Embeddings put "leggi a.txt" and "cancella a.txt" at cosine ~0.97 (measured),
so a fast-path hit must also agree on the action. `action_of(text)` reads the
verbs (IT/EN lexicon with synonyms; antonyms are different classes), negation,
the object classes ("foto", "volume", "email") and the remaining content words
(signature.py reads the words); `same_action` and `same_object` compare two
signatures conservatively: when in doubt, they say no and the request goes to the planner.
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Iterable

from app.lang.rules import ASKING
from app.lang.rules.action_not_asked import NOT_ASKED
from app.lang.rules.action_reading import ACTION_READING
from app.lang.words import stem  # noqa: F401  (re-exported: the one stemmer)

from .args_extractor import extract, masked_text
from .context import request_part
from .file_kinds import names_line_text
from .lexicon import LEXICON_VERSION, ON_MEMORY
from .normalize import canonical, normalize_cached, split_words
from .path_shape import looks_like_path_or_address
from .reported import told_before, told_done
from .signature import EVENT, ActionSig, negation_at, signature_of_tokens
from .tokens import sentences

__all__ = ["ActionSig", "action_of", "asked_part", "action_key", "stored_key", "key_of_stored", "same_action",
           "same_roles", "same_object", "signature_of_tokens"]


# Framings that talk about an action instead of asking for it: how-to questions, hypotheticals, reports of what
# someone else asked or wants, whether something is known (app/lang/rules/action_not_asked.py), and a take-back
# ("…, anzi no, lascia perdere": app/lang/rules/asking.py). One test: any of them anywhere in the normalized text
# (the take-back read, like the others, without a case flag: the text is lowercased already) — but a report of
# someone else's wish only in a sentence that names the action (below).
_NOT_ASKED = (*(NOT_ASKED.pattern(r.id) for r in NOT_ASKED.rules if r.id != "reported"),
              re.compile(ASKING.rule("taken_back").source()))
# Someone else's wish frames the action of its own sentence ("Marco vuole che cancelli X"), not a request said in
# a sentence before it: "mi converti X in PDF? the GM lo vuole in PDF entro stasera" (everyday12-50) was read as
# not asked, the refusal dropped, and the file read instead.
_REPORTED = NOT_ASKED.pattern("reported")


def _not_asked(text: str) -> bool:
    """Does the request only talk about its action ("how do I delete X?", "se dovessi spostare X…")?"""
    norm = normalize_cached(text)
    if any(rx.search(norm) for rx in _NOT_ASKED):
        return True
    if not _REPORTED.search(norm):
        return False
    parts = [n for n in (normalize_cached(s) for s in sentences(text)) if n]
    return any(_frames_an_action(n) for n in parts)


_CLAUSE_END = ACTION_READING.pattern("wish_clause_end")
_THING_WISHED = ACTION_READING.pattern("wish_for_a_thing")  # "lui vuole l'email": a thing, not an action


def _frames_an_action(sentence: str) -> bool:
    """Someone else's wish frames the action said after it in its own clause ("Marco vuole che cancelli X", "she
    wants to delete it"); "lui vuole l'email, lei me la può spedire?" wants a thing, and asks the send in the clause
    after it (everyday18-37: the whole request was read as a report, the refusal dropped and the file read)."""
    return any(not _THING_WISHED.match(sentence, m.end())
               and _names_action(_CLAUSE_END.split(sentence[m.start():], maxsplit=1)[0])
               for m in _REPORTED.finditer(sentence))


def _names_action(sentence: str) -> bool:
    return bool(signature_of_tokens(split_words(canonical(sentence))).actions)


# "in quali file di X compare 'TODO'", "trova dove compare la parola Y": the word appears, nothing is compared
_APPEARS = ACTION_READING.pattern("appears")


@lru_cache(maxsize=4096)
def asked_part(text: str) -> str:
    """The sentences of `text` that ask, without those that only say why ("…, mi serve per la bolla")."""
    return request_part(text, _names_action, extract)


def asked_question(text: str) -> str:
    """What a request asks once what it took back and the sentences after its question are gone: "Can you help
    me remember... wait, no. When is Giulia's birthday? I'm supposed to pick up a cake" asks "When is Giulia's
    birthday?". Stages that answer a question (memory's recall) read this; `text` when nothing is cut."""
    part = asked_part(text)
    ends = [m.end() for m in ASKING.pattern("taken_back_cut").finditer(part)]
    part = part[ends[-1]:].strip() if ends else part
    sentences = [p for p in ASKING.pattern("sentence_end").split(part) if p.strip()]
    questions = [p for p in sentences if p.rstrip().endswith("?")]
    if len(questions) != 1 or any(_names_action(p) for p in sentences if p is not questions[0]):
        return part or text  # "leggi X. quando ho il dentista?": the read is asked too
    return questions[0].strip()


# "what time did I clock in?", "a che ora è la riunione?": the time of something else, never the time now
_EVENT_TIME = ACTION_READING.pattern("event_time")
_MEMORY_PLACE = ACTION_READING.pattern("memory_place")
_END_OF_TEXT = ACTION_READING.pattern("end_of_text")
_NEW_THING = ACTION_READING.pattern("new_thing")
_TRASH_PLACE = ACTION_READING.pattern("trash_place")
_NEW_NAME = ACTION_READING.pattern("new_name")
_PUT_INTO_TEXT = ACTION_READING.pattern("put_into_text")
# frames that name an action by what it does to a file, not by a verb: the file in another format, the file made to
# reach a person
_FRAMES = ((ACTION_READING.pattern("format_target"), "convert"), (ACTION_READING.pattern("handing_over"), "send"))
# what the verb carrying a frame reads as alone: "salva X come pdf" (write), "turn X into a pdf", "get X to my
# accountant" (get) — the frame's action replaces it; a verb of another clause ("leggi X e …") stays
_MAKING = frozenset({"move", "write", "copy", "append", "open", "edit", "on", "start", "get"})
# what a verb of putting reads as before its place is read ("send it to the trash": a send only by its verb; the
# send was refused as an e-mail, everyday20-27)
_PUTTING = frozenset({"move", "write", "copy", "append", "send"})
_SENDING = frozenset({"move", "copy", "send"})  # with no path said: "mandalo nel cestino", not "scrivi nel cestino…"


def on_told_memory(actions: Iterable[str], text: str) -> bool:
    """Are `actions` all changes a memory takes, asked of what the person told or gave the assistant, with no path
    named? "accountant info i gave you - outdated. wipe it": the memory is what is wiped, and wiping it is
    forgetting (everyday22-39 was asked which file to delete)."""
    acts = set(actions)
    return bool(acts) and acts <= set(ON_MEMORY) and told_before(text) and not looks_like_path_or_address(text)


def put_into_text(text: str) -> str | None:
    """The words a request puts into a text file it names ("metti anche detersivo piatti nella lista spesa.txt" →
    "detersivo piatti"): the content of the append it asks, when it quotes none. None when it puts nothing."""
    if not isinstance(text, str) or not names_line_text(text):
        return None
    m = _PUT_INTO_TEXT.search(normalize_cached(masked_text(asked_part(text))))
    thing = " ".join(m.group("thing").split()) if m else ""
    return thing if thing and "{" not in thing else None


@lru_cache(maxsize=8192)
def action_of(text: str) -> ActionSig:
    """Signature of a raw request (argument values are masked first)."""
    if not isinstance(text, str):
        return ActionSig((), False, frozenset(), frozenset())
    sig = signature_of_tokens(split_words(canonical(asked_part(text))))
    if "compare" in sig.actions and _APPEARS.search(normalize_cached(text)):  # Italian "compare": "appears"
        sig = replace(sig, actions=tuple(a for a in sig.actions if a != "compare") or ("find",))
    if sig.actions and not sig.roles and _MEMORY_PLACE.search(normalize_cached(asked_part(text))):
        # "salva questa frase in memoria: '…'": the memory is the place, so the write keeps a fact
        sig = replace(sig, actions=tuple(dict.fromkeys(ON_MEMORY.get(a, a) for a in sig.actions)))
    elif not sig.roles and on_told_memory(sig.actions, text):
        sig = replace(sig, actions=tuple(dict.fromkeys(ON_MEMORY[a] for a in sig.actions)))
    if not {"append", "write"} & set(sig.actions) and _END_OF_TEXT.search(normalize_cached(asked_part(text))):
        # "put eggs at the bottom of it": an addition to the text ("lista" there is its name, not "elenca")
        sig = replace(sig, actions=("append", *(a for a in sig.actions if a != "list")))
    masked = normalize_cached(masked_text(asked_part(text))) if sig.roles else ""  # (values as placeholders)
    if sig.actions and set(sig.actions) - {"delete"} <= (_PUTTING if masked else _SENDING) and \
            _TRASH_PLACE.search(masked or normalize_cached(asked_part(text))):  # ("mandalo nel cestino": no path)
        sig = replace(sig, actions=("delete",))  # "chuck X in the bin": the bin is where a delete puts it
    elif not sig.actions and masked and _TRASH_PLACE.search(masked) and "?" not in text:
        sig = replace(sig, actions=("delete",))  # a verb no rule knows, the bin as its place ("chuck X in the bin")
    if not {"append", "write"} & set(sig.actions) and masked and names_line_text(text) and \
            _PUT_INTO_TEXT.search(masked):
        # "metti anche detersivo piatti nella lista spesa.txt": words put into a text file are added to it
        sig = replace(sig, actions=("append", *(a for a in sig.actions if a not in _PUTTING and a != "list")))
    if not sig.actions and masked.count("{path}") >= 2 and _NEW_NAME.search(masked):
        # "il file X chiamalo Y.txt": its new name, not a call; with the file itself said too ("…, chiamalo Y" alone
        # is the new name of a rename said before it, not a clause of its own)
        sig = replace(sig, actions=("rename",))
    for rx, act in _FRAMES if masked else ():
        if rx.search(masked):
            # "fai diventare X pdf" (convert), "dovrei far avere X al fornitore" (send): whatever verb carries it
            sig = replace(sig, actions=(act, *(a for a in sig.actions if a not in _MAKING and a != act)))
    if "write" not in sig.actions and _NEW_THING.search(normalize_cached(asked_part(text))):
        # "need a new file X with…": a creation asked without its verb; beside another verb too ("Prepari una nuova
        # cartella chiamata X dentro Y e subito dopo vi copi il file…", everyday22-7: only the copy was read)
        sig = replace(sig, actions=("write", *sig.actions))
    if "~time" in sig.content and _EVENT_TIME.search(normalize_cached(asked_part(text))):
        sig = replace(sig, content=sig.content | {EVENT})
    if not sig.negated and (_not_asked(text) or told_done(text)):
        return replace(sig, negated=True)  # "how do I delete X?", "se dovessi spostare X…": not asked to be done
    return sig


def asked_before_negation(text: str) -> tuple[str, ...]:
    """The actions a request names before its first negation, which governs only what follows it: "cancella X
    tanto nn lo uso mai" and "copy X but don't overwrite anything" ask to delete and to copy; "non cancellare X"
    asks nothing. (The signature marks all of them negated: for a replay that only means "ask the planner".)"""
    if not isinstance(text, str) or _not_asked(text) or told_done(text):
        return ()  # "how do I delete X without losing it?": a how-to asks nothing, negation or not
    toks = split_words(canonical(asked_part(text)))
    k = next((i for i in range(len(toks)) if negation_at(toks, i)), None)
    if not k:
        return ()
    before = signature_of_tokens(toks[:k])
    return () if before.negated else before.actions


def action_key(sig: ActionSig) -> str:
    """The index key of a signature: rows are only compared with requests of the same key."""
    if sig.negated:
        return "!"
    return ",".join(sorted(sig.actions)) or "?"


def stored_key(text: str) -> str:
    """What memo.db stores: the lexicon version and the key of `text`."""
    return f"{LEXICON_VERSION}|{action_key(action_of(text))}"


def key_of_stored(stored: str, text: str) -> tuple[str, bool]:
    """The key of a stored row, recomputed when the lexicon changed. Returns (key, recomputed)."""
    version, _, key = stored.partition("|")
    if version == LEXICON_VERSION and key:
        return key, False
    return action_key(action_of(text)), True


def same_action(a: ActionSig, b: ActionSig) -> bool:
    """Same thing to do? Unknown vs known: no. Both unknown: the content words decide."""
    if a.negated or b.negated:
        return False  # a negated request is never replayed: "non cancellare" must not run anything
    if a.known and b.known:
        return set(a.actions) == set(b.actions)
    if not a.known and not b.known:
        return a.content == b.content and a.objects == b.objects and bool(a.content | a.objects)
    return False


def same_roles(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Paths in the same roles: pairwise, and the same kinds of role overall ("of" fits both).

    "leggi a.txt e b.txt" fits "leggi a.txt" (two objects); "cancella a.txt in /tmp" does not fit
    "cancella a.txt" (an object and a place). No path on one side is the argument guard's business.
    """
    if not a or not b:
        return True
    if not all(x == y or "of" in (x, y) for x, y in zip(a, b)):
        return False
    fa = [y if x == "of" else x for x, y in zip(a, b)] + list(a[len(b):])  # "of" takes the other side's role
    fb = [x if y == "of" else y for x, y in zip(a, b)] + list(b[len(a):])
    ra, rb = set(fa) - {"of"}, set(fb) - {"of"}
    return not ra or not rb or ra == rb


def same_object(a: ActionSig, b: ActionSig) -> bool:
    """Same thing acted on: equal object classes, equal remaining content words, paths in the same roles."""
    return a.objects == b.objects and a.content == b.content and same_roles(a.roles, b.roles)
