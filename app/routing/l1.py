"""L1: a new request semantically equal to a remembered single-tool request.

Cosine against remembered requests seen ≥ min_uses times, best first; a
candidate at or above its threshold (the global one, or the stricter one it
learned after being contradicted) is served only if the action guard, the
object guard and the argument guard all agree. Otherwise the next candidate is
tried, and when none passes the request falls through with the reason of the
nearest one.
"""
from __future__ import annotations

import logging
import os
from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import lru_cache
from typing import Any, Callable

import numpy as np

from app.lang.actions import ActionSig, action_key, action_of, asked_part, same_action, same_object, same_roles
from app.lang.args_extractor import extract
from app.lang.file_kinds import IMAGE_EXTS, MUSIC_EXTS, VIDEO_EXTS
from app.lang.later import asks_in_a_while, asks_later
from app.lang.lexicon import READ_ONLY
from app.lang.words import QUALIFIERS, stem, words

from . import l1_head
from .l1_head import widen_to
from .memo import QueryRow
from .objects import object_problem
from .row_cache import RowCache
from .slots import bind, templatize, unconsumed_problem, used_by_template, words_of
from .tool_sense import ToolSense, fits, sense_of
from .topic import FRAME_WORDS, PLACEHOLDER, as_typed, frames, things, topic_arg, without

log = logging.getLogger(__name__)
TOP_K = 5
SENSE_ROWS = 500  # a tool's sense reads its most recent learned requests, not all of them


@dataclass
class MatchResult:
    hit: bool
    reason: str
    score: float | None = None  # score of the served (or best) candidate
    ref: str | None = None
    tool: str | None = None
    args: dict[str, Any] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    steps: list[dict[str, Any]] | None = None
    nearest: dict[str, Any] | None = None  # {"id", "score", "query"} of the nearest row, whatever its uses
    threshold: float | None = None
    tried: list[str] = field(default_factory=list)  # every candidate's verdict, best first
    diagnose: Callable[[], tuple[str, dict[str, Any] | None]] | None = field(default=None, repr=False)

    def finish(self) -> None:
        """Fill the reason of a miss that found no candidate at all (a full scan: only when it is needed)."""
        if self.diagnose is not None:
            self.reason, self.nearest = self.diagnose()
            self.diagnose = None

    def to_dict(self) -> dict[str, Any]:
        return {"hit": self.hit, "reason": self.reason, "score": self.score, "id": self.ref, "tool": self.tool,
                "args": self.args, "steps": self.steps, "nearest": self.nearest, "threshold": self.threshold}


def guard_reason(new: ActionSig, old: ActionSig) -> str | None:
    """Why the action/object guards refuse, or None when they agree."""
    if new.negated:
        return "action guard: the request is negated ('non', 'don't'...): never replayed"
    if not same_action(new, old):
        return (f"action guard: the request asks {list(new.actions) or 'an unknown action'}, the remembered "
                f"request {list(old.actions) or 'an unknown action'}")
    if not same_object(new, old):
        diff = sorted((new.objects ^ old.objects) | (new.content ^ old.content))
        if not diff:
            return (f"object guard: the paths play different roles ({list(new.roles)} vs {list(old.roles)}: "
                    f"'X' is not 'the files in X')")
        return f"object guard: the requests differ in {diff}"
    return None


def describe_nearest(prefix: str, nearest: tuple[int, float] | None, rows: dict[int, Any]) -> dict[str, Any] | None:
    if not nearest:
        return None
    r = rows.get(nearest[0])
    return {"id": f"{prefix}{nearest[0]}", "score": round(nearest[1], 4), "query": r.query if r else None,
            "uses": r.uses if r else None}


