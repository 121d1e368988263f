"""The desktop app: wires tray, popup, chat, hotkeys and the engine worker, and routes each turn's events to the
view that shows it (the popup, the chat window or both) and to the tray's busy mark.

`DeskApp` is built on the GUI thread with a QApplication already present;
everything slow (engine construction, models, memory unlock) happens off it.
Its parts in their own modules: the tray menu's windows and toggles (menu_actions.py), the start-up status
(load_status.py), the hotkeys' registration (hotkey_setup.py), the conversations (conversations.py), the
selected text's flow (selection_flow.py).
"""
from __future__ import annotations

import logging
import time
from typing import Any, Callable

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QApplication

from app.config import ConfigChange, ConfigManager
from app.turn import events as ev

from . import autostart
from .chat import ChatWindow
from .chime import Chime
from .config_feedback import explain
from .conversations import Conversations
from .docs_progress import DocsLink
from .first_tray import FirstTray
from .hotkey_setup import HotkeySetup
from .i18n import Translations
from .load_status import LoadStatus
from .menu_actions import MenuActions
from .popup import QuickPopup
from .prefs import prefs
from .reminder_card import ReminderAlerts
from .reminder_link import RemindersLink
from .selection_flow import SelectionFlow
from .system_notify import SystemNotifications
from .tray import Tray, app_icon
from .worker import ApprovalAsked, EngineHost

log = logging.getLogger(__name__)


class DeskApp(QObject):
    configChanged = Signal(object)  # ConfigChange, re-emitted on the GUI thread
    notified = Signal(str, str)  # title, text (also when there is no tray; tests and the bench listen)

    def __init__(self, manager: ConfigManager | None = None, engine_factory: Callable[[], Any] | None = None, *,
                 use_tray: bool = True, use_hotkey: bool = True, preload: bool = True, watch: bool = True,
                 owner: str = "local", system_notifications: bool | None = None, early: FirstTray | None = None):
        """`early`: the tray icon `metnos app` showed before importing this module (first_tray.py), adopted with
        its settings and translations."""
        super().__init__()
        qapp = QApplication.instance()
        assert isinstance(qapp, QApplication), "create the QApplication first"
        self.qapp: QApplication = qapp
        self.manager = manager or (early.manager if early is not None else ConfigManager())
        self.use_tray, self.use_hotkey, self.watch = use_tray, use_hotkey, watch
        self.translations = early.translations if early is not None else Translations()
        if early is None:
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
        self.menu = MenuActions(self)  # the tray menu's windows (memory, settings, about) and toggles
        self.alerts.openRequested.connect(self.menu.show_reminders)
        self.popup = QuickPopup()
        self.chat = ChatWindow(self.icon)
        self.conversations = Conversations(
            self.chat, lambda: getattr(self.host.engine, "journal", None),
            lambda conv: self.host.engine.forget_session(conv, owner),
            lambda: self.config.get("history.new_after_minutes"), owner=owner, parent=self, cancel=self.host.cancel)
        self.tray: Tray | None = Tray(self.config.ui.theme, self) if use_tray and early is None else None
        if early is not None and use_tray:
            self.tray = early.tray
            self.tray.setParent(self)
        self.tray_visible = False
        self.hotkeys = HotkeySetup(self)
        self.hotkey = self.hotkeys.hotkey  # the popup's (the selected text's is the SelectionFlow's)
        self.load_status = LoadStatus(self)
        self._config_broken = False
        self._started: dict[str, float] = {}
        self._answers: dict[str, str] = {}
        self._texts: dict[str, str] = {}
        self._in_chat: set[str] = set()
        self._answered: set[str] = set()  # tags over for the person whose TurnEnded has not come yet
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
        w.progress.connect(self.load_status.on_progress)
        w.modelsLoaded.connect(self.load_status.on_models_loaded)
        w.ready.connect(self.load_status.on_ready)
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
            m = self.menu
            t.openMemory.connect(m.show_memory)
            t.openSettings.connect(m.show_settings)
            t.editSettingsFile.connect(m.edit_settings_file)
            t.autostartToggled.connect(m.set_autostart)
            t.pauseToggled.connect(m.set_pause_learning)
            t.about.connect(m.show_about)
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
        if self.use_hotkey:
            self.hotkeys.start()
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
            self.hotkeys.apply(cfg)

    def _config_problem(self, errors: list[str]) -> None:
        self._config_broken = True
        body = "\n".join(explain(e) for e in errors[:5]) + "\n" + self.tr(
            "The previous settings stay in use. File: %1").replace("%1", str(self.manager.path))
        self.notify(self.tr("runtime.toml not applied"), body, warning=True)

    # -- notifications ---------------------------------------------------------------------------------
    def notify(self, title: str, text: str, warning: bool = False) -> None:
        self.notified.emit(title, text)
        shown = self.tray.notify(title, text, warning) if self.tray is not None and self.tray_visible else False
        if not shown:
            log.warning("%s: %s", title, text) if warning else log.info("%s: %s", title, text)

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
        for w in (self.popup, self.chat, *self.menu.windows()):
            w.hide()
