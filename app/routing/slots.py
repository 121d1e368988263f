"""The argument guard: bind a remembered call to the values of the *new* request.

A stored call is first templated against the slots of the request it was
learned from: a value that came from that request ("/tmp/a.txt", "*.pdf", the
window of "oggi") becomes a placeholder ({path[*]}, {ext}, {window.hours}).
Replaying it fills the placeholders from the new request. Everything else must
be safe to reuse:
* a literal whose words came from the old request ("battesimo" in a pattern)
  is reused only if the new request says the same words;
* a required argument without a value -> miss;
* a value the new request carries that no argument takes ("... alle 8", a
  second path) -> miss, unless the old request carried exactly the same.
Placeholders: {kind}, {kind[i]}, {kind[*]}, {window.hours|since|until}, {ext.bare|dot}, {text}, {expression},
{topic} (the one thing a read request names: app.routing.topic)
(the arithmetic read from the request by the calculate tool's own reader: none -> miss, so "quanto fa" alone
is never served);
`{{stepN.field}}` references belong to the engine and pass through untouched.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any

from app.lang.args_extractor import LIST_KINDS
from app.lang.lexicon import STOPWORDS
from app.lang.normalize import normalize, split_words
from app.lang.placeholders import SLOT, STEP_REF_START
from app.tools.slots import fill_map, path_args
from app.turn.refs import has_refs

from .arg_checks import ends_before_now, relative_path

MISSING = object()

def slot_map(tool_name: str, tool: Any = None) -> dict[str, str]:
    """Argument -> placeholder for `tool_name`: the tool's own map (its declaration's `slots.fill`), else inferred
    from its arguments' names (app/tools/slots.py)."""
    return fill_map(tool)


# -- words ---------------------------------------------------------------------------------------------------
def _norm_word(w: str) -> str:
    return str(int(w)) if w.isdigit() else w.replace("-", "")  # "wi-fi" = "wifi", "07" = "7"


def words_of(value: Any) -> set[str]:
    """Meaningful words of a value (strings, numbers, nested lists/dicts)."""
    out: set[str] = set()
    if isinstance(value, str):
        out.update(_norm_word(w) for w in split_words(normalize(value)))
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        out.add(_norm_word(str(int(value))) if float(value).is_integer() else str(value))
    elif isinstance(value, dict):
        for v in value.values():
            out |= words_of(v)
    elif isinstance(value, list):
        for v in value:
            out |= words_of(v)
    return {w for w in out if w not in STOPWORDS and not w.startswith("{")}


# -- templating ----------------------------------------------------------------------------------------------
def _slot_values(slots: dict[str, Any]) -> list[tuple[str, Any]]:
    """(placeholder, value) pairs, most specific first."""
    pairs: list[tuple[str, Any]] = []
    for kind in LIST_KINDS:
        vals = slots.get(kind) or []
        if len(vals) > 1:
            pairs.append((f"{{{kind}[*]}}", list(vals)))
        for i, v in enumerate(vals):
            pairs.append((f"{{{kind}}}" if i == 0 else f"{{{kind}[{i}]}}", v))
            if kind == "ext" and isinstance(v, str) and v.startswith("*."):
                pairs.append(("{ext.bare}" if i == 0 else f"{{ext[{i}].bare}}", v[2:]))
                pairs.append(("{ext.dot}" if i == 0 else f"{{ext[{i}].dot}}", v[1:]))
    w = slots.get("window")
    if w:
        pairs += [("{window.hours}", w["hours"]), ("{window.since}", w["since"]), ("{window.until}", w["until"])]
    return pairs


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return float(a) == float(b)
    if isinstance(a, str) and isinstance(b, (int, float)):
        return a.strip() == str(b)
    return bool(a == b)


def templatize(value: Any, slots: dict[str, Any]) -> Any:
    """Replace values that came from the request's slots by placeholders (recursively)."""
    pairs = _slot_values(slots)
    return _tmpl(value, pairs, slots)


def _tmpl(value: Any, pairs: list[tuple[str, Any]], slots: dict[str, Any]) -> Any:
    if isinstance(value, dict):
        return {k: _tmpl(v, pairs, slots) for k, v in value.items()}
    if isinstance(value, list):
        paths = slots.get("path") or []
        if paths and len(value) == len(paths) and all(_path_match(v, p) for v, p in zip(value, paths)):
            prefix = _path_prefix(value[0], paths[0]) if len(value) == 1 else ""
            return f"{prefix}{{path[*]}}" if not prefix else [f"{prefix}{{path}}"]
        for ph, v in pairs:
            if isinstance(v, list) and value == v:
                return ph
        for kind in ("url", "email"):  # a list of every URL the request named: the next request's list, whole
            if value and value == list(slots.get(kind) or []):
                return f"{{{kind}[*]}}"
        return [_tmpl(v, pairs, slots) for v in value]
    if isinstance(value, str) and STEP_REF_START.search(value):
        return value
    for ph, v in pairs:
        if not isinstance(v, list) and _same(value, v):
            return ph
    if isinstance(value, str):
        for i, p in enumerate(slots.get("path") or []):
            if _path_match(value, p):
                return _path_prefix(value, p) + ("{path}" if i == 0 else f"{{path[{i}]}}")
    return value