def miss_reason(found: Any, rows: dict[int, Any], prefix: str, sig: ActionSig, threshold: float,
                min_uses: int) -> str:
    """Why no candidate was even considered: the action guard, too few uses, or nothing learned."""
    other = found.nearest_other_key
    if other and other[1] >= threshold:
        r = rows.get(other[0])
        theirs = list(action_of(r.query).actions) if r else []
        return (f"action guard: nearest {prefix}{other[0]} ({other[1]:.3f}) asks {theirs or 'an unknown action'}, "
                f"the request {list(sig.actions) or 'an unknown action'}")
    if found.nearest:
        rid, score = found.nearest
        r = rows.get(rid)
        if r is not None and r.uses < min_uses:
            return f"nearest {prefix}{rid} ({score:.3f}) has {r.uses} of {min_uses} uses"
        return f"nothing with the same action above threshold {threshold:.3f} (nearest {prefix}{rid} {score:.3f})"
    return "nothing learned yet"


def parse_time(iso: str) -> datetime | None:
    try:
        return datetime.fromisoformat(iso) if iso else None
    except ValueError:
        return None


@dataclass
class _Prepared:
    sig: ActionSig
    slots: dict[str, Any]
    template: dict[str, Any]
    used: dict[str, set[Any]]
    topic: str | None = None  # the one thing the learned request named, when an argument is that word
    topic_checked: bool = False
    literal: dict[str, Any] = field(default_factory=dict)  # the template before the topic slot


def search_or_miss(cache: RowCache[Any, Any], level: str, kind: str, what: str, vector: np.ndarray, sig: ActionSig,
                   threshold: float, min_uses: int, owner: str | None, keys: list[str] | None = None
                   ) -> tuple[list[tuple[int, float]], MatchResult | None]:
    """The candidates sharing the request's action, or the miss that explains why there are none.

    A negated request is never replayed; the nearest row of any action is looked up only when someone asks
    why (diagnose), since it costs a second search."""
    if sig.negated:
        return [], MatchResult(False, f"{level}: action guard: the request is negated ('non', 'don't'...): "
                                      f"never replayed")
    key = action_key(sig)
    if keys and keys != [key]:
        cands = cache.index.search_keys(vector, TOP_K, min_uses, owner, [key, *keys]).candidates
    else:
        cands = cache.index.search(vector, TOP_K, min_uses, owner, key).candidates
    if cands:
        return cands, None

    def diagnose() -> tuple[str, dict[str, Any] | None]:
        found = cache.index.nearest_any(vector, min_uses, owner, key)
        return (f"{level}: " + miss_reason(found, cache.rows, kind, sig, threshold, min_uses),
                describe_nearest(kind, found.nearest, cache.rows))
    return [], MatchResult(False, f"{level}: no remembered {what} with the same action", diagnose=diagnose)


def first_hit(cands: list[tuple[int, float]], near: dict[str, Any] | None,
              attempt: Callable[[int, float], MatchResult]) -> MatchResult:
    """Try candidates best first; the first that passes every guard, else the nearest one's miss.
    Each result carries the reasons of all candidates tried so far (for `metnos route --json`)."""
    first: MatchResult | None = None
    tried: list[str] = []
    for rid, score in cands:
        res = attempt(rid, score)
        res.nearest = near
        tried.append(res.reason)
        res.tried = tried
        if res.hit:
            return res
        first = first or res
    assert first is not None
    return first


EXT_OBJECT = {"image": IMAGE_EXTS, "music": MUSIC_EXTS, "video": VIDEO_EXTS}  # app/lang/file_kinds.py


def ext_said(sig: ActionSig, slots: dict[str, Any]) -> ActionSig:
    """"le immagini png", "apri la foto X.jpg": the object word only restates the extension (of the kind or of
    the file), which the argument guard checks; "list everything in X" restates what a listing gives."""
    exts = {str(e).lower().lstrip("*.") for e in slots.get("ext") or []}
    paths = [str(p) for p in slots.get("path") or []]
    if paths and not exts:
        exts = {os.path.splitext(p)[1].lower().lstrip(".") for p in paths}
    said = {o for o, members in EXT_OBJECT.items() if o in sig.objects and exts and exts <= members}
    if sig.actions == ("list",) and "scope:all" in sig.objects:
        said.add("scope:all")
    return replace(sig, objects=sig.objects - said) if said else sig


