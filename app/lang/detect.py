"""Which language a request is written in (IT or EN), by its function words: instant, no model.

The request's language, not its quoted text: "translate 'buona notte' into English" is English.
"""
from __future__ import annotations

import re

_IT = {"che", "il", "lo", "la", "le", "gli", "di", "del", "della", "nel", "nella", "e", "è", "sono", "ore", "mi",
       "dimmi", "leggi", "apri", "mostra", "mostrami", "trova", "cerca", "cartella", "file", "quante", "quanti",
       "cosa", "dove", "quando", "ricordati", "ricorda", "oggi", "ieri", "domani", "scrivi", "salva", "cancella",
       "elenca", "per", "un", "una", "questo", "questa", "giorno", "data", "ora", "righe", "errori", "ho", "mio",
       "mia", "annulla", "fammi", "dammi", "anni", "con", "sul", "alle", "copia", "sposta", "rinomina", "elimina",
       "rimuovi", "svuota", "stampa", "stampami", "crea", "avvia", "lancia", "esegui", "manda", "mandami", "invia",
       "spedisci", "comprimi", "zippa", "installa", "chiama", "alza", "abbassa", "accendi", "spegni", "imposta",
       "scarica", "carica", "converti", "cripta", "cifra", "metti", "butta", "cestina", "nuova", "cartelle", "poi",
       "anche", "dentro", "parola", "pagina", "sito", "cercalo", "trovami", "cercami", "sposto", "copiami", "duplica"}
_EN = {"the", "what", "is", "are", "time", "read", "open", "show", "me", "find", "search", "folder", "file", "how",
       "many", "lines", "where", "when", "remember", "today", "yesterday", "tomorrow", "write", "save", "delete",
       "list", "for", "a", "an", "this", "day", "date", "errors", "my", "i", "do", "have", "undo", "tell", "give",
       "of", "to", "and", "it", "please", "with", "at", "files", "move", "copy", "rename", "send", "print", "install",
       "launch", "start", "run", "create", "make", "new", "trash", "remove", "fetch", "page", "inside", "word",
       "from", "into", "all", "on", "up", "set", "turn", "which", "can", "you", "your", "then", "also", "folders",
       "empty", "encrypt", "zip", "play", "call", "get", "look", "put"}


_QUOTED = re.compile(r"(?<!\w)['\"«“‘]([^'\"»”’\n]{1,200})['\"»”’](?!\w)")
# Paths, addresses and file names are no language: "/tmp/x/a.txt" must not count as the English "a".
_NAMES = re.compile(r"\S*[/\\]\S*|(?<![\w.])[\w-]+\.[A-Za-z0-9]{1,5}(?![\w.])|\S+@\S+")


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
