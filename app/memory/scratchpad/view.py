"""What the model is shown of an observation, and what the scratchpad keeps of it.

An observation whose JSON passes the threshold is kept whole; the
model sees a synthetic observation (id, size, kind, head+tail summary or
binary fingerprint or count+item schema, the original scalar metadata, a note
on how to read more). Smaller ones are shown whole, shrunk to `inline_chars`.

Observation convention (shared with app/tools/files.py): one file is flat
`{path, bytes, encoding, lines, content}`, or `content_b64` (standard base64)
with `encoding: "binary"`; several files are `{"files": [...], "count": n}`.
A document (PDF, office file, EPUB...) is its extracted text in `content`,
with `encoding` naming the format: text like any other.
Any observation dominated by one string field is "text" with that field as
its content; one dominated by `content_b64` is "binary"; anything else is
"structured" and its readable content is rendered text (one list item per
line, or one file after another), while the full JSON is stored beside it.
"""
from __future__ import annotations

import base64
import binascii
import copy
import hashlib
import json
from dataclasses import dataclass
from typing import Any

from app.tools.results import LIST_FIELDS

HEAD = TAIL = 500
MIN_EDGE = 80
META_STR_MAX = 200
META_KEYS_MAX = 14
FieldPath = tuple[str | int, ...]  # keys and list indexes from the root


def omitted(n: int) -> str:
    return f"[... {n} caratteri omessi ...]"


def dumps(v: Any) -> str:
    """The JSON text whose length decides offloading (len(json.dumps(observation)))."""
    return json.dumps(v, ensure_ascii=False, default=str)


def view_size(v: Any) -> int:
    """UTF-8 bytes of a view as the model will receive it (conservative: default separators)."""
    return len(dumps(v).encode("utf-8", "replace"))


def _stored(v: Any) -> str:
    """JSON for the database: ASCII-escaped, so even lone surrogates (odd file names) survive."""
    return json.dumps(v, default=str)


@dataclass(frozen=True)
class Split:
    """An observation divided into readable content and the rest.

    `path` is where the content sits inside the observation; None means the
    content is a rendering and `stored_json` is the whole observation.
    Otherwise `stored_json` is the observation with that field set to null,
    so nothing big is stored twice and the full result can be rebuilt.
    """

    kind: str  # text | binary
    content: bytes
    path: FieldPath | None
    stored_json: str
    list_key: str | None = None  # structured: the list that makes it structured


def _holders(obs: dict[str, Any]) -> list[tuple[FieldPath, dict[str, Any]]]:
    out: list[tuple[FieldPath, dict[str, Any]]] = [((), obs)]
    files = obs.get("files")
    if isinstance(files, list) and len(files) == 1 and isinstance(files[0], dict):
        out.append((("files", 0), files[0]))
    return out


def _set(obj: Any, path: FieldPath, value: Any) -> None:
    for p in path[:-1]:
        obj = obj[p]
    obj[path[-1]] = value


def _get(obj: Any, path: FieldPath) -> Any:
    for p in path:
        obj = obj[p]
    return obj


def _is_binary_holder(h: dict[str, Any]) -> bool:
    return isinstance(h.get("content_b64"), str) and str(h.get("encoding", "binary")).lower() in ("binary", "base64")


def split(obs: Any) -> Split:
    size = len(dumps(obs))
    if isinstance(obs, dict):
        for base, holder in _holders(obs):
            strings = [(k, v) for k, v in holder.items() if isinstance(v, str)]
            if not strings:
                continue
            key, text = max(strings, key=lambda kv: len(kv[1]))
            if 2 * len(text) < size:
                continue
            path = base + (key,)
            envelope = copy.deepcopy(obs)
            _set(envelope, path, None)
            if key == "content_b64" and _is_binary_holder(holder):
                try:
                    data = base64.b64decode(text, validate=True)
                except (binascii.Error, ValueError):
                    data = None
                if data is not None:
                    return Split("binary", data, path, _stored(envelope))
            return Split("text", text.encode("utf-8", errors="surrogatepass"), path, _stored(envelope))
        list_key = _list_key(obs)
        return Split("text", render(obs, list_key).encode("utf-8", errors="surrogatepass"), None, _stored(obs),
                     list_key)
    text = obs if isinstance(obs, str) else json.dumps(obs, ensure_ascii=False, indent=1, default=str)
    return Split("text", text.encode("utf-8", "surrogatepass"), None, _stored(obs))


def _list_key(obs: dict[str, Any]) -> str | None:
    lists = [(k, v) for k, v in obs.items() if isinstance(v, list) and v]
    if not lists:
        return None
    preferred = [kv for kv in lists if kv[0] in LIST_FIELDS]
    return max(preferred or lists, key=lambda kv: len(dumps(kv[1])))[0]


