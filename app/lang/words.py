"""Words, stems and stopwords, one definition for the whole app.

Stems come from Snowball (py-rust-stemmers, already installed with fastembed), English then Italian:
requests mix the two languages ("leggi il file notes", "show the cartella"), and composing the two
stemmers maps the forms people type to one key in either language ("files"/"file" -> "fil",
"cartelle"/"cartella" -> "cartell", "photos"/"photo" -> "phot"), deterministically.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from py_rust_stemmers import SnowballStemmer

_EN = SnowballStemmer("english")
_IT = SnowballStemmer("italian")

STOPWORDS_IT: frozenset[str] = frozenset("""
presente presenti
il lo la i gli le l' un uno una un' di del dello della dei degli delle dell' da dal dallo dalla dai dagli dalle
dall' in nel nello nella nei negli nelle nell' con col coi su sul sullo sulla sui sugli sulle sull' per tra fra
a al allo alla ai agli alle all' ad e ed o od ma che chi cosa cos' come com' dove dov' quando quale qual quali
quanto quanti quanta quante mio mia miei mie tuo tua tuoi tue suo sua suoi sue nostro nostra vostro vostra loro
me te se sé ce ne ci vi lo li mi ti si è e' sono sei siamo siete era ho hai ha abbiamo avete hanno c' c'è
questo questa questi queste quello quella quelli quelle qui qua lì là non più anche pure solo già poi quindi
per favore perfavore
""".split())

STOPWORDS_EN: frozenset[str] = frozenset("""
a an the of to in into on onto at by for from with within about as and or but is are was were be been am
do does did i me my mine you your yours it its it's this that these those there here what what's whats which
who whom how where when why some any can could would should will shall may might please not no also just
only then so than too very we our us he she his her they them their across throughout present
""".split())

STOPWORDS: frozenset[str] = STOPWORDS_IT | STOPWORDS_EN

# Words that qualify a thing by order or age ("l'ultimo episodio", "the latest report"). They name neither
# an action nor an object, so two texts sharing only one of them are not about the same thing.
QUALIFIERS: frozenset[str] = frozenset("""
ultimo ultima ultimi ultime penultimo primo prima primi prime nuovo nuova nuovi nuove recente recenti vecchio
vecchia vecchi vecchie precedente precedenti prossimo prossima prossimi prossime scorso scorsa
last latest first new newest recent recently old older oldest previous next
""".split())

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?", re.UNICODE)
_ELISION = re.compile(r"^(l|un|dell|nell|all|dall|sull|coll|quest|quell|c|d|m|t|s|v|n|tutt|sant|com|dov|cos|qual)'")


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The stem of one lowercase word (English Snowball, then Italian Snowball)."""
    return str(_IT.stem_word(_EN.stem_word(word)))


def fold(text: str) -> str:
    """Lowercase, snake_case and apostrophes as word breaks (the elided article goes with it)."""
    t = unicodedata.normalize("NFC", text).lower().replace("_", " ").replace("’", "'")
    return t


def words(text: str) -> list[str]:
    """The words of `text`, lowercase; "dell'anno" gives "anno" (the elided article is a stopword)."""
    out: list[str] = []
    for w in _WORD.findall(fold(text)):
        m = _ELISION.match(w)
        out.append(w[m.end():] if m else w.replace("'", ""))
    return [w for w in out if w]


def content_stems(text: str, extra_stop: frozenset[str] = frozenset()) -> list[str]:
    """Stems of the words that carry meaning: no stopwords, no single letters, no bare numbers."""
    return [stem(w) for w in words(text)
            if len(w) > 1 and not w.isdigit() and w not in STOPWORDS and w not in extra_stop]


def shares_a_word(a: str, b: str) -> bool:
    """Do two texts share a word that carries meaning — the same stem, or stems that open with the same four
    letters ("compie"/"compleanno", "tasse"/"tax")? A vector's nearness alone also joins texts of one voice or
    register that speak of different things."""
    sa, sb = set(content_stems(a)), set(content_stems(b))
    if sa & sb:
        return True
    heads = {s[:4] for s in sa if len(s) >= 4}
    return any(s[:4] in heads for s in sb if len(s) >= 4)


__all__ = ["QUALIFIERS", "STOPWORDS", "STOPWORDS_EN", "STOPWORDS_IT", "content_stems", "fold", "shares_a_word", "stem",
           "words"]


def one_slip(w: str, word: str) -> bool:
    """`w` is `word` typed with one slip: a letter missing, one extra, or two neighbours swapped, the first letter
    right ("remeber", "ricoradti", "domanni"). For the few trigger words a reader mends before matching (memory's
    remember verbs, the reminders' time words); not a spelling corrector."""
    if w[:1] != word[:1] or w == word:
        return False
    if len(w) == len(word) - 1:
        return any(word[:i] + word[i + 1:] == w for i in range(1, len(word)))
    if len(w) == len(word) + 1:
        return any(w[:i] + w[i + 1:] == word for i in range(1, len(w)))
    return len(w) == len(word) and any(word[:i] + word[i + 1] + word[i] + word[i + 2:] == w
                                       for i in range(1, len(word) - 1))
