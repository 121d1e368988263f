"""File executors, confined to the allowed roots.

Observation convention (shared with the scratchpad): one file → flat
{path, bytes, encoding, lines, content} — or content_b64 with
encoding "binary"; several files → {"files": [...], "count": n}.
A document (PDF, Word, Excel, PowerPoint, OpenDocument, HTML, RTF, EPUB) is
read as its text (tools/doctext): `content` is that text and `encoding` names
the format ("pdf", "docx", ...); a PDF or a presentation adds `pages` (its
page or slide count), and the text marks each page ("[p. 3]", "[slide 2]").
A text that was cut adds `truncated: true`, `pages_read` where pages count,
and a `note` in the request's language; pages without text are listed in
`pages_without_text`. A document with no readable text (a scan, a password,
a broken file) is a ToolError whose sentence says which. encoding "binary"
still gives the raw bytes, and an explicit text encoding the file's source
(an HTML page's markup).

A document may weigh DOC_BYTES_FACTOR × tools.max_read_bytes: only its text
is kept, and that text is capped at doctext.MAX_CHARS characters (or
max_read_bytes, if lower) and doctext.MAX_PAGES pages, so a 500-page PDF is
read in seconds, and its text goes to the scratchpad downstream like any big
observation.
"""
from __future__ import annotations

import base64
import datetime as dt
import fnmatch
import os
import time
from pathlib import Path
from typing import Any

from app.lang.messages import Message
from app.store import StoreError
from app.turn.describe import StepSaid

from .approvals import write_approval, write_declined
from .atomic import new_file_mode, write_bytes
from .confine import allowed_roots, confine, require_regular
from .doctext import DOCUMENT_KINDS, MAX_CHARS, DocText, extract, kind_of
from .files_said import found, listed, read, written
from .registry import Tool, ToolContext, ToolError
from .slots import Slots, paths_given

MAX_LIST = 500
MAX_FIND = 200
DOC_BYTES_FACTOR = 20  # a 5 MB cap on text files allows a 100 MB PDF: its pictures are never read


def _iso(ts: float) -> str:
    return dt.datetime.fromtimestamp(ts).astimezone().isoformat(timespec="seconds")


