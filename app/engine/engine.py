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
"""
from __future__ import annotations

import logging
import queue
import threading
import time
import uuid
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from app.config import ConfigManager
from app.lang.detect import detect_lang
from app.lang.messages import say
from app.models.base import LLMError
from app.models.bundle import ModelError
from app.store import StoreError, vault
from app.store.keys import KeyMissing, KeyringLocked, KeyUnavailable, PassphraseLocked, WrongKey
from app.tools.plugin import Plugin
from app.tools.registry import Approver, Registry
from app.tools.runner import TurnContext
from app.turn import events as ev
from app.turn.cancel import CancelToken, TurnCancelled
from app.turn.decision import RouteResult
from app.turn.events import Turn
from app.turn.rendering import render
from app.turn.services import TurnServices

from . import messages as _messages  # noqa: F401  (registers the engine's sentences)
from .conversations import reopened
from .followup import FollowUps
from .model_loader import ModelLoader
from .plugins import default_plugins, hidden_tools, plugin_tools, safe

log = logging.getLogger(__name__)

MAX_REQUEST_CHARS = 20_000
CLOSE_WAIT_S = 5.0  # closing the engine waits this long for the work after the answers still queued
_DONE = object()


@dataclass
class Answered:
    """A turn whose person's part is over (TurnAnswered emitted): what the work after the answer needs."""

    ctx: TurnContext
    session: str
    started: float  # time.time() at the start (the history's clock)
    elapsed_ms: float  # to the answer
    t_answer: float  # perf_counter() when TurnAnswered was emitted


def deny_all(tool: str, args: dict[str, Any], risk: str) -> bool:
    return False