def render(obs: dict[str, Any], key: str | None) -> str:
    """Readable text of a structured observation: greppable line by line.

    Files are shown one after another (`==> path <==` then the text); other
    lists as one JSON item per line after a header line with the rest.
    """
    if key is None:
        return json.dumps(obs, ensure_ascii=False, indent=1, default=str)
    items = obs[key]
    rest = {k: v for k, v in obs.items() if k != key}
    rest[key] = f"<{len(items)} items below, one per line>"
    head = dumps(rest)
    if key == "files" and all(isinstance(f, dict) for f in items):
        parts = [head]
        for f in items:
            label = str(f.get("path") or f.get("name") or "?")
            if isinstance(f.get("content"), str):
                parts.append(f"==> {label} <==\n{f['content']}")
            elif isinstance(f.get("content_b64"), str):
                parts.append(f"==> {label} (binary, {f.get('bytes', '?')} bytes, base64 below) <==\n{f['content_b64']}")
            else:
                parts.append(f"==> {label} <==\n{dumps(f)}")
        return "\n".join(parts)
    return "\n".join([head] + [dumps(i) for i in items])


def full_from_row(stored_json: str, path: FieldPath | None, kind: str, content: bytes) -> Any:
    """Rebuild the observation exactly as the tool returned it."""
    obs = json.loads(stored_json)
    if path is None:
        return obs
    value = base64.b64encode(content).decode("ascii") if kind == "binary" else content.decode("utf-8", "surrogatepass")
    _set(obs, tuple(path), value)
    return obs


# -- summaries --------------------------------------------------------------------


def text_summary(text: str, head: int = HEAD, tail: int = TAIL) -> str:
    if len(text) <= head + tail + len(omitted(len(text))):
        return text
    return text[:head] + omitted(len(text) - head - tail) + text[len(text) - tail:]


def binary_summary(data: bytes) -> str:
    return f"[BINARY: {len(data)} bytes, sha256={hashlib.sha256(data).hexdigest()}]"


def _type_name(v: Any) -> str:
    return {bool: "boolean", int: "integer", float: "number", str: "string", list: "array", dict: "object",
            type(None): "null"}.get(type(v), type(v).__name__)


def item_schema(items: list[Any], sample: int = 50) -> dict[str, str] | str:
    """Field → JSON type over the first items; a plain type name for lists of scalars."""
    dicts = [i for i in items[:sample] if isinstance(i, dict)]
    if not dicts:
        return " | ".join(sorted({_type_name(i) for i in items[:sample]}))
    schema: dict[str, set[str]] = {}
    for d in dicts:
        for k, v in d.items():
            schema.setdefault(str(k), set()).add(_type_name(v))
    return {k: " | ".join(sorted(v)) for k, v in list(schema.items())[:20]}


def structured_summary(key: str, items: list[Any], schema: dict[str, str] | str) -> str:
    fields = ", ".join(f"{k}: {t}" for k, t in schema.items()) if isinstance(schema, dict) else schema
    return f"{len(items)} {key}; each item: {{{fields}}}"


def summary_of(obs: Any, sp: Split, head: int = HEAD, tail: int = TAIL) -> str:
    if sp.kind == "binary":
        return binary_summary(sp.content)
    if sp.path is None and sp.list_key and isinstance(obs, dict):
        items = obs[sp.list_key]
        return structured_summary(sp.list_key, items, item_schema(items))
    return text_summary(sp.content.decode("utf-8", "replace"), head, tail)


# -- views --------------------------------------------------------------------------


def metadata(obs: Any, sp: Split) -> dict[str, Any]:
    """The observation's scalar fields (path, bytes, encoding, count, truncated, error...)."""
    if not isinstance(obs, dict):
        return {}
    skip = sp.path[-1] if sp.path else None
    out: dict[str, Any] = {}
    holders = [obs] + ([_get(obs, sp.path[:-1])] if sp.path and len(sp.path) > 1 else [])
    for h in holders:
        for k, v in h.items():
            if k in (skip, "ok") or len(out) >= META_KEYS_MAX:
                continue
            if isinstance(v, str):
                out[k] = v if len(v) <= META_STR_MAX else v[:META_STR_MAX] + omitted(len(v) - META_STR_MAX)
            elif isinstance(v, (int, float, bool)) or v is None:
                out[k] = v
            elif isinstance(v, list) and k != sp.list_key and len(v) <= 5 and all(
                    isinstance(i, (str, int, float)) and len(str(i)) <= 80 for i in v):
                out[k] = v
    return out


def _scalars(item: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in item.items() if isinstance(v, (int, float, bool)) or v is None
            or (isinstance(v, str) and len(v) <= 120)}