def path_said(sig: ActionSig, slots: dict[str, Any]) -> ActionSig:
    """"trovami gli spartiti in pdf nella cartella ~/Spartiti", "read the lambing notes in ~/farm/lambing_notes.txt":
    a word the request's own path or address spells says nothing the argument does not; only a qualifier of order
    or age ("the old ones in ~/old") still counts, for the guard to read."""
    said = {stem(w) for v in [*(slots.get("path") or []), *(slots.get("url") or [])]
            for w in words(str(v).replace("_", " ").replace("-", " ")) if len(w) >= 4 and w not in QUALIFIERS}
    return replace(sig, content=sig.content - said) if said & sig.content else sig


def fit_reason(new: ActionSig, old: ActionSig, sense: ToolSense | None, sure: bool = False) -> str | None:
    """The action/object guards against one remembered request, widened by its tool's sense when known (and by
    a learned head sure of the tool: l1_head.py)."""
    if sense is None:
        return guard_reason(new, old)
    why = fits(new, old, sense, sure)
    if why:
        return why
    one_path = len(new.roles) == len(old.roles) == 1
    one_path_read = one_path and set(new.actions) <= READ_ONLY
    # "sovrascrivi X con 'Y'" is "scrivi 'Y' nel file X": a write's one file is its file, said as object or place
    one_file_write = one_path and set(new.actions) == set(old.actions) == {"write"} and \
        {*new.roles, *old.roles} <= {"obj", "loc"}
    if not (one_path_read or one_file_write) and not same_roles(new.roles, old.roles):
        return (f"object guard: the paths play different roles ({list(new.roles)} vs {list(old.roles)}: "
                f"'X' is not 'the files in X')")
    return None


def _later(text: str, slots: dict[str, Any], tool: Any) -> bool:
    """"scrivi 'ciao' in X domani", "elenca X fra un'ora": not now, and nothing waits to do it later. For a tool that
    only reads, a day may be what is asked about ("quando ho il dentista domani?"): only an offset counts."""
    part = asked_part(text)  # "crea X, domani ho il sopralluogo": the reason's day is not when to act
    if part != text:
        text, slots = part, extract(part)
    if getattr(tool, "risk", "read") != "read":
        return asks_later(text, slots)
    return asks_in_a_while(text, slots)


@lru_cache(maxsize=1024)
def _asked_kinds(text: str) -> frozenset[str] | None:
    """The kinds of value the part that asks holds; None when every sentence asks (read once per request, not
    once per candidate)."""
    part = asked_part(text)
    return None if part == text else frozenset(k for k, v in extract(part).items() if v)


