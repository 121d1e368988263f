"""`metnos docs add|remove|status|search` — the document index from a terminal.

`add` writes the folder into runtime.toml's docs.folders (tomlkit: comments kept; the running app sees
the change through its config watcher and follows it) and indexes it now, with a progress line on a
terminal. Every sentence comes from the catalogue (app/docs/messages.py) in the language of the
settings (ui.language, else the system locale); `search` answers in the language of the question.

Exit codes: 0 done (search: passages found); 1 nothing found, a folder that is not listed, or a broken
runtime.toml; 2 a folder that cannot be indexed (the message says how to allow it); 3 the encrypted
index cannot be opened (no keyring: the message says how to get one).
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
import time
from typing import Any

from app.lang.messages import Message, say


def cli_lang(config: Any) -> str:
    """ui.language when set, else the system locale: Italian for it_*, English otherwise."""
    setting = str(getattr(config.ui, "language", "auto"))
    if setting in ("it", "en"):
        return setting
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "it" if value.lower().startswith("it") else "en"
    return "en"


def _err(text: str) -> None:
    print(text, file=sys.stderr)


def _open(config: Any, lang: str) -> Any:
    """The index, or None after saying why it cannot open."""
    from app.cli.memory_cmd import _ask_passphrase
    from app.docs import DocIndex
    from app.store import vault
    from app.store.db import StoreError

    vault.use_config(config, _ask_passphrase)

    def embedder() -> Any:
        from app.models.embed import get_embedder

        return get_embedder(config.embed.model, config.embed.threads)

    try:
        return DocIndex.open(config, embedder)
    except StoreError as e:
        _err(say("docs.locked", lang, reason=e))
        return None


class _ProgressLine:
    """One line rewritten in place on a terminal (stderr); nothing when the output is a pipe or a file."""

    def __init__(self, lang: str):
        self.lang = lang
        self.on = sys.stderr.isatty()
        self.width = 0

    def __call__(self, p: Any) -> None:
        if not self.on:
            return
        if p.finished:
            self.clear()
            return
        name = os.path.basename(p.path)
        text = say("docs.progress", self.lang, done=p.done + 1, total=p.total, name=name)
        bar = "#" * int(20 * p.done / max(1, p.total))
        line = f"[{bar:<20}] {text}"[:max(20, _columns() - 1)]
        sys.stderr.write("\r" + line.ljust(self.width))
        sys.stderr.flush()
        self.width = len(line)

    def clear(self) -> None:
        if self.on and self.width:
            sys.stderr.write("\r" + " " * self.width + "\r")
            sys.stderr.flush()
            self.width = 0


def _columns() -> int:
    """The terminal's width; 80 when it does not say (a pty without a size reports 0)."""
    try:
        cols = os.get_terminal_size(sys.stderr.fileno()).columns
    except OSError:
        return 80
    return cols if cols >= 40 else 80


def _counted(files: int, passages: int) -> dict[str, Message]:
    return {"files": Message("docs.n_files", n=files), "passages": Message("docs.n_passages", n=passages)}


def _problems(problems: list[tuple[str, Message]], lang: str) -> None:
    if problems:
        print(say("docs.n_unreadable", lang, n=len(problems)))
        for _path, why in problems:
            print(f"  {why.text(lang)}")


def cmd_docs(args: argparse.Namespace) -> int:
    from app.config import ConfigManager

    mgr = ConfigManager()
    lang = cli_lang(mgr.config)
    if mgr.errors and args.action in ("add", "remove"):
        _err(say("docs.config_broken", lang, config=mgr.path, reason="; ".join(mgr.errors)))
        return 1
    return int(_ACTIONS[args.action](mgr, args, lang))


def _add(mgr: Any, args: argparse.Namespace, lang: str) -> int:
    from app.config.toml_edit import SettingsWriteError, set_values
    from app.docs import FolderRefused, check_folder, folder_key

    cfg = mgr.config
    try:
        folder = str(check_folder(args.dir, cfg))
    except FolderRefused as e:
        _err(e.message.text(lang))
        return 2
    index = _open(cfg, lang)
    if index is None:
        return 3
    try:
        configured = list(cfg.docs.folders)
        if folder in {folder_key(f) for f in configured}:
            print(say("docs.folder_known", lang, path=folder))
        else:
            try:
                set_values(mgr.path, {"docs.folders": configured + [folder]})
            except SettingsWriteError as e:
                _err(say("docs.config_broken", lang, config=mgr.path, reason=e))
                return 1
            mgr.reload()
            print(say("docs.folder_added", lang, path=folder))
        t0 = time.perf_counter()
        line = _ProgressLine(lang)
        try:
            index.add_folder(folder, line)
        finally:
            line.clear()
        files, passages, _bad = index.store.counts(folder)
        print(say("docs.indexed", lang, seconds=f"{time.perf_counter() - t0:.1f}", **_counted(files, passages)))
        lo = folder.rstrip("/") + "/"
        _problems([(p, m) for p, m in index.status().problems if p.startswith(lo)], lang)
        return 0
    finally:
        index.close()


