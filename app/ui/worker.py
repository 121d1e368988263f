"""EngineWorker: the engine behind Qt signals, on its own QThread.

Requests go in through `EngineHost.submit` (a queued slot, so turns run one
after another on the worker thread); everything about a turn comes out of one
channel, `turnEvent(tag, Event)`: the engine's events, plus `ApprovalAsked` /
`ApprovalSettled` for the approval cards, plus the worker's own `Error` and
`TurnEnded` when the engine is missing or crashes — so every view ends every
turn the same way. The GUI thread never waits:
cancelling and answering an approval are plain thread-safe calls, because
the worker thread is busy consuming the turn while they happen.

The `tag` is chosen by the caller (popup, chat) before the turn exists, so a
view knows which events are its own from the first one.

A turn is over for the person at `TurnAnswered`: from there the rest of its
events (the work after the answer, up to `TurnEnded`) are passed on by a small
thread of their own, and the worker takes the next request at once.
"""
from __future__ import annotations

import logging
import threading
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from app.lang.messages import say
from app.turn import events as ev
from app.turn.cancel import CancelToken, TurnCancelled

log = logging.getLogger(__name__)

EngineFactory = Callable[[], Any]


@dataclass(frozen=True)
class ApprovalAsked(ev.Event):
    """The engine waits for a yes or no: `request` says what would change; answer with `resolve(approval_id)`."""

    approval_id: str = ""
    request: ev.ApprovalNeeded | None = None
    type: ClassVar[str] = "ui_approval_asked"


@dataclass(frozen=True)
class ApprovalSettled(ev.Event):
    approval_id: str = ""
    decision: Any = False  # True, False or "always"
    type: ClassVar[str] = "ui_approval_settled"


@dataclass(frozen=True)
class WorkerError(ev.Error):
    """A failure the worker reports itself (no engine, a crash), already in the person's language."""

    type: ClassVar[str] = "error"


@dataclass
class _Pending:
    tag: str
    done: threading.Event = field(default_factory=threading.Event)
    decision: Any = False


