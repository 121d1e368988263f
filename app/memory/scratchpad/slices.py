"""The read modes of `scratchpad_read`: pure functions over one stored entry.

Text is sliced by characters (UTF-8, invalid bytes replaced), binary by bytes
and returned as base64. Every mode is bounded by the full-read cap, so a big
row cannot re-enter the context it was kept out of. Bad arguments raise
ToolError with a message saying what to change; nothing else escapes.
"""
from __future__ import annotations

import base64
import re
from typing import Any, Callable, overload

from app.lang.values import whole_number, yes_or_no
from app.tools.registry import ToolError

MODES = ("full", "head", "tail", "range", "lines", "grep")
DEFAULT_N = 2000
DEFAULT_LINES = 100
DEFAULT_MATCHES = 20
MAX_MATCHES = 200
MAX_CONTEXT = 10
MAX_PATTERN = 500
LONG_LINE = 1000  # a grep line longer than this is shown around the match


def _bad(msg: str) -> ToolError:
    return ToolError(f"scratchpad_read: {msg}")


def _show(v: Any) -> str:
    r = repr(v)
    return r if len(r) <= 60 else r[:57] + "..."


@overload
def int_arg(args: dict[str, Any], key: str, default: int, minimum: int) -> int: ...
@overload
def int_arg(args: dict[str, Any], key: str, default: None, minimum: int) -> int | None: ...
def int_arg(args: dict[str, Any], key: str, default: int | None, minimum: int) -> int | None:
    """A whole-number argument; digits in a string are accepted (small models quote numbers).
    With a whole-number default the result is never None, and the overloads tell the type checker so."""
    v = args.get(key)
    if v is None:
        return default
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    elif isinstance(v, str) and (n := whole_number(v)) is not None:
        v = n
    if isinstance(v, bool) or not isinstance(v, int):
        raise _bad(f"{key} must be a whole number, got {_show(v)}")
    if v < minimum:
        raise _bad(f"{key} must be {minimum} or more, got {v}")
    return v


def bool_arg(args: dict[str, Any], key: str) -> bool:
    v = args.get(key)
    if v is None:
        return False
    if isinstance(v, bool):
        return v
    if isinstance(v, str) and (yes := yes_or_no(v)) is not None:
        return yes
    if isinstance(v, int) and v in (0, 1):
        return bool(v)
    raise _bad(f"{key} must be true or false, got {_show(v)}")


def read_entry(kind: str, content: bytes, args: dict[str, Any], cap: int,
               check: Callable[[], None] | None = None) -> dict[str, Any]:
    """Apply one read mode to an entry's content; returns the observation for the model."""
    mode = args.get("mode") or "head"
    if not isinstance(mode, str) or mode.strip().lower() not in MODES:
        raise _bad(f"mode must be one of {', '.join(MODES)}, got {_show(mode)}")
    mode = mode.strip().lower()
    if kind == "binary":
        if mode in ("lines", "grep"):
            raise _bad(f"mode={mode} works on text and this entry is binary; use head, tail or range "
                       "(bytes, returned as base64)")
        return _slice(mode, content, args, cap, binary=True)
    text = content.decode("utf-8", errors="replace")
    if mode == "lines":
        return _lines(text, args, cap)
    if mode == "grep":
        return _grep(text, args, cap, check)
    return _slice(mode, text, args, cap, binary=False)


def _meta(mode: str, kind: str, full: int, returned: int, unit: str) -> dict[str, Any]:
    return {"ok": True, "mode": mode, "kind": kind, "unit": unit, "full_size": full, "returned_size": returned}


def _slice(mode: str, data: str | bytes, args: dict[str, Any], cap: int, binary: bool) -> dict[str, Any]:
    total = len(data)
    unit = "bytes" if binary else "characters"
    note = ""
    if mode == "full":
        size = total if binary else len(data.encode("utf-8", "replace"))  # type: ignore[union-attr]
        if size > cap:
            raise _bad(f"this entry is {size} bytes, more than the full-read cap ({cap} bytes, "
                       "[scratchpad] full_read_cap_bytes); read a part instead: mode=head or mode=tail with n, "
                       "mode=range with start/end" + ("" if binary else ", mode=lines with start/end line numbers "
                                                      "or mode=grep with a pattern"))
        start, end = 0, total
    elif mode in ("head", "tail"):
        n = int_arg(args, "n", DEFAULT_N, 1)
        if n > cap:
            note, n = f"n was lowered to the cap of {cap} {unit}", cap
        start, end = (0, min(n, total)) if mode == "head" else (max(0, total - n), total)
    else:  # range
        start = int_arg(args, "start", 0, 0)
        n = int_arg(args, "n", DEFAULT_N, 1)
        end_arg = int_arg(args, "end", None, 0)
        if end_arg is not None and end_arg <= start:
            raise _bad(f"end ({end_arg}) must be greater than start ({start}); end is exclusive")
        if start >= total:
            raise _bad(f"start {start} is past the end: this entry has {total} {unit} "
                       f"(valid start: 0 to {max(0, total - 1)})")
        end = min(total, end_arg if end_arg is not None else start + n)
        if end - start > cap:
            note, end = f"the range was shortened to the cap of {cap} {unit}; continue with start={start + cap}", \
                start + cap
    part = data[start:end]
    out = _meta(mode, "binary" if binary else "text", total, len(part), unit)
    out.update(start=start, end=end)
    if binary:
        out.update(encoding="base64", content_b64=base64.b64encode(part).decode("ascii"))  # type: ignore[arg-type]
    else:
        out["content"] = part
    if note:
        out["note"] = note
    return out


