"""A question whether the assistant did something to a file ("did you delete X already?", "hai già spostato X?")
is answered from the record of file changes, not by the model.

Why: asked "did you delete /tmp/x/a.txt already?", the model wrote "Yes, I deleted a.txt already." with nothing
looked up — true by chance, since an earlier turn had deleted it; on another day the same words would be a false
claim. The undo record (tools/undo.py) knows every file change the assistant made for this person (the last
KEEP of them), so the answer says what it holds: yes with when, no, or the other thing that was done instead.
"""
from __future__ import annotations

from datetime import datetime
from pathlib import Path

from app.lang.actions import action_of
from app.lang.args_extractor import extract
from app.lang.detect import detect_lang
from app.lang.messages import Message, register, say
from app.lang.rules import ASKING
from app.reminders.words import clock_text, date_only
from app.store import StoreError
from app.tools import undo

_ASKS = ASKING.pattern("asks_if_you_did")

register({
    "past.trash": {"it": "ho spostato {name} nel cestino {when}", "en": "I moved {name} to the trash {when}"},
    "past.move": {"it": "ho spostato {name} in {to} {when}", "en": "I moved {name} to {to} {when}"},
    "past.copy": {"it": "ho copiato {name} in {to} {when}", "en": "I copied {name} to {to} {when}"},
    "past.write": {"it": "ho scritto in {name} {when}", "en": "I wrote to {name} {when}"},
    "past.mkdir": {"it": "ho creato {name} {when}", "en": "I created {name} {when}"},
    "past.undone_after": {"it": "{did} (poi annullato)", "en": "{did} (undone afterwards)"},
    "past.yes": {"it": "Sì: {did}.", "en": "Yes: {did}."},
    "past.other": {"it": "No, non risulta che io abbia {verb} {name}; invece {did}.",
                   "en": "No, I have no record of {verb} {name}; instead {did}."},
    "past.none": {"it": "No, non risulta che io abbia {verb} {name}: tra le ultime modifiche ai file che ho fatto "
                        "per te non c'è.",
                  "en": "No, I have no record of {verb} {name}: it is not among the last file changes I made for "
                        "you."},
    "past.verb.delete": {"it": "cancellato", "en": "deleting"},
    "past.verb.move": {"it": "spostato", "en": "moving"},
    "past.verb.copy": {"it": "copiato", "en": "copying"},
    "past.verb.write": {"it": "scritto in", "en": "writing to"},
    "past.today": {"it": "oggi alle {time}", "en": "today at {time}"},
    "past.yesterday": {"it": "ieri alle {time}", "en": "yesterday at {time}"},
    "past.on": {"it": "{date} alle {time}", "en": "on {date} at {time}"},
})


def _when(moment: float, now: datetime) -> Message:
    local = datetime.fromtimestamp(moment).astimezone()
    ahead = (now.date() - local.date()).days
    time = clock_text(local.hour, local.minute)
    if ahead == 0:
        return Message("past.today", time=time)
    if ahead == 1:
        return Message("past.yesterday", time=time)
    return Message("past.on", date=date_only(local, local.tzinfo or now.astimezone().tzinfo, now),  # type: ignore[arg-type]
                   time=time)


def _did(change: undo.Change, name: str, now: datetime) -> Message:
    to = str(Path(change.to).parent) if Path(change.to).name == name else change.to  # the folder, unless renamed
    did = Message(f"past.{change.kind}", name=name, to=to, when=_when(change.when, now))
    return Message("past.undone_after", did=did) if change.undone else did


def record_answer(owner: str, question: str, now: datetime | None = None) -> str | None:
    """The answer to a question whether a file was deleted, moved, copied or written by the assistant, from the
    record; None when the request is no such question, names no file, or the record cannot be read."""
    if not _ASKS.match(question):
        return None
    asked = [a for a in action_of(question).actions if a in undo.KINDS_OF_ACTION]
    paths = [str(p) for p in extract(question).get("path") or []]
    if not asked or not paths:
        return None
    target = str(Path(paths[0]).expanduser().resolve(strict=False))
    try:
        changes = undo.changes_to(owner, target)
    except (OSError, StoreError):
        return None  # a locked or missing record: the model answers, as before
    lang, name, now = detect_lang(question), Path(target).name, now or datetime.now().astimezone()
    kinds = undo.KINDS_OF_ACTION[asked[0]]
    verb = Message(f"past.verb.{'write' if 'write' in kinds else asked[0]}")
    same = [c for c in changes if c.kind in kinds]
    if same:
        return say("past.yes", lang, did=_did(same[0], name, now))
    if changes:
        return say("past.other", lang, verb=verb, name=name, did=_did(changes[0], name, now))
    return say("past.none", lang, verb=verb, name=name)
