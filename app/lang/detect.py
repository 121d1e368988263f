"""Which language a request is written in (IT or EN), by its function words: instant, no model.

The request's language, not its quoted text: "translate 'buona notte' into English" is English.
"""
from __future__ import annotations

import re

_IT = {"aggiungi", "al", "alla", "alle", "anche", "anni", "annulla", "apri", "buonasera", "buongiorno", "c'è",
       "calcola", "cancella", "cartella", "cento", "cerca", "che", "chi", "ci", "ciao", "come", "con", "copia",
       "cosa", "crea", "dammi", "data", "dei", "del", "della", "delle", "dentro", "di", "dimmi", "diviso", "domani",
       "dove", "e", "elenca", "elimina", "errori", "fa", "fammi", "fra", "giorno", "gli", "grazie", "ha", "hai",
       "ho", "ieri", "il", "inglese", "italiano", "la", "le", "leggi", "lo", "meno", "mi", "mia", "mio", "molto",
       "mostra", "mostrami", "negli", "nei", "nel", "nella", "nessun", "non", "oggi", "ora", "ore", "per", "perché",
       "più", "prima", "prime", "puoi", "può", "quadrata", "qual", "quale", "quali", "quando", "quant'è", "quante",
       "quanti", "quanto", "questa", "questo", "radice", "riassumi", "ricorda", "ricordati", "riga", "righe",
       "salva", "salve", "scrivi", "sei", "si", "sono", "spiega", "spiegami", "sposta", "sta", "stai", "sul",
       "sulla", "ti", "tra", "traduci", "trova", "tu", "tutte", "tutti", "ultima", "ultime", "un", "una", "vorrei",
       "è"}
_EN = {"about", "all", "an", "and", "any", "are", "at", "be", "been", "calculate", "can", "compute", "could", "date",
       "day", "delete", "did", "divided", "do", "does", "english", "errors", "explain", "files", "find", "first",
       "folder", "for", "from", "give", "have", "hello", "hi", "how", "into", "is", "it", "italian", "last", "lines",
       "list", "many", "me", "minus", "much", "my", "no", "not", "of", "open", "out", "percent", "please", "plus",
       "print", "read", "remember", "root", "save", "search", "show", "some", "square", "summarize", "tell", "thank",
       "thanks", "the", "there", "these", "this", "those", "time", "times", "to", "today", "tomorrow", "translate",
       "undo", "was", "were", "what", "what's", "whats", "when", "where", "which", "who", "why", "with", "would",
       "write", "yes", "yesterday", "you", "your"}


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
