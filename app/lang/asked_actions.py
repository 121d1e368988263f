"""Which parts of a request ask for something to be done now, and which actions they ask.

Why here: the write veto (planner), the capability stage (routing: "I can't send" only for a send that is
asked) and the claimed-write check read the same thing; a request is one reading of what it asks. A negated,
conditional, reason, already-done, how-to or reported clause, and the person's own plan for later, ask nothing
("se lo cancello, posso recuperarlo?", "devo mandarlo al commercialista, dimmi il totale", "I'll email it to
finance later, but first tell me…"). The words of each kind are the table app/lang/rules/asking.py.
"""
from __future__ import annotations

import re
from functools import lru_cache

from .actions import action_of, asked_before_negation, asked_part, on_told_memory
from .clauses import asks_a_question, split_continuation, wish_after_question
from .context import CONTEXT
from .later import asks_later
from .lexicon import ON_MEMORY
from .normalize import tokens
from .path_shape import looks_like_path_or_address
from .reported import asks_if_remembered, reported, told_done
from .rules import ASKING
from .rules.context_reason import CONTEXT_REASON
from .rules.remember import REMEMBER
from .rules.unsupported_things import THINGS

# Which pieces ask (conditions, take-backs, questions about an action, sentence breaks): app/lang/rules/asking.py
CONDITION = ASKING.pattern("condition")
_TAKEN = ASKING.pattern("taken_back_cut")
_SENTENCE = ASKING.pattern("sentence_break")
_ABOUT = ASKING.pattern("about_action")
_DONE_BY_ME = ASKING.pattern("done_by_me")
_SAID_OF = ASKING.pattern("said_of_a_thing")
_WRITTEN = ASKING.pattern("written_quote")
_OWN_END = ASKING.pattern("own_clause_end")
# "segnati che ho già chiamato Marco", "remember I already paid the rent": after the verb of keeping, the account is
# the fact to keep, not the person's account of what they did — the clause asks to remember (rules/remember.py)
_KEEP_FACT = tuple(REMEMBER.pattern(r) for r in ("keep_it", "keep_en", "dont_forget_it", "keep_save"))
_SOCIAL_WORDS = (ASKING.pattern("thanks_word"), ASKING.pattern("ok_word"), ASKING.pattern("ok_word_uk"),
                 ASKING.pattern("nothing_to_do"))
_WORD = re.compile(r"\w")
# The person's own plan, said with a later moment ("I'll delete it later", "lo cancello dopo", "domani devo
# spostarla"): what they will do, not what they ask now. Remembering keeps a fact with its time, so it stays asked;
# and so does setting an alarm or a timer (rules/unsupported_things.py `alarm`), whose moment is what it is: "set me an
# alarm that rings at 4:30 tomorrow" asked nothing, and its refusal did not stand (everyday13-37). An appointment the
# person fixes themselves ("domani fisso io l'appuntamento") stays their own plan.
_KEEPS_TIME = frozenset({"remember"})
_ALARM = THINGS.pattern("alarm")


def _acts_later(piece: str) -> bool:
    """Does `piece` set a later moment for its action? Only the words of the action's own clause count: "stampami X
    che lo devo portare alla contabile stasera" asks a print now — tonight is when the person brings it."""
    m = _OWN_END.search(piece)
    if m and action_of(piece[:m.start()]).actions:
        piece = piece[:m.start()]
    return asks_later(piece)


def _pieces(text: str) -> list[str]:
    out = []
    for sentence in _SENTENCE.split(asked_part(text)):
        out.extend(split_continuation(sentence) or [sentence])
    return [p for p in out if p.strip(" ,;:!?.…-–—")]


def _asking_pieces(text: str) -> list[str]:
    """The sentences and clauses of `text` that may ask for something: not a conditional one or a question about
    a hypothetical, not a question about an action, not the person's plan beside a request, nothing before a
    take-back."""
    if not isinstance(text, str) or not text.strip():
        return []
    ends = [m.end() for m in _TAKEN.finditer(text)]
    pieces = _pieces(text[ends[-1]:] if ends else text)  # what came before a take-back is not asked
    out: list[str] = []
    after_condition = False
    for piece in pieces:
        if CONDITION.match(piece):
            after_condition = True
            continue
        if (after_condition and piece.rstrip().endswith("?")) or _ABOUT.match(piece):
            continue  # "se lo cancello, posso recuperarlo?": the question about a hypothetical asks nothing
        if len(pieces) > 1 and _SAID_OF.match(piece):
            continue  # "…, che si trova nella cartella X", "…, it got changed": a description asks nothing
        if len(pieces) > 1 and _WRITTEN.search(piece):
            continue  # "sul post-it c'è scritto 'sposta X', che vuol dire?": the quote is what is asked about
        after_condition = False
        if len(pieces) > 1 and CONTEXT.match(piece):
            continue  # "devo mandarlo al commercialista, dimmi il totale": the person's plan beside a request
        if len(pieces) > 1 and wish_after_question(text, piece.strip()):
            continue  # "…the gate again ah? sure forget one": why they ask (I forgot), not a forget
        out.append(piece)
    return out


