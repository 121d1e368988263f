"""search_in_files: text or a regular expression inside the files under a folder (file, line number, line).

Binary files (a NUL byte in the first 8 KB) and files over the read cap are skipped, links are not
followed, hidden folders are skipped. A big result is offloaded to the scratchpad by the runner like
any other observation.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from app.lang.asked import Asked
from app.lang.messages import Message, register
from app.turn.rendering import own_sentence

from .confine import allowed_roots, confine
from .registry import Tool, ToolContext, ToolError
from .slots import Slots

MAX_MATCHES = 2000
MAX_LINE = 300
MAX_FILES = 20_000

register({
    "grep.bad_regex": {"it": "l'espressione «{pattern}» non è valida ({error})",
                       "en": "the pattern {pattern!r} is not a valid regular expression ({error})"},
    "grep.empty": {"it": "dimmi quale testo cercare", "en": "tell me which text to search for"},
    "grep.found": {"it": {"one": "Trovata {n} riga con «{pattern}»:", "other": "Trovate {n} righe con «{pattern}»:"},
                   "en": {"one": "Found {n} line with “{pattern}”:", "other": "Found {n} lines with “{pattern}”:"}},
    "grep.none": {"it": "Nessun file sotto {root} contiene «{pattern}».",
                  "en": "No file under {root} contains “{pattern}”."},
})


def _files(base: Path, ctx: ToolContext) -> list[Path]:
    if base.is_file():
        return [base]
    out: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(base, followlinks=False):
        ctx.cancel.check()
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            p = Path(dirpath) / name
            if not p.is_symlink():
                out.append(p)
            if len(out) >= MAX_FILES:
                return out
    return out


def search_in_files(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    raw = str(args.get("root") or "~")
    base = confine(raw, allowed_roots(ctx.config), must_exist=True)
    pattern = str(args.get("pattern") or "")
    if not pattern:
        raise ToolError(Message("grep.empty"))
    flags = re.IGNORECASE if args.get("ignore_case", True) else 0
    try:
        rx = re.compile(pattern if args.get("regex") else re.escape(pattern), flags)
    except re.error as e:
        raise ToolError(Message("grep.bad_regex", pattern=pattern, error=str(e))) from None
    if not base.is_dir() and not base.is_file():
        raise ToolError(Message("files.not_regular", path=raw))
    cap = int(ctx.config.tools.max_read_bytes)
    matches: list[dict[str, Any]] = []
    searched = skipped = 0
    truncated = False
    for p in _files(base, ctx):
        ctx.cancel.check()
        try:
            if not p.is_file() or p.stat().st_size > cap:
                skipped += 1
                continue
            data = p.read_bytes()
        except OSError:
            skipped += 1
            continue
        if b"\x00" in data[:8192]:
            skipped += 1  # binary
            continue
        searched += 1
        text = data.decode("utf-8", errors="replace")
        for n, line in enumerate(text.splitlines(), 1):
            if rx.search(line):
                matches.append({"path": str(p), "line": n, "text": line.strip()[:MAX_LINE]})
                if len(matches) >= MAX_MATCHES:
                    truncated = True
                    break
        if truncated:
            break
    said = (Message("grep.found", n=len(matches), pattern=pattern) if matches
            else Message("grep.none", root=str(base), pattern=pattern))
    return {"root": str(base), "pattern": pattern, "regex": bool(args.get("regex")), "count": len(matches),
            "files_searched": searched, "files_skipped": skipped, "truncated": truncated, "matches": matches,
            "said": said.to_dict()}


def _answer(result: dict[str, Any], lang: str, _shape: Asked) -> str | None:
    """Its own sentence ("3 righe in 2 file contengono «x»") and the lines found, the first 20; None for a result
    with no matches or no sentence (then said in its own words, as any result)."""
    text = own_sentence(result, lang)
    if text is None or not result.get("matches"):
        return None
    shown = [f"- {m['path']}:{m['line']}: {m['text']}" for m in result["matches"][:20]]
    more = len(result["matches"]) - len(shown)
    return text + "\n" + "\n".join(shown) + (f"\n… (+{more})" if more > 0 else "")


TOOLS = [
    Tool("search_in_files", "Search for the files containing a word, a text or a regular expression under a "
                            "folder: file, line number and line. Cerca una parola o un testo dentro i file.",
         {"type": "object", "properties": {
             "root": {"type": "string", "description": "Folder (or one file) to search in"},
             "pattern": {"type": "string", "description": "Text to look for (a regular expression if regex is true)"},
             "regex": {"type": "boolean", "description": "Treat pattern as a regular expression"},
             "ignore_case": {"type": "boolean", "description": "Ignore upper/lower case (default true)"}},
          "required": ["root", "pattern"]}, search_in_files, group="Files", reads_external=True,
         slots=Slots(paths=("root",), verbs=("find", "read", "list"), names=("folder",)), render=_answer,
         examples=("cerca 'fattura' dentro i file di ~/Documenti", "in quali file di ~/Documenti c'è la parola budget",
                   "grep TODO in ~/progetti", "search for 'password' inside the files in ~/work",
                   "which files in ~/notes mention Marco")),
]