def _path_match(value: Any, slot_path: str) -> bool:
    if not isinstance(value, str):
        return False
    if value == slot_path or os.path.expanduser(slot_path) == value:
        return True
    bare = slot_path.lstrip("./") if not slot_path.startswith("/") else ""
    return bool(bare) and value.endswith("/" + bare)


def _path_prefix(value: str, slot_path: str) -> str:
    """The folder the planner put in front of a relative path ("/home/u/" + "a.txt")."""
    if value == slot_path or os.path.expanduser(slot_path) == value or slot_path.startswith("/"):
        return ""
    return value[: len(value) - len(slot_path.lstrip("./"))]


_ROOT_THEN_OP = re.compile(r"sqrt\([^()]*\)\s*[-+*/]")


# -- resolving ---------------------------------------------------------------------------------------------
def _lookup(kind: str, index: str | None, attr: str | None, slots: dict[str, Any], text: str) -> Any:
    if kind == "text":
        return text if text else MISSING
    if kind == "expression":
        from app.tools.calculate import expression_of

        expr = expression_of(text)
        if not expr or (_ROOT_THEN_OP.search(expr) and "(" not in text):
            return MISSING  # "la radice di 12 per 7": √12·7 or √84? the fast path does not pick a scope
        return expr
    if kind == "window":
        w = slots.get("window")
        if not w:
            return MISSING
        if (attr or "hours") == "hours" and ends_before_now(w):
            return MISSING  # "i file di ieri": a day that is over is no "last N hours" counted back from now
        return w[attr or "hours"]
    vals = slots.get(kind) or []
    if index == "*":
        return list(vals) if vals else MISSING
    i = int(index) if index else 0
    if i >= len(vals):
        return MISSING
    v = vals[i]
    if attr == "bare" and isinstance(v, str):
        return v[2:] if v.startswith("*.") else v
    if attr == "dot" and isinstance(v, str):
        return v[1:] if v.startswith("*.") else v
    return v


def placeholders_in(value: Any) -> list[re.Match[str]]:
    if isinstance(value, str):
        return list(SLOT.finditer(value))
    if isinstance(value, dict):
        return [m for v in value.values() for m in placeholders_in(v)]
    if isinstance(value, list):
        return [m for v in value for m in placeholders_in(v)]
    return []