_PURPOSE = CONTEXT_REASON.pattern("purpose_infinitive")
_PURPOSE_END = CONTEXT_REASON.pattern("purpose_end")
_PURPOSE_LEAD = CONTEXT_REASON.pattern("purpose_lead")


def without_purpose(text: str) -> str:
    """`text` without the goal of the action it asks ("mi scrivi un messaggio … per avvisare i clienti" asks a write:
    the notice was refused as sending), up to the end of its sentence or the next "e poi"; as it was when no action
    is asked before the goal. A goal said first ("per organizzare una videochiamata, che ore sono ad Atene?") goes
    when what follows it asks something."""
    lead = _PURPOSE_LEAD.match(text)
    if lead and (action_of(text[lead.end():]).actions or asks_a_question(text[lead.end():])):
        text = text[lead.end():].lstrip()
    m = _PURPOSE.search(text)
    if not m or not action_of(text[:m.start()]).actions:
        return text
    end = _PURPOSE_END.search(text, m.end())
    return text[:m.start()] + (text[end.start():] if end else "")


@lru_cache(maxsize=2048)
def asked_actions(text: str) -> frozenset[str]:
    """Action classes that `text` asks to be done now: from sentences and clauses that ask, never from a negated,
    conditional, reason, already-done, how-to or reported one, nor the person's own plan for later."""
    out: set[str] = set()
    for piece in _asking_pieces(without_purpose(text)):
        if any(k.match(piece.strip()) for k in _KEEP_FACT):
            out.add("remember")
            continue
        sig = action_of(piece)
        # a negation governs what follows it: "cancella X tanto nn lo uso mai" still asks to delete
        acts = set(asked_before_negation(piece) if sig.negated else sig.actions)
        if _acts_later(piece):
            acts &= _KEEPS_TIME | ({"schedule"} if _ALARM.search(piece) else set())
        if "remember" in acts and asks_if_remembered(piece):
            acts.discard("remember")  # "…, do you remember?": recall's question; keeping a fact is not asked
        out.update(acts)
    if "open" in out and "read" in out and "open" not in action_of(text).actions and not _reads_another(text):
        out.discard("open")  # "apri X e dimmi cosa contiene": opened to be read, as the whole request reads it
    if on_told_memory(out, text):
        # read on the whole request: the verb's sentence ("wipe it") does not say what it wipes, the request does
        out = {ON_MEMORY[a] for a in out}
    return frozenset(out)


def _reads_another(text: str) -> bool:
    """Does a piece that asks a read name a place of its own ("apri la cartella X e leggimi X/a.txt")? Then the
    open is of another thing, and stays asked."""
    return any("read" in action_of(p).actions and looks_like_path_or_address(p) for p in _pieces(text))


@lru_cache(maxsize=2048)
def asks_plainly(text: str) -> bool:
    """Does `text` only ask, with nothing that could turn its words around? Every piece asks (no condition, no
    question about an action, no reason beside the request, nothing taken back) and none is negated, a how-to,
    an account of what the person did or a plan for later ("non creare niente, dimmi solo…", "se lo cancello…",
    "ho già creato io la cartella", "lo sposto domani"). The learned head reads a whole clause: beside such a
    piece it would read its action as asked."""
    if not isinstance(text, str) or not text.strip() or _TAKEN.search(text):
        return False
    pieces = _asking_pieces(text)
    return bool(pieces) and len(pieces) == len(_pieces(text)) and \
        all(not action_of(p).negated and not _acts_later(p) for p in pieces)


@lru_cache(maxsize=2048)
def tells_only(text: str) -> bool:
    """Does `text` only tell what the person already did, perhaps with thanks ("ho già letto X, grazie", "I already
    moved report.txt myself, thanks")? Then nothing is to be done: the issue's "ho già letto X, grazie" read X out
    again, and a chat answer said it had no access to files. A question ("ho già cancellato X?") or any piece that
    is neither an account nor thanks ("…, ora riassumilo") is not."""
    if not isinstance(text, str) or "?" in text or not _DONE_BY_ME.search(text) and not told_done(text):
        return False
    if asked_actions(text):
        return False
    told = False
    for piece in _pieces(text):
        if _social(piece):
            continue
        if not (_DONE_BY_ME.search(piece) or told_done(piece) or reported(tokens(piece))):
            return False
        told = True
    return told


def _social(piece: str) -> bool:
    """A piece made only of thanks and agreeing words ("ok grazie!", "tranquillo,", "no worries, thanks")."""
    rest = piece
    for words in _SOCIAL_WORDS:
        rest = words.sub(" ", rest)
    return _WORD.search(rest) is None
