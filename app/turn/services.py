"""What a running turn may use besides its tools: one typed record instead of a string-keyed dict.

Every field is optional, so the CLI, a bench or a test wires only the parts it needs, and each consumer
degrades on its own when a part is missing (no model: rules only; no scratchpad: shrunk views). Providers
(`llm`, `embedder`, `memory`) are callables so a model or the encrypted memory is opened only when a turn
really needs it: an L0 answer never loads a model or touches the keyring.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .events import Step


@dataclass
class TurnServices:
    # models (providers: call to get the loaded backend; may raise ModelError/LLMError)
    llm: Callable[[], Any] | None = None
    embedder: Callable[[], Any] | None = None
    # the orchestrator and the full registry (remember checks what the user asked for through it)
    engine: Any = None
    registry: Any = None
    # scratchpad: the store, the offload hook the runner calls for every observation, and a cheap check
    scratchpad: Any = None
    present: Callable[..., tuple[dict[str, Any], str | None]] | None = None
    scratch_has_entries: Callable[[], bool] | None = None
    # structured short-term state (plan + notes) and its prompt block
    state: Any = None
    state_block: Callable[[], str] | None = None
    # encrypted long-term memory (provider) and its prompt block
    memory: Callable[[], Any] | None = None
    memory_block: Callable[..., str] | None = None
    # the document index (provider: app.docs.DocIndex, the reason it cannot open, or None: no folder chosen)
    documents: Callable[[], Any] | None = None
    # the reminders (provider: app.reminders.Scheduler, or the reason it cannot open)
    reminders: Callable[[], Any] | None = None
    # the turn's tool surface (resident + deferred), builtins offered now, and the after-step hook
    tool_surface: Any = None
    extra_tools: Callable[[], list[Any]] | None = None
    after_step: Callable[[Step], Any] | None = None


def provide(provider: Any) -> Any:
    """The backend behind a provider field: a zero-argument callable is called, a backend is returned as is."""
    if provider is None:
        return None
    if callable(provider) and not hasattr(provider, "complete") and not hasattr(provider, "embed"):
        return provider()
    return provider
