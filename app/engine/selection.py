"""The engine's entry point for the selection actions: one action on one text, as a turn of events.

`run_selection(engine, request)` yields the same events as a request (TurnStarted, Progress, Token, Answer,
Notice, Error, TurnEnded), so the CLI printer and the desktop's views show it like any turn. It runs on the
engine's model thread (the single owner of llama.cpp), never routes, never plans, offers no tool and learns
nothing: the text is data for a writer. It is not written to the history either (a selection is often a
private mail or document; the chat window keeps it for the session). `preread` evaluates the prompt up to the
end of a selected text while the person is still choosing the action (prompt.py: every action continues from
there).
"""
from __future__ import annotations

import logging
import queue
import time
import uuid
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, Iterator

from app.lang.messages import say
from app.models.base import LLMError
from app.models.bundle import ModelError
from app.selection import Outcome, SelectionRequest, Setup, label, run, warm
from app.turn import events as ev
from app.turn.cancel import CancelToken, TurnCancelled
from app.turn.events import Turn

if TYPE_CHECKING:
    from .engine import Engine

log = logging.getLogger(__name__)

LEVEL = "selection"  # the turn's level: "On the selected text" in the views (app/selection/messages.py)
HEAD_CHARS = 160
_DONE = object()


def turn_text(req: SelectionRequest) -> str:
    """What a view shows as the request: the action's words and how the text begins."""
    head = " ".join(req.text.split())
    head = head if len(head) <= HEAD_CHARS else head[:HEAD_CHARS].rsplit(" ", 1)[0] + " …"
    asked = req.words if req.action == "ask" and req.words else label(req.action, req.lang, req.style)
    return f"{asked}: «{head}»" if req.lang == "it" else f"{asked}: “{head}”"


def _writer(engine: Engine) -> Any:
    """The loaded model, when it writes (the instruct model, a big GGUF, a server); raises with the reason."""
    from app.planner.choose import model_weight
    from app.planner.compose import writes
    from app.turn.services import provide

    if engine.models.planner_is_small():  # decided from the settings: the lite model is not loaded for nothing
        raise _LiteModel()
    llm = provide(engine.models.llm)
    if not writes(llm, model_weight(llm, float(getattr(engine.config.llm, "choice_weight", -1.0)))):
        raise _LiteModel()
    return llm


def scratchpad(engine: Engine) -> Any:
    """The scratchpad plugin's store (None when it could not open: a long text is then read from memory)."""
    for p in engine.plugins:
        if getattr(p, "name", "") == "scratchpad":
            return getattr(p, "store", None)
    return None


class _LiteModel(Exception):
    """The model in use is the lite base model: it chooses tools, it cannot write these answers."""


def run_selection_sync(engine: Engine, req: SelectionRequest, emit: Callable[[ev.Event], None],
                       owner: str = "local", cancel: CancelToken | None = None) -> Outcome | None:
    """The action as a whole turn on the calling thread, reporting through `emit`."""
    cancel = cancel or CancelToken()
    t0 = time.perf_counter()
    turn = Turn(id=uuid.uuid4().hex, text=turn_text(req), owner=owner)
    step = 0

    def emit_step(make: Callable[[int], ev.Event]) -> None:
        nonlocal step
        step += 1
        emit(make(step))

    emit(ev.TurnStarted(turn.id, 0, text=turn.text[:500], owner=owner))
    emit(ev.RouteDecision(turn.id, 0, level=LEVEL, why=f"{LEVEL}: {req.action}"
                          + (f" ({req.style})" if req.action == "rewrite" and req.style else "")
                          + (f" → {req.target}" if req.target else "")))
    out: Outcome | None = None
    ok = False
    try:
        llm = _writer(engine)
        store = scratchpad(engine)
        if store is not None:
            store.gc()
        cfg = engine.config
        shown: list[str] = []  # what the person sees of the answer since the last reset

        def progress(what: str) -> None:
            if what.startswith("answer_reset"):  # a second attempt replaces the streamed draft
                shown.clear()
            emit(ev.Progress(turn.id, step, what=what))

        setup = Setup(store=store, owner=owner, turn_id=turn.id, ttl=float(cfg.scratchpad.ttl_seconds),
                      max_answer_tokens=int(cfg.llm.max_answer_tokens),
                      persist_prefix=bool(getattr(cfg.llm, "prefix_cache", True)), progress=progress)

        def token(tok: str) -> None:
            shown.append(tok)
            emit(ev.Token(turn.id, step + 1, text=tok))

        out = run(llm, req, setup, cancel, token)
        ok = out.ok
        for event in _report(turn.id, req, out, "".join(shown)):
            if isinstance(event, ev.Progress):
                emit(replace(event, step=step))
            else:
                step += 1
                emit(replace(event, step=step))
    except TurnCancelled:
        emit_step(lambda n: ev.Cancelled(turn.id, n))
    except _LiteModel:
        emit_step(lambda n: ev.Error(turn.id, n, message=say("selection.lite_model", req.lang)))
    except (LLMError, ModelError) as e:
        log.warning("selection action failed: %s", e)
        message, hint = say("selection.no_model", req.lang, error=e), say("engine.doctor_hint", req.lang)
        emit_step(lambda n: ev.Error(turn.id, n, message=message, hint=hint))
    except Exception as e:  # the turn ends cleanly whatever happened
        log.exception("selection action failed")
        message = say("engine.internal", req.lang, kind=type(e).__name__, error=e)
        hint = say("engine.internal_hint", req.lang)
        emit_step(lambda n: ev.Error(turn.id, n, message=message, hint=hint))
    emit(ev.TurnEnded(turn.id, step + 1, ok=ok, elapsed_ms=(time.perf_counter() - t0) * 1000))
    return out