def _remove(mgr: Any, args: argparse.Namespace, lang: str) -> int:
    from app.config.toml_edit import SettingsWriteError, set_values
    from app.docs import folder_key

    cfg = mgr.config
    key = folder_key(args.dir)
    configured = list(cfg.docs.folders)
    keep = [f for f in configured if folder_key(f) != key]
    index = _open(cfg, lang)
    indexed = index is not None and key in index.folders()
    if len(keep) == len(configured) and not indexed:
        shown = ", ".join(configured) or say("docs.none", lang)
        _err(say("docs.folder_not_listed", lang, path=key, folders=shown))
        if index is not None:
            index.close()
        return 1
    if len(keep) != len(configured):
        try:
            set_values(mgr.path, {"docs.folders": keep})
        except SettingsWriteError as e:
            _err(say("docs.config_broken", lang, config=mgr.path, reason=e))
            return 1
        mgr.reload()
    removed = 0
    if index is not None:
        try:
            removed = index.remove_folder(key)
        finally:
            index.close()
    print(say("docs.folder_removed", lang, path=key, n=removed))
    return 0 if index is not None else 3


def _when(ts: float | None, lang: str) -> str:
    return dt.datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M") if ts else say("docs.never", lang)


def _status(mgr: Any, args: argparse.Namespace, lang: str) -> int:
    cfg = mgr.config
    configured = list(cfg.docs.folders)
    if not configured and not args.json:
        print(say("docs.status_none", lang))
    index = _open(cfg, lang)
    if index is None:
        return 3
    try:
        st = index.status(configured)
    finally:
        index.close()
    if args.json:
        print(json.dumps({"configured": configured, **st.to_dict(lang)}, ensure_ascii=False, indent=1))
        return 0
    for f in st.folders:
        if not f.indexed:
            print(say("docs.status_pending", lang, path=f.path))
        else:
            print(say("docs.status_folder", lang, path=f.path, **_counted(f.files, f.passages)))
    if st.folders:
        print(say("docs.status_total", lang, when=_when(st.last_update, lang), **_counted(st.files, st.passages)))
    _problems(st.problems, lang)
    return 0


def _search(mgr: Any, args: argparse.Namespace, lang: str) -> int:
    from app.lang.detect import detect_lang

    query = " ".join(args.text).strip()
    lang = detect_lang(query) if query else lang
    index = _open(mgr.config, lang)
    if index is None:
        return 3
    try:
        if not index.has_passages():
            _err(say("docs.no_folders", lang))
            return 1
        passages = index.search(query, args.k)
    finally:
        index.close()
    if args.json:
        print(json.dumps({"query": query, "passages": [p.to_dict() for p in passages]}, ensure_ascii=False,
                         indent=1))
        return 0 if passages else 1
    if not passages:
        print(say("docs.search_none", lang, query=query))
        return 1
    for i, p in enumerate(passages, 1):
        where = "" if p.page is None else " — " + say("docs.slide" if p.kind in ("pptx", "odp") else "docs.page",
                                                      lang, page=p.page)
        weak = "" if p.relevant else " " + say("docs.weak", lang)
        print(f"{i}. {p.path}{where}  ({p.score:.4f}){weak}")
        print(f"   {p.snippet}")
    return 0


_ACTIONS = {"add": _add, "remove": _remove, "status": _status, "search": _search}


def add_commands(sub: Any) -> None:
    p = sub.add_parser("docs", help="your documents: folders to index, what is indexed, search them")
    s = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    a = s.add_parser("add", help="add a folder to docs.folders and index it now")
    a.add_argument("dir", metavar="DIR")
    r = s.add_parser("remove", help="remove a folder from docs.folders and its files from the index")
    r.add_argument("dir", metavar="DIR")
    st = s.add_parser("status", help="folders, files, passages, last update, files that cannot be read and why")
    st.add_argument("--json", action="store_true")
    q = s.add_parser("search", help="the best passages for TEXT: file, page, score, snippet (exit 1: none)")
    q.add_argument("--json", action="store_true")
    q.add_argument("-k", type=int, default=5, help="passages to show (default 5)")
    q.add_argument("text", nargs="+", metavar="TEXT")
    p.set_defaults(func=cmd_docs)
