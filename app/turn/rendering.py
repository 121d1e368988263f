"""Deterministic answers rendered from a tool result, in the request's language.

Used when no model is involved (L0/L1/L2), for every answer whose content is data (a file's lines,
a listing, a time, a count, a calculation) — instant and exact — and as the fallback when a
model's written answer is not usable. Given the question, it answers the shape asked for: the
last lines for "ultime righe", the first N for "prime N righe", a number for "quante righe",
yes or no for "ci sono …?".

Each tool declares how its results are said (`Tool.render`, app/tools/registry.py, next to the tool: files_said.py,
clock.py, calculate.py, memory/tools.py …); this layer is below the tools, so it holds the renderers by tool name as
the tools hand them over, and says a result no renderer knows in its own words.
"""
from __future__ import annotations

from typing import Any, Callable

from app.lang.asked import Asked, asked
from app.lang.messages import Message, register, render_message, say

register({
    "render.not_stored": {"it": "Non l'ho memorizzato: {reason}", "en": "Not stored: {reason}"},
    "render.more": {"it": "… e altri {n}", "en": "… and {n} more"},
    "render.cut": {"it": "… (il resto è stato omesso)", "en": "… (the rest is omitted)"},
})

BODY_CHARS = 1200
LIST_LIMIT = 20

# A tool's own way to put its result into words: None when the result is not one it knows (then `_own_words`).
Renderer = Callable[[dict[str, Any], str, Asked], "str | None"]
# tool name -> its renderer. Filled by the tools' declarations (`Tool.render`, app/tools/registry.py): this layer is
# below the tools, so it holds what each tool declares instead of naming the tools it knows.
_RENDERERS: dict[str, Renderer] = {}


def renders(tool: str, renderer: Renderer) -> None:
    """Say `tool`'s results with `renderer` (its declaration calls this once, when the tool is made)."""
    _RENDERERS[tool] = renderer


def failure_text(result: dict[str, Any], lang: str) -> str:
    """A failed step in the person's words: a declined approval is their choice, anything else is a problem."""
    m = result["message"]
    text = render_message(Message(m["key"], **_params(m.get("params", {}))), lang)
    if result.get("declined"):
        return text
    return say("answer.failed", lang, reason=text)


def _params(params: dict[str, Any]) -> dict[str, Any]:
    return {k: (Message(v["key"], **_params(v.get("params", {}))) if isinstance(v, dict) and "key" in v else v)
            for k, v in params.items()}


def listing(items: list[dict[str, Any]], key: str, lang: str, limit: int = LIST_LIMIT) -> str:
    """One "- item" line per item (its `key` field), the first `limit`, then how many more."""
    shown = [str(i.get(key, "")) for i in items[:limit]]
    more = len(items) - len(shown)
    return "\n".join(f"- {s}" for s in shown) + ("\n" + say("render.more", lang, n=more) if more > 0 else "")


def body(text: str, lang: str, limit: int = BODY_CHARS) -> str:
    """A text to show, cut at `limit` characters with a line that says so."""
    return text if len(text) <= limit else text[:limit].rstrip() + "\n" + say("render.cut", lang)


def error_lines(content: str) -> list[str]:
    from app.lang.asked import ERRORS

    return [ln.strip() for ln in content.splitlines() if ERRORS.search(ln)]


def own_sentence(result: dict[str, Any], lang: str) -> str | None:
    """The tool's own sentence about what it did (a result's "said" message), None when it has none."""
    said = result.get("said")
    if isinstance(said, dict) and "key" in said:
        return render_message(Message(said["key"], **_params(said.get("params", {}))), lang)
    return None


def render(tool: str, result: Any, lang: str = "it", question: str = "") -> str:
    """The answer for one tool result; `question` picks the shape (tail, head, count, yes/no). A failure is said as
    one; else the tool's own renderer (declared with the tool), and a result it does not know is said in its own
    words."""
    if not isinstance(result, dict):
        return str(result)
    shape = asked(question) if question else Asked()
    failed = _failed(tool, result, lang)
    if failed is not None:
        return failed
    own = _RENDERERS.get(tool)
    text = own(result, lang, shape) if own is not None else None
    return text if text is not None else _own_words(result, lang)


def _failed(tool: str, result: dict[str, Any], lang: str) -> str | None:
    if result.get("ok") is False and isinstance(result.get("message"), dict):
        return failure_text(result, lang)
    if result.get("ok") is False and result.get("error"):
        if tool == "remember":
            return say("render.not_stored", lang, reason=result["error"])
        return say("answer.failed", lang, reason=result["error"])
    return None


def _own_words(result: dict[str, Any], lang: str) -> str:
    """A result no renderer knows: the tool's own sentence about what it did, else its text, else its fields."""
    text = own_sentence(result, lang)
    if text is not None:
        return text
    for key in ("message", "answer", "summary", "text"):
        value = result.get(key)
        if isinstance(value, str):
            return value
    return ", ".join(f"{k}: {v}" for k, v in result.items() if not isinstance(v, (list, dict)))[:800]
