"""Deterministic answers rendered from a tool result, in the request's language.

Used when no model is involved (L0/L1/L2), for every answer whose content is data (a file's lines,
a listing, a time, a count, a calculation) — instant and exact — and as the fallback when a
model's written answer is not usable. Given the question, it answers the shape asked for: the
last lines for "ultime righe", the first N for "prime N righe", a number for "quante righe",
yes or no for "ci sono …?".
"""
from __future__ import annotations

import datetime as dt
from typing import Any, Callable

from app.lang.asked import Asked, asked, slice_lines
from app.lang.messages import Message, register, render_message, say

register({
    "render.not_stored": {"it": "Non l'ho memorizzato: {reason}", "en": "Not stored: {reason}"},
    "render.remembered": {"it": "Memorizzato: {fact}.", "en": "Remembered: {fact}."},
    "render.confirmed": {"it": "Lo sapevo già: {fact}.", "en": "I already knew: {fact}."},
    "render.superseded": {"it": "Aggiornato: {fact}.", "en": "Updated: {fact}."},
    "render.time": {"it": "Sono le {time}.", "en": "It's {time}."},
    "render.date": {"it": "Oggi è {date}.", "en": "Today is {date}."},
    "render.where": {"it": "Sei su {host}, fuso orario {tz}.", "en": "You are on {host}, time zone {tz}."},
    "render.entries": {"it": {"one": "{n} elemento in {path}:", "other": "{n} elementi in {path}:"},
                       "en": {"one": "{n} entry in {path}:", "other": "{n} entries in {path}:"}},
    "render.entries_none": {"it": "La cartella {path} è vuota.", "en": "The folder {path} is empty."},
    "render.recalled_none": {"it": "Non ricordo nulla su «{query}».",
                             "en": "I don't remember anything about \u201c{query}\u201d."},
    "render.recalled_nothing": {"it": "Non ho nulla in memoria su questo.",
                                "en": "I have nothing in memory about that."},
    "render.recalled": {"it": {"one": "Dalla memoria, {n} cosa:", "other": "Dalla memoria, {n} cose:"},
                        "en": {"one": "From memory, {n} thing:", "other": "From memory, {n} things:"}},
    "render.found": {"it": {"one": "{n} file trovato:", "other": "{n} file trovati:"},
                     "en": {"one": "Found {n} file:", "other": "Found {n} files:"}},
    "render.found_yes": {"it": {"one": "Sì, {n} file trovato:", "other": "Sì, {n} file trovati:"},
                         "en": {"one": "Yes, I found {n} file:", "other": "Yes, I found {n} files:"}},
    "render.found_none": {"it": "Nessun file trovato.", "en": "No files found."},
    "render.found_none_yes": {"it": "No, non ho trovato nessun file.", "en": "No, I found no files."},
    "render.more": {"it": "… e altri {n}", "en": "… and {n} more"},
    "render.binary": {"it": "{path} è un file binario di {bytes} byte.",
                      "en": "{path} is a binary file of {bytes} bytes."},
    "render.file_head": {"it": {"one": "{path} ({n} riga):", "other": "{path} ({n} righe):"},
                         "en": {"one": "{path} ({n} line):", "other": "{path} ({n} lines):"}},
    "render.tail": {"it": {"one": "L'ultima riga di {path}:", "other": "Le ultime {n} righe di {path}:"},
                    "en": {"one": "The last line of {path}:", "other": "The last {n} lines of {path}:"}},
    "render.head": {"it": {"one": "La prima riga di {path}:", "other": "Le prime {n} righe di {path}:"},
                    "en": {"one": "The first line of {path}:", "other": "The first {n} lines of {path}:"}},
    "render.empty_file": {"it": "Il file {path} è vuoto.", "en": "The file {path} is empty."},
    "render.count_lines": {"it": {"one": "Il file {path} ha {n} riga.", "other": "Il file {path} ha {n} righe."},
                           "en": {"one": "The file {path} has {n} line.", "other": "The file {path} has {n} lines."}},
    "render.count_words": {"it": {"one": "Il file {path} contiene {n} parola.",
                                  "other": "Il file {path} contiene {n} parole."},
                           "en": {"one": "The file {path} has {n} word.", "other": "The file {path} has {n} words."}},
    "render.cut": {"it": "… (il resto è stato omesso)", "en": "… (the rest is omitted)"},
    "render.written": {"it": {"one": "Scritto {n} byte in {path}.", "other": "Scritti {n} byte in {path}."},
                       "en": {"one": "Wrote {n} byte to {path}.", "other": "Wrote {n} bytes to {path}."}},
    "render.calc": {"it": "{expr} fa {value}.", "en": "{expr} is {value}."},
    "render.convert": {"it": "{expr} {sign} {value}", "en": "{expr} {sign} {value}"},
    "render.convert_note": {"it": "{expr} {sign} {value} ({note})", "en": "{expr} {sign} {value} ({note})"},
    "render.no_errors": {"it": "Non ho trovato errori in {path}.", "en": "I found no errors in {path}."},
    "render.errors": {"it": {"one": "In {path} c'è {n} riga di errore:",
                             "other": "In {path} ci sono {n} righe di errore:"},
                      "en": {"one": "{path} has {n} error line:", "other": "{path} has {n} error lines:"}},
})

