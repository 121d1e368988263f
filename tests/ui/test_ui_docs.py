"""Your documents on the desktop: the "Documents to consult" settings page, the tray tooltip while indexing, and
the source of a documents answer as a link that opens the file.

Real widgets (offscreen), the real DocsPlugin with its watcher and worker thread, a real encrypted index
(its key from the private Secret Service that installer/run-tests.sh starts), real files written by the
formats' own libraries. The page's plugin runs words-only (no embedder: what is tested here is the page,
not retrieval); the tray test runs the app's own engine, embedder included.
"""
from __future__ import annotations

import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QObject, QThread, QUrl, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QFileDialog, QLabel, QPushButton
from test_ui_jargon import _english_only, _jargon, visible_text
from ui_helpers import write_runtime

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

from doc_files import write_docx  # noqa: E402
from handmade_pdf import Page, make_pdf  # noqa: E402

from app.config import ConfigManager  # noqa: E402
from app.docs import DocIndex, Progress  # noqa: E402
from app.docs.plugin import DocsPlugin  # noqa: E402
from app.docs.tool import NAME, observation  # noqa: E402
from app.tools.runner import PREVIEW_CHARS, compact_json  # noqa: E402
from app.turn import events as ev  # noqa: E402
from app.ui.chat import ChatWindow  # noqa: E402
from app.ui.doc_sources import TOOL, sources_of  # noqa: E402
from app.ui.docs_progress import DocsLink  # noqa: E402
from app.ui.i18n import Translations  # noqa: E402
from app.ui.settings_dialog import SettingsDialog  # noqa: E402
from app.ui.settings_fields import folder_dialog  # noqa: E402

WAIT_MS = 30_000




@pytest.fixture
def italian() -> Iterator[Translations]:
    t = Translations()
    t.install("it")
    yield t
    t.install("en")


def documents(root: Path, name: str = "Documenti") -> Path:
    """A lease (docx), a recipe (md) and a scanned PDF with no text (it cannot be read: the page says why)."""
    docs = root / name
    docs.mkdir(parents=True)
    write_docx(docs / "contratto.docx")
    (docs / "ricetta.md").write_text("# Torta di mele\n\nServono 3 uova e 200 g di zucchero.\n", encoding="utf-8")
    (docs / "scansione.pdf").write_bytes(make_pdf([Page(image=True)]))
    return docs


class _Engine:
    """What DocsPlugin reads of the engine: the live settings, their manager, no models (words only)."""

    def __init__(self, manager: ConfigManager):
        self.manager = manager
        self.models = None
        self.plugins: list[Any] = []

    @property
    def config(self) -> Any:
        return self.manager.config


@pytest.fixture
def running(keystore: Any, metnos_home: Path, tmp_path: Path) -> Iterator[tuple[ConfigManager, DocsPlugin, DocsLink]]:
    """The app's side of the page: settings inside tmp_path, the plugin following them, the link listening."""
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{tmp_path / "casa"}"]\n')
    manager = ConfigManager()
    engine = _Engine(manager)
    plugin = DocsPlugin(engine)
    engine.plugins.append(plugin)
    link = DocsLink()
    assert link.attach(engine)
    plugin.start_background()
    yield manager, plugin, link
    plugin.pause.clear()
    link.detach()
    plugin.close()


def _rows(page: Any) -> dict[str, dict[str, str]]:
    out = {}
    for row in page.findChildren(QObject, "docsFolder"):
        if not row.isVisibleTo(page):
            continue
        texts = {w.objectName(): w.text() for w in row.findChildren(QLabel)}
        out[row.property("folder")] = texts
    return out


