"""What the planner takes from the turn's services and settings, each part degrading on its own.

A missing embedder means retrieval by words only; a missing model means
decisions by structure and deterministic answers; a failing memory or state
block is left out. None of them may lose the turn.
"""
from __future__ import annotations

import logging
from typing import Any, Literal, Sequence

from app.lang.messages import say
from app.tools.describe import fit as fit_text
from app.tools.registry import Tool
from app.tools.runner import TurnContext
from app.tools.surface import ToolSurface
from app.turn import events as ev
from app.turn.services import provide

from . import prompt as pr

log = logging.getLogger(__name__)

HISTORY_EXCHANGES = 4
HISTORY_CHARS = 300


def service(ctx: TurnContext, name: Literal["llm", "embedder"], fallback: Any = None) -> Any:
    """The turn's model (or the planner's own loader's), loaded on first use."""
    provider = getattr(ctx.services, name)
    if provider is None and fallback is not None:
        provider = getattr(fallback, name, None)
    return provide(provider)


def llm_or_none(ctx: TurnContext, fallback: Any = None) -> Any:
    try:
        return service(ctx, "llm", fallback)
    except Exception as e:  # ModelError / LLMError: decide by rules, and say so
        log.warning("planner model unavailable: %s", e)
        ctx.emit(ev.Error(ctx.turn_id, ctx.next_step, message=say("planner.model_unavailable", ctx.lang, error=e),
                          hint=say("planner.model_unavailable_hint", ctx.lang)))
        return None


def embedder_or_none(ctx: TurnContext, fallback: Any = None) -> Any:
    try:
        return service(ctx, "embedder", fallback)
    except Exception as e:
        log.warning("embedder unavailable, tool retrieval by words only: %s", e)
        return None


def call_text(ctx: TurnContext, name: Literal["memory_block", "state_block"], *args: Any) -> str:
    """A text-producing service (memory_block, state_block); '' when absent or failing."""
    fn = getattr(ctx.services, name)
    if not callable(fn):
        return ""
    try:
        return str(fn(*args) or "")
    except Exception as e:  # memory or state trouble must not lose the turn
        log.warning("%s failed: %s", name, e)
        return ""


def state_text(ctx: TurnContext) -> str:
    text = call_text(ctx, "state_block")
    if not text:
        st = ctx.services.state
        render = getattr(st, "render", None)
        text = str(render() or "") if callable(render) else ""
    return text


def scratch_has_entries(ctx: TurnContext) -> bool:
    try:
        fn = ctx.services.scratch_has_entries
        if callable(fn):
            return bool(fn())
        store = ctx.services.scratchpad
        has = getattr(store, "has_entries", None)
        return bool(has(ctx.owner, ctx.turn_id)) if callable(has) else False
    except Exception as e:
        log.warning("scratchpad check failed: %s", e)
        return False


def tool_surface(ctx: TurnContext) -> Any:
    """The turn's ToolSurface (resident set + deferred index) when the engine built one."""
    s = ctx.services.tool_surface
    return s if isinstance(s, ToolSurface) else None


def resident_tools(tools: Sequence[Tool], cfg: Any) -> list[Tool]:
    """Without a tool surface: `tools.resident`, or every non-builtin tool when tool_top_k = 0 (big models)."""
    names = list(getattr(cfg.tools, "resident", []) or [])
    if not names and int(cfg.llm.tool_top_k) == 0:
        return [t for t in tools if not t.builtin]
    by_name = {t.name: t for t in tools}
    return [by_name[n] for n in names if n in by_name]


def resident_block(surface: Any, registry: Any, cfg: Any) -> tuple[list[Tool], str, pr.LineFn]:
    """(resident tools, deferred index text, how a tool is written) for the stable prefix."""
    if surface is not None:
        from app.tools.surface import tool_line

        return list(surface.resident), surface.index_text(), tool_line
    return resident_tools(list(registry), cfg), "", pr.tool_line


