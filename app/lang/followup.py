"""Reading a request that points back at the previous turn: which item, which language, which place.

The engine (app/engine/followup.py) holds what the previous turn listed, found, read or opened; this module only
reads the words — "il primo", "l'ultimo file", "quello", "aprilo", "open them", "e in inglese?", "rifallo per la
cartella X" — with the rules of app/lang/rules/followup.py (each with the examples it must and must not match).
What the words point at is the engine's to find; nothing here looks at a turn or at the disk.
"""
from __future__ import annotations

from dataclasses import dataclass

from .rules.followup import FOLLOWUP, ORDINALS_EN, ORDINALS_IT, PREPOSITIONS
from .rules.selection import LANG_RULES, SELECTION
from .selection_ask import named_language

_ORDINALS = {**ORDINALS_IT, **ORDINALS_EN}
# the order the rules are tried in: an ordinal names one item even beside a pronoun ("quello, il secondo")
_REFERENT_RULES = (("ordinal_it", False), ("ordinal_en", False), ("ordinal_number", False),
                   ("pronoun_it_plural", True), ("pronoun_en_plural", True), ("clitic_it", False),
                   ("proclitic_it", False), ("pronoun_it", False), ("pronoun_en", False))


@dataclass(frozen=True)
class Referent:
    """Words that name something of the previous turn, and where they are in the request.

    index: the place in the list shown (1 = the first, -1 = the last); 0 for a pronoun ("quello", "aprilo").
    plural: every item ("aprili", "open them"). start/end: the words to replace with the path when the request is
    rewritten; lead: what stays in their place before the path (a clitic's verb: "leggi" of "leggilo"; a
    preposition: "di" of "del primo").
    """

    index: int
    plural: bool
    start: int
    end: int
    lead: str = ""

    @property
    def ordinal(self) -> bool:
        return self.index != 0

    def replaced(self, text: str, paths: list[str]) -> str:
        """`text` with the words that point back replaced by `paths` ("copia il primo in /y" → "copia /x/a in /y")."""
        said = " ".join(paths)
        lead = f"{self.lead} " if self.lead else ""
        return f"{text[:self.start]}{lead}{said}{text[self.end:]}"


def plain(text: str) -> str:
    """The request with typographic apostrophes as the rules read them ("l’ultimo" → "l'ultimo")."""
    return (text or "").replace("\u2019", "'")


def referent_in(text: str) -> Referent | None:
    """The words of `text` that point back at the previous turn's results, or None."""
    t = plain(text)
    for rule_id, plural in _REFERENT_RULES:
        m = FOLLOWUP.pattern(rule_id).search(t)
        if m is None:
            continue
        groups = m.groupdict()
        start, end = m.span("ref")
        if rule_id in ("clitic_it", "proclitic_it"):
            return Referent(0, groups["cl"].lower() in ("li", "le"), start, end, lead=groups["verb"])
        if rule_id.startswith("pronoun"):
            return Referent(0, plural, start, end)
        return Referent(_index(groups), False, start, end, lead=_preposition(groups.get("art")))
    return None


def item_alone(text: str, ref: Referent) -> bool:
    """Is the request nothing but the item pointed at ("e il secondo?", "and the last one?")?"""
    t = plain(text)
    return FOLLOWUP.rule("item_alone").hits(f"{t[:ref.start]} ITEM {t[ref.end:]}")


def after_a_sentence(text: str, ref: Referent) -> bool:
    """Do the words that point back follow a sentence or a clause of the request's own ("cos'è un file json?
    spiegamelo", "… my pc's name, can you tell me so I can read it to them")? Then they point into it, not at the
    previous turn."""
    head = plain(text)[:ref.start].strip()
    return any(mark in head for mark in "?.!:;,")


def _index(groups: dict[str, str | None]) -> int:
    number = groups.get("num") or groups.get("nth")
    if number:
        return int(number)
    word = " ".join((groups.get("ord") or "").lower().split())
    return _ORDINALS.get(word, 0)


def _preposition(article: str | None) -> str:
    return PREPOSITIONS.get((article or "").lower().replace(" ", ""), "")


def language_again(text: str) -> str | None:
    """The language code when the whole request only names another language ("e in inglese?" → "en")."""
    t = plain(text)
    if len(t) > 60 or not FOLLOWUP.rule("language_again").hits(t):
        return None
    return named_language(t)


def language_span(text: str) -> tuple[int, int] | None:
    """Where `text` first names a language ("traduci in francese: …" → the span of "francese"), or None."""
    spans = [m.span() for rid in LANG_RULES.values() if (m := SELECTION.pattern(rid).search(text)) is not None]
    return min(spans) if spans else None


@dataclass(frozen=True)
class Redo:
    """"rifallo per la cartella X": the previous request again, for the place named (`place`, as said).

    sure: the words ask for a redo whatever the place ("rifallo", "do the same"); a bare "e per X?" is one only
    when X reads as a folder.
    """

    place: str
    sure: bool


def redo_in(text: str) -> Redo | None:
    t = plain(text).strip()
    for rule_id, sure in (("redo", True), ("redo_and", False)):
        m = FOLLOWUP.pattern(rule_id).match(t)
        if m is not None:
            return Redo(m.group("place").strip(), sure)
    return None


def folder_word(place: str) -> str:
    """A folder's name said without a path ("sub" of "la cartella sub"), without the quotes around it."""
    return (place or "").strip().strip("\"'“”«»").strip()


__all__ = ["Redo", "Referent", "after_a_sentence", "folder_word", "item_alone", "language_again", "language_span",
           "plain", "redo_in", "referent_in"]