class EngineWorker(QObject):
    """Lives on the worker QThread; owns the engine."""

    turnEvent = Signal(str, object)  # tag, app.turn.events.Event — the one channel for everything about a turn
    progress = Signal(str, float)  # what ("embedder", "llm"), fraction 0..1
    ready = Signal(bool, str)  # engine constructed?, problem
    modelsLoaded = Signal(bool, str)  # all loaded?, problems
    # the most recently used conversation's newest turns: list of {id, text, answer, level, ok, cancelled,
    # started_at, session, state, steps}
    historyLoaded = Signal(object)

    def __init__(self, engine_factory: EngineFactory, owner: str = "local", session: str = "desk",
                 preload: bool = True, history_limit: int = 50):
        super().__init__()
        self._factory = engine_factory
        self.owner = owner
        self.session = session
        self._preload_on_start = preload
        self._history_limit = history_limit
        self.engine: Any = None
        self._lock = threading.Lock()
        self._tokens: dict[str, CancelToken] = {}
        self._pending: dict[str, _Pending] = {}
        self._stopping = threading.Event()
        self._warm_cancel = CancelToken()  # the background preparation of the shared prompt parts
        self._asked = threading.Condition(self._lock)
        self._requests: dict[str, list[ev.ApprovalNeeded]] = {}  # tag -> ApprovalNeeded not yet paired
        self.preload_thread: threading.Thread | None = None
        self.after_threads: list[threading.Thread] = []  # passing on the events after an answer

    # -- on the worker thread --------------------------------------------------------
    @Slot()
    def start(self) -> None:
        """Build the engine, warm the router, send history; load models in the background."""
        try:
            self.engine = self._factory()
        except Exception as e:
            log.exception("engine could not start")
            self.ready.emit(False, f"{type(e).__name__}: {e}")
            return
        try:
            _ = self.engine.router  # phrase table and memo tables now, so the first L0 answer is instant
        except Exception:
            log.exception("router warm-up failed")
        self.ready.emit(True, "")
        self._send_history()
        if self._preload_on_start:
            self.preload_thread = threading.Thread(target=self._preload, name="metnos-preload", daemon=True)
            self.preload_thread.start()

    def _send_history(self) -> None:
        journal = getattr(self.engine, "journal", None)
        if journal is None:
            self.historyLoaded.emit([])
            return
        try:
            newest = journal.conversations(self.owner, 1)
            rows = journal.conversation(self.owner, newest[0]["id"], self._history_limit) if newest else []
        except Exception as e:
            log.warning("chat history not loaded: %s", e)
            rows = []
        self.historyLoaded.emit(rows)

    def _preload(self) -> None:
        models = self.engine.models
        models.progress.append(self._on_progress)
        problems: list[str] = []
        for what, load in (("embedder", models.embedder), ("llm", models.llm)):
            if self._stopping.is_set():
                return
            try:
                load()
                self.progress.emit(what, 1.0)
            except Exception as e:  # a missing model is reported, never fatal: L0 still answers
                log.warning("%s not loaded: %s", what, e)
                problems.append(f"{what}: {e}")
        if not self._stopping.is_set():
            self.modelsLoaded.emit(not problems, "\n".join(problems))
        if not problems and not self._stopping.is_set():
            try:  # the shared prompt parts: a first request no longer waits ~60 s for them
                self.engine.warm_prompts(self._warm_cancel)
            except TurnCancelled:
                pass
            except Exception as e:  # never fatal: the first turn evaluates them as before
                log.warning("prompt prefixes not prepared: %s", e)

    def _on_progress(self, what: str, fraction: float) -> None:
        if not self._stopping.is_set():
            self.progress.emit(what, float(fraction))

    @Slot(str, str, str)
    def run(self, tag: str, text: str, session: str = "") -> None:
        """One request in conversation `session` (the worker's own when empty)."""
        with self._lock:
            token = self._tokens.setdefault(tag, CancelToken())
        if self.engine is None:
            self._end_with_error(tag, text, QCoreApplication.translate(
                "EngineWorker", "The assistant could not start, so it cannot answer."),
                QCoreApplication.translate("EngineWorker", "Run `metnos doctor` in a terminal to see why."))
            return
        ended = False
        try:
            it = self.engine.run_turn(text, owner=self.owner, approve=lambda t, a, r: self._approve(tag, t, a, r),
                                      cancel=token, session=session or self.session)
            for e in it:
                if isinstance(e, ev.ApprovalNeeded):
                    with self._asked:
                        self._requests.setdefault(tag, []).append(e)
                        self._asked.notify_all()
                self.turnEvent.emit(tag, e)
                ended = ended or isinstance(e, ev.TurnEnded)
                if isinstance(e, ev.TurnAnswered) and not ended:
                    # over for the person: the rest comes on its own thread; this one takes the next request
                    rest = threading.Thread(target=self._pass_on, args=(tag, it, e.ok), daemon=True,
                                            name="metnos-ui-after-answer")
                    self.after_threads = [t for t in self.after_threads if t.is_alive()] + [rest]
                    rest.start()
                    ended = True
                    break
        except Exception as e:
            log.exception("turn crashed")
            if not ended:
                self._end_with_error(tag, text, QCoreApplication.translate(
                    "EngineWorker", "Something went wrong inside the assistant; this is a bug."),
                    QCoreApplication.translate("EngineWorker", "The log has the details: %1").replace(
                        "%1", f"{type(e).__name__}: {e}"), started=True)
                ended = True
        finally:
            if not ended:  # the engine always ends a turn; this is the belt to its braces
                self.turnEvent.emit(tag, ev.TurnEnded("", 0, ok=False, elapsed_ms=0.0))
            self._forget(tag)

    def _pass_on(self, tag: str, it: Any, ok: bool) -> None:
        """The events after a turn's answer (the work after it, up to TurnEnded), off the worker's thread."""
        ended = False
        try:
            for e in it:
                if not self._stopping.is_set():
                    self.turnEvent.emit(tag, e)
                ended = ended or isinstance(e, ev.TurnEnded)
        except Exception:
            log.exception("the work after an answer failed")
        if not ended and not self._stopping.is_set():
            self.turnEvent.emit(tag, ev.TurnEnded("", 0, ok=ok, elapsed_ms=0.0))

    def _end_with_error(self, tag: str, text: str, message: str, hint: str, started: bool = False) -> None:
        """A turn the engine could not run still starts, fails with a reason, and ends — like any other."""
        if not started:
            self.turnEvent.emit(tag, ev.TurnStarted("", 0, text=text[:500], owner=self.owner))
        self.turnEvent.emit(tag, WorkerError("", 0, message=message, hint=hint))
        self.turnEvent.emit(tag, ev.TurnEnded("", 0, ok=False, elapsed_ms=0.0))
        self._forget(tag)

    # -- called on the engine's turn thread ---------------------------------------------
    def _approve(self, tag: str, tool: str, args: dict[str, Any], risk: str) -> Any:
        """Block the engine's turn thread until the GUI decides (or the turn is cancelled)."""
        aid = uuid.uuid4().hex
        pend = _Pending(tag)
        with self._asked:
            self._pending[aid] = pend
            token = self._tokens.get(tag)
            # the ApprovalNeeded event (question, preview) was queued just before this call; pair them
            self._asked.wait_for(lambda: bool(self._requests.get(tag)), timeout=5.0)
            queued = self._requests.get(tag) or []
            request = queued.pop(0) if queued else ev.ApprovalNeeded(
                "", 0, tool=tool, args=dict(args), risk=risk, question=say("approval.generic", "en"))
        self.turnEvent.emit(tag, ApprovalAsked(request.turn_id, request.step, approval_id=aid, request=request))
        while not pend.done.wait(0.05):
            if self._stopping.is_set() or (token is not None and token.cancelled):
                pend.decision = False
                break
        with self._lock:
            self._pending.pop(aid, None)
        settled = ApprovalSettled(request.turn_id, request.step, approval_id=aid, decision=pend.decision)
        self.turnEvent.emit(tag, settled)
        return pend.decision

    # -- thread-safe, called from the GUI thread -----------------------------------------
    def token_for(self, tag: str) -> CancelToken:
        with self._lock:
            return self._tokens.setdefault(tag, CancelToken())

    def cancel(self, tag: str) -> bool:
        with self._lock:
            token = self._tokens.get(tag)
        if token is None:
            return False
        token.cancel()
        return True

    def resolve(self, approval_id: str, decision: Any) -> bool:
        """decision: True (approve), False (deny) or "always" (approve this tool for the turn)."""
        if decision not in (True, False, "always"):
            raise ValueError(f"approval decision must be True, False or 'always', got {decision!r}")
        with self._lock:
            pend = self._pending.get(approval_id)
        if pend is None:
            return False
        pend.decision = decision
        pend.done.set()
        return True

    def pending_approvals(self) -> list[str]:
        with self._lock:
            return list(self._pending)

    def stop(self) -> None:
        self._stopping.set()
        self._warm_cancel.cancel()
        with self._lock:
            tokens = list(self._tokens.values())
            pend = list(self._pending.values())
        for t in tokens:
            t.cancel()
        for p in pend:
            p.decision = False
            p.done.set()

    def _forget(self, tag: str) -> None:
        with self._lock:
            self._tokens.pop(tag, None)
            self._requests.pop(tag, None)


