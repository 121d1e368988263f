"""The turn loop: normalize → router (L0/L1/L2) → planner (L3) → answer → learning.

Pure Python, no Qt. `run_turn` yields typed events; the work happens on one
engine-owned thread so the single llama.cpp context always has one owner,
whoever consumes the events (CLI, QThread worker, tests).
"""
from __future__ import annotations

import logging
import queue
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
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
from .model_loader import ModelLoader
from .plugins import default_plugins, hidden_tools, plugin_tools, safe

log = logging.getLogger(__name__)

MAX_REQUEST_CHARS = 20_000
_DONE = object()


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
        self.history: dict[str, list[tuple[str, str]]] = {}
        # front ends set this to let a turn ask the user for a secret (the memory passphrase, opt-in mode)
        self.ask_secret: Callable[[str, bool], str] | None = None
        self._last_fast: dict[str, tuple[str, Any]] = {}  # owner -> (level, route) of its last turn
        self._told: set[str] = set()  # notices already given in this process
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
        """Yield the turn's events as they happen. Closing the iterator cancels the turn."""
        q: queue.Queue[Any] = queue.Queue()
        cancel = cancel or CancelToken()
        fut = self._pool.submit(self.run_turn_sync, text, q.put, owner, approve, cancel, session)
        fut.add_done_callback(lambda _f: q.put(_DONE))
        try:
            while True:
                item = q.get()
                if item is _DONE:
                    break
                yield item
        finally:
            if not fut.done():
                cancel.cancel()
            exc = fut.exception() if fut.done() else None
            if exc:
                log.error("turn crashed", exc_info=exc)

    def run_turn_sync(self, text: str, emit: Callable[[ev.Event], None], owner: str = "local",
                      approve: Approver | None = None, cancel: CancelToken | None = None,
                      session: str = "") -> Turn:
        """Run a whole turn on the calling thread, reporting through `emit`."""
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
        elapsed = (time.perf_counter() - t0) * 1000
        for p in self.plugins:
            safe(p, "turn_ended", ctx)
        self._feedback(turn)
        self._learn(turn)
        self._record(turn, started, elapsed, session)
        self._notice_storage(ctx)
        emit(ev.TurnEnded(turn.id, ctx.next_step, ok=turn.ok, elapsed_ms=elapsed))
        return turn

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

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
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
        for p in self.plugins:
            safe(p, "turn_started", ctx)
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

    def _fast_path(self, ctx: TurnContext, text: str, session: str = "") -> bool | None:
        """None: not routed (planner decides). False: fully answered. True: prefix replayed, planner continues."""
        router = self.router
        res: RouteResult | None = None
        if router is not None:
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
        turn.answer = answer or ""
        turn.ok = ok and bool(answer) and not any(
            not s.ok for s in turn.steps[-1:])  # a failed last step is not a success to learn from
        ctx.emit(ev.Answer(turn.id, ctx.next_step, text=turn.answer, level=turn.level))
        if session:
            hist = self.history.setdefault(session, [])
            hist.append((turn.text, turn.answer))
            self.history[session] = self._compact_history(hist, ctx)

    def _compact_history(self, hist: list[tuple[str, str]], ctx: TurnContext) -> list[tuple[str, str]]:
        """Older exchanges of a chat folded into one summary written by the instruct model (the lite model's
        chats keep the person's own words), so an early fact survives a long conversation."""
        from app.memory.compaction import HISTORY_FOLD_AT, compact_history, conversation_summarizer, is_history_summary

        if len(hist) - (1 if hist and is_history_summary(hist[0]) else 0) <= HISTORY_FOLD_AT:
            return hist
        summarize: Callable[[str], str] = lambda _t: ""  # noqa: E731
        try:
            from app.planner.choose import model_weight
            from app.planner.compose import writes
            from app.turn.services import provide

            llm = provide(self.models.llm)
            if writes(llm, model_weight(llm, float(getattr(self.config.llm, "choice_weight", -1.0)))):
                summarize = conversation_summarizer(llm, cancel=ctx.cancel)
        except (LLMError, ModelError) as e:
            log.warning("chat summary by rules only: %s", e)
        folded = compact_history(hist, summarize)
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
