"""Which language a request is written in (IT or EN), by its function words: instant, no model.

The request's language, not its quoted text: "translate 'buona notte' into English" is English.
"""
from __future__ import annotations

import re

_IT = {"che", "il", "lo", "la", "le", "gli", "di", "del", "della", "nel", "nella", "e", "è", "sono", "ore", "mi",
       "dimmi", "leggi", "apri", "mostra", "mostrami", "trova", "cerca", "cartella", "file", "quante", "quanti",
       "cosa", "dove", "quando", "ricordati", "ricorda", "oggi", "ieri", "domani", "scrivi", "salva", "cancella",
       "elenca", "per", "un", "una", "questo", "questa", "giorno", "data", "ora", "righe", "errori", "ho", "mio",
       "mia", "annulla", "fammi", "dammi", "anni", "con", "sul", "alle", "ci", "c'è", "qual", "quale", "quanto",
       "fa", "gli", "nei", "negli", "delle", "dei", "sei", "sta", "stai", "come", "grazie", "ciao", "scrivi",
       "riassumi", "traduci", "spiegami", "spiega", "cerca", "quali", "perché", "anche", "non", "più", "ultime",
       "ultima", "prime", "prima", "riga", "ha", "hai", "puoi", "vorrei", "tutti", "tutte", "nessun", "molto",
       "buongiorno", "buonasera", "salve", "chi", "tu", "ti", "si", "può", "fra", "tra", "dentro", "sulla", "alla", "italiano", "inglese", "diviso", "meno", "radice", "quadrata", "calcola",
       "quant'è", "quanti", "cento"}
_EN = {"the", "what", "is", "are", "time", "read", "open", "show", "me", "find", "search", "folder", "file", "how",
       "many", "lines", "where", "when", "remember", "today", "yesterday", "tomorrow", "write", "save", "delete",
       "list", "for", "an", "this", "day", "date", "errors", "my", "i", "do", "have", "undo", "tell", "give",
       "of", "to", "and", "it", "please", "with", "at", "which", "who", "why", "there", "any", "last",
       "first", "print", "thanks", "thank", "you", "hi", "hello", "into", "translate", "summarize", "explain",
       "can", "could", "would", "from", "about", "does", "did", "was", "were", "much", "many", "much", "your",
       "all", "some", "files", "lines", "folder", "these", "those", "be", "been", "not", "no", "yes", "out", "english", "italian", "whats", "what's", "times", "plus", "minus", "divided",
       "square", "root", "calculate", "compute", "percent"}


_QUOTED = re.compile(r"(?<!\w)['\"«“‘]([^'\"»”’\n]{1,200})['\"»”’](?!\w)")
# Paths, URLs, addresses and file names are in no language: "/tmp/i/a.md" must not count "i" and "a" as English.
_NAMES = re.compile(r"(?:https?://|www\.)\S+|\S+@\S+|(?<!\w)[~/.]\S*|\S+/\S*|\b[\w-]+\.[A-Za-z0-9]{1,5}\b")


def detect_lang(text: str) -> str:
    """"it" or "en"; a tie goes to Italian when the text has Italian accents or no English word."""
    text = _QUOTED.sub(" ", text)  # "translate 'buona notte' into English" is English
    text = _NAMES.sub(" ", text)
    words = re.findall(r"[a-zàèéìòù']+", text.lower())
    it = sum(w in _IT for w in words) + sum(1 for w in words if w.endswith(("zione", "mente")))
    en = sum(w in _EN for w in words)
    if it == en:
        return "it" if re.search(r"[àèéìòù]", text.lower()) else ("en" if en else "it")
    return "it" if it > en else "en"
