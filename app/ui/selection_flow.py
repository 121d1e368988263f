"""The selection hotkey, end to end: the text taken, the popup opened with it, the action run, the answer given back.

Ctrl+Alt+S (`hotkey.selection_sequence`, recorded in Settings → Scorciatoia like the other one) takes the
selected text (selection_grab.py) and opens the popup with the text shown, the actions and the free box. The
text is read ahead by the model while the person chooses (engine/selection.py `preread`). An action runs on the
engine's thread through `SelectionWorker` and its events reach the popup by the worker's one channel, like any
request; Copia puts the answer on the clipboard, Sostituisci also pastes it over the selection where keys can be
sent, and says "copiato: incollalo con Ctrl+V" where they cannot. The popup's other uses are untouched: hiding it
ends the selection, and the plain hotkey opens it without the panel.
"""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Signal, Slot

from app.selection import SelectionRequest, from_words, label
from app.turn import events as ev
from app.turn.cancel import CancelToken

from .hotkey import GlobalHotkey
from .i18n import current_language
from .selection_grab import Grabbed, SelectionGrabber
from .selection_panel import AnswerRow, DigitKeys, SelectionPanel
from .settings_fields import to_qt_sequence

if TYPE_CHECKING:
    from .app import DeskApp

log = logging.getLogger(__name__)


class SelectionWorker(QObject):
    """On the engine's thread: runs one selection action and passes its events on the worker's channel."""

    def __init__(self, host: Any):
        super().__init__()
        self.host = host

    @Slot(str, object)
    def run(self, tag: str, req: SelectionRequest) -> None:
        from app.engine.selection import run_selection

        worker = self.host.worker
        token = worker.token_for(tag)
        engine = worker.engine
        if engine is None:
            worker._end_with_error(tag, req.text[:200], self.tr("The assistant could not start, so it cannot answer."),
                                   self.tr("Run `metnos doctor` in a terminal to see why."))
            return
        ended = False
        try:
            for e in run_selection(engine, req, owner=worker.owner, cancel=token):
                worker.turnEvent.emit(tag, e)
                ended = ended or isinstance(e, ev.TurnEnded)
        except Exception:
            log.exception("selection action crashed")
        finally:
            if not ended:
                worker.turnEvent.emit(tag, ev.TurnEnded("", 0, ok=False, elapsed_ms=0.0))
            worker._forget(tag)