def warm_prefix(ctx: TurnContext, llm: Any, ps: pr.PromptState) -> dict[str, Any]:
    """Have the model's KV cache hold the stable prefix (from memory, from disk, or evaluated once)."""
    warm = getattr(llm, "warm_prefix", None)
    if not callable(warm) or not ps.stable_count:
        return {}
    from app.models.prefix_cache import stable_prefix

    text = stable_prefix(llm.render, ps.messages[:ps.stable_count])
    info = dict(warm(text, persist=bool(getattr(ctx.config.llm, "prefix_cache", True)), cancel=ctx.cancel))
    memory = getattr(llm, "warm_memory", None)
    if callable(memory) and ps.memory_end > ps.stable_count:  # the memory block: a RAM-only snapshot
        with_memory = stable_prefix(llm.render, ps.messages[:ps.memory_end])
        info["memory"] = memory(with_memory, int(info.get("prefix_tokens", 0)), cancel=ctx.cancel)
    return info


def warm_writer(ctx: TurnContext, llm: Any, system: Sequence[dict[str, str]]) -> dict[str, Any]:
    """The writer's system line in the KV cache (from memory, from disk, or evaluated once): an answer then
    evaluates only the conversation and the request."""
    warm = getattr(llm, "warm_prefix", None)
    if not callable(warm) or not system:
        return {}
    from app.models.prefix_cache import stable_prefix

    text = stable_prefix(llm.render, list(system))
    return dict(warm(text, persist=bool(getattr(ctx.config.llm, "prefix_cache", True)), cancel=ctx.cancel))


def warm_shared(ctx: TurnContext) -> dict[str, Any]:
    """The prompt parts every turn shares in the KV cache before any request: the planner's instructions and
    tools (~2,500 tokens on the bundled model: ~60 s of evaluation on 2 cores the first time after an install
    or an update, which the first request used to wait for) and the writer's system line in both languages.
    Each is then on disk (prefix_cache.py), so a turn loads it in ~20 ms. No memory block, no user words."""
    from .compose import writer_system

    llm = llm_or_none(ctx)
    if llm is None or not callable(getattr(llm, "warm_prefix", None)):
        return {}
    resident, index_text, line = resident_block(tool_surface(ctx), ctx.registry, ctx.config)
    out = {"planner": warm_prefix(ctx, llm, pr.stable_state(resident, index_text, line))}
    for lang in ("it", "en"):
        ctx.cancel.check()
        out[f"writer_{lang}"] = warm_writer(ctx, llm, writer_system(lang))
    return out


def trim_history(history: Sequence[tuple[str, str]] | None) -> list[tuple[str, str]]:
    """The last exchanges, cut short; a conversation summary (compaction.compact_history) always stays first."""
    from app.memory.compaction import is_history_summary

    hist = list(history or [])
    head = [(str(hist[0][0]), str(hist[0][1])[:HISTORY_CHARS * 3])] if hist and is_history_summary(hist[0]) else []
    rest = hist[len(head):][-(HISTORY_EXCHANGES - len(head)):]
    return head + [(str(u)[:HISTORY_CHARS], str(a)[:HISTORY_CHARS]) for u, a in rest]


def task_text(ctx: TurnContext, llm: Any, text: str) -> str:
    """The request as the prompt shows it: at most a quarter of the context, head and tail kept."""
    n_ctx = int(getattr(llm, "n_ctx", 0) or ctx.config.llm.n_ctx)
    budget = max(64, n_ctx // 4)
    if llm is None:
        cut = text if len(text) <= budget * 3 else text[: budget * 3]
    else:
        cut, _ = fit_text(llm, text, budget)
    if cut != text:
        ctx.emit(ev.Progress(ctx.turn_id, ctx.next_step, what=f"request shortened to fit the model's context "
                                                              f"({len(text)} → {len(cut)} characters)"))
    return cut


def fit_context(ctx: TurnContext, llm: Any, ps: pr.PromptState, weight: float) -> None:
    """Past the budget, compact the middle steps (rare: it rewrites the prompt, losing KV reuse once)."""
    if llm is None:
        return
    from app.memory.compaction import compact, extractive_summarizer, llm_summarizer

    budget = min(int(ctx.config.memory.history_budget_tokens),
                 int(llm.n_ctx) - int(ctx.config.llm.max_answer_tokens) - 128)
    summarize = llm_summarizer(llm, cancel=ctx.cancel) if weight >= 0.5 else extractive_summarizer()
    msgs, info = compact(ps.messages, budget, int(ctx.config.memory.keep_recent_steps), llm.count_tokens,
                         summarize)
    if info.action != "none":
        ps.messages = msgs
        ctx.emit(ev.Progress(ctx.turn_id, ctx.next_step, what=f"context compacted ({info.action}: "
                                                              f"{info.tokens_before} → {info.tokens_after} tokens)"))
