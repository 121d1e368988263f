"""Reading the folders into the index, incrementally.

Why three checks before reading: re-extracting and re-embedding a document is the expensive part (a
page of text costs ~1 s of embedding on 2 cores), so a file is read again only when its bytes changed.
Same size and modification time: skipped without opening it. Different time stamp, same SHA-256 (a
`touch`, a copy back, a sync tool rewriting it): the new time stamp is noted, nothing is re-read. A new
path whose bytes match an indexed file that no longer exists is a rename: the row moves, nothing is
re-read. Only then is the file extracted (app/tools/doctext), chunked and embedded.

Every step checks in with `checkpoint`: it waits while `pause` is set (a turn is running: the person
waits on that one, not on the index) and raises `Stopped` once `stop` is set (the app is closing).
A file that cannot be read is recorded with the reason a person reads (`problem`), never skipped
silently and never allowed to stop the scan.
"""
from __future__ import annotations

import hashlib
import logging
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

import numpy as np

from app.lang.messages import Message
from app.tools.doctext import extract
from app.tools.doctext.detect import BY_EXTENSION

from .chunking import Chunk, chunk_document
from .schema import Bump
from .store import DocStore
from .terms import index_terms
from .vectors import VectorCache

log = logging.getLogger(__name__)

MAX_FILE_BYTES = 200 * 2**20  # a bigger file is a disk image or a scan archive, not a document to search
# Passages per embedding call. The embedder is shared with the turns (one lock): a turn that starts while a
# call runs waits for it, and a 1,000-character passage takes 0.1–0.3 s on 2 cores, so one at a time. Batching
# saves nothing here: padding made 8- and 16-passage calls no faster per passage than single ones (measured
# 800-character passages: 284 ms alone, 365 ms in 8s, 402 ms in 16s, under load).
EMBED_BATCH = 1


class Stopped(Exception):
    """Indexing was asked to stop (the app is closing); what was written so far stays consistent."""


@dataclass
class Progress:
    """Where a folder's indexing is: `done` of `total` files, the one being read now."""

    folder: str
    done: int
    total: int
    path: str = ""
    finished: bool = False


@dataclass
class Report:
    """What one pass did, by outcome ('added', 'changed', 'unchanged', 'touched', 'renamed', 'removed',
    'problem', 'skipped')."""

    outcomes: dict[str, int] = field(default_factory=dict)

    def count(self, outcome: str) -> None:
        self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1

    def __getitem__(self, outcome: str) -> int:
        return self.outcomes.get(outcome, 0)

    @property
    def files(self) -> int:
        return sum(n for k, n in self.outcomes.items() if k not in ("removed", "skipped", "absent"))


def wanted(path: Path) -> bool:
    """A document the index reads: a known extension, not hidden, not a lock or backup file."""
    name = path.name
    if name.startswith((".", "~$")) or name.endswith("~"):  # hidden, LibreOffice's .~lock, Office's ~$, backups
        return False
    return path.suffix.lower().lstrip(".") in BY_EXTENSION


