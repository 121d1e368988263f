"""The turn loop: normalize → router (L0/L1/L2) → planner (L3) → answer → learning.

Pure Python, no Qt. `run_turn` yields typed events; the work happens on one
engine-owned thread so the single llama.cpp context always has one owner,
whoever consumes the events (CLI, QThread worker, tests).

A turn is over for the person when its answer (or its error, or its cancellation) is out: the engine
emits `TurnAnswered` then, with the time to the answer, and the turn's thread is free for the next
request. What follows the answer runs after it, in order, off the turn's thread ("the work after the
answer": the plugins' `turn_ended`, the fast path's feedback and learning, the history, the storage
notice), and ends with `TurnEnded`. Folding a long chat's history into a summary uses the model, so it
stays on the turn's thread, right after the answer, and gives way at once to a request that arrives:
then the older exchanges are folded by rules only (the person's statements, word for word).

This module is the loop and its threads; each step of a turn lives in a module named for it: a reply to the
previous turn's offer (offers.py), the router's decision run or else the planner (dispatch.py), the answer said
(finish.py), the chat's history folded (history_fold.py), the work after the answer (after_answer.py).
"""
from __future__ import annotations

import logging
import queue
import threading
import time
import uuid
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, Iterator

from app.config import ConfigManager
from app.lang.capitals import unshouted
from app.lang.messages import say
from app.models.base import LLMError
from app.models.bundle import ModelError
from app.reminders.clock import Clock
from app.store import StoreError, vault
from app.store.keys import KeyUnavailable, PassphraseLocked
from app.tools.plugin import Plugin
from app.tools.registry import Approver, Registry
from app.tools.runner import TurnContext
from app.turn import events as ev
from app.turn.cancel import CancelToken, TurnCancelled
from app.turn.events import Turn
from app.turn.services import TurnServices

from . import messages as _messages  # noqa: F401  (registers the engine's sentences)
from .after_answer import Answered, after_answer
from .conversations import reopened
from .dispatch import route_and_answer
from .followup import FollowUps
from .history_fold import fold_history
from .model_loader import ModelLoader
from .offers import answer_offer, nothing_to_answer
from .open_each import SAID, open_each, opens_said
from .plugins import default_plugins, hidden_tools, plugin_tools, safe
from .turn_lang import conversation_lang

log = logging.getLogger(__name__)

MAX_REQUEST_CHARS = 20_000
CLOSE_WAIT_S = 5.0  # closing the engine waits this long for the work after the answers still queued
_DONE = object()


def deny_all(tool: str, args: dict[str, Any], risk: str) -> bool:
    return False


