"""The LLM backend contract: the planner talks to this, never to llama_cpp or HTTP directly."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

from app.turn.cancel import CancelToken

Message = dict[str, str]  # {"role": "system"|"user"|"assistant"|"tool", "content": str}
TokenCallback = Callable[[str], None]


class LLMError(Exception):
    """The model could not be loaded or did not answer; the message names the fix."""


@dataclass
class Completion:
    text: str
    prompt_tokens: int = 0
    reused_tokens: int = 0  # prompt tokens served from the KV prefix
    evaluated_tokens: int = 0  # prompt tokens actually evaluated
    completion_tokens: int = 0
    finish_reason: str = "stop"
    timings: dict[str, float] = field(default_factory=dict)


class Streamed:
    """The pieces of a streamed completion as they arrive: the text, how many, when the first came, and the
    caller's per-token callback — the same bookkeeping for the local and the remote backend."""

    def __init__(self, on_token: Callable[[str], None] | None = None):
        self.on_token = on_token
        self.parts: list[str] = []
        self.first: float | None = None

    def add(self, text: str) -> None:
        if not text:
            return
        if self.first is None:
            self.first = time.perf_counter()
        self.parts.append(text)
        if self.on_token:
            self.on_token(text)

    @property
    def count(self) -> int:
        return len(self.parts)

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def timings(self, t0: float) -> dict[str, float]:
        t1 = time.perf_counter()
        return {"total_s": t1 - t0, "first_token_s": (self.first or t1) - t0}


class LLMBackend(Protocol):
    name: str
    n_ctx: int

    def render(self, messages: Sequence[Message], add_generation_prompt: bool = True) -> str:
        """Messages -> the model's prompt text (its chat template)."""

    def count_tokens(self, text: str) -> int:
        """Tokens of `text` with the model's own tokenizer."""

    def complete(self, prompt: str, *, max_tokens: int = 256, stop: Sequence[str] = (),
                 json_schema: dict[str, Any] | None = None, grammar: str | None = None,
                 temperature: float = 0.0, cancel: CancelToken | None = None,
                 on_token: TokenCallback | None = None, repeat_penalty: float = 1.0) -> Completion:
        """Generate from a raw prompt; constrained when a schema/grammar is given; streamed through on_token.
        `repeat_penalty` > 1 makes tokens already in the text less likely (a second attempt after a loop)."""

    def score_options(self, prompt: str, options: Sequence[str]) -> list[float]:
        """Mean log-probability of each option as the continuation of `prompt` (higher = likelier)."""

    def close(self) -> None:
        """Free what the backend holds (weights and KV cache, or the HTTP client); it is not used after."""