BODY_CHARS = 1200
LIST_LIMIT = 20


def failure_text(result: dict[str, Any], lang: str) -> str:
    """A failed step in the person's words: a declined approval is their choice, anything else is a problem."""
    m = result["message"]
    text = render_message(Message(m["key"], **_params(m.get("params", {}))), lang)
    if result.get("declined"):
        return text
    return say("answer.failed", lang, reason=text)


def _params(params: dict[str, Any]) -> dict[str, Any]:
    return {k: (Message(v["key"], **_params(v.get("params", {}))) if isinstance(v, dict) and "key" in v else v)
            for k, v in params.items()}


def _names(items: list[dict[str, Any]], key: str, lang: str, limit: int = LIST_LIMIT) -> str:
    shown = [str(i.get(key, "")) for i in items[:limit]]
    more = len(items) - len(shown)
    return "\n".join(f"- {s}" for s in shown) + ("\n" + say("render.more", lang, n=more) if more > 0 else "")


def _body(text: str, lang: str, limit: int = BODY_CHARS) -> str:
    return text if len(text) <= limit else text[:limit].rstrip() + "\n" + say("render.cut", lang)


def error_lines(content: str) -> list[str]:
    from app.lang.asked import ERRORS

    return [ln.strip() for ln in content.splitlines() if ERRORS.search(ln)]


def render_file(result: dict[str, Any], lang: str, shape: Asked | None = None) -> str:
    """One file read: its text, or the slice, count or error lines the question asked for."""
    path = result.get("path", "")
    if result.get("encoding") == "binary":
        return say("render.binary", lang, path=path, bytes=result.get("bytes", 0))
    content = str(result.get("content", ""))
    n_lines = int(result.get("lines") or 0)
    shape = shape or Asked()
    if shape.count == "lines":
        return say("render.count_lines", lang, path=path, n=n_lines)
    if shape.count == "words":
        return say("render.count_words", lang, path=path, n=len(content.split()))
    if not content.strip():
        return say("render.empty_file", lang, path=path)
    if shape.lines:
        got = slice_lines(content, shape.lines, shape.n)
        key = "render.tail" if shape.lines == "tail" else "render.head"
        return say(key, lang, path=path, n=len(got)) + "\n" + _body("\n".join(got), lang, BODY_CHARS * 2)
    if shape.kind == "errors":
        errs = error_lines(content)
        if not errs:
            return say("render.no_errors", lang, path=path)
        return say("render.errors", lang, path=path, n=len(errs)) + "\n" + _body("\n".join(errs[-LIST_LIMIT:]), lang)
    return say("render.file_head", lang, path=path, n=n_lines) + "\n" + _body(content, lang)


def render(tool: str, result: Any, lang: str = "it", question: str = "") -> str:
    """The answer for one tool result; `question` picks the shape (tail, head, count, yes/no). A failure is said as
    one; else the tool's own renderer (`_RENDERERS`), and a result it does not know is said in its own words."""
    if not isinstance(result, dict):
        return str(result)
    shape = asked(question) if question else Asked()
    failed = _failed(tool, result, lang)
    if failed is not None:
        return failed
    own = _RENDERERS.get(tool)
    text = own(result, lang, shape) if own is not None else None
    return text if text is not None else _own_words(tool, result, lang)


def _failed(tool: str, result: dict[str, Any], lang: str) -> str | None:
    if result.get("ok") is False and isinstance(result.get("message"), dict):
        return failure_text(result, lang)
    if result.get("ok") is False and result.get("error"):
        if tool == "remember":
            return say("render.not_stored", lang, reason=result["error"])
        return say("answer.failed", lang, reason=result["error"])
    return None


def _remembered(result: dict[str, Any], lang: str, shape: Asked) -> str | None:
    if "fact" not in result:
        return None
    key = {"confirmed": "render.confirmed", "superseded": "render.superseded"}.get(
        str(result.get("action")), "render.remembered")
    return say(key, lang, fact=result["fact"])