class Engine:
    def __init__(self, manager: ConfigManager | None = None, *, models: ModelLoader | None = None,
                 registry: Registry | None = None, planner: Any = None, router: Any = None,
                 journal: Any = None, plugins: list[Plugin] | None = None, clock: Clock | None = None):
        self.manager = manager or ConfigManager()
        self.models = models or ModelLoader(self.manager)
        if registry is None:
            from app.engine.catalog import build_registry

            registry = build_registry()
        self.registry = registry
        self._planner = planner
        self._router = router
        self._router_failed = False
        self._journal = journal
        # `clock`: the time the reminders read "oggi alle 16:30" by (a bench's fixed morning; the system's otherwise)
        self.plugins: list[Plugin] = plugins if plugins is not None else default_plugins(self, clock)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="metnos-engine")
        # the work after each answer, in the order the turns answered, never on the turn's thread
        self._after = ThreadPoolExecutor(max_workers=1, thread_name_prefix="metnos-after")
        self._idle_lock = threading.Lock()
        self._waiting = 0  # turns handed to the turn's thread and not started yet
        self._idle: CancelToken | None = None  # the model's after-answer work now running (a new turn cancels it)
        self._journal_lock = threading.Lock()
        self.history: dict[str, list[tuple[str, str]]] = {}
        # front ends set this to let a turn ask the user for a secret (the memory passphrase, opt-in mode)
        self.ask_secret: Callable[[str, bool], str] | None = None
        self._last_fast: dict[str, tuple[str, Any]] = {}  # owner -> (level, route) of its last turn
        self._told: set[str] = set()  # notices already given in this process
        self._offers: dict[str, ev.Offer] = {}  # owner -> the offer its last turn made (until its next request)
        self.followups = FollowUps()  # what each session's previous turn left to point at ("leggi il primo")
        vault.use_config(self.config, self._ask_passphrase)

    def _ask_passphrase(self, prompt: str, confirm: bool) -> str:
        if self.ask_secret is None:
            raise PassphraseLocked("passphrase mode is on and there is no way to ask for the passphrase here")
        return self.ask_secret(prompt, confirm)

    # -- lazily built parts ----------------------------------------------------------
    @property
    def config(self) -> Any:
        return self.manager.config

    @property
    def journal(self) -> Any:
        with self._journal_lock:  # the turn's thread, the work after an answer and the UI may ask first
            if self._journal is None:
                from .journal import Journal

                keep = float(getattr(getattr(self.config, "history", None), "keep_days", 0) or 0)
                try:
                    self._journal = Journal(keep_days=keep)
                except StoreError as e:  # no key, or a broken disk: this session's history lives in memory
                    log.log(logging.INFO if isinstance(e, KeyUnavailable) else logging.WARNING,
                            "history kept in memory only: %s", e)
                    try:
                        self._journal = Journal(Path(":memory:"))
                    except StoreError:
                        self._journal = False
        return self._journal or None

    @property
    def planner(self) -> Any:
        if self._planner is None:
            from app.planner import Planner

            self._planner = Planner(self.models)
        return self._planner

    @property
    def router(self) -> Any:
        if self._router is not None and not self._router.staged:
            self._give_stages(self._router)  # a router handed in (tests, benches) routes like a built one
        if self._router is None and not self._router_failed:
            try:
                from app.routing.router import build_router

                self._router = build_router(self)
                self._give_stages(self._router)
            except (ImportError, StoreError, ModelError) as e:
                log.warning("fast path unavailable: %s", e)
                self._router_failed = True
        return self._router

    # -- public API --------------------------------------------------------------------
    def run_turn(self, text: str, owner: str = "local", approve: Approver | None = None,
                 cancel: CancelToken | None = None, session: str = "") -> Iterator[ev.Event]:
        """Yield the turn's events as they happen, up to `TurnEnded` (after the work that follows the answer;
        a consumer may stop reading at `TurnAnswered`: that work goes on). Closing the iterator before the
        answer cancels the turn."""
        q: queue.Queue[Any] = queue.Queue()
        cancel = cancel or CancelToken()
        answered = threading.Event()

        def emit(e: ev.Event) -> None:
            if isinstance(e, ev.TurnAnswered):
                answered.set()
            q.put(e)

        def turn() -> None:
            with self._idle_lock:
                self._waiting -= 1
            done = self._answer(text, emit, owner, approve, cancel, session)
            folded = threading.Event()
            tail = self._after.submit(after_answer, self, done, folded)
            tail.add_done_callback(lambda _f: q.put(_DONE))
            try:
                fold_history(self, done)
            finally:
                folded.set()

        with self._idle_lock:
            self._waiting += 1
            if self._idle is not None:
                self._idle.cancel()  # the model's after-answer work gives way to this request
        fut = self._pool.submit(turn)
        fut.add_done_callback(lambda f: q.put(_DONE) if f.cancelled() or f.exception() else None)
        try:
            while True:
                item = q.get()
                if item is _DONE:
                    break
                yield item
        finally:
            if not answered.is_set():
                cancel.cancel()
            exc = fut.exception() if fut.done() and not fut.cancelled() else None
            if exc:
                log.error("turn crashed", exc_info=exc)

    def run_turn_sync(self, text: str, emit: Callable[[ev.Event], None], owner: str = "local",
                      approve: Approver | None = None, cancel: CancelToken | None = None,
                      session: str = "") -> Turn:
        """Run a whole turn on the calling thread, the work after the answer included, reporting through `emit`."""
        done = self._answer(text, emit, owner, approve, cancel, session)
        fold_history(self, done)
        after_answer(self, done)
        return done.ctx.turn

    def _answer(self, text: str, emit: Callable[[ev.Event], None], owner: str, approve: Approver | None,
                cancel: CancelToken | None, session: str) -> Answered:
        """The person's part of a turn, up to its answer (or error, or cancellation): ends with TurnAnswered."""
        cancel = cancel or CancelToken()
        t0 = time.perf_counter()
        started = time.time()
        ctx = self.make_context(text, emit, owner, approve, cancel)
        turn = ctx.turn
        if session:  # "thx man" after a conversation in English is English (turn_lang.py)
            turn.lang = conversation_lang(turn.text, (q for q, _ in self.history.get(session, [])))
        emit(ev.TurnStarted(turn.id, 0, text=turn.text[:500], owner=owner))
        self._record_start(turn, started, session)
        try:
            self._run(ctx, session)
        except TurnCancelled:
            turn.cancelled = True
            emit(ev.Cancelled(turn.id, ctx.next_step))
        except (LLMError, ModelError, StoreError) as e:
            log.warning("turn failed: %s", e)
            emit(ev.Error(turn.id, ctx.next_step, message=say("engine.model_failed", ctx.lang, error=e),
                          hint=say("engine.doctor_hint", ctx.lang)))
        except Exception as e:  # the turn ends cleanly whatever happened
            log.exception("turn failed")
            emit(ev.Error(turn.id, ctx.next_step, message=say("engine.internal", ctx.lang, kind=type(e).__name__,
                                                              error=e),
                          hint=say("engine.internal_hint", ctx.lang)))
        self.followups.ended(turn, session)  # the person's words back as the turn's text; what it left to point at
        elapsed = (time.perf_counter() - t0) * 1000
        emit(ev.TurnAnswered(turn.id, ctx.next_step, ok=turn.ok, elapsed_ms=elapsed))
        return Answered(ctx, session, started, elapsed, time.perf_counter())

    def make_context(self, text: str, emit: Callable[[ev.Event], None], owner: str = "local",
                     approve: Approver | None = None, cancel: CancelToken | None = None) -> TurnContext:
        """A turn's context with every service wired, nothing run yet (also for `metnos context`)."""
        turn = Turn(id=uuid.uuid4().hex, text=text if isinstance(text, str) else str(text), owner=owner)
        ctx = TurnContext(turn=turn, config=self.config, registry=self.registry, emit=emit,
                          approve=approve or deny_all, cancel=cancel or CancelToken(),
                          services=self.services_for(turn))
        self._attach_surface(ctx)
        ctx.services.extra_tools = lambda: plugin_tools(self.plugins, ctx)
        ctx.services.after_step = lambda step: [safe(p, "after_step", ctx, step) for p in self.plugins]
        return ctx

    def warm_prompts(self, cancel: CancelToken | None = None) -> dict[str, Any]:
        """Have the model hold the prompt parts every turn shares (planner/turn_inputs.warm_shared), so the
        first request after an install or an update does not wait for them. The app calls it in the
        background once the models are loaded; a request meanwhile waits for the model as it would anyway."""
        from app.planner.turn_inputs import warm_shared

        return warm_shared(self.make_context("", emit=lambda _e: None, cancel=cancel))

    def route_only(self, text: str, owner: str = "local") -> dict[str, Any]:
        """Decide without executing (`metnos route --json`): the same router, stages included, as a turn."""
        r = self.router
        if r is None:
            return {"level": "L3", "tool": None, "args": {}, "score": None, "reason": "fast path unavailable"}
        out: dict[str, Any] = r.explain(unshouted(text), owner=owner)
        return out

    def start_background(self) -> None:
        """The desktop app runs: the plugins start what keeps working between turns (the document watcher).
        A one-off command (`metnos ask`) never calls this."""
        for p in self.plugins:
            safe(p, "start_background")

    def close(self, wait_s: float = CLOSE_WAIT_S) -> None:
        """Stop taking turns; let the work after the answers already given finish (up to `wait_s`), then
        close the plugins."""
        self._pool.shutdown(wait=False, cancel_futures=True)
        with self._idle_lock:
            if self._idle is not None:
                self._idle.cancel()
        try:
            last: Future[None] = self._after.submit(lambda: None)  # runs after every queued one
            last.result(timeout=wait_s)
        except Exception:  # shut down already, or still busy: the history marks an unfinished turn
            log.warning("closing with work after an answer unfinished")
        self._after.shutdown(wait=False, cancel_futures=True)
        for p in self.plugins:
            safe(p, "close")

    # -- internals -----------------------------------------------------------------------
    def services_for(self, turn: Turn) -> TurnServices:
        """The turn's services: the models (loaded on first use) and what each plugin provides."""
        s = TurnServices(llm=self.models.llm, embedder=self.models.embedder, engine=self, registry=self.registry)
        for p in self.plugins:
            safe(p, "services", turn, s)
        return s

    def _give_stages(self, router: Any) -> None:
        before: list[Any] = []
        after: list[Any] = []
        for p in self.plugins:
            got = safe(p, "route_stages")
            if got:
                before += got[0]
                after += got[1]
        router.set_stages(before, after)

    def _attach_surface(self, ctx: TurnContext) -> None:
        """Resident tools + deferred index: every lookup by name goes through the surface, which
        loads a deferred tool and records why, and never yields a tool the mode forbids."""
        from app.tools.surface import ToolSurface

        hidden = hidden_tools(self.plugins)  # e.g. search_documents while no folder is indexed
        surface = ToolSurface(self.registry, self.config, self.models.embedder, loaded=ctx.deferred_loaded,
                              small_model=self.models.planner_is_small(),
                              mode_allowed=(lambda t: t.name not in hidden) if hidden else None)
        ctx.registry = surface.registry_view()
        ctx.services.tool_surface = surface

    def _run(self, ctx: TurnContext, session: str) -> None:
        turn = ctx.turn
        text = turn.text.strip()
        if not text:
            ctx.emit(ev.Error(turn.id, 0, message=say("engine.empty", ctx.lang),
                              hint=say("engine.empty_hint", ctx.lang)))
            return
        if len(text) > MAX_REQUEST_CHARS:
            ctx.emit(ev.Error(turn.id, 0, message=say("engine.too_long", ctx.lang, n=len(text),
                                                      limit=MAX_REQUEST_CHARS),
                              hint=say("engine.too_long_hint", ctx.lang)))
            return
        if (lowered := unshouted(text)) != text:  # "WHATS MY USUAL HOT DRINK AGAIN": read in lower case, shown as typed
            text = self.followups.read_as(turn, lowered)
        if session and session not in self.history:  # a conversation reopened: its last exchanges, bounded
            self.history[session] = reopened(self.journal, ctx.owner, session, skip=turn.id)
        for p in self.plugins:
            safe(p, "turn_started", ctx)
        offer = self._offers.pop(ctx.owner, None)  # an offer stands until the owner's next request, whatever it is
        if offer is not None and answer_offer(self, ctx, offer, text, session):
            return
        if offer is None and nothing_to_answer(self, ctx, text, session):
            return  # "sì" alone in a one-off request: the offer it answers lived in another process
        resolved = self.followups.resolve(self, ctx, text, session)  # "leggi il primo", "aprilo", "e in inglese?"
        if resolved is None:
            return  # a call on the previous turn's results, or a question back when there is nothing to point at
        text = resolved
        said = opens_said(text)  # "apri A e B": each asked on its own, a "no" skips that file only
        if said:
            open_each(self, ctx, session, said, SAID, stage="said")
            return
        route_and_answer(self, ctx, text, session)

    def _record_start(self, turn: Turn, started: float, session: str) -> None:
        j = self.journal
        if j is None or not isinstance(turn.text, str) or not turn.text.strip():
            return
        try:
            j.start(turn, started, session)
        except Exception as e:
            log.warning("history not recorded: %s", type(e).__name__)

    def forget_session(self, session: str, owner: str = "local") -> int:
        """Forget one conversation: its turns in the history, its in-memory context, and its requests in
        the fast path's route log. `session` is a chat session id, or a one-off turn's id. Returns how many
        turns were deleted."""
        self.history.pop(session, None)
        self.followups.forget(session)
        j = self.journal
        texts = j.forget_session(owner, session) if j is not None else []
        r = self._router
        if texts and r:
            try:
                r.memo.forget_texts(texts)
            except Exception as e:
                log.warning("route log not cleaned: %s", type(e).__name__)
        return len(texts)