class Engine:
    def __init__(self, manager: ConfigManager | None = None, *, models: ModelLoader | None = None,
                 registry: Registry | None = None, planner: Any = None, router: Any = None,
                 journal: Any = None, plugins: list[Plugin] | None = None):
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
        self.plugins: list[Plugin] = plugins if plugins is not None else default_plugins(self)
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
            tail = self._after.submit(self._after_answer, done, folded)
            tail.add_done_callback(lambda _f: q.put(_DONE))
            try:
                self._fold_history(done)
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
        self._fold_history(done)
        self._after_answer(done)
        return done.ctx.turn

    def _answer(self, text: str, emit: Callable[[ev.Event], None], owner: str, approve: Approver | None,
                cancel: CancelToken | None, session: str) -> Answered:
        """The person's part of a turn, up to its answer (or error, or cancellation): ends with TurnAnswered."""
        cancel = cancel or CancelToken()
        t0 = time.perf_counter()
        started = time.time()
        ctx = self.make_context(text, emit, owner, approve, cancel)
        turn = ctx.turn
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

    def _after_answer(self, done: Answered, folded: threading.Event | None = None) -> None:
        """The work after the answer, in order: plugins, the fast path's feedback and learning, the history,
        the storage notice; then TurnEnded (once a chat's history is folded, when that is still going on)."""
        ctx, turn = done.ctx, done.ctx.turn
        for p in self.plugins:
            safe(p, "turn_ended", ctx)
        steps: list[Callable[[], None]] = [
            lambda: self._feedback(turn), lambda: self._learn(turn),
            lambda: self._record(turn, done.started, done.elapsed_ms, done.session),
            lambda: self._notice_storage(ctx)]
        for step in steps:
            try:
                step()
            except Exception:  # each part is guarded inside; this keeps TurnEnded coming whatever happens
                log.exception("work after the answer failed")
        if folded is not None:
            folded.wait()
        ctx.emit(ev.TurnEnded(turn.id, ctx.next_step, ok=turn.ok, elapsed_ms=done.elapsed_ms,
                              after_ms=(time.perf_counter() - done.t_answer) * 1000))

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

    def route_only(self, text: str, owner: str = "local") -> dict[str, Any]:
        """Decide without executing (`metnos route --json`): the same router, stages included, as a turn."""
        r = self.router
        if r is None:
            return {"level": "L3", "tool": None, "args": {}, "score": None, "reason": "fast path unavailable"}
        out: dict[str, Any] = r.explain(text, owner=owner)
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
        if session and session not in self.history:  # a conversation reopened: its last exchanges, bounded
            self.history[session] = reopened(self.journal, ctx.owner, session, skip=turn.id)
        for p in self.plugins:
            safe(p, "turn_started", ctx)
        offer = self._offers.pop(ctx.owner, None)  # an offer stands until the owner's next request, whatever it is
        if offer is not None and self._answer_offer(ctx, offer, text, session):
            return
        resolved = self.followups.resolve(self, ctx, text, session)  # "leggi il primo", "aprilo", "e in inglese?"
        if resolved is None:
            return  # a call on the previous turn's results, or a question back when there is nothing to point at
        text = resolved
        self._route_and_answer(ctx, text, session)

    def _route_and_answer(self, ctx: TurnContext, text: str, session: str) -> None:
        """Route `text`, run what was decided (fast path or planner) and answer: a request's own part of a turn
        (also a request run again after an accepted offer changed what stopped it: offer_again.py)."""
        turn = ctx.turn
        decided = self._fast_path(ctx, text, session)
        if decided is not None and not decided:
            return  # fast path (or a routing stage: remember, recall) answered
        if decided is None:
            router = self.router
            reason = getattr(router, "last_reason", "") if router is not None else "fast path unavailable"
            ctx.emit(ev.RouteDecision(ctx.turn_id, 0, level="L3", why=reason or "no fast-path match"))
        history = self.history.get(session, []) if session else []
        route = turn.route if decided else None
        if route is not None and route.planner_text:  # the planner does only the part that can be done
            full, turn.text = turn.text, route.planner_text
            try:
                answer = self.planner.run(ctx, history)
            finally:
                turn.text = full
            answer = "\n\n".join(x for x in (route.notice, answer) if x)
        else:
            answer = self.planner.run(ctx, history)
        turn.level = "L3" if decided is None else turn.level
        self._finish(ctx, answer, session)

    def _answer_offer(self, ctx: TurnContext, offer: ev.Offer, text: str, session: str) -> bool:
        """The request right after an offer: "sì" runs the offered call (approval as for any write), "no" is
        answered with the offer's words; anything else is a request of its own (False) and the offer lapses."""
        from app.lang.reply import reply_to_offer

        answer = reply_to_offer(text)
        if answer is None:
            return False
        ctx.turn.lang = offer.lang  # "sì" speaks the offer's language
        if answer == "no":
            ctx.turn.level = "L0"
            ctx.emit(ev.RouteDecision(ctx.turn_id, 0, level="L0", why="offer: declined"))
            self._finish(ctx, offer.declined, session)
            return True
        decided = RouteResult("L0", offer.tool, dict(offer.args), arg_sources={k: "offer" for k in offer.args},
                              reason=f"offer: accepted ({offer.tool})", lang=offer.lang, stage="offer")
        if offer.then:  # a remedy ("Consenti questa cartella"): its call, then the request it unblocks again
            from .offer_again import run_again

            run_again(self, ctx, offer, decided, text, session)
            return True
        self._fast_path(ctx, text, session, decided)
        return True

    def _fast_path(self, ctx: TurnContext, text: str, session: str = "",
                   decided: RouteResult | None = None) -> bool | None:
        """None: not routed (planner decides). False: fully answered. True: prefix replayed, planner continues.
        `decided`: the decision is already made (an accepted offer): it runs as a routed one would."""
        router = self.router
        res: RouteResult | None = decided
        if router is not None and decided is None:
            try:
                res = router.route(text, owner=ctx.owner)
            except Exception:
                log.exception("router failed; falling back to the planner")
                res = None
        if res is None:
            return None
        turn = ctx.turn
        turn.level = res.level
        turn.route = res
        one: list[dict[str, Any]] = (
            [{"tool": res.tool, "args": res.args, "arg_sources": res.arg_sources}] if res.tool else [])
        steps: list[dict[str, Any]] = res.steps or one
        ctx.emit(ev.RouteDecision(ctx.turn_id, 0, level=res.level, why=res.reason, score=res.score,
                                  tool=res.tool, args=dict(res.args or {}),
                                  steps=[{"tool": s["tool"], "args": s.get("args", {})} for s in steps]))
        if not steps and not res.planner_text:  # a stage's own answer ("I cannot send emails…"): no tool runs
            self._finish(ctx, res.reply or res.notice or "", "")
            return False
        last = None
        for s in steps:
            out = ctx.execute(s["tool"], dict(s.get("args") or {}), s.get("arg_sources") or {}, level=res.level)
            if not out.ok:
                answer = render(s["tool"], out.step.result if out.step is not None else out.view, detect_lang(text),
                                question=text)
                self._finish(ctx, "\n\n".join(x for x in (res.notice, answer) if x), session, ok=False)
                return False
            last = out
        if getattr(res, "chain_rest", None) or res.planner_text:
            return True
        lang = res.lang or detect_lang(text)
        template = res.reply_template
        result = last.result if last else {}
        if res.reply is not None:
            answer = res.reply
        else:
            try:
                answer = template.format(**result) if template else render(steps[-1]["tool"], result, lang, text)
            except (KeyError, IndexError, ValueError):
                answer = render(steps[-1]["tool"], result, lang, text)
            if len(steps) > 1 and res.stage in ("files", "capability"):  # each file action says what it did
                done = ctx.turn.steps[-len(steps):]
                answer = "\n".join(render(s["tool"], st.result, lang, text) for s, st in zip(steps, done))
        if res.notice:
            answer = f"{res.notice}\n\n{answer}"
        self._finish(ctx, answer, session)
        return False

    def _finish(self, ctx: TurnContext, answer: str, session: str, ok: bool = True) -> None:
        turn = ctx.turn
        turn.answer = "\n\n".join(x for x in (turn.said_first, answer) if x)
        turn.ok = ok and bool(answer) and not any(
            not s.ok for s in turn.steps[-1:])  # a failed last step is not a success to learn from
        # a plugin's proposal, asked at the end of the answer; after a failure only the remedy the failed step
        # itself offered ("Consenti questa cartella")
        last = turn.steps[-1].num if turn.steps else None
        offers = [o for o in turn.offers if turn.ok or o.step == last]
        if offers:
            turn.answer = " ".join([turn.answer, *(o.text for o in offers)])
        ctx.emit(ev.Answer(turn.id, ctx.next_step, text=turn.answer, level=turn.level))
        for o in offers:
            ctx.emit(o)
        if offers:
            self._offers[ctx.owner] = offers[-1]  # the next request may answer it ("sì")
        if session:
            self.history.setdefault(session, []).append((turn.text, turn.answer))

    def _fold_history(self, done: Answered) -> None:
        """After the answer, on the turn's thread (the model's owner): a chat past its length folds its older
        exchanges into a summary. Never raises."""
        if not done.session or done.session not in self.history:
            return
        token = CancelToken()
        with self._idle_lock:
            if self._waiting:
                token.cancel()  # a request already waits: no model call now
            self._idle = token
        try:
            hist = self.history[done.session]
            self.history[done.session] = self._compact_history(hist, done.ctx, token)
        except Exception:
            log.exception("chat history not folded")
        finally:
            with self._idle_lock:
                self._idle = None

    def _compact_history(self, hist: list[tuple[str, str]], ctx: TurnContext,
                         cancel: CancelToken | None = None) -> list[tuple[str, str]]:
        """Older exchanges of a chat folded into one summary written by the instruct model (the lite model's
        chats keep the person's own words), so an early fact survives a long conversation. The model writes
        only when it is loaded and nothing waits (`cancel`, set by a request that arrives): otherwise, and
        when it is interrupted, the fold is by rules (what the person said, word for word)."""
        from app.memory.compaction import HISTORY_FOLD_AT, compact_history, conversation_summarizer, is_history_summary

        if len(hist) - (1 if hist and is_history_summary(hist[0]) else 0) <= HISTORY_FOLD_AT:
            return hist
        cancel = cancel or CancelToken()
        by_rules: Callable[[str], str] = lambda _t: ""  # noqa: E731
        summarize = by_rules
        if not cancel.cancelled and getattr(self.models, "llm_loaded", True):  # never a model load after the answer
            try:
                from app.planner.choose import model_weight
                from app.planner.compose import writes
                from app.turn.services import provide

                llm = provide(self.models.llm)
                if writes(llm, model_weight(llm, float(getattr(self.config.llm, "choice_weight", -1.0)))):
                    summarize = conversation_summarizer(llm, cancel=cancel)
            except (LLMError, ModelError) as e:
                log.warning("chat summary by rules only: %s", e)
        try:
            folded = compact_history(hist, summarize)
        except TurnCancelled:
            folded = compact_history(hist, by_rules)
        ctx.emit(ev.Progress(ctx.turn_id, ctx.next_step, what=f"conversation compacted ({len(hist)} → "
                                                              f"{len(folded)} exchanges)"))
        return folded

    def _feedback(self, turn: Turn) -> None:
        """A fast-path hit the user cancelled, or undid right after, was wrong: that entry gets stricter."""
        prev = self._last_fast.get(turn.owner)
        self._last_fast[turn.owner] = (turn.level, turn.route)  # not the turn: its results may be big
        r = self.router
        if r is None:
            return
        wrong = None
        if turn.cancelled and turn.level in ("L1", "L2"):
            wrong = turn.route
        elif (any(s.tool == "undo" for s in turn.steps)  # "annulla" right after a hit: it was not wanted
              and prev is not None and prev[0] in ("L1", "L2")):
            wrong = prev[1]
        if wrong is not None:
            try:
                r.contradict(wrong)
            except Exception:
                log.exception("could not record a contradicted fast-path hit")

    def _learn(self, turn: Turn) -> None:
        if not turn.ok or turn.cancelled or self.config.ui.pause_learning:
            return
        if turn.route is not None and (turn.route.notice or turn.route.planner_text):
            return  # only part of the request was done: not a pattern to replay
        if any("offer" in s.arg_sources.values() for s in turn.steps):
            return  # "sì" answered an offer: not a request to replay
        r = self.router
        if r is not None:
            try:
                r.learn(turn)
            except Exception:
                log.exception("learning failed (the turn itself was fine)")

    def _record_start(self, turn: Turn, started: float, session: str) -> None:
        j = self.journal
        if j is None or not isinstance(turn.text, str) or not turn.text.strip():
            return
        try:
            j.start(turn, started, session)
        except Exception as e:
            log.warning("history not recorded: %s", type(e).__name__)

    _NOTICE_KEYS: tuple[tuple[type, str], ...] = (
        (KeyMissing, "notice.store.key_missing"), (WrongKey, "notice.store.wrong_key"),
        (PassphraseLocked, "notice.store.passphrase"), (KeyringLocked, "notice.store.locked"),
        (KeyUnavailable, "notice.store.no_keyring"))

    def _notice_storage(self, ctx: TurnContext) -> None:
        """Tell the person once per process, in their language, that what they say is not being saved."""
        from app.lang.messages import say

        fallbacks = dict(vault.VAULT.fallbacks)
        for err in fallbacks.values():
            key = next((k for cls, k in self._NOTICE_KEYS if isinstance(err, cls)), None)
            if key is None or key in self._told:
                continue
            self._told.add(key)
            lang = ctx.lang
            ctx.emit(ev.Notice(ctx.turn_id, ctx.next_step, message=say(key, lang),
                               hint=say("notice.store.hint", lang), key=key))
            log.info("storage without its key (%s): %s", ", ".join(sorted(fallbacks)), err)
            return  # one notice is enough: the others have the same cause and the same cure

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

    def _record(self, turn: Turn, started: float, elapsed: float, session: str) -> None:
        j = self.journal
        if j is None:
            return
        try:
            j.record(turn, started, elapsed, session)
        except Exception as e:
            log.warning("history not recorded: %s", type(e).__name__)