class EngineHost(QObject):
    """Owns the QThread and the worker; the GUI talks to this."""

    _run = Signal(str, str, str)

    def __init__(self, engine_factory: EngineFactory, owner: str = "local", session: str = "desk",
                 preload: bool = True, parent: QObject | None = None):
        super().__init__(parent)
        self.engine_thread = QThread()
        self.engine_thread.setObjectName("metnos-ui-engine")
        self.worker = EngineWorker(engine_factory, owner, session, preload)
        self.worker.moveToThread(self.engine_thread)
        self.engine_thread.started.connect(self.worker.start)
        self._run.connect(self.worker.run)
        self._busy: set[str] = set()
        self.worker.turnEvent.connect(self._on_event)

    def start(self) -> None:
        self.engine_thread.start()

    @Slot(str, object)
    def _on_event(self, tag: str, e: ev.Event) -> None:
        if isinstance(e, (ev.TurnAnswered, ev.TurnEnded)):
            self._busy.discard(tag)  # answered: a new request may go

    def new_tag(self, prefix: str = "turn") -> str:
        return f"{prefix}-{uuid.uuid4().hex[:12]}"

    def submit(self, tag: str, text: str, conversation: str = "") -> None:
        self.worker.token_for(tag)  # exists before the turn, so an early Cancel is honoured
        self._busy.add(tag)
        self._run.emit(tag, text, conversation)

    def is_busy(self, tag: str | None = None) -> bool:
        return bool(self._busy) if tag is None else tag in self._busy

    def cancel(self, tag: str) -> bool:
        return self.worker.cancel(tag)

    def resolve(self, approval_id: str, decision: Any) -> bool:
        return self.worker.resolve(approval_id, decision)

    @property
    def engine(self) -> Any:
        return self.worker.engine

    def shutdown(self, wait_ms: int = 5000) -> bool:
        """Cancel everything, stop the thread, close the engine. True when the thread ended in time."""
        self.worker.stop()
        self.engine_thread.quit()
        ended = self.engine_thread.wait(wait_ms)
        eng = self.worker.engine
        if eng is not None:
            try:
                eng.close()
            except Exception:
                log.exception("engine close failed")
        return bool(ended)
