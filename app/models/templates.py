"""Chat templates. The bundled Gemma GGUF has no template and llama-cpp-python's
"gemma" format drops the system message, so the Gemma turn format is written here."""
from __future__ import annotations

from typing import Sequence

from .base import Message

GEMMA_STOP = ("<end_of_turn>", "<start_of_turn>")


def render_gemma(messages: Sequence[Message], add_generation_prompt: bool = True) -> str:
    """Gemma turns; system text goes at the top of the first user turn, tool results are user turns.

    Consecutive same-role messages are emitted as separate turns so that a
    prompt only ever grows at the end (append-only, KV prefix reuse).
    """
    out: list[str] = []
    pending_system: list[str] = []
    for m in messages:
        role, content = m["role"], m["content"]
        if role == "system":
            pending_system.append(content)
            continue
        turn_role = "model" if role == "assistant" else "user"
        if pending_system and turn_role == "user":
            content = "\n\n".join(pending_system + [content])
            pending_system = []
        out.append(f"<start_of_turn>{turn_role}\n{content}<end_of_turn>\n")
    if pending_system:
        out.append("<start_of_turn>user\n" + "\n\n".join(pending_system) + "<end_of_turn>\n")
    if add_generation_prompt:
        out.append("<start_of_turn>model\n")
    return "".join(out)


def render_chatml(messages: Sequence[Message], add_generation_prompt: bool = True) -> str:
    out = []
    for m in messages:
        role = "user" if m["role"] == "tool" else m["role"]
        out.append(f"<|im_start|>{role}\n{m['content']}<|im_end|>\n")
    if add_generation_prompt:
        out.append("<|im_start|>assistant\n")
    return "".join(out)


CHATML_STOP = ("<|im_end|>", "<|im_start|>")
