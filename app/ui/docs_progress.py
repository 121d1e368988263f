"""The document index as the GUI sees it: DocsPlugin's progress on the GUI thread, and the words for it.

DocsPlugin.listeners are called on the indexing worker thread, and a widget may only be touched on the
GUI thread. `DocsLink.listen` (any thread) keeps the newest `Progress` and wakes the GUI thread with one
queued signal, never more than one pending: a start-up pass that stats thousands of unchanged files a
second becomes a few updates, and the tray and the settings page always show the newest state.

The sentences with numbers live in the message catalogue (Italian and English, with their plurals, like
the CLI's `docs.*` ones); labels and buttons go through Qt's tr().
"""
from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal, Slot

from app.docs import Progress
from app.lang.messages import register, say

from .i18n import current_language

register({
    "desk.docs.indexing": {"it": "Indicizzo i documenti: {done} di {n} file…",
                           "en": {"one": "Indexing documents: {done} of {n} file…",
                                  "other": "Indexing documents: {done} of {n} files…"}},
    "desk.docs.folder": {"it": "{files}, {passages} · aggiornata {when}",
                         "en": "{files}, {passages} · updated {when}"},
    "desk.docs.today": {"it": "oggi alle {time}", "en": "today at {time}"},
    "desk.docs.on": {"it": "il {date} alle {time}", "en": "on {date} at {time}"},
    "desk.docs.pending": {"it": "non ancora indicizzata: lo sarà appena l'assistente è avviato",
                          "en": "not indexed yet: it will be as soon as the assistant has started"},
    "desk.docs.more": {"it": {"one": "…e un altro", "other": "…e altri {n}"},
                       "en": {"one": "…and one more", "other": "…and {n} more"}},
    "desk.docs.outside": {"it": "{path} è fuori dalle cartelle che l'assistente può usare. Per consultarla, "
                                "aggiungi questa cartella (o una che la contiene) in «Cartelle consentite», salva, "
                                "poi aggiungila di nuovo qui.",
                          "en": "{path} is outside the folders the assistant may use. To consult it, add this "
                                "folder (or one that contains it) under \u201cAllowed folders\u201d, save, then "
                                "add it here again."},
    "desk.docs.known": {"it": "{path} è già tra le cartelle da consultare.",
                        "en": "{path} is already one of the folders to consult."},
})


def progress_words(p: Progress, lang: str) -> str:
    """"Indicizzo i documenti: 120 di 480 file…" — files done of the folder's (or the batch's) total."""
    return say("desk.docs.indexing", lang, done=min(p.done, p.total), n=p.total)


class DocsLink(QObject):
    """The app's one listener on DocsPlugin. `progressed(Progress)` and `line(text)` (the tray's tooltip) arrive
    on the GUI thread; `current` is the indexing under way (None when idle); `index()` opens the index (slow:
    call it off the GUI thread)."""

    progressed = Signal(object)
    line = Signal(str)  # the tray tooltip's words for it, "" when done
    _wake = Signal()

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.plugin: Any = None
        self.current: Progress | None = None
        self._lock = threading.Lock()
        self._latest: Progress | None = None
        self._waking = False
        self._wake.connect(self._deliver, Qt.ConnectionType.QueuedConnection)

    def attach(self, engine: Any) -> bool:
        """Listen to the engine's DocsPlugin. Call it before `engine.start_background()`: the watcher's first
        pass reports at once. Any thread."""
        for p in getattr(engine, "plugins", None) or []:
            if getattr(p, "name", "") == "docs" and isinstance(getattr(p, "listeners", None), list):
                if self.listen not in p.listeners:
                    p.listeners.append(self.listen)
                self.plugin = p
                return True
        return False

    def detach(self) -> None:
        p, self.plugin = self.plugin, None
        if p is not None and self.listen in p.listeners:
            p.listeners.remove(self.listen)

    def listen(self, p: Progress) -> None:
        """DocsPlugin's listener: any thread, never blocks on the GUI."""
        with self._lock:
            self._latest = p
            if self._waking:
                return
            self._waking = True
        self._wake.emit()

    @Slot()
    def _deliver(self) -> None:
        with self._lock:
            p, self._latest, self._waking = self._latest, None, False
        if p is None:
            return
        self.current = None if p.finished else p
        self.progressed.emit(p)
        self.line.emit("" if p.finished else progress_words(p, current_language()))

    def index(self) -> Any:
        """The plugin's index (DocIndex), why it cannot open (StoreError), or None (no folder, no engine yet)."""
        return self.plugin.index() if self.plugin is not None else None
