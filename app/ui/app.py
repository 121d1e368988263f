"""The desktop app: wires tray, popup, chat, memory, settings, hotkey and the engine worker.

`DeskApp` is built on the GUI thread with a QApplication already present;
everything slow (engine construction, models, memory unlock) happens off it.
"""
from __future__ import annotations

import json
import logging
import time
from typing import Any, Callable

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QApplication

from app.config import ConfigChange, ConfigManager, paths
from app.turn import events as ev

from . import autostart
from .chat import ChatWindow
from .chime import Chime
from .config_feedback import explain
from .conversations import Conversations
from .docs_progress import DocsLink
from .file_open import FileFallback, FileOpener
from .hotkey import GlobalHotkey
from .i18n import Translations
from .popup import QuickPopup
from .prefs import prefs
from .reminder_card import ReminderAlerts
from .reminder_link import RemindersLink
from .selection_flow import SelectionFlow
from .settings_fields import to_qt_sequence
from .system_notify import SystemNotifications
from .tray import Tray, app_icon
from .worker import ApprovalAsked, EngineHost

log = logging.getLogger(__name__)

STATE_FILE = "ui-state.json"


class DeskApp(QObject):
    configChanged = Signal(object)  # ConfigChange, re-emitted on the GUI thread
    notified = Signal(str, str)  # title, text (also when there is no tray; tests and the bench listen)

    def __init__(self, manager: ConfigManager | None = None, engine_factory: Callable[[], Any] | None = None, *,
                 use_tray: bool = True, use_hotkey: bool = True, preload: bool = True, watch: bool = True,
                 owner: str = "local", system_notifications: bool | None = None):
        super().__init__()
        qapp = QApplication.instance()
        assert isinstance(qapp, QApplication), "create the QApplication first"
        self.qapp: QApplication = qapp
        self.manager = manager or ConfigManager()
        self.use_tray, self.use_hotkey, self.watch = use_tray, use_hotkey, watch
        self.translations = Translations()
        self.translations.install(self.config.ui.language)
        prefs().set_details(bool(self.config.ui.show_details))
        self.icon = app_icon()
        self.qapp.setWindowIcon(self.icon)
        if engine_factory is None:
            from .background import GuiAsk

            self._ask_secret = GuiAsk()  # created here, on the GUI thread; callable from the engine thread

            def engine_factory() -> Any:
                from app.engine.engine import Engine

                engine = Engine(self.manager)
                engine.ask_secret = self._ask_secret  # passphrase-mode memory can be unlocked from the app
                if self.watch:
                    self.docs.attach(engine)  # before the watcher starts: its first pass reports at once
                    self.reminders.attach(engine)  # before the loop starts: reminders due meanwhile come first
                    engine.start_background()  # the document folders' watcher (app/docs), paused during turns
                return engine
        self.host = EngineHost(engine_factory, owner=owner, preload=preload, parent=self)
        self.docs = DocsLink(self)  # the document index's progress, on this thread (tray tooltip, settings page)
        self.reminders = RemindersLink(self)  # firings and changes on this thread; Fatto / Rimanda off it
        # a reminder rings as a card with the buttons, plus the desktop's notification (with the same buttons) where
        # there is a service, else the tray's message; the sound follows reminders.sound, read at each ring
        use_system = use_tray if system_notifications is None else system_notifications
        self.system_notifications = SystemNotifications(self) if use_system else None
        self.chime = Chime(lambda: bool(self.config.get("reminders.sound")), self)
        self.alerts = ReminderAlerts(self.reminders, self.notify, self, system=self.system_notifications,
                                     chime=self.chime)
        self.alerts.openRequested.connect(self.show_reminders)
        self.popup = QuickPopup()
        self.chat = ChatWindow(self.icon)
        self.conversations = Conversations(
            self.chat, lambda: getattr(self.host.engine, "journal", None),
            lambda conv: self.host.engine.forget_session(conv, owner),
            lambda: self.config.get("history.new_after_minutes"), owner=owner, parent=self, cancel=self.host.cancel)
        self.tray: Tray | None = Tray(self.config.ui.theme, self) if use_tray else None
        self.tray_visible = False
        self.hotkey = GlobalHotkey(self.config.hotkey.sequence, self)
        self.hotkey_problem: str | None = None
        self.memory_window: Any = None
        self.settings_dialog: Any = None
        self.about_dialog: Any = None
        self.file_fallback: FileFallback | None = None
        self.opener = FileOpener(self)
        self.opener.failed.connect(self._no_editor)
        self._config_broken = False
        self._started: dict[str, float] = {}
        self._answers: dict[str, str] = {}
        self._texts: dict[str, str] = {}
        self._in_chat: set[str] = set()
        self._answered: set[str] = set()  # tags over for the person whose TurnEnded has not come yet
        self._loading: dict[str, float] = {}
        self._unsubscribe = self.manager.subscribe(self.configChanged.emit)
        self._wire()
        self.selection = SelectionFlow(self)  # the second hotkey: act on the selected text

    @property
    def config(self) -> Any:
        return self.manager.config

    # -- wiring -----------------------------------------------------------------------------
    def _wire(self) -> None:
        w = self.host.worker
        w.turnEvent.connect(self._on_event)
        w.progress.connect(self._on_progress)
        w.modelsLoaded.connect(self._on_models_loaded)
        w.ready.connect(self._on_ready)
        w.historyLoaded.connect(self.conversations.started)
        self.popup.submitted.connect(self.ask_from_popup)
        self.popup.expandRequested.connect(self.expand_popup)
        self.popup.cancelRequested.connect(self.host.cancel)
        self.popup.approval.connect(self.host.resolve)
        self.chat.submitted.connect(self.ask_from_chat)
        self.popup.examples_wanted = self._no_turn_yet  # the first-start card, in the popup too
        self.chat.first_start.wanted.connect(self.popup.show_examples)
        self.popup.show_examples()
        self.chat.cancelRequested.connect(self.host.cancel)
        self.chat.approval.connect(self.host.resolve)
        self.chat.turnWanted.connect(lambda tag: self.conversations.open(self.conversations.conversation_of(tag)))
        self.hotkey.activated.connect(self.toggle_popup)
        self.configChanged.connect(self._on_config)
        if self.tray is not None:
            t = self.tray
            t.quickQuery.connect(self.toggle_popup)
            t.openChat.connect(self.show_chat)
            t.newConversation.connect(self.new_conversation)
            t.openMemory.connect(self.show_memory)
            t.openSettings.connect(self.show_settings)
            t.editSettingsFile.connect(self.edit_settings_file)
            t.autostartToggled.connect(self.set_autostart)
            t.pauseToggled.connect(self.set_pause_learning)
            t.about.connect(self.show_about)
            t.quit.connect(self.quit)
            self.docs.line.connect(t.set_activity)

    def _no_turn_yet(self) -> bool:
        """A first start: the chat shows no turn and lists no conversation (an empty new conversation beside older
        ones shows the requests to try in the chat window, not in the popup each time it opens)."""
        side = self.chat.sidebar
        return self.chat.first_start.is_wanted() and not side.titles() and not side.search.text().strip()

    def start(self) -> "DeskApp":
        """Tray first (the engine thread's imports would compete for the GIL), then the engine, hotkey, watcher."""
        if self.tray is not None:
            self.tray.set_checks(autostart.is_enabled(), bool(self.config.ui.pause_learning))
            self.tray.set_status(self.tr("Starting…"))
            self.tray_visible = self.tray.show()
        if self.tray is not None and not self.tray_visible:
            # No tray to come back to (e.g. GNOME without the AppIndicator extension): the chat window
            # is the app, its menu bar carries the tray menu, and closing it quits.
            self.tray.menu.setTitle("Metnos")
            self.chat.menuBar().addMenu(self.tray.menu)
            self.chat.closeEvent = lambda e: self.quit()  # type: ignore[method-assign]
            self.show_chat()
        self.host.start()
        if self.use_hotkey and self.config.hotkey.enabled:
            self._register_hotkey()
        if self.use_hotkey:
            self._register_selection_hotkey()
        if self.watch:
            self.manager.watch()
        if self.manager.errors:
            self._config_problem(self.manager.errors)
        return self

    # -- actions -------------------------------------------------------------------------------
    @Slot()
    def toggle_popup(self) -> None:
        self.popup.toggle()

    @Slot()
    def show_popup(self) -> None:
        self.popup.show_centered()

    @Slot()
    def show_chat(self) -> None:
        self.chat.show_raised()

    @Slot()
    def new_conversation(self) -> None:
        self.conversations.new()
        self.show_chat()

    def command(self, cmd: str, text: str) -> None:
        """From the single-instance socket (`metnos --toggle|--show|--ask`)."""
        if cmd == "toggle":
            self.toggle_popup()
        elif cmd == "show":
            self.show_chat()
        elif cmd == "ask":
            self.popup.show_centered()
            self.popup.input.setText(text)
            self.ask_from_popup(text)

    def _expire_offers(self) -> None:
        """A new request: an offer an earlier answer made lapses (the engine takes only the request right after
        it as its answer), so its Yes / No buttons go, in the popup and in the chat."""
        if self.popup.view is not None:
            self.popup.view.expire_offer()
        self.chat.expire_offers()

    @Slot(str)
    def ask_from_popup(self, text: str) -> str:
        self._expire_offers()
        prev = self.popup.tag
        if prev is not None and self.host.is_busy(prev) and prev not in self._in_chat:
            self.expand_popup(show=False)  # the running exchange continues in the chat window
        tag = self.host.new_tag("popup")
        self._texts[tag] = text
        conv = self.conversations.for_popup()  # the current one, or a fresh one after a quiet while
        self.conversations.submitted(tag, conv)
        self.popup.begin(tag, text)
        self.host.submit(tag, text, conv)
        return tag

    @Slot(str)
    def ask_from_chat(self, text: str) -> str:
        self._expire_offers()
        tag = self.host.new_tag("chat")
        self._texts[tag] = text
        self._in_chat.add(tag)
        conv = self.conversations.for_chat()
        self.conversations.submitted(tag, conv)
        self.chat.begin(tag, text)
        self.host.submit(tag, text, conv)
        return tag

    @Slot()
    def expand_popup(self, show: bool = True) -> None:
        tag = self.popup.tag
        if tag is not None and not self.conversations.shows(tag):  # the chat shows another one: open the popup's
            self.conversations.open(self.conversations.conversation_of(tag))
        if tag is not None and tag in self._in_chat:
            self.popup.detach()
        else:
            tag, text, events = self.popup.detach()
            if text:
                self.chat.adopt(tag, text, events)
                if tag is not None:
                    self._in_chat.add(tag)
        if show:
            self.popup.hide()
            self.show_chat()

    # -- engine events ------------------------------------------------------------------------------
    @Slot(str, object)
    def _on_event(self, tag: str, e: ev.Event) -> None:
        if isinstance(e, ApprovalAsked):
            self._on_approval(tag, e)
            return
        self.popup.on_event(tag, e)
        self.chat.on_event(tag, e)
        if isinstance(e, ev.TurnStarted):
            self._started[tag] = time.monotonic()
            self._set_busy()
        elif isinstance(e, ev.Answer):
            self._answers[tag] = e.text
        elif isinstance(e, ev.TurnAnswered) or (isinstance(e, ev.TurnEnded) and tag not in self._answered):
            self._answered.add(tag)
            self._turn_ended(tag, e)
        if isinstance(e, ev.TurnEnded):
            self._answered.discard(tag)
            # the list shows a first request's conversation once the history has it all (read at the answer, it
            # took the history's lock just when the work after the answer writes the turn, and delayed its end)
            self.conversations.ended(tag)

    def _turn_ended(self, tag: str, e: ev.TurnAnswered | ev.TurnEnded) -> None:
        """The turn is over for the person (its answer is out): not busy any more, kept in the conversation, and
        announced when nobody was looking. The work after the answer may still run; it shows nowhere."""
        self._started.pop(tag, None)
        self._set_busy()
        visible = (self.popup.isVisible() and tag == self.popup.tag) or (self.chat.isVisible() and tag in self._in_chat)
        if tag == self.popup.tag and tag not in self._in_chat and self.popup.view is not None \
                and self.conversations.shows(tag):
            self.chat.adopt(None, self.popup.text, self.popup.view.events)  # keep it in the conversation
            self._in_chat.add(tag)
        limit = float(self.config.ui.notify_after_s)
        answer = self._answers.pop(tag, "")
        text = self._texts.pop(tag, "")
        if not visible and e.elapsed_ms / 1000 >= limit:
            body = answer or (self.tr("Finished.") if e.ok else self.tr("Finished without an answer."))
            self.notify(self.tr("Metnos answered: %1").replace("%1", text[:60]), body[:300])

    def _set_busy(self) -> None:
        if self.tray is not None:
            self.tray.set_busy(bool(self._started))

    def _on_approval(self, tag: str, e: ApprovalAsked) -> None:
        """Show the card where the exchange is; with no view to ask in, the answer is no."""
        if self.popup.on_event(tag, e):
            if not self.popup.isVisible():
                self.popup.show_centered()
        elif self.chat.on_event(tag, e):
            if not self.chat.isVisible():
                self.show_chat()
        else:
            log.warning("approval with no view to show it in; denied")
            self.host.resolve(e.approval_id, False)

    @Slot(bool, str)
    def _on_ready(self, ok: bool, problem: str) -> None:
        if not ok:
            msg = self.tr("The assistant could not start: %1").replace("%1", problem)
            self.notify(self.tr("Metnos Desk"), msg, warning=True)
            if self.tray is not None:
                self.tray.set_status(msg)
        elif self.tray is not None and not self._loading:
            self.tray.set_status(self.tr("Loading models…"))

    @Slot(str, float)
    def _on_progress(self, what: str, fraction: float) -> None:
        """One figure for the text and the bar: both models together ("Loading models: 50% (reasoning model)" over
        a bar at 50%), naming the one loading now."""
        self._loading[what] = max(0.0, min(1.0, float(fraction)))
        names = {"embedder": self.tr("search model"), "llm": self.tr("reasoning model")}
        models = ["embedder", "llm"] + [k for k in self._loading if k not in ("embedder", "llm")]
        done = sum(self._loading.get(k, 0.0) for k in models) / len(models)
        percent = int(done * 100)
        now = next((k for k in models if self._loading.get(k, 0.0) < 1.0), None)
        figure = f"{percent}%" + (f" ({names.get(now, now)})" if now is not None else "")
        text = self.tr("Loading models: %1").replace("%1", figure)
        if self.tray is not None:
            self.tray.set_status(text)
        self.chat.set_loading(text, percent / 100)

    @Slot(bool, str)
    def _on_models_loaded(self, ok: bool, problems: str) -> None:
        self.chat.set_loading("", None)
        if ok:
            status = self.tr("Ready")
        else:
            status = self.tr("Some models did not load; quick answers still work.") + "\n" + problems
            self.notify(self.tr("Metnos Desk"), status, warning=True)
        if self.tray is not None:
            self.tray.set_status(status)

    # -- configuration -------------------------------------------------------------------------------
    @Slot(object)
    def _on_config(self, change: ConfigChange) -> None:
        if change.errors:
            self._config_problem(change.errors)
            return
        if self._config_broken:
            self._config_broken = False
            self.notify(self.tr("runtime.toml applied"), self.tr("The settings file is valid again and in use."))
        keys = change.changed
        cfg = change.config
        if "ui.language" in keys:
            self.translations.install(cfg.ui.language)
        if "ui.show_details" in keys:
            prefs().set_details(bool(cfg.ui.show_details))
        if self.tray is not None:
            if "ui.theme" in keys:
                self.tray.set_theme(cfg.ui.theme)
            self.tray.set_checks(autostart.is_enabled(), bool(cfg.ui.pause_learning))
        if any(k.startswith("hotkey.") for k in keys) and self.use_hotkey:
            self.hotkey.stop()
            self.hotkey.sequence = cfg.hotkey.sequence
            if cfg.hotkey.enabled:
                self._register_hotkey()
            self._register_selection_hotkey()

    def _config_problem(self, errors: list[str]) -> None:
        self._config_broken = True
        body = "\n".join(explain(e) for e in errors[:5]) + "\n" + self.tr(
            "The previous settings stay in use. File: %1").replace("%1", str(self.manager.path))
        self.notify(self.tr("runtime.toml not applied"), body, warning=True)

    def _register_hotkey(self) -> None:
        problem = self.hotkey.start()
        self.hotkey_problem = problem
        if problem:
            log.warning("global hotkey not registered: %s", problem)
            self.notify_once(f"hotkey:{problem}", self.tr("Global hotkey unavailable"),
                             self.tr("%1 could not be registered: %2. Bind the command `metnos --toggle` to a "
                                     "shortcut in your desktop settings instead.")
                             .replace("%1", to_qt_sequence(self.config.hotkey.sequence)).replace("%2", problem))

    def _register_selection_hotkey(self) -> None:
        problem = self.selection.register()
        if problem:
            self.notify_once(f"selection-hotkey:{problem}", self.tr("Selection hotkey unavailable"),
                             self.tr("%1 could not be registered: %2. Copy the text and use the clipboard from the "
                                     "popup instead.").replace("%1", self.config.hotkey.selection_sequence)
                             .replace("%2", problem))

    def hotkey_note(self) -> str:
        if self.hotkey.active:  # as it is pressed ("Ctrl+Alt+Space"), not the listener's "<ctrl>+<alt>+<space>"
            return self.tr("Global hotkey: %1").replace("%1", to_qt_sequence(self.hotkey.sequence))
        return self.tr("Global hotkey unavailable (%1); use `metnos --toggle`.").replace(
            "%1", self.hotkey_problem or self.tr("disabled"))

    # -- tray menu ------------------------------------------------------------------------------------
    @Slot()
    def show_memory(self) -> None:
        from .memory_view import MemoryWindow

        if self.memory_window is None:
            models = getattr(self.host.engine, "models", None)
            self.memory_window = MemoryWindow(lambda: self.config, getattr(models, "embedder", None),
                                              reminders=self.reminders)
            self.memory_window.setWindowIcon(self.icon)
        self.memory_window.show()
        self.memory_window.raise_()
        self.memory_window.load()

    @Slot()
    def show_reminders(self) -> None:
        self.show_memory()
        self.memory_window.show_reminders()

    @Slot()
    def show_settings(self) -> None:
        from .settings_dialog import SettingsDialog

        if self.settings_dialog is None or not self.settings_dialog.isVisible():
            engine = self.host.engine
            forget: Callable[[], Any] | None = None
            if engine is not None and hasattr(engine, "forget_session"):
                forget = self.conversations.forget_all
            self.settings_dialog = SettingsDialog(self.manager, forget_history=forget, docs=self.docs)
            self.settings_dialog.setWindowIcon(self.icon)
        self.settings_dialog.show()
        self.settings_dialog.raise_()

    @Slot()
    def edit_settings_file(self) -> None:
        self.opener.open(self.manager.path)

    def _no_editor(self, path: str) -> None:
        """No editor opened: say so, with the path, a copy button and "open the folder"."""
        self.file_fallback = FileFallback(self.manager.path)
        self.file_fallback.setWindowIcon(self.icon)
        self.file_fallback.show()
        self.file_fallback.raise_()

    @Slot(bool)
    def set_autostart(self, on: bool) -> None:
        try:
            autostart.set_enabled(on)
        except autostart.AutostartError as e:
            self.notify(self.tr("Start at login"), str(e), warning=True)
        if self.tray is not None:
            self.tray.set_checks(autostart.is_enabled(), bool(self.config.ui.pause_learning))

    @Slot(bool)
    def set_pause_learning(self, on: bool) -> None:
        from app.config.toml_edit import SettingsWriteError, set_values

        try:
            set_values(self.manager.path, {"ui.pause_learning": on})
        except SettingsWriteError as e:
            self.notify(self.tr("Pause learning"), str(e), warning=True)
        self.manager.reload()
        if self.tray is not None:
            self.tray.set_checks(autostart.is_enabled(), bool(self.config.ui.pause_learning))

    @Slot()
    def show_about(self) -> None:
        from .about import AboutDialog

        self.about_dialog = AboutDialog(self.icon, self.hotkey_note())
        self.about_dialog.setWindowIcon(self.icon)
        self.about_dialog.show()

    # -- notifications ---------------------------------------------------------------------------------
    def notify(self, title: str, text: str, warning: bool = False) -> None:
        self.notified.emit(title, text)
        shown = self.tray.notify(title, text, warning) if self.tray is not None and self.tray_visible else False
        if not shown:
            log.warning("%s: %s", title, text) if warning else log.info("%s: %s", title, text)

    def notify_once(self, key: str, title: str, text: str) -> None:
        """Say it once ever (not at every start): remembered in the data folder."""
        path = paths.data_dir() / STATE_FILE
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            state = {}
        said = set(state.get("said", []))
        if key in said:
            log.info("%s: %s", title, text)
            return
        self.notify(title, text, warning=True)
        said.add(key)
        try:
            paths.ensure(path.parent)
            path.write_text(json.dumps({**state, "said": sorted(said)}), encoding="utf-8")
        except OSError:
            pass

    # -- quitting ----------------------------------------------------------------------------------------
    @Slot()
    def quit(self) -> None:
        self.shutdown()
        self.qapp.quit()

    def shutdown(self) -> None:
        self.hotkey.stop()
        self.selection.shutdown()
        self._unsubscribe()
        self.manager.close()
        self.host.shutdown()
        self.reminders.detach()
        self.alerts.close_all()
        if self.tray is not None:
            self.tray.hide()
        for w in (self.popup, self.chat, self.memory_window, self.settings_dialog, self.about_dialog,
                  self.file_fallback):
            if w is not None:
                w.hide()
