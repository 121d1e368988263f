"""Your documents: a local, encrypted, always fresh index of the folders you chose, searched by meaning
and by words, with the file and page of every passage.

    store.py     the encrypted database (folders, files, chunks, FTS5 words, vectors), migrations
    chunking.py  passages of 800–1,200 characters on paragraph boundaries, page and heading kept
    terms.py     stemmed words (IT + EN) for FTS5
    vectors.py   the vectors in memory (numpy), kept in step with the database
    search.py    BM25 + cosine fused by reciprocal rank; whether the best passage is about the question
    indexer.py   incremental reading: size+mtime, then SHA-256, renames found by content
    folders.py   which folders may be indexed (inside tools.allowed_roots)
    service.py   DocIndex: the one object the CLI, the plugin and the tests use
    watcher.py   watchdog + one low-priority worker thread, paused while a turn runs
    tool.py      the search_documents tool (answer with the source, or "not in your documents")
    plugin.py    the engine plugin that wires it all into turns and into the running app

A concern of its own at layer 6 (beside memory and routing): it reads documents through tools/doctext and
embeds them through the models' embedder, and nothing below it knows it exists.
"""
# One OpenBLAS thread (set by app/__init__.py before numpy loads): the question's product with the passages'
# matrix right after an embedding took 10 ms instead of 0.2 ms with the default threads.
from .folders import FolderRefused, check_folder, folder_key, usable_folders
from .indexer import Progress, Report
from .search import Passage
from .service import DocIndex, Status  # noqa: E402

__all__ = ["DocIndex", "FolderRefused", "Passage", "Progress", "Report", "Status", "check_folder", "folder_key",
           "usable_folders"]
