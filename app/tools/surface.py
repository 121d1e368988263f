"""The tool surface of one run: resident tools with full schemas + a compact index of the rest.

Why: every schema in the prompt costs tokens on every step, and a model picks
reliably only among a few tools. So a run shows a small *resident* set with
schemas and, for every other allowed tool, only its name under its group.
Deferred does not mean unavailable: a deferred tool called by name is loaded
and runs in the same step (`resolve`), and `search_tools` finds tools from a
description of the task and returns them with schemas.

Safety: deferral is applied *after* the mode filter. A tool the mode forbids
is never in the index, never returned by search, never resolved by name (the
message is the same as for a name that does not exist), and cannot be
activated later. Execution goes through `registry_view()` → TurnContext.execute,
so approvals apply to loaded tools exactly as to resident ones.

Append-only prompts: the resident block and the index are fixed for the run
(the stable, KV-cached prefix); tools loaded later are listed by
`loaded_tools()` in load order, to be appended after it, never merged into it.
"""
from __future__ import annotations

import json
import logging
from typing import Any, Callable, Iterator

from app.lang.messages import register
from app.turn.describe import StepSaid

from .registry import Registry, Tool, ToolContext, ToolError
from .search import EmbedderProvider, Match, ToolRanker

log = logging.getLogger(__name__)

SEARCH_NAME = "search_tools"
# What most runs use (the file vocabulary, discovery, plan/notes, memory).
# Small models get the shortest list: each schema there is ~60-120 tokens of a 4k context.
DEFAULT_RESIDENT_SMALL = ("read_files", "list_dir", "find_files", "get_now", "describe_entries")
DEFAULT_RESIDENT = (*DEFAULT_RESIDENT_SMALL, "write_files", "get_date", "remember", "recall",
                    "update_plan", "save_note")
SEARCH_K = 5
# A model that weighs every decision pays ~20 ms per prompt token on 2 cores; schemas shown per request
# ("Tools for this request") cost 80-300 tokens on every turn, while the resident block is the stable prefix,
# evaluated once and kept on disk. So when the whole catalog fits in this share of the context window, all of
# it is resident and a turn evaluates little more than the request (measured: decision 3.4-5.4 s → 0.8 s).
RESIDENT_SHARE = 0.5
CHARS_PER_TOKEN = 3.5  # compact JSON schema lines: Qwen 2.5 reads 4.3 characters per token; the safe side

ModeFilter = Callable[[Tool], bool]


