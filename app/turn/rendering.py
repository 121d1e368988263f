"""Deterministic answers rendered from a tool result, in the request's language.

Used when no model is involved (L0/L1/L2) and as the planner's fallback when
the model's answer is empty or garbage.
"""
from __future__ import annotations

from typing import Any

from app.lang.messages import Message, render_message, say


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


def _names(items: list[dict[str, Any]], key: str, limit: int = 20) -> str:
    shown = [str(i.get(key, "")) for i in items[:limit]]
    more = len(items) - len(shown)
    return "\n".join(f"- {s}" for s in shown) + (f"\n… (+{more})" if more > 0 else "")


def render(tool: str, result: Any, lang: str = "it") -> str:
    it = lang == "it"
    if not isinstance(result, dict):
        return str(result)
    if result.get("ok") is False and isinstance(result.get("message"), dict):
        return failure_text(result, lang)
    if result.get("ok") is False and result.get("error"):
        if tool == "remember":
            return (f"Non l'ho memorizzato: {result['error']}" if it else f"Not stored: {result['error']}")
        return ("Non ci sono riuscito: " if it else "I could not do it: ") + str(result["error"])
    if tool == "remember" and "fact" in result:
        verb = {"confirmed": ("Lo sapevo già", "I already knew"),
                "superseded": ("Aggiornato", "Updated")}.get(str(result.get("action")), ("Memorizzato", "Remembered"))
        return f"{verb[0] if it else verb[1]}: {result['fact']}."
    if tool == "get_now":
        return f"Sono le {result['time']}." if it else f"It's {result['time']}."
    if tool == "get_date":
        return f"Oggi è {result['text_it']}." if it else f"Today is {result['text_en']}."
    if tool == "where_am_i":
        return (f"Sei su {result['host']}, fuso orario {result['timezone']}." if it
                else f"You are on {result['host']}, time zone {result['timezone']}.")
    if tool == "list_dir":
        head = (f"{result['count']} elementi in {result['path']}:" if it
                else f"{result['count']} entries in {result['path']}:")
        entries = [dict(e, name=f"{e.get('name', '')}/") if e.get("type") == "dir" else e
                   for e in result.get("entries", []) if isinstance(e, dict)]  # a folder reads as one: "foto/"
        return head + "\n" + _names(entries, "name")
    if tool == "find_files":
        if not result.get("count"):
            return "Nessun file trovato." if it else "No files found."
        head = f"Trovati {result['count']} file:" if it else f"Found {result['count']} files:"
        return head + "\n" + _names(result.get("matches", []), "path")
    if tool == "read_files":
        if "files" in result:
            return "\n\n".join(render(tool, f, lang) for f in result["files"])
        if result.get("encoding") == "binary":
            return (f"{result['path']} è un file binario di {result['bytes']} byte." if it
                    else f"{result['path']} is a binary file of {result['bytes']} bytes.")
        content = str(result.get("content", ""))
        head = (f"{result['path']} ({result.get('lines', 0)} righe):" if it
                else f"{result['path']} ({result.get('lines', 0)} lines):")
        body = content if len(content) <= 1200 else content[:1200] + "\n…"
        return head + "\n" + body
    if tool == "write_files":
        return (f"Scritti {result['bytes_written']} byte in {result['path']}." if it
                else f"Wrote {result['bytes_written']} bytes to {result['path']}.")
    said = result.get("said")
    if isinstance(said, dict) and "key" in said:  # a tool's own sentence about what it did
        text = render_message(Message(said["key"], **_params(said.get("params", {}))), lang)
        if tool == "search_in_files" and result.get("matches"):
            shown = [f"- {m['path']}:{m['line']}: {m['text']}" for m in result["matches"][:20]]
            more = len(result["matches"]) - len(shown)
            text += "\n" + "\n".join(shown) + (f"\n… (+{more})" if more > 0 else "")
        return text
    if tool == "describe_entries":
        return str(result.get("summary", ""))
    for key in ("message", "answer", "summary", "text"):
        value = result.get(key)
        if isinstance(value, str):
            return value
    return ", ".join(f"{k}: {v}" for k, v in result.items() if not isinstance(v, (list, dict)))[:800]
