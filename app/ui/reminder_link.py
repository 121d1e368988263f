"""The reminders as the GUI sees them: RemindersPlugin's firings and changes on the GUI thread, its actions off it.

RemindersPlugin calls its listeners on the reminders' thread (a firing) or on whatever thread made a change (a
turn on the engine thread, the loop, this module's own tasks), and a widget may only be touched on the GUI
thread. `RemindersLink` is the app's one listener, like DocsLink for the documents:

* every firing crosses to the GUI thread through a queued signal, one by one (each is a reminder to show: none
  may be merged away, unlike progress);
* changes are coalesced — one queued wake-up however many changes came meanwhile — since the page only needs
  to re-read the list once;
* Fatto / Rimanda / edit / delete run on a short background task: the store is encrypted and behind a lock the
  reminders' loop also takes, and the first use may wait on the keyring; a failure comes back as words.

The sentences shown for reminders (the card, the page) live in the message catalogue as `desk.reminders.*`,
Italian and English with their plurals, next to the `reminders.*` ones the dates are made of.
"""
from __future__ import annotations

import logging
import threading
from datetime import datetime, timezone
from typing import Any, Callable

from PySide6.QtCore import QObject, Qt, Signal, Slot

from app.lang.messages import Message, register, render_message
from app.reminders import SNOOZE_MINUTES, Firing, Reminder, words, zone

from .background import Task
from .i18n import current_language
from .widgets import display_text

log = logging.getLogger(__name__)

register({
    "desk.reminders.done": {"it": "Fatto", "en": "Done"},
    "desk.reminders.snooze": {"it": "Rimanda {n} min", "en": "Snooze {n} min"},
    "desk.reminders.open": {"it": "Apri", "en": "Open"},
    "desk.reminders.card_title": {"it": "Promemoria", "en": "Reminder"},
    "desk.reminders.due": {"it": "Per {when}", "en": "Due {when}"},
    "desk.reminders.late": {"it": "In ritardo: era per {when}", "en": "Late: it was due {when}"},
    "desk.reminders.tab_facts": {"it": "Fatti", "en": "Facts"},
    "desk.reminders.tab": {"it": "Promemoria", "en": "Reminders"},
    "desk.reminders.col_when": {"it": "Quando", "en": "When"},
    "desk.reminders.col_repeat": {"it": "Ripetizione", "en": "Repeats"},
    "desk.reminders.col_text": {"it": "Promemoria", "en": "Reminder"},
    "desk.reminders.once": {"it": "una volta", "en": "once"},
    "desk.reminders.edit": {"it": "Modifica…", "en": "Edit…"},
    "desk.reminders.delete": {"it": "Elimina", "en": "Delete"},
    "desk.reminders.count": {"it": {"one": "{n} promemoria in programma", "other": "{n} promemoria in programma"},
                             "en": {"one": "{n} upcoming reminder", "other": "{n} upcoming reminders"}},
    "desk.reminders.none": {"it": "Nessun promemoria in programma. Chiedi per esempio «ricordami domani alle 9 di "
                                  "pagare l'F24».",
                            "en": "No upcoming reminders. Ask for example \u201cremind me tomorrow at 9 to pay "
                                  "the bill\u201d."},
    "desk.reminders.opening": {"it": "Apro i promemoria…", "en": "Opening the reminders…"},
    "desk.reminders.unavailable": {"it": "I promemoria non sono disponibili: {reason}",
                                   "en": "Reminders are not available: {reason}"},
    "desk.reminders.not_started": {"it": "L'assistente si sta avviando: i promemoria arrivano tra poco.",
                                   "en": "The assistant is starting: the reminders will be here shortly."},
    "desk.reminders.edit_title": {"it": "Modifica il promemoria", "en": "Edit the reminder"},
    "desk.reminders.edit_text": {"it": "Promemoria:", "en": "Reminder:"},
    "desk.reminders.edit_when": {"it": "Quando:", "en": "When:"},
    "desk.reminders.edit_time": {"it": "Ora ({rule}):", "en": "Time ({rule}):"},
    "desk.reminders.delete_ask": {"it": {"one": "Eliminare il promemoria «{text}»?",
                                         "other": "Eliminare {n} promemoria?"},
                                  "en": {"one": "Delete the reminder \u201c{text}\u201d?",
                                         "other": "Delete {n} reminders?"}},
    "desk.reminders.failed": {"it": "Non sono riuscito a cambiare il promemoria: {reason}",
                              "en": "The reminder could not be changed: {reason}"},
})


def say_ui(key: str | Message, **params: Any) -> str:
    """A catalogue sentence in the UI language now installed (the reminder's own language is for the chat)."""
    m = key if isinstance(key, Message) else Message(key, **params)
    return render_message(m, current_language())


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def firing_title(f: Firing) -> str:
    """"Promemoria: chiamare Marco"."""
    return say_ui("reminders.notification", text=words.what(f.reminder))