def _search_handler(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    surface = ctx.services.tool_surface
    if not isinstance(surface, ToolSurface):
        raise ToolError("search_tools: every available tool is already listed with its parameters; "
                        "call one of them directly")
    return surface.search_result(str(args.get("query") or ""), int(args.get("k") or SEARCH_K))


register({"describe.search_tools": {"it": "Ho cercato come farlo", "en": "Looked for a way to do it"}})

SEARCH_TOOLS = Tool(
    SEARCH_NAME,
    "Find tools by describing the task in a few words (e.g. 'assign a ticket to someone'). Returns the "
    "matching tools with their parameters; call one of them in the next step. "
    "Cerca uno strumento descrivendo che cosa deve fare.",
    {"type": "object", "properties": {
        "query": {"type": "string", "maxLength": 200, "description": "What the tool should do"},
        "k": {"type": "integer", "minimum": 1, "maximum": 8, "description": "Most matches to return"}},
     "required": ["query"]},
    _search_handler, group="Discovery", risk="read", builtin=True,
    examples=("find a tool to convert units", "c'è uno strumento per assegnare un ticket"), said=StepSaid())


def tool_spec(tool: Tool) -> dict[str, Any]:
    """What the model is shown for a tool with its schema."""
    return {"name": tool.name, "description": tool.description, "parameters": tool.schema}


def tool_line(tool: Tool) -> str:
    """One compact JSON line per tool: the cheapest faithful rendering of a schema."""
    return json.dumps(tool_spec(tool), ensure_ascii=False, separators=(",", ":"))


def is_small_model(config: Any) -> bool:
    """Without knowing the model file: the bundled choice or a local GGUF run with a small context (<= 4096)
    gets the short resident list, where every schema is a sizeable share of the window. The engine knows
    better (ModelLoader.planner_is_small) and says so through ToolSurface(small_model=...)."""
    llm = config.llm
    return llm.backend == "llama_cpp" and (llm.model == "bundled" or int(llm.n_ctx) <= 4096)


def whole_catalog_fits(tools: list[Tool], n_ctx: int) -> bool:
    """Do the schemas of all these tools fit in RESIDENT_SHARE of the context window (estimated from their
    characters, without a tokenizer: the surface is built before any model is loaded)?"""
    chars = sum(len(tool_line(t)) + 1 for t in tools)
    return chars / CHARS_PER_TOKEN <= RESIDENT_SHARE * n_ctx


class ToolSurface:
    """The tools one run may see and call. Build one per run (cheap; tool vectors are cached)."""

    def __init__(self, registry: Registry, config: Any, embedder_provider: EmbedderProvider | None = None,
                 mode_allowed: ModeFilter | None = None, *, small_model: bool | None = None,
                 loaded: dict[str, str] | None = None):
        self.config = config
        self.deferral = bool(config.tools.deferral)
        # `loaded` may be the TurnContext.deferred_loaded dict itself, so ToolCall events see loads at once.
        self.loaded: dict[str, str] = loaded if loaded is not None else {}
        allowed = [t for t in registry if _permitted(mode_allowed, t)]
        if SEARCH_NAME not in registry and _permitted(mode_allowed, SEARCH_TOOLS):
            allowed.append(SEARCH_TOOLS)
        self._allowed: dict[str, Tool] = {t.name: t for t in allowed}
        catalog = [t for t in allowed if not t.builtin]
        small = is_small_model(config) if small_model is None else small_model
        wanted = list(config.tools.resident) or list(DEFAULT_RESIDENT_SMALL if small else DEFAULT_RESIDENT)
        unknown = [n for n in config.tools.resident if n not in registry and n != SEARCH_NAME]
        if unknown:
            log.warning("tools.resident names unknown tools (ignored): %s", ", ".join(unknown))
        search = self._allowed.get(SEARCH_NAME)
        named_builtins = [self._allowed[n] for n in wanted
                          if n in self._allowed and self._allowed[n].builtin and n != SEARCH_NAME]
        if self.deferral and not small and whole_catalog_fits(catalog + named_builtins, int(config.llm.n_ctx)):
            self.deferral = False  # deferral saves nothing here: the whole catalog is the cached prefix
        if not self.deferral:
            self.resident: list[Tool] = catalog + named_builtins
            self.deferred: list[Tool] = []
        else:
            self.resident = [self._allowed[n] for n in dict.fromkeys(wanted)
                             if n in self._allowed and n != SEARCH_NAME]
            names = {t.name for t in self.resident}
            self.deferred = sorted((t for t in catalog if t.name not in names), key=lambda t: (t.group, t.name))
            if self.deferred and search is not None:
                self.resident.append(search)
        self._resident = {t.name: t for t in self.resident}
        self._deferred = {t.name: t for t in self.deferred}
        self._activated: dict[str, Tool] = {}
        self._builtins = {t.name: t for t in allowed if t.builtin and t.name != SEARCH_NAME}
        self._callable = [t for t in allowed if t.name in self._resident or t.name in self._deferred
                          or t.name in self._builtins]
        ranked = [t for t in self.resident + self.deferred if t.name != SEARCH_NAME]
        self.ranker = ToolRanker(ranked, embedder_provider)

    # -- what the prompt shows -------------------------------------------------------
    @property
    def searchable(self) -> bool:
        return SEARCH_NAME in self._resident

    def index_text(self) -> str:
        """Names of the deferred tools under their group headings (stable order; part of the cached prefix)."""
        if not self.deferred:
            return ""
        groups: dict[str, list[str]] = {}
        for t in self.deferred:
            groups.setdefault(t.group, []).append(t.name)
        how = ("call one by name with its arguments, or use search_tools to see its parameters"
               if self.searchable else "call one by name with its arguments")
        lines = [f"Other tools ({how}):"]
        lines += [f"- {g}: {', '.join(names)}" for g, names in groups.items()]
        return "\n".join(lines)

    def resident_text(self) -> str:
        return "\n".join(tool_line(t) for t in self.resident)

    def loaded_tools(self) -> list[Tool]:
        """Deferred tools loaded in this run, in load order: append their schemas after the resident block."""
        out = [self._deferred[n] for n in self.loaded if n in self._deferred]
        return out + [t for n, t in self._activated.items() if n not in self._resident]

    def active_tools(self) -> list[Tool]:
        """Every tool whose schema the model has seen so far in this run."""
        return self.resident + self.loaded_tools()

    def unknown_message(self, name: str) -> str:
        """The same words for a name that does not exist and for one the mode forbids."""
        hint = ("call search_tools with a few words about the task to find the right one" if self.searchable
                else "use one of the tools listed in the instructions")
        return f"unknown tool {name!r}: no tool of that name is available here; {hint}"

    # -- loading ---------------------------------------------------------------------------
    def resolve(self, name: str) -> Tool | None:
        """The tool to run for `name`: a deferred one is loaded now (same step). None if unknown or forbidden.
        Runtime builtins the mode allows (scratchpad_read...) resolve too: the runtime decides when to offer
        them, and they are neither indexed nor searchable."""
        t = self._resident.get(name) or self._activated.get(name)
        if t is not None:
            return t
        t = self._deferred.get(name)
        if t is not None:
            self._record(name, "called by name")
            return t
        return self._builtins.get(name)

    def load(self, name: str, trigger: str) -> Tool | None:
        """Load a deferred tool for another reason (e.g. the planner's own retrieval); records `trigger`."""
        t = self._deferred.get(name)
        if t is not None:
            self._record(name, trigger)
            return t
        return self._resident.get(name) or self._activated.get(name)

    def activate(self, name: str, trigger: str) -> Tool | None:
        """Offer a runtime builtin (scratchpad_read once the turn has entries). Only tools on the surface
        from the start may be activated, so a forbidden tool can never be brought in this way."""
        t = self._allowed.get(name)
        if t is None:
            return None
        if name in self._resident:
            return t
        if name in self._deferred:
            return self.load(name, trigger)
        if name not in self._activated:
            self._activated[name] = t
            self.loaded.setdefault(name, trigger)
        return t

    def _record(self, name: str, trigger: str) -> None:
        if name not in self.loaded:
            self.loaded[name] = trigger
            log.debug("deferred tool %s loaded (%s)", name, trigger)

    # -- search ---------------------------------------------------------------------------
    def search(self, query: str, k: int = SEARCH_K) -> list[Match]:
        """Rank the allowed surface for `query` without loading anything."""
        return self.ranker.rank(query, k)

    def search_result(self, query: str, k: int = SEARCH_K) -> dict[str, Any]:
        """The observation of search_tools: matches with schemas (loaded now), or a clear 'nothing matched'."""
        query = query.strip()
        if not query:
            raise ToolError("search_tools: the query is empty; describe the task in a few words, "
                            "e.g. 'convert kilometres to miles'")
        k = max(1, min(8, k))
        matches = self.search(query, k)
        out: dict[str, Any] = {"query": query}
        if self.ranker.embedder_error:
            out["note_ranking"] = "ranked by words only (the embedding model is unavailable)"
        if not matches:
            out.update(matches=[], message=(
                f"No tool matches {query!r}. This does not mean the capability is missing: try other words "
                f"(a verb and an object, e.g. 'delete file', 'assegna ticket'), a broader description, or the "
                f"other language (Italian/English), and check the tool index in the instructions."))
            return out
        for m in matches:
            if m.tool.name in self._deferred:
                self._record(m.tool.name, f"search: {query}")
        out["matches"] = [{**tool_spec(m.tool), "group": m.tool.group, "risk": m.tool.risk} for m in matches]
        out["message"] = "These tools are loaded: call one by name in the next step."
        return out

    # -- execution -------------------------------------------------------------------------------
    def registry_view(self) -> "SurfaceRegistry":
        """A registry holding only this surface's tools, for TurnContext(registry=...). Its `get` loads a
        deferred tool (recording 'called by name'), so nothing reaches a tool without passing the surface."""
        return SurfaceRegistry(self)


    # -- observability ---------------------------------------------------------------------------
    def explain(self, count_tokens: Callable[[str], int]) -> dict[str, Any]:
        """Token cost of each part, for `metnos context --explain` (same code path as a real run)."""
        resident = [{"name": t.name, "group": t.group, "tokens": count_tokens(tool_line(t))} for t in self.resident]
        deferred = [{"name": t.name, "group": t.group, "tokens_if_loaded": count_tokens(tool_line(t))}
                    for t in self.deferred]
        return {
            "deferral": self.deferral,
            "resident": resident,
            "resident_tokens": sum(r["tokens"] for r in resident),
            "index_tokens": count_tokens(self.index_text()) if self.deferred else 0,
            "deferred": deferred,
            "deferred_tokens_if_resident": sum(d["tokens_if_loaded"] for d in deferred),
            "loaded": dict(self.loaded),
        }


class SurfaceRegistry(Registry):
    """Registry facade over a ToolSurface. `get` goes through `resolve` (a deferred tool is loaded and
    recorded); iteration and `in` cover exactly the permitted surface (resident + deferred + the mode's
    builtins), so code that enumerates tools (the planner's retrieval) never sees a forbidden one."""

    def __init__(self, surface: ToolSurface):
        super().__init__()
        self.surface = surface

    def get(self, name: str) -> Tool | None:
        return self.surface.resolve(name)

    def peek(self, name: str) -> Tool | None:
        """The tool without loading it (to inspect, not to run or show)."""
        s = self.surface
        return s._resident.get(name) or s._activated.get(name) or s._deferred.get(name) or s._builtins.get(name)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and any(t.name == name for t in self.surface._callable)

    def __iter__(self) -> Iterator[Tool]:
        return iter(self.surface._callable)

    def __len__(self) -> int:
        return len(self.surface._callable)

    def names(self) -> list[str]:
        return [t.name for t in self.surface._callable]

    def register(self, tool: Tool) -> Tool:
        raise ValueError("a run's tool surface is fixed; register tools in the catalog")


def _permitted(mode_allowed: ModeFilter | None, tool: Tool) -> bool:
    if mode_allowed is None:
        return True
    try:
        return bool(mode_allowed(tool))
    except Exception:  # a broken mode filter denies; it never widens the surface
        log.exception("mode filter failed on %s; tool hidden", tool.name)
        return False
