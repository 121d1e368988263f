"""The document index as one object: folders in, passages out.

The CLI (`metnos docs …`), the engine's plugin (the watcher, the search tool) and the tests all go
through `DocIndex`, so adding a folder, keeping it fresh and searching it are one code path whoever
asks. It holds the encrypted store, the in-memory vectors and the indexer; it opens nothing the person
did not ask for (the embedder loads on the first file or question that needs it).
"""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from app.lang.messages import Message
from app.tools.confine import allowed_roots

from . import messages as _messages  # noqa: F401  (registers the docs.* sentences)
from .bm25 import lexical
from .folders import folder_key, inside
from .indexer import Indexer, Progress, Report
from .search import Passage, hybrid
from .store import DocStore
from .terms import query_terms
from .vectors import VectorCache


@dataclass
class FolderStatus:
    path: str
    files: int = 0
    passages: int = 0
    unreadable: int = 0
    scanned_at: float | None = None
    indexed: bool = True  # False: configured, not read yet


@dataclass
class Status:
    folders: list[FolderStatus] = field(default_factory=list)
    last_update: float | None = None
    problems: list[tuple[str, Message]] = field(default_factory=list)  # (path, why it cannot be read)

    @property
    def files(self) -> int:
        return sum(f.files for f in self.folders)

    @property
    def passages(self) -> int:
        return sum(f.passages for f in self.folders)

    def to_dict(self, lang: str) -> dict[str, Any]:
        return {"folders": [vars(f) for f in self.folders], "files": self.files, "passages": self.passages,
                "last_update": self.last_update,
                "unreadable": [{"path": p, "why": m.text(lang), "key": m.key} for p, m in self.problems]}


class DocIndex:
    """`embedder`: the bundled embedder or a function that loads it. `roots`: the allowed roots now (a
    symlinked file pointing outside them is not read). `pause`/`stop`: see Indexer."""

    def __init__(self, embedder: Any = None, *, path: Path | str | None = None,
                 roots: Callable[[], list[Path]] | None = None, pause: threading.Event | None = None,
                 stop: threading.Event | None = None):
        self.store = DocStore(path)
        self.cache = VectorCache(self.store)
        self.roots = roots
        allowed = (lambda p: inside(p, roots())) if roots is not None else None
        self.indexer = Indexer(self.store, self.cache, embedder, allowed=allowed, pause=pause, stop=stop)
        self._passages: int | None = None
        self._words: ThreadPoolExecutor | None = None  # the words' list, run beside the question's embedding

    @classmethod
    def open(cls, config: Any | Callable[[], Any], embedder: Any = None, **kw: Any) -> DocIndex:
        """Per the settings (roots read live when `config` is a function). Raises KeyUnavailable or
        StoreError with the reason."""
        get = config if callable(config) else (lambda: config)
        return cls(embedder, roots=lambda: allowed_roots(get()), **kw)

    def close(self) -> None:
        if self._words is not None:
            self._words.shutdown(wait=True)
        self.store.close()

    # -- folders ------------------------------------------------------------------------------
    def folders(self) -> list[str]:
        return [p for p, _, _ in self.store.folders()]

    def add_folder(self, folder: str | Path, progress: Callable[[Progress], None] | None = None) -> Report:
        """Index `folder` now (checked by app.docs.folders.check_folder first); again when known."""
        key = folder_key(folder)
        self.store.add_folder(key)
        try:
            return self.indexer.index_folder(key, progress)
        finally:
            self._passages = None

    def remove_folder(self, folder: str | Path) -> int:
        """Forget `folder` and its files (those another indexed folder covers stay). Returns how many left."""
        key = folder_key(folder)
        others = [f for f in self.folders() if f != key]
        n = self.store.remove_folder(key, keep=others)
        self.cache.forget()
        self._passages = None
        return n

    def sync(self, configured: list[str], progress: Callable[[Progress], None] | None = None) -> None:
        """Make the indexed folders the configured ones: forget the others, bring each one up to date."""
        keys = [folder_key(f) for f in configured]
        for old in self.folders():
            if old not in keys:
                self.remove_folder(old)
        for key in keys:
            self.add_folder(key, progress)

    def has_passages(self) -> bool:
        """Anything to search? (cached; a write of this process resets it)"""
        if self._passages is None:
            self._passages = self.store.total_chunks()
        return self._passages > 0

    def changed(self) -> None:
        self._passages = None

    # -- reading ------------------------------------------------------------------------------
    def search(self, query: str, k: int = 5, using: str = "both") -> list[Passage]:
        """The best `k` passages (app/docs/search.py: `hybrid`; `using` one list alone, for the QA bench).

        The words' list (SQLite, which lets go of the GIL) runs on a worker thread while this one embeds the
        question (onnxruntime, which does too): on two cores a question costs about its embedding, not its
        embedding plus the word search (measured: `metnos bench docs`)."""
        embedder = self.indexer.embedder()
        words = None
        if using != "vectors" and embedder is not None:
            if self._words is None:
                self._words = ThreadPoolExecutor(1, thread_name_prefix="docs-words")
            words = self._words.submit(lexical, self.store, self.cache, self.indexer.model(), query_terms(query))
        vector = None
        if embedder is not None:
            fn = getattr(embedder, "embed_search", None)
            vector = fn(query) if fn is not None else embedder.embed([query])[0]
        return hybrid(self.store, self.cache, query, vector, self.indexer.model(), k, using=using,
                      words=words.result() if words is not None else None)

    def status(self, configured: Sequence[str] = ()) -> Status:
        """Every indexed folder (and the configured ones not read yet), the unreadable files and why."""
        out = Status(last_update=self.store.last_update())
        indexed = {p: s for p, _, s in self.store.folders()}
        for path in sorted(set(indexed) | {folder_key(c) for c in configured}):
            if path not in indexed:
                out.folders.append(FolderStatus(path, indexed=False))
                continue
            files, passages, bad = self.store.counts(path)
            out.folders.append(FolderStatus(path, files, passages, bad, indexed[path]))
        out.problems = [(r.path, r.problem) for r in self.store.problems() if r.problem is not None]
        return out
