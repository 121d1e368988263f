"""Settings → "Documents to consult": the folders the assistant answers from, what is indexed, progress.

Adding or removing a folder applies at once (not at Save): it is what `metnos docs add|remove` does — the
folder list is `docs.folders` in runtime.toml (tomlkit: comments kept), checked by
`app.docs.check_folder` (a real folder inside the allowed roots) — and the running app's DocsPlugin,
which follows that key, indexes it in the background while this page shows the progress. Writing the
file, reloading the settings (the plugin opens the encrypted index in that call) and reading the status
all run on a background thread (`Task`): the GUI thread never waits for the keyring, the disk or the
index.

A folder outside the allowed roots is refused with a sentence that says where to allow it (the
"Allowed folders" page, with a button that opens it), never with the runtime.toml key.
"""
from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QProgressBar, QPushButton, QScrollArea, QVBoxLayout, QWidget

from app.config.schema import BY_DOTTED
from app.config.toml_edit import SettingsWriteError, set_values
from app.docs import FolderRefused, Progress, Status, check_folder, folder_key
from app.docs.service import FolderStatus
from app.lang.messages import Message, say
from app.store.db import StoreError

from .background import Task
from .docs_progress import DocsLink, progress_words
from .i18n import current_language
from .settings_fields import pick_folder
from .widgets import PlainLabel, display_text

HELP_STYLE = "color: palette(placeholder-text); font-size: 90%;"
SHOWN_PROBLEMS = 5  # per folder; the rest are counted


def when_words(ts: float | None, lang: str, now: dt.datetime | None = None) -> str:
    """"oggi alle 14:03" / "il 12/03/2026 alle 9:15"; "mai" when never."""
    if not ts:
        return say("docs.never", lang)
    t = dt.datetime.fromtimestamp(ts)
    time = f"{t.hour}:{t.minute:02d}"
    if t.date() == (now or dt.datetime.now()).date():
        return say("desk.docs.today", lang, time=time)
    date = t.strftime("%d/%m/%Y" if lang == "it" else "%Y-%m-%d")
    return say("desk.docs.on", lang, date=date, time=time)


def _relative(m: Message, folder: str) -> Message:
    """The same sentence with the file's path said from inside its folder (shorter, and what people see)."""
    path = m.params.get("path")
    if isinstance(path, str) and path.startswith(folder.rstrip("/") + "/"):
        return Message(m.key, **{**m.params, "path": path[len(folder.rstrip("/")) + 1:]})
    return m