def list_dir(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    raw = args.get("path") or "~"
    p = confine(raw, allowed_roots(ctx.config), must_exist=True)
    if not p.is_dir():
        raise ToolError(Message("files.not_folder", path=raw))
    entries = []
    try:
        with os.scandir(p) as it:
            for e in it:
                try:
                    st = e.stat(follow_symlinks=False)
                except OSError:
                    continue
                kind = "dir" if e.is_dir(follow_symlinks=False) else "link" if e.is_symlink() else "file"
                entries.append({"name": e.name, "type": kind, "size": st.st_size, "modified": _iso(st.st_mtime)})
    except PermissionError:
        raise ToolError(Message("files.permission", path=raw)) from None
    entries.sort(key=lambda x: (x["type"] != "dir", str(x["name"]).lower()))
    return {"path": str(p), "count": len(entries), "truncated": len(entries) > MAX_LIST, "entries": entries[:MAX_LIST]}


def _norm_ext(ext: str) -> str:
    ext = ext.strip().lower()
    if ext.startswith("*."):
        return ext
    return "*." + ext.lstrip(".")


def find_files(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    roots = allowed_roots(ctx.config)
    raw = args.get("root") or args.get("path") or "~"
    base = confine(raw, roots, must_exist=True)
    pattern = args.get("pattern") or "*"
    if base.is_file() and not args.get("ext"):
        # the file itself as the place: "it's called lettera.txt and it must be somewhere in X" read X/…/lettera.txt
        # (the path found on disk) and the search failed as "not a folder" (fresh tune half): looked for, it is there
        base, pattern = base.parent, base.name if pattern == "*" else pattern
    if not base.is_dir():
        raise ToolError(Message("files.not_folder", path=raw))
    ext = args.get("ext")
    patterns = [_norm_ext(ext)] if ext else [pattern]
    hours = args.get("modified_within_hours")
    since = time.time() - float(hours) * 3600 if hours else None
    matches: list[dict[str, Any]] = []
    truncated = False
    for dirpath, dirnames, filenames in os.walk(base, followlinks=False):
        ctx.cancel.check()
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if not any(fnmatch.fnmatch(name.lower(), pt.lower()) for pt in patterns):
                continue
            fp = Path(dirpath) / name
            try:
                st = fp.stat()
            except OSError:
                continue
            if since and st.st_mtime < since:
                continue
            if len(matches) >= MAX_FIND:
                truncated = True
                break
            matches.append({"path": str(fp), "size": st.st_size, "modified": _iso(st.st_mtime)})
        if truncated:
            break
    return {"root": str(base), "patterns": patterns, "count": len(matches), "truncated": truncated,
            "matches": matches}


def _looks_binary(data: bytes) -> bool:
    return b"\x00" in data[:8192]


def _note(doc: DocText, ctx: ToolContext) -> str:
    """What the person should know about a text that is not all of the document, in the request's language."""
    notes = []
    if doc.cut:
        if doc.pages and len(doc.pages) < doc.total_pages:
            key = "doctext.cut_slides" if doc.kind in ("pptx", "odp") else "doctext.cut_pages"
            notes.append(Message(key, n=len(doc.pages), total=doc.total_pages))
        else:
            notes.append(Message("doctext.cut_chars", n=len(doc.text)))
    if doc.empty_pages:
        shown = ", ".join(map(str, doc.empty_pages[:20])) + (", …" if len(doc.empty_pages) > 20 else "")
        notes.append(Message("doctext.pages_without_text", n=len(doc.empty_pages), pages=shown))
    return " ".join(m.text(ctx.lang) for m in notes)


def _read_document(raw: str, p: Path, kind: str, st: os.stat_result, ctx: ToolContext) -> dict[str, Any]:
    cap = int(ctx.config.tools.max_read_bytes)
    if st.st_size > cap * DOC_BYTES_FACTOR:
        raise ToolError(Message("doctext.file_too_big", path=raw, size=st.st_size, limit=cap * DOC_BYTES_FACTOR,
                                factor=DOC_BYTES_FACTOR))
    doc = extract(p, kind=kind, shown=raw, max_chars=min(cap, MAX_CHARS), check=ctx.cancel.check)
    if doc.problem is not None:
        raise ToolError(doc.problem)
    text = doc.text
    out: dict[str, Any] = {"path": str(p), "bytes": st.st_size, "modified": _iso(st.st_mtime), "encoding": doc.kind}
    if doc.total_pages:
        out["pages"] = doc.total_pages
    if doc.cut:
        out["truncated"] = True
        if doc.pages:
            out["pages_read"] = len(doc.pages)
    if doc.empty_pages:
        out["pages_without_text"] = doc.empty_pages
    note = _note(doc, ctx)
    if note:
        out["note"] = note
    out["lines"] = text.count("\n") + (1 if text and not text.endswith("\n") else 0)
    out["content"] = text
    return out


def _read_one(raw: str, encoding: str, ctx: ToolContext) -> dict[str, Any]:
    p = confine(raw, allowed_roots(ctx.config), must_exist=True)
    st = require_regular(p, raw)
    enc = (encoding or "auto").lower()
    if enc == "auto":
        try:
            kind = kind_of(p)
        except PermissionError:
            raise ToolError(Message("files.permission", path=raw)) from None
        if kind in DOCUMENT_KINDS:
            return _read_document(raw, p, kind, st, ctx)
    cap = int(ctx.config.tools.max_read_bytes)
    if st.st_size > cap:
        raise ToolError(Message("files.too_big", path=raw, size=st.st_size, cap=cap))
    try:
        data = p.read_bytes()
    except PermissionError:
        raise ToolError(Message("files.permission", path=raw)) from None
    out: dict[str, Any] = {"path": str(p), "bytes": len(data), "modified": _iso(st.st_mtime)}
    if enc == "binary" or (enc == "auto" and _looks_binary(data)):
        out.update(encoding="binary", content_b64=base64.b64encode(data).decode("ascii"))
        return out
    if enc == "auto":
        try:
            text = data.decode("utf-8")
            out["encoding"] = "utf-8"
        except UnicodeDecodeError:
            text = data.decode("utf-8", errors="replace")
            out["encoding"] = "utf-8 (invalid bytes replaced)"
    else:
        try:
            text = data.decode(enc, errors="replace")
        except LookupError:
            raise ToolError(Message("files.bad_encoding", encoding=encoding)) from None
        out["encoding"] = enc
    out["lines"] = text.count("\n") + (1 if text and not text.endswith("\n") else 0)
    out["content"] = text
    return out


def read_files(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    paths = paths_given(args)
    if not paths:
        raise ToolError(Message("files.no_paths"))
    enc = args.get("encoding") or "auto"
    if len(paths) == 1:
        return _read_one(paths[0], enc, ctx)
    files, errors = [], []
    first: ToolError | None = None
    for raw in paths[:50]:
        ctx.cancel.check()
        try:
            files.append(_read_one(raw, enc, ctx))
        except ToolError as e:
            errors.append({"path": raw, "error": str(e)})
            first = first or e
    if not files:
        raise first or ToolError(Message("files.no_paths"))
    return {"count": len(files), "files": files, "errors": errors}


def write_files(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    raw = args["path"]
    content = args.get("content", "")
    if not isinstance(content, str):
        content = str(content)
    mode = args.get("mode") or "overwrite"
    p = confine(raw, allowed_roots(ctx.config))
    if p.exists() and not p.is_file():
        raise ToolError(Message("files.not_regular", path=raw))
    if mode == "create" and p.exists():
        raise ToolError(Message("files.exists_create", path=raw))
    if not p.parent.is_dir():
        raise ToolError(Message("files.no_parent", path=raw, parent=str(p.parent)))
    if mode == "append":
        content = _as_lines(p, content)
    data = content.encode("utf-8")
    try:
        from .undo import remember_before_write

        remember_before_write(ctx.owner, p)
    except (OSError, StoreError) as e:
        raise ToolError(Message("files.no_undo_copy", path=raw, error=str(e))) from None
    try:
        if mode == "append":
            existed = p.exists()
            with open(p, "ab") as f:
                f.write(data)
            if not existed:
                os.chmod(p, new_file_mode())
        else:  # atomic: a crash or a full disk never leaves half a file; the file keeps its mode and owner
            write_bytes(p, data)
    except PermissionError:
        raise ToolError(Message("files.permission", path=raw)) from None
    except OSError as e:
        raise ToolError(Message("files.write_failed", path=raw, error=e.strerror)) from None
    out: dict[str, Any] = {"path": str(p), "bytes_written": len(data), "mode": mode, "lines": content.count("\n")
                           + (0 if content.endswith("\n") or not content else 1)}
    if mode == "append":
        out["added"] = " ".join(content.split())[:120]
    return out


def _as_lines(p: Path, content: str) -> str:
    """Appended text goes on lines of its own: "metti 'comprare il pane' in fondo a todo.txt" twice must not give
    "comprare il panecomprare il pane". It starts on a new line when the file does not end with one, and ends
    with a newline (a text file's last line does)."""
    if not content:
        return content
    try:
        size = p.stat().st_size if p.exists() else 0
        if size:
            with open(p, "rb") as f:
                f.seek(size - 1)
                if f.read(1) != b"\n":
                    content = "\n" + content
    except OSError:
        pass  # the append below says what is wrong with the file
    return content if content.endswith("\n") else content + "\n"


_PATHS = {"type": "array", "items": {"type": "string"}, "description": "Absolute file paths"}

TOOLS = [
    Tool("list_dir", "List the files and folders inside a folder. Elenca il contenuto di una cartella.",
         {"type": "object", "properties": {"path": {"type": "string", "description": "Folder path"}},
          "required": ["path"]}, list_dir, group="Files", slots=Slots(fill={"path": "{path}"}, paths=("path",)),
         render=listed, said=StepSaid(count="count"),
         examples=("cosa c'è nella cartella ~/Documenti", "list the files in /tmp", "mostrami la cartella home")),
    Tool("find_files", "Search for files by name pattern, extension or recent modification under a folder (not by "
                       "what they contain). Trova/cerca file per nome o tipo.",
         {"type": "object", "properties": {
             "root": {"type": "string", "description": "Folder to search in"},
             "pattern": {"type": "string", "description": "Glob such as *.txt"},
             "ext": {"type": "string", "description": "Extension such as pdf"},
             "modified_within_hours": {"type": "number", "description": "Only files changed in the last N hours"}},
          "required": ["root"]}, find_files, group="Files",
         slots=Slots(fill={"root": "{path}", "ext": "{ext}", "modified_within_hours": "{window.hours}"},
                     paths=("root",), verbs=("read", "get", "list"), names=("folder", "image", "music", "video")),
         render=found, said=StepSaid(count="count"),
         examples=("trova i file PDF nella home", "find all .txt files in /tmp", "cerca i file modificati oggi")),
    Tool("read_files", "Read the content of one or more files: text, or the text of a document (PDF, Word, Excel, "
                       "PowerPoint, OpenDocument, HTML, RTF, EPUB). Leggi/apri un file.",
         {"type": "object", "properties": {"paths": _PATHS,
                                           "encoding": {"type": "string",
                                           "description": "auto, utf-8, latin-1 or binary"}},
          "required": ["paths"]}, read_files, group="Files", reads_external=True,
         slots=Slots(fill={"paths": "{path[*]}"}, paths=("paths",)),
         render=read, said=StepSaid(count="lines", many=True),
         examples=("leggi il file /tmp/a.txt", "read the file ~/notes.txt", "apri /var/log/syslog e dimmi gli errori",
                   "quante righe ha il file /tmp/x.txt", "count the lines in ~/report.txt",
                   "print the first lines of ~/todo.md", "quanto è il canone nel file ~/contratto.pdf?")),
    Tool("write_files", "Write text to a file (create, overwrite or append). Scrivi/salva in un file. "
                        "Asks for approval.",
         {"type": "object", "properties": {
             "path": {"type": "string", "description": "Absolute file path"},
             "content": {"type": "string", "minLength": 0, "description": "Text to write"},
             "mode": {"type": "string", "enum": ["overwrite", "append", "create"]}},
          "required": ["path", "content"]}, write_files, group="Files", risk="write", acts=("write", "append", "edit"),
         slots=Slots(fill={"path": "{path}", "content": "{quoted}"}, paths=("path",)),
         render=written, said=StepSaid(),
         approval=write_approval, declined=write_declined,
         examples=("scrivi 'ciao' nel file /tmp/a.txt", "save this text to ~/note.txt", "crea il file /tmp/x.txt")),
]