def _calculated(result: dict[str, Any], lang: str, shape: Asked) -> str | None:
    if result.get("conversion"):
        # "5,5 piedi = 167,64 cm"; ≈ when the written number is rounded; a note when it helps (SI vs 1024)
        lg = "it" if lang == "it" else "en"
        note = result.get(f"note_{lg}") or ""
        return say("render.convert_note" if note else "render.convert", lang, expr=result.get(f"shown_{lg}", ""),
                   sign="=" if result.get("exact") else "≈", value=result.get(f"value_{lg}", ""), note=note)
    if "result" in result:
        value = result["result_it"] if lang == "it" else result["result"]
        return say("render.calc", lang, expr=result.get(f"shown_{lang}", result.get("expression", "")), value=value)
    return None


def _listed(result: dict[str, Any], lang: str, shape: Asked) -> str:
    n = int(result.get("count") or 0)
    if not n:
        return say("render.entries_none", lang, path=result.get("path", ""))
    head = say("render.entries", lang, n=n, path=result["path"])
    entries = [dict(e, name=f"{e.get('name', '')}/") if e.get("type") == "dir" else e
               for e in result.get("entries", []) if isinstance(e, dict)]  # a folder reads as one: "foto/"
    return head + "\n" + _names(entries, "name", lang)


def _found(result: dict[str, Any], lang: str, shape: Asked) -> str:
    n = int(result.get("count") or 0)
    if not n:
        return say("render.found_none_yes" if shape.yes_no else "render.found_none", lang)
    head = say("render.found_yes" if shape.yes_no else "render.found", lang, n=n)
    return head + "\n" + _names(result.get("matches", []), "path", lang)


def _recalled(result: dict[str, Any], lang: str, shape: Asked) -> str | None:
    """What is remembered, as data: the fact and the day it was saved."""
    if "facts" not in result:
        return None
    facts = [f for f in result["facts"] if isinstance(f, dict)]
    if not facts:
        query = str(result.get("query", "")).strip(" ?!.")
        if not query or len(query.split()) > 3:  # the whole question was the query: not repeated back
            return say("render.recalled_nothing", lang)
        return say("render.recalled_none", lang, query=query)
    lines = [dict(f, line=f"{f.get('fact', '')} ({_day(f.get('date'), lang)})" if _day(f.get("date"), lang)
                  else f.get("fact", "")) for f in facts]
    return say("render.recalled", lang, n=len(facts)) + "\n" + _names(lines, "line", lang)


def _day(date: Any, lang: str) -> str:
    """A fact's date in words ("1 dicembre"), or "" (no date, or not one)."""
    from .describe import day_words

    try:
        return day_words(dt.date.fromisoformat(str(date)[:10]), lang) if date else ""
    except ValueError:
        return ""


def _read(result: dict[str, Any], lang: str, shape: Asked) -> str:
    if "files" in result:
        return "\n\n".join(render_file(f, lang, shape) for f in result["files"])
    return render_file(result, lang, shape)


# The tools whose results are rendered from their data; None from a renderer: not a result it knows (_own_words).
_RENDERERS: dict[str, Callable[[dict[str, Any], str, Asked], str | None]] = {
    "remember": _remembered,
    "get_now": lambda r, lang, _s: say("render.time", lang, time=r["time"]),
    "get_date": lambda r, lang, _s: say("render.date", lang, date=r["text_it"] if lang == "it" else r["text_en"]),
    "where_am_i": lambda r, lang, _s: say("render.where", lang, host=r["host"], tz=r["timezone"]),
    "calculate": _calculated,
    "list_dir": _listed,
    "find_files": _found,
    "recall": _recalled,
    "read_files": _read,
    "write_files": lambda r, lang, _s: say("render.written", lang, n=r["bytes_written"], path=r["path"]),
}


def _own_words(tool: str, result: dict[str, Any], lang: str) -> str:
    """A result no renderer knows: the tool's own sentence about what it did, else its text, else its fields."""
    said = result.get("said")
    if isinstance(said, dict) and "key" in said:  # a tool's own sentence about what it did
        text = render_message(Message(said["key"], **_params(said.get("params", {}))), lang)
        if tool == "search_in_files" and result.get("matches"):
            shown = [f"- {m['path']}:{m['line']}: {m['text']}" for m in result["matches"][:20]]
            more = len(result["matches"]) - len(shown)
            text += "\n" + "\n".join(shown) + (f"\n… (+{more})" if more > 0 else "")
        return text
    if tool == "describe_entries":
        return str(result.get("summary", ""))
    for key in ("message", "answer", "summary", "text"):
        value = result.get(key)
        if isinstance(value, str):
            return value
    return ", ".join(f"{k}: {v}" for k, v in result.items() if not isinstance(v, (list, dict)))[:800]
