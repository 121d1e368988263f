"""Deterministic answers rendered from a tool result, in the request's language.

Used when no model is involved (L0/L1/L2) and as the planner's fallback when
the model's answer is empty or garbage.
"""
from __future__ import annotations

import re
from typing import Any

_IT = {"che", "il", "lo", "la", "le", "gli", "di", "del", "della", "nel", "nella", "e", "è", "sono", "ore", "mi",
       "dimmi", "leggi", "apri", "mostra", "mostrami", "trova", "cerca", "cartella", "file", "quante", "quanti",
       "cosa", "dove", "quando", "ricordati", "ricorda", "oggi", "ieri", "domani", "scrivi", "salva", "cancella",
       "elenca", "per", "un", "una", "questo", "questa", "giorno", "data", "ora", "righe", "errori", "ho", "mio",
       "mia", "annulla", "fammi", "dammi", "anni", "con", "sul", "alle"}
_EN = {"the", "what", "is", "are", "time", "read", "open", "show", "me", "find", "search", "folder", "file", "how",
       "many", "lines", "where", "when", "remember", "today", "yesterday", "tomorrow", "write", "save", "delete",
       "list", "for", "a", "an", "this", "day", "date", "errors", "my", "i", "do", "have", "undo", "tell", "give",
       "of", "in", "to", "and", "it", "please", "with", "at"}


def detect_lang(text: str) -> str:
    words = re.findall(r"[a-zàèéìòù']+", text.lower())
    it = sum(w in _IT for w in words) + sum(1 for w in words if w.endswith(("zione", "mente")))
    en = sum(w in _EN for w in words)
    if it == en:
        return "it" if re.search(r"[àèéìòù]", text.lower()) else ("en" if en else "it")
    return "it" if it > en else "en"


def _names(items: list[dict[str, Any]], key: str, limit: int = 20) -> str:
    shown = [str(i.get(key, "")) for i in items[:limit]]
    more = len(items) - len(shown)
    return "\n".join(f"- {s}" for s in shown) + (f"\n… (+{more})" if more > 0 else "")


def render(tool: str, result: Any, lang: str = "it") -> str:
    it = lang == "it"
    if not isinstance(result, dict):
        return str(result)
    if result.get("ok") is False and result.get("error"):
        return ("Non ci sono riuscito: " if it else "I could not do it: ") + str(result["error"])
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
        return head + "\n" + _names(result.get("entries", []), "name")
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
    if tool == "describe_entries":
        return str(result.get("summary", ""))
    for key in ("message", "answer", "summary", "text"):
        if isinstance(result.get(key), str):
            return result[key]
    return ", ".join(f"{k}: {v}" for k, v in result.items() if not isinstance(v, (list, dict)))[:800]
