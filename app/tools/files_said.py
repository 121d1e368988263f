"""How the file tools' results and steps are said without the model: a listing, the files found, a file's text in
the shape the question asks (its last lines, a count, its error lines), a write.

Each tool declares these with itself (files.py: `render=`, `said=`); the answer and the timeline (app/turn) call
them by the tool's name, so a new tool brings its own words and nothing in app/turn names it.
"""
from __future__ import annotations

from typing import Any

from app.lang.asked import Asked, slice_lines
from app.lang.messages import register, say
from app.turn.rendering import BODY_CHARS, LIST_LIMIT, body, error_lines, listing

from .columns import column_answer

register({
    "render.entries": {"it": {"one": "{n} elemento in {path}:", "other": "{n} elementi in {path}:"},
                       "en": {"one": "{n} entry in {path}:", "other": "{n} entries in {path}:"}},
    "render.entries_none": {"it": "La cartella {path} è vuota.", "en": "The folder {path} is empty."},
    "render.found": {"it": {"one": "{n} file trovato:", "other": "{n} file trovati:"},
                     "en": {"one": "Found {n} file:", "other": "Found {n} files:"}},
    "render.found_yes": {"it": {"one": "Sì, {n} file trovato:", "other": "Sì, {n} file trovati:"},
                         "en": {"one": "Yes, I found {n} file:", "other": "Yes, I found {n} files:"}},
    "render.found_none": {"it": "Nessun file trovato.", "en": "No files found."},
    "render.found_none_yes": {"it": "No, non ho trovato nessun file.", "en": "No, I found no files."},
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
    "render.written": {"it": {"one": "Ho scritto {path} (1 riga).", "other": "Ho scritto {path} ({n} righe)."},
                       "en": {"one": "Wrote {path} (1 line).", "other": "Wrote {path} ({n} lines)."}},
    "render.appended": {"it": "Ho aggiunto in fondo a {path}: «{text}».",
                        "en": "Added to the end of {path}: \u201c{text}\u201d."},
    "render.no_errors": {"it": "Non ho trovato errori in {path}.", "en": "I found no errors in {path}."},
    "render.errors": {"it": {"one": "In {path} c'è {n} riga di errore:",
                             "other": "In {path} ci sono {n} righe di errore:"},
                      "en": {"one": "{path} has {n} error line:", "other": "{path} has {n} error lines:"}},
    # one line per step in the timeline (app/turn/describe.py)
    "describe.list_dir": {"it": "Ho guardato la cartella {name}", "en": "Looked in the folder {name}"},
    "describe.list_dir_n": {"it": {"one": "Ho guardato la cartella {name} — {n} elemento",
                                   "other": "Ho guardato la cartella {name} — {n} elementi"},
                            "en": {"one": "Looked in the folder {name} — {n} item",
                                   "other": "Looked in the folder {name} — {n} items"}},
    "describe.find_files": {"it": "Ho cercato file in {name}", "en": "Searched for files in {name}"},
    "describe.find_files_n": {"it": {"one": "Ho cercato file in {name} — {n} trovato",
                                     "other": "Ho cercato file in {name} — {n} trovati"},
                              "en": {"one": "Searched for files in {name} — {n} found",
                                     "other": "Searched for files in {name} — {n} found"}},
    "describe.read_files": {"it": "Ho letto {name}", "en": "Read {name}"},
    "describe.read_files_n": {"it": {"one": "Ho letto {name} — {n} riga", "other": "Ho letto {name} — {n} righe"},
                              "en": {"one": "Read {name} — {n} line", "other": "Read {name} — {n} lines"}},
    "describe.read_files_many": {"it": {"one": "Ho letto {n} file", "other": "Ho letto {n} file"},
                                 "en": {"one": "Read {n} file", "other": "Read {n} files"}},
    "describe.write_files": {"it": "Ho scritto {name}", "en": "Wrote {name}"},
})

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
        return say(key, lang, path=path, n=len(got)) + "\n" + body("\n".join(got), lang, BODY_CHARS * 2)
    if shape.kind == "errors":
        errs = error_lines(content)
        if not errs:
            return say("render.no_errors", lang, path=path)
        return say("render.errors", lang, path=path, n=len(errs)) + "\n" + body("\n".join(errs[-LIST_LIMIT:]), lang)
    col = column_answer(content, shape, lang) if shape.column else None
    if col is not None:  # "il totale della colonna importo": computed from the rows (columns.py)
        return col.text
    return say("render.file_head", lang, path=path, n=n_lines) + "\n" + body(content, lang)


def listed(result: dict[str, Any], lang: str, shape: Asked) -> str:
    n = int(result.get("count") or 0)
    if not n:
        return say("render.entries_none", lang, path=result.get("path", ""))
    head = say("render.entries", lang, n=n, path=result["path"])
    entries = [dict(e, name=f"{e.get('name', '')}/") if e.get("type") == "dir" else e
               for e in result.get("entries", []) if isinstance(e, dict)]  # a folder reads as one: "foto/"
    return head + "\n" + listing(entries, "name", lang)


def found(result: dict[str, Any], lang: str, shape: Asked) -> str:
    n = int(result.get("count") or 0)
    if not n:
        return say("render.found_none_yes" if shape.yes_no else "render.found_none", lang)
    head = say("render.found_yes" if shape.yes_no else "render.found", lang, n=n)
    return head + "\n" + listing(result.get("matches", []), "path", lang)


def read(result: dict[str, Any], lang: str, shape: Asked) -> str:
    if "files" in result:
        return "\n\n".join(render_file(f, lang, shape) for f in result["files"])
    return render_file(result, lang, shape)


def written(result: dict[str, Any], lang: str, shape: Asked) -> str:
    """What was written, in lines and words a person reads (never bytes): an append quotes what it added."""
    if result.get("mode") == "append" and result.get("added"):
        return say("render.appended", lang, path=result["path"], text=result["added"])
    return say("render.written", lang, n=int(result.get("lines") or 0), path=result["path"])