def test_the_page_adds_a_folder_shows_progress_then_the_status_and_removes_it(qtbot, running, tmp_path):
    manager, plugin, link = running
    docs = documents(tmp_path / "casa")
    dlg = SettingsDialog(manager, docs=link)
    qtbot.addWidget(dlg)
    names = [dlg.nav.item(i).text() for i in range(dlg.nav.count())]
    dlg.nav.setCurrentRow(names.index("Documents to consult"))
    dlg.show()
    page = dlg.docs_page
    assert page.empty.isVisible() and not _rows(page)

    plugin.pause.set()  # what a running turn does: the worker stops at its first file, after saying so
    page.pick = lambda parent, title: str(docs)  # the folder picker, answered
    page.add_btn.click()
    qtbot.waitUntil(lambda: manager.config.docs.folders == [str(docs)], timeout=WAIT_MS)
    with open(manager.path, "rb") as f:
        assert tomllib.load(f)["docs"]["folders"] == [str(docs)]  # where `metnos docs add` puts it
    qtbot.waitUntil(lambda: page.bar.isVisible(), timeout=WAIT_MS)
    assert page.bar.maximum() == 3 and page.bar.value() == 0
    assert page.progress_label.text().startswith("Indexing documents: 0 of 3 files…")
    qtbot.waitUntil(lambda: _rows(page).get(str(docs), {}).get("docsFolderStatus", "").startswith("Indexing"),
                    timeout=WAIT_MS)
    assert not page.empty.isVisible()

    plugin.pause.clear()
    qtbot.waitUntil(lambda: not page.bar.isVisible(), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: "updated today at" in _rows(page).get(str(docs), {}).get("docsFolderStatus", ""),
                    timeout=WAIT_MS)
    row = _rows(page)[str(docs)]
    assert row["docsFolderStatus"].startswith("3 files, ")  # the scan is a file of the folder, with no passage
    assert row["docsFolderProblems"].splitlines() == [
        "1 file cannot be read:", "  scansione.pdf: is a scan with no text: I cannot read it without OCR"]
    index = link.index()
    assert isinstance(index, DocIndex) and index.store.counts(str(docs))[:2] == (3, 2)

    remove = next(b for b in page.findChildren(QPushButton, "removeDocsFolder") if b.isVisibleTo(page))
    remove.click()
    qtbot.waitUntil(lambda: manager.config.docs.folders == [] and not _rows(page), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: index.folders() == [] and index.store.counts(str(docs))[0] == 0, timeout=WAIT_MS)
    assert page.empty.isVisible()


def test_a_folder_outside_the_allowed_ones_is_refused_with_where_to_allow_it(qtbot, running, tmp_path, italian):
    manager, _plugin, link = running
    outside = documents(tmp_path, "Altrove")
    dlg = SettingsDialog(manager, docs=link)
    qtbot.addWidget(dlg)
    dlg.show()
    page = dlg.docs_page
    dlg.nav.setCurrentRow(dlg.pages.indexOf(page.parentWidget()))
    assert dlg.nav.currentItem().text() == "Documenti da consultare"
    assert page.add_btn.text() == "Aggiungi cartella…"

    assert not page.add_folder(str(outside))
    said = page.message.text()
    assert said.startswith(f"{outside} è fuori dalle cartelle che l'assistente può usare.")
    assert "«Cartelle consentite»" in said and "salva" in said
    assert "allowed_roots" not in said and "runtime.toml" not in said  # the settings item, not the file's key
    assert page.allowed_btn.isVisible() and page.allowed_btn.text() == "Apri «Cartelle consentite»"
    page.allowed_btn.click()
    assert dlg.nav.currentItem().text() == "Cartelle consentite"
    assert manager.config.docs.folders == []

    assert not page.add_folder(str(tmp_path / "non-esiste"))
    assert page.message.text().endswith("non è una cartella, o non esiste") and not page.allowed_btn.isVisible()

    inside = documents(tmp_path / "casa")  # allowed: added, indexed, and its status said in Italian
    assert page.add_folder(str(inside)) and not page.message.isVisible()
    qtbot.waitUntil(lambda: "aggiornata oggi alle" in _rows(page).get(str(inside), {}).get("docsFolderStatus", ""),
                    timeout=WAIT_MS)
    row = _rows(page)[str(inside)]
    assert row["docsFolderStatus"].startswith("3 file, 2 passaggi · aggiornata oggi alle ")
    assert row["docsFolderProblems"].splitlines() == [
        "1 file non si può leggere:", "  scansione.pdf: è una scansione senza testo: non posso leggerla senza OCR"]
    assert not page.add_folder(str(inside))
    assert page.message.text() == f"{inside} è già tra le cartelle da consultare."
    shown = visible_text(dlg)
    assert not _jargon(shown, _english_only()), shown


