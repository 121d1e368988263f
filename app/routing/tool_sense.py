"""What a tool is asked to do, learned from its own name, its example requests and the requests it served.

The action guard compared a new request with ONE remembered request: same verb
class, same leftover words. That refused most everyday paraphrases ("mostrami la
cartella X" vs "elenca i file nella cartella X"; "what's the time now" vs "che
ore sono"). A tool's sense widens the comparison to everything known about the
tool, still through the lexicon (so antonyms stay different classes):

- actions: the verb classes of its name ("delete_files"), its examples, and
  every single-action request it was taught or served (planner turns teach it);
- vocab: the content words of the same texts ("ore", "time", "parola");
- objects: their object classes ("image", "web", ...).

A request fits a tool when each of its verb classes is one of the tool's
actions, each of its content words is in the tool's vocab or the remembered
request, and its object classes are the tool's. Unknown words never fit: an
unsupported action ("cripta", "encrypt", "nascondi") goes to the planner.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable

from app.lang.actions import ActionSig, action_of
from app.lang.signature import EVENT


@dataclass(frozen=True)
class ToolSense:
    actions: frozenset[str]
    vocab: frozenset[str]
    objects: frozenset[str]
    # words only examples without a path give ("avvia firefox", "lancia thunderbird"): there they are what is acted
    # on, so beside a path they are a second target ("open X and then open Thunderbird"), not a way of asking
    names: frozenset[str] = frozenset()

    def to_dict(self) -> dict[str, object]:
        return {"actions": sorted(self.actions), "vocab": sorted(self.vocab), "objects": sorted(self.objects),
                "names": sorted(self.names)}


MARKERS = {"~tell": "to be told something about what it reads", "~count": "for a number", "~only": "for a filter"}
ROW_SUPPORT = 2  # distinct learned requests before one of their words or verb classes speaks for the tool
ROW_SHARE = 0.2  # ...and the share of the tool's requests a verb class needs (one odd planner turn is no rule)


def sense_of(name: str, tool: Any, taught: Iterable[str]) -> ToolSense:
    """The sense of `name` from its name, its examples (when `tool` has them) and the requests it learned.

    The name and the examples are the tool author's word: taken as they are. Learned requests are the
    planner's: a word or a verb class counts once several requests agree on it."""
    actions: set[str] = set()
    vocab: set[str] = set()
    objects: set[str] = set()
    bare: set[str] = set()
    named = action_of(name.replace("_", " "))
    if len(named.actions) == 1 and not named.negated:
        actions |= set(named.actions)
    for text in getattr(tool, "examples", ()) or ():
        sig = action_of(text)
        if sig.negated or len(sig.actions) > 1:
            continue
        actions |= set(sig.actions)
        (vocab if sig.roles or "web" in sig.objects else bare).update(sig.content)
        objects |= sig.objects
    rows = [action_of(t) for t in dict.fromkeys(taught)]
    rows = [r for r in rows if not r.negated and len(r.actions) <= 1]
    verbs = Counter(a for r in rows for a in r.actions)
    words = Counter(w for r in rows for w in r.content)
    things = Counter(o for r in rows for o in r.objects)
    actions |= {a for a, n in verbs.items() if n >= ROW_SUPPORT and n >= ROW_SHARE * len(rows)}
    vocab |= {w for w, n in words.items() if n >= ROW_SUPPORT}
    objects |= {o for o, n in things.items() if n >= ROW_SUPPORT}
    return ToolSense(frozenset(actions), frozenset(vocab | bare), frozenset(objects), frozenset(bare - vocab))


def fits(new: ActionSig, old: ActionSig, sense: ToolSense, sure: bool = False) -> str | None:
    """Why a request does not fit a remembered request of a tool with this sense, or None when it does.

    `sure`: a learned head on the request's vector is sure it asks for this tool (routing/l1_head.py). Then words
    the tool was never asked with, and a verb the lexicon does not know, are how this person asks, not another
    action; a verb class the lexicon knows as another action, a negation, a marker and the objects still refuse."""
    if new.negated:
        return "action guard: the request is negated ('non', 'don't'...): never replayed"
    if new.known:
        if not set(new.actions) <= (sense.actions | set(old.actions)):
            return (f"action guard: the request asks {list(new.actions)}, the tool does "
                    f"{sorted(sense.actions | set(old.actions)) or 'an unnamed action'}")
    elif sure:
        pass
    elif old.known and not new.content:
        return f"action guard: the request names no action, the remembered request {list(old.actions)}"
    elif not new.content and old.content:
        return f"action guard: the request names nothing of what the remembered one asked ({sorted(old.content)})"
    for mark, what in MARKERS.items():  # never taken from the tool's vocabulary: only the remembered request counts
        if mark in new.content and mark not in old.content:
            return f"action guard: the request asks {what}; the remembered one did not"
    if EVENT in new.content and "~time" in old.content:
        return "action guard: the request asks for the time of an event, not the time now"
    extra = new.content - {EVENT} - (sense.vocab - sense.names if new.roles else sense.vocab) - old.content
    if extra and not sure:
        return f"action guard: the words {sorted(extra)} are nothing this tool was asked for"
    objs = (new.objects - {"folder"}) - sense.objects - old.objects
    lost = (old.objects - {"folder"}) - new.objects
    if new.roles or "web" in new.objects:  # "open X" = "open X in its default app": the path names the object,
        lost -= sense.objects & {"app"}  # and the tool always works that way ("app" is in all it was taught)
    if objs or lost:
        return f"object guard: the requests differ in {sorted(objs | lost)}"
    return None