class SelectionFlow(QObject):
    """Wires the second hotkey, the panel in the popup, the worker and Copia / Sostituisci."""

    _run = Signal(str, object)  # to SelectionWorker.run, queued onto the engine's thread
    opened = Signal(float)  # ms from the hotkey to the popup shown with the text (benchmarks, tests)

    def __init__(self, desk: DeskApp):
        super().__init__(desk)
        self.desk = desk
        self.popup = desk.popup
        self.grabber = SelectionGrabber(lambda: desk.config)
        self.hotkey = GlobalHotkey(str(desk.config.hotkey.selection_sequence), self)
        self.hotkey.activated.connect(self.from_hotkey)
        self.hotkey_problem: str | None = None
        self.panel = SelectionPanel(self.popup)
        self.answer_row = AnswerRow(self.popup)
        self.popup.above.addWidget(self.panel)
        self.popup.below.addWidget(self.answer_row)
        self.panel.actionChosen.connect(self.choose)
        self.panel.clipboardChosen.connect(self.use_clipboard)
        self.answer_row.copyChosen.connect(self.copy_answer)
        self.answer_row.replaceChosen.connect(self.replace)
        self.popup.input.installEventFilter(DigitKeys(self.panel, self.popup.input))
        self.popup.installEventFilter(self)
        self.worker = SelectionWorker(desk.host)
        self.worker.moveToThread(desk.host.engine_thread)
        self._run.connect(self.worker.run)
        desk.host.worker.turnEvent.connect(self._on_event)
        self.grabbed: Grabbed | None = None
        self.text = ""
        self.tag: str | None = None
        self.answers: dict[str, str] = {}
        self._preread: CancelToken | None = None
        self.active = False
        self._keep = False  # the popup hides for a paste: the selection stays

    # -- the hotkey ----------------------------------------------------------------------------------
    def register(self) -> str | None:
        cfg = self.desk.config.hotkey
        self.hotkey.stop()
        self.hotkey.sequence = str(cfg.selection_sequence)
        if not (cfg.enabled and cfg.selection_enabled):
            return None
        self.hotkey_problem = self.hotkey.start()
        if self.hotkey_problem:
            log.warning("selection hotkey not registered: %s", self.hotkey_problem)
        return self.hotkey_problem

    @Slot()
    def from_hotkey(self) -> Grabbed:
        """Take the selection now and open the popup with it."""
        t0 = time.perf_counter()
        grabbed = self.grabber.grab()
        self.open(grabbed)
        ms = (time.perf_counter() - t0) * 1000
        self.opened.emit(ms)
        return grabbed

    def open(self, grabbed: Grabbed) -> None:
        self.grabbed = grabbed
        self.active = True
        self._leave_answer()
        self._clear_exchange()
        self.popup.send_hook = self.ask
        self.popup.input.clear()
        if grabbed.text.strip():
            self._show(grabbed.text)
        else:
            self.text = ""
            self.panel.show_nothing(self.grabber.clipboard_text(),
                                    to_qt_sequence(str(self.desk.config.hotkey.selection_sequence)))
        self.popup.input.setPlaceholderText(self.tr("Ask something about this text…"))
        self.popup.show_centered()

    def _clear_exchange(self) -> None:
        """The popup's previous exchange leaves it: a running one goes on in the chat, a finished one is already
        there."""
        view = self.popup.view
        if view is None:
            return
        if view.running and self.popup.tag and not self.popup.tag.startswith("selection-"):
            self.desk.expand_popup(show=False)
        else:
            self.popup.detach()

    def _show(self, text: str) -> None:
        self.text = text
        self.panel.show_text(text)
        self._read_ahead(text)

    @Slot()
    def use_clipboard(self) -> None:
        text = self.grabber.clipboard_text()
        if text.strip():
            if self.grabbed is not None:
                self.grabbed.source = "clipboard"
            self._show(text)
            self.popup._fit()

    def _read_ahead(self, text: str) -> None:
        if self._preread is not None:
            self._preread.cancel()
        self._preread = None
        engine = self.desk.host.engine
        if engine is None:
            return
        from app.engine.selection import preread

        self._preread = preread(engine, text, current_language())

    # -- running an action -----------------------------------------------------------------------------
    def request(self, action: str, style: str = "") -> SelectionRequest:
        return SelectionRequest(action, self.text, lang=current_language(), style=style or None)

    @Slot(str, str)
    def choose(self, action: str, style: str = "") -> str | None:
        if not self.text:
            return None
        return self.submit(self.request(action, style or ("formal" if action == "rewrite" else "")))

    def ask(self, words: str) -> bool:
        """Enter in the free box: the action the words ask for ("traduci in tedesco"), or a question."""
        if not self.active:
            return False
        if not self.text:  # nothing selected: the words are a request like any other
            self.leave()
            return False
        self.submit(from_words(words, self.text, current_language()))
        return True

    def submit(self, req: SelectionRequest) -> str:
        if self._preread is not None:
            self._preread = None  # it ran first on the model's thread, or is running: the action continues it
        host = self.desk.host
        prev = self.popup.tag
        if prev is not None and prev.startswith("selection-") and host.is_busy(prev):
            host.cancel(prev)
        tag = host.new_tag("selection")
        self.tag = tag
        shown = req.words if req.action == "ask" and req.words else label(req.action, req.lang, req.style)
        self.desk._texts[tag] = shown
        host.worker.token_for(tag)
        host._busy.add(tag)
        self.popup.begin(tag, shown)
        self.answer_row.setVisible(True)
        self.answer_row.ready(False)
        self.answer_row.say("")
        self._run.emit(tag, req)
        return tag

    @Slot(str, object)
    def _on_event(self, tag: str, e: ev.Event) -> None:
        if not tag.startswith("selection-"):
            return
        if isinstance(e, ev.Answer):
            self.answers[tag] = e.text
        if isinstance(e, ev.TurnEnded) and tag == self.tag:
            self.answer_row.ready(bool(self.answers.get(tag)) and e.ok)
            self.popup._fit()

    # -- the answer back ---------------------------------------------------------------------------------
    def answer(self) -> str:
        return self.answers.get(self.tag or "", "")

    @Slot()
    def copy_answer(self) -> None:
        text = self.answer()
        if text:
            self._clip(text)
            self.answer_row.say(self.tr("Copied."))

    def _clip(self, text: str) -> None:
        from PySide6.QtGui import QClipboard, QGuiApplication

        QGuiApplication.clipboard().setText(text, QClipboard.Mode.Clipboard)

    @Slot()
    def replace(self) -> bool:
        """The answer on the clipboard, and pasted over the selection where keys can be sent."""
        text = self.answer()
        if not text:
            return False
        window = self.grabbed.window if self.grabbed is not None else None
        keys = to_qt_sequence(str(self.desk.config.hotkey.paste_keys or "<ctrl>+v"))
        if self.grabbed is None or self.grabbed.source == "clipboard" or not self.grabber.can_paste(window):
            self._clip(text)
            self.answer_row.say(self.tr("Copied: paste it with %1").replace("%1", keys))
            return False
        self._keep = True
        try:
            self.popup.hide()
            pasted = self.grabber.paste_back(text, window)
        finally:
            self._keep = False
        if pasted:
            self.leave()
        else:
            self.popup.show_centered()
            self.answer_row.say(self.tr("Copied: paste it with %1").replace("%1", keys))
        return pasted

    # -- leaving --------------------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, e: QEvent) -> bool:  # noqa: N802
        if watched is self.popup and e.type() == QEvent.Type.Hide and self.active and not self._keep:
            self.leave()
        return False

    def leave(self) -> None:
        """The popup closed (or a plain question came): no panel, no read-ahead."""
        if self._preread is not None:
            self._preread.cancel()
            self._preread = None
        self.active = False
        self.popup.send_hook = None
        self.panel.setVisible(False)
        self._leave_answer()
        self.popup.retranslate()  # the question box's own placeholder again

    def _leave_answer(self) -> None:
        self.answer_row.setVisible(False)
        self.answer_row.say("")

    def shutdown(self) -> None:
        self.hotkey.stop()
        if self._preread is not None:
            self._preread.cancel()


__all__ = ["SelectionFlow", "SelectionWorker"]