def test_the_folder_picker_speaks_italian(qtbot, italian):
    dlg = folder_dialog(None, "Scegli una cartella di documenti")
    qtbot.addWidget(dlg)
    assert dlg.testOption(QFileDialog.Option.DontUseNativeDialog)
    assert dlg.fileMode() == QFileDialog.FileMode.Directory
    assert dlg.labelText(QFileDialog.DialogLabel.Accept) == "Scegli"
    assert dlg.labelText(QFileDialog.DialogLabel.LookIn) == "Cerca in:"


def test_progress_from_the_worker_thread_arrives_on_the_gui_thread_newest_first(qtbot):
    link = DocsLink()
    got: list[tuple[Progress, bool]] = []
    link.progressed.connect(lambda p: got.append((p, QThread.currentThread() is link.thread())))
    lines: list[str] = []
    link.line.connect(lines.append)

    class Worker(QThread):
        def run(self) -> None:
            for i in range(500):
                link.listen(Progress("/d", i, 500, f"/d/{i}.txt"))
            link.listen(Progress("/d", 500, 500, finished=True))

    w = Worker()
    w.start()
    qtbot.waitUntil(lambda: bool(got) and got[-1][0].finished, timeout=WAIT_MS)
    w.wait()
    assert all(on_gui for _, on_gui in got)
    assert len(got) < 500  # coalesced: the GUI is woken once per batch, not once per file
    assert lines[-1] == "" and link.current is None


def test_the_tray_tooltip_follows_the_indexing(qtbot, make_desk, metnos_home, tmp_path, monkeypatch):
    monkeypatch.setenv("METNOS_UI_LANGUAGE", "it")
    docs = documents(tmp_path / "casa")
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{tmp_path / "casa"}"]\n')
    desk = make_desk(manager=ConfigManager(), use_tray=True, watch=True)  # the app's own engine and wiring
    plugin = desk.docs.plugin
    assert isinstance(plugin, DocsPlugin), "the app listens to the engine's document plugin"
    tooltip = desk.tray.icon.toolTip
    assert "Indicizzo" not in tooltip()
    plugin.pause.set()
    from app.config.toml_edit import set_values

    set_values(desk.manager.path, {"docs.folders": [str(docs)]})  # what the settings page and the CLI write
    desk.manager.reload()
    qtbot.waitUntil(lambda: tooltip().endswith("\nIndicizzo i documenti: 0 di 3 file…"), timeout=120_000)
    assert tooltip().startswith("Metnos Desk\n")
    plugin.pause.clear()
    qtbot.waitUntil(lambda: "Indicizzo" not in tooltip(), timeout=120_000)
    assert tooltip().startswith("Metnos Desk")
    index = plugin.index()
    assert isinstance(index, DocIndex) and index.store.counts(str(docs))[0] == 3


