"""The start-up status a person sees: the engine could not start, the models loading, ready.

One figure for the text and the bar ("modello di ricerca 100%" over a bar at 50 % was two figures that
disagreed): both models together, naming the one loading now. Shown in the tray's tooltip and
the chat window's loading line; a failure is also said as a notification.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot

if TYPE_CHECKING:
    from .app import DeskApp

MODELS = ("embedder", "llm")  # the two the engine always loads; others it reports join them


class LoadStatus(QObject):
    """Follows the engine worker's `ready`, `progress` and `modelsLoaded` signals on the GUI thread."""

    def __init__(self, desk: DeskApp):
        super().__init__(desk)
        self.desk = desk
        self.loading: dict[str, float] = {}  # model → fraction loaded, as reported

    def _set_status(self, text: str) -> None:
        if self.desk.tray is not None:
            self.desk.tray.set_status(text)

    @Slot(bool, str)
    def on_ready(self, ok: bool, problem: str) -> None:
        if not ok:
            msg = self.tr("The assistant could not start: %1").replace("%1", problem)
            self.desk.notify(self.tr("Metnos Desk"), msg, warning=True)
            self._set_status(msg)
        elif not self.loading:
            self._set_status(self.tr("Loading models…"))

    @Slot(str, float)
    def on_progress(self, what: str, fraction: float) -> None:
        """One figure for the text and the bar: both models together ("Loading models: 50% (reasoning model)" over
        a bar at 50%), naming the one loading now."""
        self.loading[what] = max(0.0, min(1.0, float(fraction)))
        names = {"embedder": self.tr("search model"), "llm": self.tr("reasoning model")}
        models = list(MODELS) + [k for k in self.loading if k not in MODELS]
        done = sum(self.loading.get(k, 0.0) for k in models) / len(models)
        percent = int(done * 100)
        now = next((k for k in models if self.loading.get(k, 0.0) < 1.0), None)
        figure = f"{percent}%" + (f" ({names.get(now, now)})" if now is not None else "")
        text = self.tr("Loading models: %1").replace("%1", figure)
        self._set_status(text)
        self.desk.chat.set_loading(text, percent / 100)

    @Slot(bool, str)
    def on_models_loaded(self, ok: bool, problems: str) -> None:
        self.desk.chat.set_loading("", None)
        if ok:
            status = self.tr("Ready")
        else:
            status = self.tr("Some models did not load; quick answers still work.") + "\n" + problems
            self.desk.notify(self.tr("Metnos Desk"), status, warning=True)
        self._set_status(status)
