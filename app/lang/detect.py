"""Which language a request is written in (IT or EN), by its function words: instant, no model.

The request's language, not its quoted text: "translate 'buona notte' into English" is English.
"""
from __future__ import annotations

import re

_IT = {"che", "il", "lo", "la", "le", "gli", "di", "del", "della", "nel", "nella", "e", "è", "sono", "ore", "mi",
       "dimmi", "leggi", "apri", "mostra", "mostrami", "trova", "cerca", "cartella", "file", "quante", "quanti",
       "cosa", "dove", "quando", "ricordati", "ricorda", "oggi", "ieri", "domani", "scrivi", "salva", "cancella",
       "elenca", "per", "un", "una", "questo", "questa", "giorno", "data", "ora", "righe", "errori", "ho", "mio",
       "mia", "annulla", "fammi", "dammi", "anni", "con", "sul", "alle"}
_EN = {"the", "what", "is", "are", "time", "read", "open", "show", "me", "find", "search", "folder", "file", "how",
       "many", "lines", "where", "when", "remember", "today", "yesterday", "tomorrow", "write", "save", "delete",
       "list", "for", "a", "an", "this", "day", "date", "errors", "my", "i", "do", "have", "undo", "tell", "give",
       "of", "in", "to", "and", "it", "please", "with", "at"}


_QUOTED = re.compile(r"(?<!\w)['\"«“‘]([^'\"»”’\n]{1,200})['\"»”’](?!\w)")


def detect_lang(text: str) -> str:
    """"it" or "en"; a tie goes to Italian when the text has Italian accents or no English word."""
    text = _QUOTED.sub(" ", text)  # "translate 'buona notte' into English" is English
    words = re.findall(r"[a-zàèéìòù']+", text.lower())
    it = sum(w in _IT for w in words) + sum(1 for w in words if w.endswith(("zione", "mente")))
    en = sum(w in _EN for w in words)
    if it == en:
        return "it" if re.search(r"[àèéìòù]", text.lower()) else ("en" if en else "it")
    return "it" if it > en else "en"