class _Opened(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[QUrl] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.urls.append(url)


def test_a_documents_answer_shows_its_source_as_a_link_that_opens_the_file(qtbot, keystore, tmp_path, italian):
    # a long folder name: the source must still be inside the 300 characters the event carries
    docs = documents(tmp_path / ("Archivio personale di documenti importanti " * 2).strip())
    index = DocIndex(roots=lambda: [tmp_path])
    try:
        index.add_folder(docs)
        result = observation("quanto è il canone?", index.search("quanto è il canone?", 4), "it")
    finally:
        index.close()
    assert result["count"] >= 1 and result["sources"][0]["file"] == str(docs / "contratto.docx")
    text = compact_json(result)
    assert len(text) > PREVIEW_CHARS
    preview = text[:PREVIEW_CHARS]  # what the runner puts in the Observation event
    assert [s.file for s in sources_of(preview)][:1] == [str(docs / "contratto.docx")]
    assert TOOL == NAME

    chat = ChatWindow()
    qtbot.addWidget(chat)
    chat.show()
    view = chat.begin("t1", "quanto è il canone?")
    for e in (ev.ToolCall("turn", 1, tool=NAME, args={"query": "quanto è il canone?"}),
              ev.Observation("turn", 1, tool=NAME, ok=True, size=len(text), preview=preview),
              ev.Answer("turn", 2, text=result["content"]), ev.TurnEnded("turn", 2)):
        chat.on_event("t1", e)
    label = view.sources
    qtbot.waitUntil(label.isVisible)  # a turn added to the shown window is shown at the next turn of the loop
    assert label.text().startswith("Fonte: <a href=\"0\">contratto.docx</a>")
    assert "search_documents" not in label.text() and str(docs) not in label.text()

    opened = _Opened()
    QDesktopServices.setUrlHandler("file", opened, "open")
    try:
        label.linkActivated.emit("0")  # a click on the link
        assert opened.urls == [QUrl.fromLocalFile(str(docs / "contratto.docx"))]
        (docs / "contratto.docx").unlink()
        label.linkActivated.emit("0")
        assert len(opened.urls) == 1  # a file that is gone is not handed to the desktop
        assert label.text() == "Fonte: contratto.docx (non c'è più)"
    finally:
        QDesktopServices.unsetUrlHandler("file")


def test_an_answer_without_documents_shows_no_source(qtbot):
    chat = ChatWindow()
    qtbot.addWidget(chat)
    view = chat.begin("t2", "quanto pago di luce?")
    empty = compact_json({"sources": [], "query": "quanto pago di luce?", "count": 0, "passages": []})
    chat.on_event("t2", ev.Observation("turn", 1, tool=NAME, ok=True, size=len(empty), preview=empty))
    chat.on_event("t2", ev.Answer("turn", 2, text="Non l'ho trovato nei tuoi documenti."))
    assert not view.sources.isVisibleTo(view)
    other = compact_json({"sources": [{"file": "/x/y.pdf", "page": 1, "label": "y.pdf"}]})
    chat.on_event("t2", ev.Observation("turn", 3, tool="read_files", ok=True, size=10, preview=other))
    assert not view.sources.isVisibleTo(view)  # only the documents tool's sources are sources


def test_folders_set_by_the_environment_cannot_be_changed_here(qtbot, metnos_home, tmp_path, monkeypatch):
    docs = documents(tmp_path)
    monkeypatch.setenv("METNOS_DOCS_FOLDERS", str(docs))
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{tmp_path}"]\n')
    manager = ConfigManager()
    dlg = SettingsDialog(manager)
    qtbot.addWidget(dlg)
    page = dlg.docs_page
    assert not page.add_btn.isEnabled() and "METNOS_DOCS_FOLDERS" in page.message.text()
    assert not page.add_folder(str(docs / ".."))
    assert [b.isEnabled() for b in page.findChildren(QPushButton, "removeDocsFolder")] == [False]
    assert "docs" not in tomllib.loads(manager.path.read_text(encoding="utf-8"))


def test_without_the_watcher_the_page_removes_the_folder_from_the_index_itself(qtbot, keystore, metnos_home,
                                                                                tmp_path):
    docs = documents(tmp_path / "casa")
    write_runtime(metnos_home, f'[tools]\nallowed_roots = ["{tmp_path}"]\n[docs]\nfolders = ["{docs}"]\n')
    manager = ConfigManager()
    engine = _Engine(manager)
    plugin = DocsPlugin(engine)  # the app not started: no watcher follows the settings
    engine.plugins.append(plugin)
    link = DocsLink()
    link.attach(engine)
    try:
        index = plugin.index()
        assert isinstance(index, DocIndex)
        index.add_folder(docs)  # what `metnos docs add` did earlier
        dlg = SettingsDialog(manager, docs=link)
        qtbot.addWidget(dlg)
        page = dlg.docs_page
        qtbot.waitUntil(lambda: _rows(page).get(str(docs), {}).get("docsFolderStatus", "").startswith("3 files"),
                        timeout=WAIT_MS)
        page.remove_folder(str(docs))
        qtbot.waitUntil(lambda: index.folders() == [] and not _rows(page), timeout=WAIT_MS)
        assert index.store.counts(str(docs))[0] == 0 and manager.config.docs.folders == []
    finally:
        link.detach()
        plugin.close()