def firing_body(f: Firing, now: datetime) -> str:
    """"Per oggi, mercoledì 2 dicembre, alle 15:00", or "In ritardo: era per …" when the app was closed then."""
    when = words.when(f.at, zone(f.reminder.tz), now)
    return say_ui("desk.reminders.late" if f.late else "desk.reminders.due", when=when)


def snooze_label() -> str:
    return say_ui("desk.reminders.snooze", n=SNOOZE_MINUTES)


class RemindersLink(QObject):
    """The app's one listener on RemindersPlugin. `fired(Firing)` and `changed()` arrive on the GUI thread;
    `failed(str)` says, in the UI language, why an action did not happen."""

    fired = Signal(object)
    changed = Signal()
    failed = Signal(str)
    attached = Signal()
    _firing = Signal(object)
    _wake = Signal()

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.plugin: Any = None
        self._stops: list[Callable[[], Any]] = []
        self._lock = threading.Lock()
        self._waking = False
        self._tasks: set[Task] = set()
        self._firing.connect(self.fired, Qt.ConnectionType.QueuedConnection)
        self._wake.connect(self._deliver_change, Qt.ConnectionType.QueuedConnection)

    # -- listening -------------------------------------------------------------------------------------------
    def attach(self, engine: Any) -> bool:
        """Listen to the engine's RemindersPlugin. Call it before `engine.start_background()`; any thread (the
        firings kept while nobody listened are handed over at once, and cross to the GUI thread queued)."""
        for p in getattr(engine, "plugins", None) or []:
            if getattr(p, "name", "") == "reminders" and hasattr(p, "subscribe"):
                return self.attach_plugin(p)
        return False

    def attach_plugin(self, plugin: Any) -> bool:
        self.detach()
        self.plugin = plugin
        self._stops = [plugin.on_change(self.touch), plugin.subscribe(self.listen)]
        self.attached.emit()  # queued to the page when attached on the engine thread: it loads the list
        return True

    def detach(self) -> None:
        stops, self._stops, self.plugin = self._stops, [], None
        for stop in stops:
            try:
                stop()
            except Exception:
                log.debug("reminders listener already gone", exc_info=True)

    def listen(self, f: Firing) -> None:
        """RemindersPlugin's listener: any thread, never blocks on the GUI."""
        self._firing.emit(f)

    def touch(self) -> None:
        """RemindersPlugin's change listener: any thread; at most one wake-up pending."""
        with self._lock:
            if self._waking:
                return
            self._waking = True
        self._wake.emit()

    @Slot()
    def _deliver_change(self) -> None:
        with self._lock:
            self._waking = False
        self.changed.emit()

    def now(self) -> datetime:
        """The plugin's clock (a test moves it by hand), for "oggi" / "domani" in the words."""
        clock = getattr(self.plugin, "clock", None)
        return clock() if callable(clock) else datetime.now(timezone.utc)

    # -- acting ----------------------------------------------------------------------------------------------
    def run(self, fn: Callable[[Any], Any], ok: Callable[[Any], None] | None = None,
            bad: Callable[[Exception], None] | None = None) -> bool:
        """`fn(plugin)` on a background task; `ok(result)` or `bad(error)` on the GUI thread (by default a
        failure is said through `failed`). False when there is no plugin yet."""
        plugin = self.plugin
        if plugin is None:
            return False
        task = Task(lambda: fn(plugin), self)
        self._tasks.add(task)

        def finish(*_: Any) -> None:
            self._tasks.discard(task)
            task.deleteLater()

        if ok is not None:
            task.done.connect(ok)
        task.failed.connect(bad or (lambda e: self.failed.emit(say_ui("desk.reminders.failed",
                                                                       reason=display_text(e)))))
        task.done.connect(finish)
        task.failed.connect(finish)
        task.start()
        return True

    def done(self, rid: int) -> bool:
        return self.run(lambda p: p.done(rid))

    def snooze(self, rid: int, minutes: int = SNOOZE_MINUTES) -> bool:
        return self.run(lambda p: p.snooze(rid, minutes))

    def cancel(self, rid: int) -> bool:
        return self.run(lambda p: p.cancel(rid))

    def edit(self, rid: int, **changes: Any) -> bool:
        """`changes`: text=, at= (naive local wall time), repeat= — as RemindersPlugin.edit takes them."""
        return self.run(lambda p: p.edit(rid, **changes))

    def pending(self, ok: Callable[[list[Reminder]], None], bad: Callable[[Exception], None]) -> bool:
        return self.run(lambda p: p.pending(), ok, bad)