def _report(turn_id: str, req: SelectionRequest, out: Outcome, shown: str) -> list[ev.Event]:
    """The events after the run, in order (their steps are set by the caller): what happened to the draft on
    screen, the answer, and what to check in it."""
    events: list[ev.Event] = []
    if out.shortened:
        events.append(ev.Progress(turn_id, 0, what="summary shortened to a third of the text"))
    if not out.ok and shown:  # the streamed draft was not an answer: front ends drop it
        events.append(ev.Progress(turn_id, 0, what=f"answer_reset: the model's answer was not usable ({out.reason})"))
    elif shown and shown.strip() != out.text.strip():
        # the answer differs from the draft on screen (a name mended, the first of two attempts kept, a
        # correction merged): the draft goes, the Answer event carries the text
        events.append(ev.Progress(turn_id, 0, what="answer_reset: the answer was mended after the draft"))
    events.append(ev.Answer(turn_id, 0, text=out.text, level=LEVEL))
    if out.cut:
        events.append(ev.Notice(turn_id, 0, message=say("selection.cut", req.lang, n=len(req.text[:400_000])),
                                key="selection.cut"))
    for key, values in (("selection.lost", out.lost), ("selection.added", out.added)):
        if values:
            events.append(_check_notice(turn_id, 0, req.lang, key, values))
    return events


def _check_notice(turn_id: str, step: int, lang: str, key: str, values: list[str]) -> ev.Notice:
    """What to check in the answer: the items of the text it lost ("selection.lost"), or the numbers a
    translation has that the text does not ("selection.added") — at most five, each once."""
    shown = list(dict.fromkeys(values))[:5]
    said = ", ".join(f"«{v}»" if lang == "it" else f"“{v}”" for v in shown)
    return ev.Notice(turn_id, step, message=say(key, lang, values=said, n=len(shown)),
                     hint=say("selection.lost_hint", lang), key=key)


def run_selection(engine: Engine, req: SelectionRequest, owner: str = "local",
                  cancel: CancelToken | None = None) -> Iterator[ev.Event]:
    """Yield the action's events as they happen (on the engine's model thread). Closing early cancels it."""
    q: queue.Queue[Any] = queue.Queue()
    cancel = cancel or CancelToken()
    idle = getattr(engine, "_idle", None)
    if isinstance(idle, CancelToken):
        idle.cancel()  # the model's work after an earlier answer gives way to this one
    fut = engine._pool.submit(run_selection_sync, engine, req, q.put, owner, cancel)
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


def preread(engine: Engine, text: str, lang: str) -> CancelToken:
    """Evaluate the prompt up to the end of `text` on the model thread, now (the model loads if it must), so the
    action the person picks next starts from there. Returns the token that stops it (the popup closed, another
    text came). Never raises; a failure only means the action evaluates the text itself."""
    cancel = CancelToken()

    def job() -> None:
        if cancel.cancelled:
            return
        try:
            llm = _writer(engine)
            warm(llm, text, lang, bool(getattr(engine.config.llm, "prefix_cache", True)), cancel)
        except (TurnCancelled, _LiteModel):
            pass
        except Exception as e:
            log.info("selection text not read ahead: %s", e)

    try:
        engine._pool.submit(job)
    except RuntimeError:  # the engine is closing
        cancel.cancel()
    return cancel


__all__ = ["LEVEL", "preread", "run_selection", "run_selection_sync", "turn_text"]
