"""Which language a request is written in (IT or EN), by its function words: instant, no model.

The request's language, not its quoted text: "translate 'buona notte' into English" is English.
"""
from __future__ import annotations

import re

from .quotes import without_quotes
from .rules.texting import TEXTING
from .units import english_unit_names

_IT = {"abbassa", "accendi", "aggiungi", "al", "alla", "alle", "alza", "anche", "anni", "annulla", "apri", "avvia",
       "buonasera", "buongiorno", "butta", "c'è", "calcola", "cancella", "carica", "cartella", "cartelle", "cento",
       "cerca", "cercalo", "cercami", "cestina", "che", "chi", "chiama", "ci", "ciao", "cifra", "come", "comprimi",
       "con", "converti", "copia", "copiami", "cosa", "crea", "cripta", "dammi", "data", "dei", "del", "della",
       "delle", "dentro", "di", "dimmi", "diviso", "domani", "dove", "duplica", "e", "elenca", "elimina", "errori",
       "esegui", "fa", "fammi", "fra", "giorno", "gli", "grazie", "ha", "hai", "ho", "ieri", "il", "imposta",
       "inglese", "installa", "invia", "italiano", "la", "lancia", "le", "leggi", "lo", "manda", "mandami", "meno",
       "metti", "mi", "mia", "mio", "molto", "mostra", "mostrami", "negli", "nei", "nel", "nella", "nessun", "non",
       "nuova", "oggi", "ora", "ore", "pagina", "parola", "per", "perché", "più", "poi", "prima", "prime", "puoi",
       "può", "quadrata", "qual", "quale", "quali", "quando", "quant'è", "quante", "quanti", "quanto", "questa",
       "questo", "radice", "riassumi", "ricorda", "ricordati", "riga", "righe", "rimuovi", "rinomina", "salva",
       "salve", "scarica", "scrivi", "sei", "si", "sito", "sono", "spedisci", "spegni", "spiega", "spiegami",
       "sposta", "sposto", "sta", "stai", "stampa", "stampami", "sul", "sulla", "svuota", "ti", "tra", "traduci",
       "trova", "trovami", "tu", "tutte", "tutti", "ultima", "ultime", "un", "una", "vorrei", "zippa", "è"}
_EN = {"about", "all", "also", "an", "and", "any", "are", "at", "be", "been", "calculate", "call", "can", "compute",
       "copy", "could", "create", "date", "day", "delete", "did", "divided", "do", "does", "empty", "encrypt",
       "english", "errors", "explain", "fetch", "files", "find", "first", "folder", "folders", "for", "from", "get",
       "give", "have", "hello", "hi", "how", "inside", "install", "into", "is", "it", "italian", "last", "launch",
       "lines", "list", "look", "make", "many", "me", "minus", "move", "much", "my", "new", "no", "not", "of", "on",
       "open", "out", "page", "percent", "play", "please", "plus", "print", "put", "read", "remember", "remove",
       "rename", "root", "run", "save", "search", "send", "set", "show", "some", "square", "start", "summarize",
       "tell", "thank", "thanks", "the", "then", "there", "these", "this", "those", "time", "times", "to", "today",
       "tomorrow", "translate", "trash", "turn", "undo", "up", "was", "were", "what", "what's", "whats", "when",
       "where", "which", "who", "why", "with", "word", "would", "write", "yes", "yesterday", "you", "your", "zip"}

# Function words and contractions no Italian request uses: "bin that wan, it's pure mingin" had no word of the
# list above and was read as Italian (everyday7-69, answered in Italian).
_EN |= {"that", "it's", "its", "that's", "there's", "one", "just", "if", "but", "or", "will", "should", "need",
        "want", "we", "they", "he", "she", "them", "our", "their", "i'm", "i've", "i'll", "don't", "can't", "won't",
        "didn't", "doesn't", "isn't", "you're", "we're", "they're", "gonna", "wanna"}

# Unit names only English uses ("feet", "pounds", "gallons"; from the unit table, so "5.5 feet in cm" is English).
_EN |= english_unit_names()

# Paths, URLs, addresses and file names are in no language: "/tmp/i/a.md" must not count "i" and "a" as English.
# `(?<!\S)` anchors the two "anything around a mark" forms at a word's start, where their leftmost match begins
# anyway: unanchored, each was retried from every character of a long run ("x" * 100_000 took minutes).
_NAMES = re.compile(r"(?:https?://|www\.)\S+|(?<!\S)\S+@\S+|(?<!\w)[~/.]\S*|(?<!\S)\S+/\S*"
                    r"|\b[\w-]+\.[A-Za-z0-9]{1,5}\b")


def lang_said(text: str) -> str | None:
    """"it" or "en" when the request's words say which, None when they do not ("thx man", "ok", a bare path): no
    function word of either language and no Italian accent. A tie of words goes to the language its texting words
    say, else to Italian when the text has Italian accents, else to English."""
    text = without_quotes(text, " ")  # "translate 'buona notte' into English" is English
    text = _NAMES.sub(" ", text)
    words = re.findall(r"[a-zàèéìòù']+", text.lower())
    it = sum(w in _IT for w in words) + sum(1 for w in words if w.endswith(("zione", "mente")))
    en = sum(w in _EN for w in words)
    if it == en:  # a tie: texting words say it ("ke promemoria ho attivi? nn me li ricordo", everyday9-35), then
        # Italian accents
        if en and (weak := weak_lang(text)) is not None:
            return weak
        return "it" if re.search(r"[àèéìòù]", text.lower()) else ("en" if en else None)
    return "it" if it > en else "en"


# Texting words (app/lang/rules/texting.py): weak evidence, read only when no function word says the language.
_EN_TEXTING = frozenset(TEXTING.words("en"))
_IT_TEXTING = frozenset(TEXTING.words("it"))


def weak_lang(text: str) -> str | None:
    """"it" or "en" by texting words alone ("thx man", "grz raga"), None when they do not say either."""
    words = re.findall(r"[a-zàèéìòù']+", _NAMES.sub(" ", text).lower())
    it, en = sum(w in _IT_TEXTING for w in words), sum(w in _EN_TEXTING for w in words)
    return None if it == en else "it" if it > en else "en"


def detect_lang(text: str) -> str:
    """"it" or "en"; a request whose words do not say is read by its texting words, else as Italian (the engine
    first asks the conversation: engine/turn_lang.py)."""
    return lang_said(text) or weak_lang(text) or "it"


def text_lang(text: str) -> str | None:
    """The language of a text someone selected or piped in: "it", "en", or None when it reads as neither (a French
    mail, code, a list of numbers) — by the share of Italian and English function words, no model."""
    words = re.findall(r"[a-zàèéìòù']+", _NAMES.sub(" ", text[:4000]).lower())
    if not words:
        return None
    it = sum(w in _IT for w in words) + sum(1 for w in words if w.endswith(("zione", "mente")))
    en = sum(w in _EN for w in words)
    if max(it, en) < max(1, len(words) // 12):  # under one word in twelve: not a sentence of either
        return None
    return "it" if it > en else "en" if en > it else detect_lang(text)