class L1Matcher(RowCache[QueryRow, _Prepared]):
    def stored_rows(self) -> list[QueryRow]:
        return list(self.memo.queries())

    def reload(self) -> None:
        self._by_tool: dict[str, set[int]] = {}  # executor -> its row ids
        self._tool_keys: dict[str, Counter[str]] = {}  # executor -> how many of its rows each action key holds
        self._senses: dict[str, ToolSense] = {}
        super().reload()

    def put(self, row: Any) -> None:
        old = self.rows.get(row.id)
        if old is not None:
            self._forget_tool_row(old)
        super().put(row)
        if row.id in self.index:
            self._by_tool.setdefault(row.executor, set()).add(row.id)
            self._tool_keys.setdefault(row.executor, Counter())[self.index.key_of(row.id)] += 1
            self._senses.pop(row.executor, None)

    def _forget_tool_row(self, row: QueryRow) -> None:
        ids = self._by_tool.get(row.executor)
        if ids is None or row.id not in ids:
            return
        ids.discard(row.id)
        keys = self._tool_keys[row.executor]
        key = self.index.key_of(row.id)
        keys[key] -= 1
        if keys[key] <= 0:
            del keys[key]
        self._senses.pop(row.executor, None)

    def remove(self, rid: int) -> None:
        row = self.rows.get(rid)
        if row is not None:
            self._forget_tool_row(row)
        super().remove(rid)

    def sense(self, executor: str, tools: Callable[[str], Any]) -> ToolSense:
        """What `executor` is asked to do: its name, examples and most recent learned requests."""
        s = self._senses.get(executor)
        if s is None:
            ids = sorted(self._by_tool.get(executor, set()))[-SENSE_ROWS:]
            s = self._senses[executor] = sense_of(executor, tools(executor), [self.rows[i].query for i in ids])
        return s

    def keys_for(self, sig: ActionSig, tools: Callable[[str], Any]) -> list[str]:
        """The index partitions whose tools may serve this request: its own, and those of the tools that do
        its action (or, for a request without a known verb, whose words it uses)."""
        keys: list[str] = []
        if sig.negated:
            return keys
        for executor, tool_keys in self._tool_keys.items():
            if not tool_keys or tools(executor) is None:
                continue
            sense = self.sense(executor, tools)
            if sig.known:
                ok = set(sig.actions) <= sense.actions
            else:
                ok = bool(sig.content) and sig.content <= sense.vocab
            if ok:  # only the tool's rows whose own action it is known for: an odd planner turn widens nothing
                keys.extend(k for k in tool_keys if k not in keys and (k == "?" or set(k.split(",")) <= sense.actions))
        return keys

    def prepared(self, row: QueryRow) -> _Prepared:
        p = self._prep.get(row.id)
        if p is None:
            slots = extract(row.query, parse_time(row.observed_at))
            template = {k: templatize(v, slots) for k, v in row.args.items()}
            p = _Prepared(action_of(row.query), slots, template, used_by_template(template))
            self._prep[row.id] = p
        return p

    @staticmethod
    def _find_topic(row: QueryRow, prep: _Prepared, tool: Any) -> None:
        """Once per row: is one of its literal arguments the one thing its request named? Then it is a slot."""
        if prep.topic_checked:
            return
        prep.topic_checked = True
        found = topic_arg(tool, prep.template, row.query)
        if found is not None:
            arg, word = found
            prep.literal = prep.template
            prep.template = {**prep.template, arg: PLACEHOLDER}
            prep.topic = word

    def match(self, text: str, vector: np.ndarray, slots: dict[str, Any], sig: ActionSig,
              tools: Callable[[str], Any], threshold: float, min_uses: int, owner: str | None = None,
              fill: Callable[[str, Any, list[str]], dict[str, Any]] | None = None,
              head: dict[str, float] | None = None) -> MatchResult:
        """`head`: a learned head's probability for each tool the request may ask for (l1_head.py), or None."""
        keys = self.keys_for(sig, tools)
        wide = widen_to(head, tools)
        if wide and not sig.negated:  # its own rows too, whatever the request's verb pointed to
            keys += [k for k in self._tool_keys.get(wide, ()) if k not in keys]
        cands, miss = search_or_miss(self, "L1", "q", "request", vector, sig, threshold, min_uses, owner, keys)
        if miss is not None:
            return miss
        return first_hit(cands, describe_nearest("q", cands[0], self.rows),
                         lambda rid, score: self._try(self.rows[rid], score, threshold, text, slots, sig, tools, fill,
                                                      (head or {}).get(self.rows[rid].executor, 0.0)))

    def _try(self, row: QueryRow, score: float, threshold: float, text: str, slots: dict[str, Any], sig: ActionSig,
             tools: Callable[[str], Any], fill: Callable[..., dict[str, Any]] | None,
             p_head: float = 0.0) -> MatchResult:
        p_head = l1_head.trusted(p_head, tools(row.executor))
        thr = l1_head.threshold_for(max(threshold, row.threshold_override or 0.0), p_head, bool(row.threshold_override))
        base: dict[str, Any] = dict(score=round(score, 4), ref=row.ref, tool=row.executor, threshold=thr)
        if score < thr:
            stricter = " (learned after a contradiction)" if thr > 0 and row.threshold_override else ""
            return MatchResult(False, f"L1: nearest {row.ref} {score:.3f} < threshold {thr:.3f}{stricter}", **base)
        prep = self.prepared(row)
        tool = tools(row.executor)
        if tool is None:
            return MatchResult(False, f"L1: {row.ref}: tool {row.executor!r} is not available now", **base)
        self._find_topic(row, prep, tool)
        new_sig, old_sig, template = sig, prep.sig, prep.template
        if prep.topic is not None and prep.topic in words_of(text):
            template = prep.literal  # the same thing again ("accendi il wi-fi"): the call as it was learned
        elif prep.topic is not None:  # "quand'è il meccanico?" after "quando ho il dentista?": the thing is the arg
            named = things(asked_part(text))  # not a word of the reason: "che giorno è? mi serve per la bolla"
            if len(named) != 1:
                return MatchResult(False, f"L1: {row.ref} {score:.3f}: topic guard: the request names {len(named)} "
                                          f"things ({named}), the remembered one 1", **base)
            if named[0] != prep.topic and not frames(text) & frames(row.query):
                return MatchResult(False, f"L1: {row.ref} {score:.3f}: topic guard: a new thing ({named[0]!r}) asked "
                                          f"with another kind of question ({sorted(frames(text))} vs "
                                          f"{sorted(frames(row.query))})", **base)
            new_sig, old_sig = without(sig, named[0]), without(prep.sig, prep.topic)
            new_sig = replace(new_sig, content=new_sig.content - FRAME_WORDS)  # "che giorno era", "devo andare"
            slots = {**slots, "topic": [as_typed(named[0], text)]}
        why = fit_reason(path_said(ext_said(new_sig, slots), slots), ext_said(old_sig, prep.slots),
                         self.sense(row.executor, tools),
                         p_head >= l1_head.SURE_WORDS)
        if not why and _later(text, slots, tool) and not _later(row.query, prep.slots, tool):
            why = "argument guard: the request sets a later time ('tra un'ora', 'domani'); a replay would act now"
        if why:
            return MatchResult(False, f"L1: {row.ref} {score:.3f}: {why}", **base)
        b = bind(row.executor, tool, template, row.query, prep.slots, text, slots)
        extra: dict[str, Any] = {}
        while not b.ok and fill is not None and b.need and b.need not in extra:
            got = fill(text, tool, [b.need])  # third extraction step: ask the model, cached
            if not got.get(b.need):
                break
            extra.update(got)
            b = bind(row.executor, tool, {**template, **extra}, row.query, prep.slots, text, slots)
        if b.ok:
            b.sources.update({k: "model" for k in extra if k in b.args})
        if not b.ok:
            return MatchResult(False, f"L1: {row.ref} {score:.3f}: argument guard: {b.reason}", **base)
        problem = unconsumed_problem(slots, b.used, prep.slots, prep.used, _asked_kinds(text))
        if problem:
            return MatchResult(False, f"L1: {row.ref} {score:.3f}: argument guard: {problem}", **base)
        wrong = object_problem(row.executor, tool, b.args, text, list(slots.get("path") or []), row.args, row.query,
                               list(prep.slots.get("path") or []), self.disk, p_head >= l1_head.SURE_KIND)
        if wrong:
            return MatchResult(False, f"L1: {row.ref} {score:.3f}: {wrong}", **base)
        return MatchResult(True, f"L1: {row.ref} {score:.3f} ≥ {thr:.3f}; action, object and argument guards agree",
                           args=b.args, sources=b.sources, **base)