def split_lines(text: str) -> list[str]:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _lines(text: str, args: dict[str, Any], cap: int) -> dict[str, Any]:
    lines = split_lines(text)
    total = len(lines)
    first = int_arg(args, "start", 1, 1)
    last_arg = int_arg(args, "end", None, 1)
    if last_arg is not None and last_arg < first:
        raise _bad(f"end line ({last_arg}) must not be before start line ({first}); lines are 1-based, inclusive")
    if first > total:
        raise _bad(f"start line {first} is past the end: this entry has {total} lines (valid start: 1 to {total})")
    last = min(total, last_arg if last_arg is not None else first + DEFAULT_LINES - 1)
    picked: list[str] = []
    used = 0
    note = ""
    for i in range(first - 1, last):
        line = lines[i]
        if used + len(line) + 1 > cap:
            if not picked:
                picked.append(line[:cap])
                note = f"line {i + 1} is longer than the cap of {cap} characters and was cut; use mode=range"
                used = cap
            else:
                note = f"stopped at the cap of {cap} characters; continue with start={i + 1}"
            break
        picked.append(line.rstrip("\r"))
        used += len(line) + 1
    content = "\n".join(picked)
    out = _meta("lines", "text", len(text), len(content), "characters")
    out.update(start=first, end=first + len(picked) - 1, total_lines=total, content=content)
    if note:
        out["note"] = note
    return out


def compile_pattern(pattern: Any, ignore_case: bool) -> re.Pattern[str]:
    if not isinstance(pattern, str) or not pattern:
        raise _bad("mode=grep needs a pattern: a word or a regular expression, e.g. pattern=\"ERROR\"")
    if len(pattern) > MAX_PATTERN:
        raise _bad(f"pattern is {len(pattern)} characters; keep it under {MAX_PATTERN}")
    try:
        return re.compile(pattern, re.IGNORECASE if ignore_case else 0)
    except (re.error, OverflowError, RecursionError, ValueError) as e:
        where = f" at position {e.pos}" if isinstance(e, re.error) and e.pos is not None else ""
        msg = e.msg if isinstance(e, re.error) else str(e) or type(e).__name__
        raise _bad(f"bad regular expression {_show(pattern)}: {msg}{where}. Escape special characters "
                   "with a backslash (\\. \\( \\[ \\*) or search for a plain word") from None


def _clip(line: str, at: int | None) -> str:
    if len(line) <= LONG_LINE:
        return line
    lo = 0 if at is None else max(0, at - LONG_LINE // 2)
    hi = min(len(line), lo + LONG_LINE)
    return ("…" if lo else "") + line[lo:hi] + ("…" if hi < len(line) else "")


def _grep(text: str, args: dict[str, Any], cap: int, check: Callable[[], None] | None) -> dict[str, Any]:
    ignore_case = bool_arg(args, "ignore_case")
    from_end = bool_arg(args, "from_end")
    context = int_arg(args, "context", 0, 0)
    limit = int_arg(args, "max_matches", DEFAULT_MATCHES, 1)
    context, limit = min(context, MAX_CONTEXT), min(limit, MAX_MATCHES)
    rx = compile_pattern(args.get("pattern"), ignore_case)
    lines = split_lines(text)
    hits: list[int] = []
    where: dict[int, int] = {}
    for i, line in enumerate(lines):
        if check is not None and i % 5000 == 0:
            check()
        m = rx.search(line)
        if m:
            hits.append(i)
            where[i] = m.start()
    chosen = hits[-limit:] if from_end else hits[:limit]
    blocks: list[tuple[int, int]] = []
    for i in chosen:
        lo, hi = max(0, i - context), min(len(lines) - 1, i + context)
        if blocks and lo <= blocks[-1][1] + 1:
            blocks[-1] = (blocks[-1][0], max(blocks[-1][1], hi))
        else:
            blocks.append((lo, hi))
    chosen_set = set(chosen)
    out_lines: list[str] = []
    used = 0
    shown: list[int] = []
    cut = False
    for b, (lo, hi) in enumerate(blocks):
        group = (["--"] if b else [])
        for i in range(lo, hi + 1):
            sep = ":" if i in chosen_set else "-"
            group.append(f"{i + 1}{sep}{_clip(lines[i].rstrip(chr(13)), where.get(i))}")
        size = sum(len(g) + 1 for g in group)
        if used + size > cap and out_lines:
            cut = True
            break
        out_lines.extend(group)
        used += size
        shown.extend(i + 1 for i in range(lo, hi + 1) if i in chosen_set)
    content = "\n".join(out_lines)[:cap]
    out = _meta("grep", "text", len(text), len(content), "characters")
    out.update(pattern=rx.pattern, total_lines=len(lines), total_matches=len(hits), returned_matches=len(shown),
               match_lines=shown, content=content)
    if not hits:
        out["note"] = "no line matches; try ignore_case=true or a shorter pattern"
    elif cut or len(shown) < len(hits):
        out["note"] = (f"showing {len(shown)} of {len(hits)} matching lines"
                       + ("" if from_end else "; from_end=true shows the last ones"))
    return out