def ref_field(sp: Split) -> str:
    if sp.path is not None:
        return ".".join(str(p) for p in sp.path)  # binary: content_b64, base64 text as the tool gave it
    return sp.list_key or "content"


def note(scratchpad_id: str, step_num: int, sp: Split) -> str:
    modes = "head|tail|range" if sp.kind == "binary" else "head|tail|range|lines|grep"
    return (f"Too big to show: the full output is kept in the scratchpad. Read parts with scratchpad_read("
            f"scratchpad_id=\"{scratchpad_id}\", mode={modes}). To pass it whole to another tool, "
            f"write {{{{step{step_num}.{ref_field(sp)}}}}}.")


def synthetic(obs: Any, sp: Split, scratchpad_id: str, step_num: int, budget: int) -> dict[str, Any]:
    """The observation the model sees instead of an offloaded one, at most `budget` bytes when possible."""
    ok = obs.get("ok", True) if isinstance(obs, dict) else True
    head, tail = HEAD, TAIL
    meta = metadata(obs, sp)
    example: Any = None
    if sp.path is None and sp.list_key and isinstance(obs, dict):
        items = obs[sp.list_key]
        if len(items) <= 10 and all(isinstance(i, dict) for i in items):  # e.g. a few files: show each one's fields
            example = shrink([_scalars(i) for i in items], 400)
        else:
            example = shrink(items[0], 240)
    for _ in range(12):
        view: dict[str, Any] = {"ok": ok, "scratchpad_id": scratchpad_id, "size_bytes": len(sp.content),
                                "kind": sp.kind, "summary": summary_of(obs, sp, head, tail)}
        if sp.path is None and sp.list_key and isinstance(obs, dict):
            view["count"] = len(obs[sp.list_key])
            view["item_schema"] = item_schema(obs[sp.list_key])
            if example is not None:
                view["items" if len(obs[sp.list_key]) <= 10 and isinstance(example, list) else "example"] = example
        view["metadata"] = meta
        view["_note"] = note(scratchpad_id, step_num, sp)
        excess = view_size(view) - budget
        if excess <= 0:
            return view
        if sp.kind == "text" and sp.list_key is None and head > MIN_EDGE:
            cut = excess // 2 + 8
            head, tail = max(MIN_EDGE, head - cut), max(MIN_EDGE, tail - cut)
        elif example is not None:
            example = None
        else:
            meta = shrink(meta, max(120, view_size(meta) - excess))
    return view


def shrink(obj: Any, budget: int) -> Any:
    """A copy of a JSON value at most `budget` bytes: long strings keep head and tail, long lists their start.

    Stays a value of the same shape so the model can still read fields; only
    when nothing is left to cut does it fall back to truncated JSON text.
    """
    if view_size(obj) <= budget:
        return obj
    obj = json.loads(dumps(obj))
    for _ in range(400):
        size = view_size(obj)
        if size <= budget:
            return obj
        target = _largest(obj)
        if target is None:
            break
        holder, key, val = target
        excess = size - budget
        if isinstance(val, str):
            keep = max(40, len(val) - excess - 40)
            if keep >= len(val) - 40:
                keep = max(20, len(val) // 2)
            holder[key] = text_summary(val, keep // 2, keep - keep // 2)
        else:
            kept = max(1, len(val) // 2)
            holder[key] = val[:kept] + [f"[... {len(val) - kept} elementi omessi ...]"]
    text = dumps(obj)
    keep = max(0, budget - 60)
    return {"truncated_json": text[:keep] + omitted(len(text) - keep)}


def _largest(obj: Any) -> tuple[Any, Any, Any] | None:
    """The biggest still-cuttable string (> 120 chars) or list (> 2 items) inside obj."""
    best: tuple[int, Any, Any, Any] | None = None
    stack: list[Any] = [obj]
    while stack:
        cur = stack.pop()
        pairs = cur.items() if isinstance(cur, dict) else enumerate(cur) if isinstance(cur, list) else ()
        for k, v in pairs:
            if isinstance(v, str) and len(v) > 120:
                w = len(dumps(v))
            elif isinstance(v, list) and len(v) > 2:
                w = len(dumps(v))
            else:
                w = -1
            if w > 0 and (best is None or w > best[0]):
                best = (w, cur, k, v)
            if isinstance(v, (dict, list)):
                stack.append(v)
    return None if best is None else best[1:]


def inline(obs: Any, inline_chars: int) -> dict[str, Any]:
    """A small observation as the model sees it: whole, or shrunk to `inline_chars` with markers."""
    view = obs if isinstance(obs, dict) else {"result": obs}
    shrunk: dict[str, Any] = shrink(view, inline_chars)  # an object in is an object out
    return shrunk