def resolve(value: Any, slots: dict[str, Any], text: str, used: dict[str, set[Any]]) -> Any:
    """Fill placeholders from the new request; MISSING if one has no value. Records what was used."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            r = resolve(v, slots, text, used)
            if r is MISSING:
                return MISSING
            out[k] = r
        return out
    if isinstance(value, list):
        out_l = []
        for v in value:
            r = resolve(v, slots, text, used)
            if r is MISSING:
                return MISSING
            out_l.append(r)
        return out_l
    if not isinstance(value, str) or "{" not in value:
        return value
    whole = SLOT.fullmatch(value)
    if whole:
        kind, index, attr = whole.groups()
        v = _lookup(kind, index, attr, slots, text)
        if v is not MISSING:
            _mark(used, whole.group(1), whole.group(2))
        return v
    missing = False

    def sub(m: re.Match[str]) -> str:
        nonlocal missing
        kind, index, attr = m.groups()
        v = _lookup(kind, index, attr, slots, text)
        if v is MISSING:
            missing = True
            return ""
        _mark(used, m.group(1), m.group(2))
        return str(v)

    s = SLOT.sub(sub, value)
    return MISSING if missing else s


def _mark(used: dict[str, set[Any]], kind: str, index: str | None) -> None:
    used.setdefault(kind, set()).add("*" if index == "*" else int(index or 0))
    if kind in ("text", "expression"):  # the request's numbers go with it ("quanto fa 12 per 7")
        used.setdefault("number", set()).add("*")


@dataclass
class Binding:
    ok: bool
    args: dict[str, Any] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    reason: str = ""
    used: dict[str, set[Any]] = field(default_factory=dict)
    need: str | None = None  # the argument that had no usable value (the LLM fallback may supply it)


def bind(tool_name: str, tool: Any, template: dict[str, Any], old_query: str, old_slots: dict[str, Any],
         new_text: str, new_slots: dict[str, Any], used: dict[str, set[Any]] | None = None) -> Binding:
    """Fill one call's templated args from the new request, or say why not."""
    used = {} if used is None else used
    smap = slot_map(tool_name, tool)
    props = list(getattr(tool, "properties", {}) or {})
    required = list(getattr(tool, "required", []) or [])
    old_words = words_of(old_query)
    new_words = words_of(new_text)
    args: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for arg in dict.fromkeys([*template, *props]):
        tv = template.get(arg, MISSING)
        if tv is not MISSING and has_refs(tv):
            args[arg], sources[arg] = tv, "ref"  # an earlier step's result: the engine resolves it
            continue
        mapped = smap.get(arg)
        if mapped and (tv is MISSING or not placeholders_in(tv)):
            v = resolve(mapped, new_slots, new_text, used)
            if v is not MISSING:
                args[arg], sources[arg] = v, "rules"
                continue
            if mapped == "{expression}":  # the arithmetic is all in the request: a remembered one is never it
                return Binding(False, reason=f"{tool_name}: no arithmetic the rules can read in the request",
                               need=arg)
        if tv is MISSING:
            continue
        if placeholders_in(tv):
            v = resolve(tv, new_slots, new_text, used)
            if v is MISSING:
                if arg in required:
                    return Binding(False, reason=f"{tool_name}: required argument {arg!r} ({_ph(tv)}) has no value "
                                                 f"in the request", need=arg)
                if getattr(tool, "risk", "read") != "read":  # a write/delete/send without its limit does more
                    return Binding(False, reason=f"{tool_name}: argument {arg!r} ({_ph(tv)}) limited the remembered "
                                                 f"call and has no value now: it would change more", need=arg)
                continue  # asked for last time, not now: a read tool's own default applies
            args[arg], sources[arg] = v, "rules"
            continue
        derived = words_of(tv) & old_words
        if derived and not derived <= new_words:
            return Binding(False, reason=f"{tool_name}: argument {arg!r} came from the words "
                                         f"{sorted(derived - new_words)} of the remembered request, absent now",
                           need=arg)
        args[arg], sources[arg] = tv, "memo"
    relative = relative_path(args, sources, path_args(tool))
    if relative:
        return Binding(False, reason=f"{tool_name}: {relative!r} is a relative path and there is no current folder: "
                                     f"the tools act on full paths", need=None)
    missing = [a for a in required if a not in args or args[a] in ("", None, [])]
    if missing:
        return Binding(False, reason=f"{tool_name}: required argument(s) {', '.join(missing)} without a value",
                       need=missing[0])
    return Binding(True, args, sources, used=used)


def _ph(v: Any) -> str:
    ms = placeholders_in(v)
    return ms[0].group(0) if ms else "?"


def used_by_template(template: Any) -> dict[str, set[Any]]:
    """Which slots of the learned request its templated call consumed."""
    used: dict[str, set[Any]] = {}
    for m in placeholders_in(template):
        _mark(used, m.group(1), m.group(2))
    return used


def leftover_values(slots: dict[str, Any], used: dict[str, set[Any]]) -> dict[str, Any]:
    """Slot values of a request that no argument took ("oggi" is one phrase: its date and window go together)."""
    twin = slots.get("_window_date")
    dates = slots.get("date") or []
    twin_i = dates.index(twin) if twin in dates else None
    window_used = "window" in used or (twin_i is not None and twin_i in used.get("date", set()))
    out: dict[str, Any] = {}
    for kind in LIST_KINDS:
        vals = slots.get(kind) or []
        u = used.get(kind, set())
        if "*" in u:
            continue
        rest = [v for i, v in enumerate(vals)
                if i not in u and not (kind == "date" and i == twin_i and "window" in used)]
        if rest:
            out[kind] = rest
    if slots.get("window") and not window_used:
        out["window"] = slots["window"]
    return out


def unconsumed_problem(new_slots: dict[str, Any], used: dict[str, set[Any]], old_slots: dict[str, Any],
                       old_used: dict[str, set[Any]], asked_kinds: frozenset[str] | None = None) -> str | None:
    """A value of the new request that the replay would ignore, and that the old request did not carry too.

    `asked_kinds`: the kinds of value the part that asks holds, when a sentence only says why ("copia X in Y,
    mi serve per domani": the day is the person's, not a value of the request)."""
    new_left = leftover_values(new_slots, used)
    old_left = leftover_values(old_slots, old_used)
    for kind, vals in new_left.items():
        if asked_kinds is not None and kind not in asked_kinds:
            continue
        if old_left.get(kind) != vals:
            shown = vals if kind != "window" else f"{vals.get('hours')}h"
            return f"the request has {kind} {shown} that the remembered call would ignore"
    return None