class DocsPage(QWidget):
    """The page's one widget. `allowedRequested` asks the dialog to show the "Allowed folders" page."""

    allowedRequested = Signal()

    def __init__(self, manager: Any, link: DocsLink | None = None, parent: QWidget | None = None,
                 pick: Callable[[QWidget, str], str] = pick_folder):
        super().__init__(parent)
        self.setObjectName("docsPage")
        self.manager = manager
        self.link = link
        self.pick = pick
        self.status: Status | None = None
        self.problem = ""  # why the index cannot be read now
        self._reading = False
        self._again = False
        self._tasks: list[Task] = []
        self._build()
        if link is not None:
            link.progressed.connect(self._on_progress)
        self.retranslate()
        if link is not None and link.current is not None:
            self._on_progress(link.current)
        self.refresh()

    def _build(self) -> None:
        """What to do first (add, and what a refusal says), what is happening, then the folders (scrolling)."""
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.intro = PlainLabel("", self, selectable=False)
        self.intro.setStyleSheet(HELP_STYLE)
        self.add_btn = QPushButton(self)
        self.add_btn.setObjectName("addDocsFolder")
        self.add_btn.clicked.connect(self.choose)
        self.message = PlainLabel("", self)
        self.message.setObjectName("docsMessage")
        self.allowed_btn = QPushButton(self)
        self.allowed_btn.setObjectName("openAllowedFolders")
        self.allowed_btn.clicked.connect(self.allowedRequested)
        self.locked = PlainLabel("", self)
        self.locked.setObjectName("docsLocked")
        self.locked.setStyleSheet("color: #c0392b;")
        self.progress_label = PlainLabel("", self, selectable=False)
        self.progress_label.setObjectName("docsProgress")
        self.bar = QProgressBar(self)
        self.bar.setObjectName("docsBar")
        for w in (self.intro, self.add_btn, self.message, self.allowed_btn, self.locked, self.progress_label, self.bar):
            if isinstance(w, QPushButton):
                lay.addWidget(w, 0, Qt.AlignmentFlag.AlignLeft)
            else:
                lay.addWidget(w)
            w.setVisible(w in (self.intro, self.add_btn))
        scroll = QScrollArea(self)
        scroll.setObjectName("docsFolders")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        holder = QWidget(scroll)
        inner = QVBoxLayout(holder)
        inner.setContentsMargins(0, 0, 0, 0)
        self.rows = QVBoxLayout()
        inner.addLayout(self.rows)
        self.empty = PlainLabel("", holder, selectable=False)
        self.empty.setObjectName("docsEmpty")
        inner.addWidget(self.empty)
        inner.addStretch(1)
        scroll.setWidget(holder)
        lay.addWidget(scroll, 1)

    # -- words ------------------------------------------------------------------------------------
    def retranslate(self) -> None:
        self.intro.set_plain(self.tr("The assistant answers questions about your documents (PDF, Word, "
                                     "OpenDocument, spreadsheets, presentations, notes) from these folders, and "
                                     "names the file it read. The index is encrypted on this computer and follows "
                                     "your changes by itself. Adding or removing a folder applies at once."))
        self.empty.set_plain(self.tr("No folder yet: questions about your documents cannot be answered."))
        self.add_btn.setText(self.tr("Add a folder…"))
        if self._from_env():
            self.add_btn.setEnabled(False)
            self._say(self.tr("Set by the environment variable %1; this window cannot change it.").replace(
                "%1", BY_DOTTED["docs.folders"].env_name), error=False)
        self.allowed_btn.setText(self.tr("Open Allowed folders"))
        self._render()

    def changeEvent(self, e: QEvent) -> None:  # noqa: N802
        if e.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(e)

    # -- the folders ------------------------------------------------------------------------------
    def _from_env(self) -> bool:
        """METNOS_DOCS_FOLDERS set: writing runtime.toml would change nothing."""
        return bool(self.manager.config.sources.get("docs.folders") == "env")

    def configured(self) -> list[str]:
        out: list[str] = []
        for raw in getattr(self.manager.config.docs, "folders", None) or []:
            key = folder_key(raw)
            if key not in out:
                out.append(key)
        return out

    def choose(self) -> None:
        chosen = self.pick(self, self.tr("Choose a folder of documents"))
        if chosen:
            self.add_folder(chosen)

    def add_folder(self, raw: str) -> bool:
        """Check, write, and let the running app index it; False (and a sentence) when refused."""
        lang = current_language()
        if self._from_env():
            return False
        if self.manager.errors:
            self._say(say("docs.config_broken", lang, config=self.manager.path, reason="; ".join(self.manager.errors)))
            return False
        try:
            folder = str(check_folder(raw, self.manager.config))
        except FolderRefused as e:
            m = e.message
            if m.key == "docs.outside":
                self._say(say("desk.docs.outside", lang, path=m.params.get("path", raw)), allow=True)
            else:
                self._say(m.text(lang))
            return False
        configured = list(getattr(self.manager.config.docs, "folders", None) or [])
        if folder in {folder_key(f) for f in configured}:
            self._say(say("desk.docs.known", lang, path=folder), error=False)
            return False
        self._say("")
        self._write(lambda: self._set_folders(configured + [folder]))
        return True

    def remove_folder(self, folder: str) -> None:
        if self._from_env():
            return
        key = folder_key(folder)
        keep = [f for f in getattr(self.manager.config.docs, "folders", None) or [] if folder_key(f) != key]
        self._say("")

        def work() -> None:
            plugin = self.link.plugin if self.link is not None else None
            index = None
            if plugin is not None and not getattr(plugin, "watching", False):
                index = plugin.index()  # opened while the folder is still configured
            self._set_folders(keep)  # a running watcher forgets the folder on this change, after its current pass
            if index is not None and not isinstance(index, Exception):
                index.remove_folder(key)  # no watcher: at once, as `metnos docs remove` does

        self._write(work)

    def _set_folders(self, folders: list[str]) -> None:
        """Off the GUI thread: the file, then the reload (the plugin follows docs.folders inside it)."""
        set_values(self.manager.path, {"docs.folders": folders})
        change = self.manager.reload()
        if change.errors:
            raise SettingsWriteError("; ".join(change.errors))

    def _write(self, fn: Callable[[], Any]) -> None:
        self.add_btn.setEnabled(False)
        self._run(fn, self._written, self._write_failed)

    def _written(self, _result: Any) -> None:
        self.add_btn.setEnabled(True)
        self.refresh()

    def _write_failed(self, e: Exception) -> None:
        self.add_btn.setEnabled(True)
        self._say(say("docs.config_broken", current_language(), config=self.manager.path, reason=e)
                  if isinstance(e, SettingsWriteError) else display_text(e))
        self.refresh()

    # -- status -----------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the index's status in the background, then show it (one read at a time)."""
        if self._reading:
            self._again = True
            return
        self._reading = True
        configured = self.configured()
        self._run(lambda: self._read(configured), self._show, self._unreadable)

    def _read(self, configured: list[str]) -> Any:
        index = self.link.index() if self.link is not None else None
        if index is None or isinstance(index, Exception):
            return index
        return index.status(configured)

    def _show(self, result: Any) -> None:
        self.status = result if isinstance(result, Status) else None
        self.problem = say("docs.locked", current_language(), reason=result) if isinstance(result, StoreError) \
            else ""
        self._read_done()

    def _unreadable(self, e: Exception) -> None:
        self.status, self.problem = None, display_text(e)
        self._read_done()

    def _read_done(self) -> None:
        self._reading = False
        self._render()
        if self._again:
            self._again = False
            self.refresh()

    def _on_progress(self, p: Progress) -> None:
        busy = not p.finished
        if busy:
            self.bar.setRange(0, max(1, p.total))
            self.bar.setValue(min(p.done, p.total))
            name = Path(p.path).name
            self.progress_label.set_plain(progress_words(p, current_language()) + (f"\n{name}" if name else ""))
        self.bar.setVisible(busy)
        self.progress_label.setVisible(busy)
        if p.finished:
            self.refresh()
        elif p.done == 0:
            self.refresh()  # a folder's pass begins: its row says so

    # -- drawing ----------------------------------------------------------------------------------
    def _render(self) -> None:
        while self.rows.count():
            item = self.rows.takeAt(0)
            w = item.widget() if item is not None else None
            if w is not None:
                w.hide()
                w.deleteLater()
        lang = current_language()
        folders = self.configured()
        known = {f.path: f for f in self.status.folders} if self.status is not None else {}
        for path in folders:
            self.rows.addWidget(self._row(path, known.get(path), lang))
        self.empty.setVisible(not folders)
        self.locked.set_plain(self.problem)
        self.locked.setVisible(bool(self.problem))

    def _row(self, path: str, st: FolderStatus | None, lang: str) -> QWidget:
        row = QFrame(self)
        row.setObjectName("docsFolder")
        row.setProperty("folder", path)
        row.setStyleSheet("QFrame#docsFolder { border-bottom: 1px solid palette(midlight); }")
        outer = QVBoxLayout(row)
        outer.setContentsMargins(0, 2, 0, 4)
        top = QHBoxLayout()
        name = PlainLabel(path, row)
        name.setObjectName("docsFolderPath")
        f = name.font()
        f.setBold(True)
        name.setFont(f)
        top.addWidget(name, 1)
        rm = QPushButton(self.tr("Remove"), row)
        rm.setObjectName("removeDocsFolder")
        rm.setAccessibleName(self.tr("Remove %1").replace("%1", path))
        rm.clicked.connect(lambda: self.remove_folder(path))
        rm.setEnabled(not self._from_env())
        top.addWidget(rm)
        outer.addLayout(top)
        detail = PlainLabel(self._detail(path, st, lang), row)
        detail.setObjectName("docsFolderStatus")
        detail.setStyleSheet(HELP_STYLE)
        outer.addWidget(detail)
        bad = self._problems(path, lang)
        if bad:
            problems = PlainLabel(bad, row)
            problems.setObjectName("docsFolderProblems")
            outer.addWidget(problems)
        return row

    def _detail(self, path: str, st: FolderStatus | None, lang: str) -> str:
        current = self.link.current if self.link is not None else None
        if current is not None and current.folder == path:
            return progress_words(current, lang)
        if st is None or not st.indexed or st.scanned_at is None:
            return say("desk.docs.pending", lang)
        return say("desk.docs.folder", lang, files=Message("docs.n_files", n=st.files),
                   passages=Message("docs.n_passages", n=st.passages), when=when_words(st.scanned_at, lang))

    def _problems(self, path: str, lang: str) -> str:
        """"2 file non si possono leggere:" and why, each in the person's words."""
        if self.status is None:
            return ""
        lo = path.rstrip("/") + "/"
        bad = [m for p, m in self.status.problems if p.startswith(lo)]
        if not bad:
            return ""
        lines = [say("docs.n_unreadable", lang, n=len(bad))]
        lines += ["  " + _relative(m, path).text(lang) for m in bad[:SHOWN_PROBLEMS]]
        if len(bad) > SHOWN_PROBLEMS:
            lines.append("  " + say("desk.docs.more", lang, n=len(bad) - SHOWN_PROBLEMS))
        return "\n".join(lines)

    def _say(self, text: str, allow: bool = False, error: bool = True) -> None:
        self.message.setStyleSheet("color: #c0392b;" if error else "")
        self.message.set_plain(text)
        self.message.setVisible(bool(text))
        self.allowed_btn.setVisible(allow)

    # -- background -------------------------------------------------------------------------------
    def _run(self, fn: Callable[[], Any], ok: Callable[[Any], None], bad: Callable[[Exception], None]) -> None:
        task = Task(fn)  # no parent: its thread holds it, so closing the page never deletes it under the thread
        self._tasks.append(task)

        def finished(_: Any = None, task: Task = task) -> None:
            if task in self._tasks:
                self._tasks.remove(task)
            task.deleteLater()

        task.done.connect(ok)
        task.failed.connect(bad)
        task.done.connect(finished)
        task.failed.connect(finished)
        task.start()


def add_docs_page(dialog: Any) -> DocsPage:
    """The page in the settings dialog, right after "Allowed folders" (its button goes back there)."""
    allowed = len(dialog.page_names) - 1
    form = dialog._page(QCoreApplication.translate("SettingsDialog", "Documents to consult"))
    page = DocsPage(dialog.manager, dialog.docs, dialog)
    page.allowedRequested.connect(lambda: dialog.nav.setCurrentRow(allowed))
    form.addRow(page)
    return page