def documents_in(folder: Path) -> Iterator[Path]:
    """The documents below `folder`, hidden folders and symlinked folders left out (no loops)."""
    for root, dirs, files in os.walk(folder, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            p = Path(root) / name
            if wanted(p):
                yield p


def sha256_of(path: Path, checkpoint: Callable[[], None]) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while True:
            block = f.read(1 << 20)
            if not block:
                return h.hexdigest()
            h.update(block)
            checkpoint()


class Indexer:
    """Brings the index in line with the files. `embedder` is the bundled embedder or a function that
    loads it (None: words only, vectors are added by `fill_vectors` once it is there). `allowed` says
    whether a resolved path is inside the allowed roots (a symlink may point outside)."""

    def __init__(self, store: DocStore, cache: VectorCache, embedder: Any = None, *,
                 allowed: Callable[[Path], bool] | None = None, pause: threading.Event | None = None,
                 stop: threading.Event | None = None):
        self.store, self.cache = store, cache
        self._embedder_src = embedder
        self.allowed = allowed
        self.pause = pause or threading.Event()
        self.stop = stop or threading.Event()
        self.extracted = 0  # documents read through doctext (the tests count re-reads with these)
        self.hashed = 0
        self.reused = 0  # passages whose vectors an edit kept

    # -- the embedder ------------------------------------------------------------------------
    def embedder(self) -> Any | None:
        src = self._embedder_src
        if src is None:
            return None
        if callable(src) and not hasattr(src, "embed"):
            try:
                self._embedder_src = src = src()
            except Exception as e:  # no model installed: words only, said once
                log.warning("document index without vectors: %s", e)
                self._embedder_src = None
                return None
        return src

    def model(self) -> str:
        e = self.embedder()
        return str(getattr(e, "ident", type(e).__name__)) if e is not None else ""

    def prepare(self) -> None:
        """Vectors of another embedder are dropped (they would be compared with this one's)."""
        model = self.model()
        if model and self.store.meta("embedder") != model:
            if self.store.meta("embedder") is not None:
                log.info("embedder changed: the document vectors are recomputed")
                self.store.drop_vectors()
                self.cache.forget()
            self.store.set_meta("embedder", model)

    def embed(self, texts: list[str]) -> np.ndarray | None:
        e = self.embedder()
        if e is None or not texts:
            return None
        fn = getattr(e, "embed_passages", None) or e.embed
        parts = []
        for i in range(0, len(texts), EMBED_BATCH):
            self.checkpoint()
            parts.append(np.asarray(fn(texts[i:i + EMBED_BATCH]), dtype=np.float32))
        return np.concatenate(parts)

    def _vectors_for(self, path: str, passages: list[str], added: bool) -> np.ndarray | None:
        """The vectors of a file's passages. An edited file keeps the vectors of the passages whose text did
        not change, and a passage repeated in a file is embedded once: an edit re-embeds what changed, not
        the whole file (one paragraph changed in a 20-passage file: 1 embedding instead of 20, which is what
        keeps a re-index after an edit within its 2 s goal on 2 busy cores: `metnos bench docs`)."""
        model = self.model()
        if not model or not passages:
            return None
        known: dict[str, np.ndarray] = {}
        if not added:
            known = {Chunk(None, h, t).passage(): v for h, t, v in self.store.file_vectors(path, model)}
        todo = [t for t in dict.fromkeys(passages) if t not in known]
        self.reused += len(passages) - len(todo)
        if todo:
            fresh = self.embed(todo)
            if fresh is None:
                return None
            known.update(zip(todo, fresh))
        return np.stack([known[t] for t in passages])

    # -- pausing -----------------------------------------------------------------------------
    def checkpoint(self) -> None:
        if self.stop.is_set():
            raise Stopped()
        while self.pause.is_set():
            if self.stop.wait(0.1):
                raise Stopped()

    # -- one file ----------------------------------------------------------------------------
    def index_path(self, path: Path | str) -> str:
        """Bring one path in line: 'added', 'changed', 'unchanged', 'touched', 'renamed', 'removed',
        'problem', 'skipped' (not a document) or 'absent' (neither on disk nor indexed)."""
        self.checkpoint()
        p = Path(path)
        key = str(p)
        try:
            st = p.stat()
        except (FileNotFoundError, NotADirectoryError):
            return "removed" if self.forget(key) else "absent"
        except OSError as e:
            return self._problem(p, None, "", Message("docs.unreadable", path=key, error=e.strerror or str(e)))
        if not p.is_file() or not wanted(p) or (self.allowed is not None and not self.allowed(p.resolve())):
            return "removed" if self.forget(key) else "skipped"
        row = self.store.file(key)
        if row is not None and row.size == st.st_size and row.mtime_ns == st.st_mtime_ns:
            return "unchanged"
        try:
            sha = sha256_of(p, self.checkpoint)
        except OSError as e:
            return self._problem(p, st, "", Message("docs.unreadable", path=key, error=e.strerror or str(e)))
        self.hashed += 1
        if row is not None and row.sha256 == sha and row.status == "ok":
            self.store.touch(row.id, st.st_size, st.st_mtime_ns)
            return "touched"
        if row is None:
            moved = next((r for r in self.store.same_content(sha) if not os.path.exists(r.path)), None)
            if moved is not None:
                self.store.touch(moved.id, st.st_size, st.st_mtime_ns, path=key)
                return "renamed"
        if st.st_size > MAX_FILE_BYTES:
            return self._problem(p, st, sha, Message("docs.too_big", path=key, limit_mb=MAX_FILE_BYTES >> 20))
        return self._read(p, st, sha, added=row is None)

    def _read(self, p: Path, st: os.stat_result, sha: str, added: bool) -> str:
        doc = extract(p, check=self.checkpoint)
        self.extracted += 1
        if doc.problem is not None:
            return self._problem(p, st, sha, doc.problem, doc.kind)
        chunks = chunk_document(doc)
        passages = [c.passage() for c in chunks]
        vectors = self._vectors_for(str(p), passages, added)
        file_id, ids, bump = self.store.put_file(
            str(p), kind=doc.kind, size=st.st_size, mtime_ns=st.st_mtime_ns, sha256=sha,
            pages=doc.total_pages or len(doc.pages),
            chunks=[(c.page, c.heading, c.text, index_terms(text)) for c, text in zip(chunks, passages)],
            vectors=vectors, model=self.model() if vectors is not None else "")
        self.cache.updated(file_id, ids, vectors, bump.before, bump.after)
        return "added" if added else "changed"

    def _problem(self, p: Path, st: os.stat_result | None, sha: str, problem: Message, kind: str = "") -> str:
        file_id, _, bump = self.store.put_file(str(p), kind=kind, size=st.st_size if st else 0,
                                               mtime_ns=st.st_mtime_ns if st else 0, sha256=sha, problem=problem)
        self.cache.updated(file_id, [], None, bump.before, bump.after)
        return "problem"

    def forget(self, path: str) -> bool:
        gone = self.store.delete_file(path)
        if gone is None:
            return False
        file_id, bump = gone
        self.cache.updated(file_id, [], None, bump.before, bump.after)
        return True

    def forget_under(self, folder: str) -> int:
        """A folder that was deleted or moved away: its files leave the index."""
        n = self.store.delete_under(folder)
        if n:
            self.cache.forget()
        return n

    # -- folders -----------------------------------------------------------------------------
    def index_folder(self, where: Path | str, progress: Callable[[Progress], None] | None = None) -> Report:
        """Every document below `where`, and the indexed files that are no longer there removed."""
        folder = str(where)
        self.prepare()
        report = Report()
        files = list(documents_in(Path(folder)))
        seen = {str(p) for p in files}
        for i, path in enumerate(files):
            if progress is not None:
                progress(Progress(folder, i, len(files), str(path)))
            report.count(self._safely(path))
        for gone in set(self.store.files_under(folder)) - seen:
            report.count("removed" if self.forget(gone) else "absent")
        self.fill_vectors()
        self.store.scanned(folder)
        if progress is not None:
            progress(Progress(folder, len(files), len(files), finished=True))
        return report

    def _safely(self, path: Path) -> str:
        """One file, whatever happens inside it: an unexpected failure is recorded as its problem."""
        try:
            return self.index_path(path)
        except Stopped:
            raise
        except Exception as e:
            log.exception("indexing %s failed", path)
            try:
                st = path.stat()
            except OSError:
                st = None
            return self._problem(path, st, "", Message("docs.failed", path=str(path), error=type(e).__name__))

    def fill_vectors(self) -> int:
        """Vectors for the files indexed while no embedder was there (or for a new embedder)."""
        model = self.model()
        if not model:
            return 0
        done = 0
        for file_id, _path in self.store.missing_vectors(model):
            rows = self.store.chunk_texts(file_id)
            vectors = self.embed([Chunk(None, h, t).passage() for _, h, t in rows])
            if vectors is None:
                break
            bump: Bump = self.store.put_vectors(file_id, vectors, model)
            self.cache.updated(file_id, [i for i, _, _ in rows], vectors, bump.before, bump.after)
            done += 1
        return done
